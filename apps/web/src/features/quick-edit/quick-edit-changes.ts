import type { QuickEditToggle, QuickEditUpdateInput } from '@carte/domain';

/** The sections whose items are plain `{id, checked}` switches. */
export type FlatSection = 'menus' | 'categories' | 'dishes' | 'ingredients';

/**
 * The unsaved switches of the page: what the user turned, keyed by item, holding only values that
 * differ from what the server answered (turning a switch back removes the change).
 */
export type Changes = ReadonlyMap<string, boolean>;

export const itemKey = (section: FlatSection | 'customizations', id: string) => `${section}:${id}`;
export const optionKey = (customizationId: string, optionId: string) =>
  `option:${customizationId}:${optionId}`;

/** The changes after one switch was turned to `checked` (its saved value is `saved`). */
export function turned(changes: Changes, key: string, checked: boolean, saved: boolean): Changes {
  const next = new Map(changes);
  if (checked === saved) next.delete(key);
  else next.set(key, checked);
  return next;
}

/** The value a switch shows: the unsaved one, or the saved one. */
export const shown = (changes: Changes, key: string, saved: boolean): boolean => changes.get(key) ?? saved;

/**
 * The PUT body: only what changed, read from the changes alone (a large list's changes may sit on
 * pages no longer shown). A customization is sent when it or one of its options changed, with its
 * shown value (its saved one from `savedCustomizations` when only options changed) and its changed
 * options.
 */
export function payloadOf(
  changes: Changes,
  savedCustomizations: ReadonlyMap<string, boolean>,
): QuickEditUpdateInput {
  const payload = {
    menus: [] as QuickEditToggle[],
    categories: [] as QuickEditToggle[],
    dishes: [] as QuickEditToggle[],
    ingredients: [] as QuickEditToggle[],
  };
  const customizations = new Map<string, { own?: boolean; options: QuickEditToggle[] }>();
  const customization = (id: string) => {
    const entry = customizations.get(id) ?? { options: [] };
    customizations.set(id, entry);
    return entry;
  };
  for (const [key, checked] of changes) {
    const [section, id, optionId] = key.split(':') as [string, string, string | undefined];
    if (section === 'option' && optionId) customization(id).options.push({ id: optionId, checked });
    else if (section === 'customizations') customization(id).own = checked;
    else if (section in payload) payload[section as FlatSection].push({ id, checked });
  }
  return {
    ...payload,
    customizations: [...customizations].map(([id, entry]) => ({
      id,
      checked: entry.own ?? savedCustomizations.get(id) ?? false,
      options: entry.options,
    })),
  };
}
