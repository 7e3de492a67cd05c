import type { MenuInput } from '@carte/domain';
import { useEffect, useSyncExternalStore } from 'react';

/**
 * The owner's live preview (doc 1 §2, §9): whether the 450 px panel is open, and the unsaved values
 * of the menu form on screen, if any, so the preview shows the menu as it is being edited. A small
 * store beside React (not a context), so the layout, the menu form and the panel share it without
 * wrapping the app, and a keystroke re-renders only the panel.
 */
export interface MenuPreviewDraft {
  /** The menu being edited, or null for a new one. */
  menuId: string | null;
  /** What the form would send (its `menuPayload`). */
  input: MenuInput;
  /** A saved picture's URL, a newly picked file, or null. */
  cover: File | string | null;
  logo: File | string | null;
}

interface State {
  opened: boolean;
  draft: MenuPreviewDraft | null;
}

let state: State = { opened: false, draft: null };
const listeners = new Set<() => void>();
const set = (next: Partial<State>) => {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const menuPreviewStore = {
  toggle: () => set({ opened: !state.opened }),
  open: () => set({ opened: true }),
  close: () => set({ opened: false }),
  setDraft: (draft: MenuPreviewDraft | null) => set({ draft }),
};

export const usePreviewOpened = (): boolean => useSyncExternalStore(subscribe, () => state.opened);
export const usePreviewDraft = (): MenuPreviewDraft | null =>
  useSyncExternalStore(subscribe, () => state.draft);

/**
 * For the menu form: feeds the form's current values to the preview while the form is on screen.
 * Pass a new object each render; it is compared by content.
 */
export function useMenuPreviewDraft(draft: MenuPreviewDraft): void {
  const key = JSON.stringify([draft.menuId, draft.input]);
  const { cover, logo } = draft;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for menuId and input.
  useEffect(() => {
    menuPreviewStore.setDraft(draft);
  }, [key, cover, logo]);
  useEffect(() => () => menuPreviewStore.setDraft(null), []);
}
