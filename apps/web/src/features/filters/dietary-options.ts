import { type DietaryLists, dietaryTypeLabels } from '@carte/domain';
import { useMemo } from 'react';

type Lists = { admin: DietaryLists; own: DietaryLists };
type Group = { group: string; items: string[] };

const key = (name: string) => name.trim().toLowerCase();

/**
 * The multi-select's groups: diets and food types, the platform's and the restaurant's own (the
 * public panel filters by these two; "other" tags are informative only). A name appears once, in its
 * first group, since one value cannot be two options. Saved names no longer in any list stay
 * selectable under "No longer listed", so the owner can see and remove them.
 */
export function useDietaryOptions(lists: Lists | undefined, selected: readonly string[]): Group[] {
  return useMemo(() => {
    const seen = new Set<string>();
    const groups: Group[] = [];
    for (const type of ['diets', 'foodTypes'] as const) {
      const items: string[] = [];
      for (const name of [...(lists?.admin[type] ?? []), ...(lists?.own[type] ?? [])]) {
        if (seen.has(key(name))) continue;
        seen.add(key(name));
        items.push(name);
      }
      if (items.length) groups.push({ group: dietaryTypeLabels[type], items });
    }
    const orphans = selected.filter((name) => !seen.has(key(name)));
    if (orphans.length) groups.push({ group: lists ? 'No longer listed' : 'Saved', items: [...orphans] });
    return groups;
  }, [lists, selected]);
}
