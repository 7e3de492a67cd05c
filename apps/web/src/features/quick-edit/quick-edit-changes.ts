import type { QuickEdit, QuickEditUpdateInput } from '@carte/domain';

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
 * The PUT body: only what changed. A customization is sent when it or one of its options changed,
 * with its own (shown) value and its changed options.
 */
export function payloadOf(data: QuickEdit, changes: Changes): QuickEditUpdateInput {
  const flat = (section: FlatSection) =>
    (data[section] ?? []).flatMap((item) => {
      const value = changes.get(itemKey(section, item._id));
      return value === undefined ? [] : [{ id: item._id, checked: value }];
    });
  const customizations = (data.customizations ?? []).flatMap((item) => {
    const own = changes.get(itemKey('customizations', item._id));
    const options = item.options.flatMap((option) => {
      const value = changes.get(optionKey(item._id, option._id));
      return value === undefined ? [] : [{ id: option._id, checked: value }];
    });
    if (own === undefined && options.length === 0) return [];
    return [{ id: item._id, checked: own ?? item.checked, options }];
  });
  return {
    menus: flat('menus'),
    categories: flat('categories'),
    dishes: flat('dishes'),
    ingredients: flat('ingredients'),
    customizations,
  };
}
