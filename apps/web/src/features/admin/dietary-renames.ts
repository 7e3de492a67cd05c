import type { DietaryLists, DietaryRename, DietaryType } from '@carte/domain';

const key = (value: string) => value.trim().toLowerCase();
const has = (list: readonly string[], name: string) => list.some((item) => key(item) === key(name));

/**
 * Records on the admin's dietary page that the tag now shown as `current` becomes `next`. Only a tag
 * of the saved lists (`saved`) is a rename the dishes follow; a chain keeps the saved name as `from`
 * (Veg → Veggie → Vegetarian is Veg → Vegetarian), and renaming back to the saved name drops it.
 */
export function withRename(
  renames: readonly DietaryRename[],
  saved: DietaryLists,
  type: DietaryType,
  current: string,
  next: string,
): DietaryRename[] {
  const earlier = renames.find((rename) => rename.type === type && rename.to === current);
  const rest = renames.filter((rename) => rename !== earlier);
  const from = earlier ? earlier.from : current;
  if (!has(saved[type], from) || from === next) return rest;
  return [...rest, { type, from, to: next }];
}

/**
 * The renames to send with the lists: those whose new name is still in the list and whose saved name
 * was not typed in again (then the dishes keep it, and nothing is renamed).
 */
export function renamesToSend(renames: readonly DietaryRename[], lists: DietaryLists): DietaryRename[] {
  return renames.filter(
    (rename) =>
      lists[rename.type].includes(rename.to) &&
      (key(rename.from) === key(rename.to) || !has(lists[rename.type], rename.from)),
  );
}

/** The list with `current` replaced by `next` in place. */
export const renamedIn = (list: readonly string[], current: string, next: string): string[] =>
  list.map((item) => (item === current ? next : item));
