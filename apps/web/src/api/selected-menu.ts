import { useSyncExternalStore } from 'react';
import { sessionStore } from './session.ts';
import { storageKeys } from './storage-keys.ts';

/**
 * The menu the owner works on (dashboard, category creation, preview), kept in local storage
 * (doc 1 §4). A fresh page restores it only when the first-login marker of the signed-in user is set
 * (the tour marker, `storageKeys.tourSeen`); a choice made on this page holds either way. Deleting
 * that menu, signing out or switching accounts clears it.
 */
/** Whether this page may use the stored id for this user: the marker was set, or a choice was made here. */
let trust: { userId: string; stored: boolean } | null = null;
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

function currentUserId(): string | null {
  return sessionStore.get()?.user._id ?? null;
}

function read(): string | null {
  const userId = currentUserId();
  if (!userId) return null;
  if (trust?.userId !== userId) {
    trust = { userId, stored: localStorage.getItem(storageKeys.tourSeen(userId)) !== null };
  }
  // Storage stays the truth, so a clear made elsewhere (sign-out, account switch) is seen here.
  return trust.stored ? localStorage.getItem(storageKeys.selectedMenu) : null;
}

export const selectedMenuStore = {
  /** The selected menu id, or null. It may name a menu that no longer exists: check against the list. */
  peek: read,
  set(menuId: string) {
    const userId = currentUserId();
    if (!userId) return;
    trust = { userId, stored: true };
    localStorage.setItem(storageKeys.selectedMenu, menuId);
    notify();
  },
  clear() {
    localStorage.removeItem(storageKeys.selectedMenu);
    notify();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Sign-out, account switch or another tab: forget this page's choice and read storage again.
sessionStore.subscribe(() => {
  if (trust && trust.userId !== currentUserId()) trust = null;
  notify();
});
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === storageKeys.selectedMenu) {
      notify();
    }
  });
}

/** The stored selected menu id (not checked against the menu list; see `useSelectedMenu`). */
export function useSelectedMenuId(): string | null {
  return useSyncExternalStore(selectedMenuStore.subscribe, read);
}
