import { messages } from '@carte/domain';
import { useState } from 'react';
import { useSaveQuickEdit } from '../api/quick-edit.api.ts';
import { notifyFailure, notifySuccess } from './notify.ts';

type Section = 'dishes' | 'categories' | 'ingredients';

/**
 * Availability switched from a list, one row or the selected rows at once, through the quick-edit
 * call (PUT /api/settings/quick-edit, doc 2 §7), which checks the area's permission and refuses
 * inherited records on the server. While a change is on its way the switch shows the new state.
 */
export function useAvailability(section: Section, updatedMessage: string) {
  const save = useSaveQuickEdit();
  const [pending, setPending] = useState<ReadonlyMap<string, boolean>>(new Map());

  const set = async (ids: readonly string[], checked: boolean): Promise<boolean> => {
    if (ids.length === 0) return false;
    setPending((current) => new Map([...current, ...ids.map((id) => [id, checked] as const)]));
    try {
      await save.mutateAsync({ [section]: ids.map((id) => ({ id, checked })) });
      notifySuccess(ids.length === 1 ? updatedMessage : messages.changesMade);
      return true;
    } catch (error) {
      notifyFailure(error);
      return false;
    } finally {
      setPending((current) => new Map([...current].filter(([id]) => !ids.includes(id))));
    }
  };

  return {
    /** What the switch shows: the state on its way, else the saved one. */
    checkedOf: (id: string, saved: boolean) => pending.get(id) ?? saved,
    isPending: (id: string) => pending.has(id),
    bulkPending: save.isPending && pending.size > 1,
    set,
  };
}
