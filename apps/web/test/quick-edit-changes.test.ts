import { quickEditUpdateSchema } from '@carte/domain';
import { describe, expect, it } from 'vitest';
import {
  type Changes,
  itemKey,
  optionKey,
  payloadOf,
  shown,
  turned,
} from '../src/features/quick-edit/quick-edit-changes.ts';

const id = (n: number) => n.toString(16).padStart(24, '0');

/** The saved switches of the customizations on screen: 5 on, 8 off. */
const savedCustomizations = new Map([
  [id(5), true],
  [id(8), false],
]);

const none: Changes = new Map();

describe('quick edit switches', () => {
  it('shows the saved value until a switch is turned, and the turned value after', () => {
    const key = itemKey('dishes', id(3));
    expect(shown(none, key, true)).toBe(true);
    const changes = turned(none, key, false, true);
    expect(shown(changes, key, true)).toBe(false);
    // The earlier state is not changed: the page can compare before and after.
    expect(none.size).toBe(0);
  });

  it('forgets a switch turned back to its saved value (nothing left to save)', () => {
    const key = itemKey('menus', id(1));
    const there = turned(none, key, true, false);
    expect(there.size).toBe(1);
    const back = turned(there, key, false, false);
    expect(back.size).toBe(0);
    expect(payloadOf(back, savedCustomizations)).toEqual({
      menus: [],
      categories: [],
      dishes: [],
      ingredients: [],
      customizations: [],
    });
  });

  it('sends only what changed, in the shape the server validates', () => {
    let changes = turned(none, itemKey('menus', id(1)), true, false);
    changes = turned(changes, itemKey('ingredients', id(4)), false, true);
    const payload = payloadOf(changes, savedCustomizations);
    expect(payload).toEqual({
      menus: [{ id: id(1), checked: true }],
      categories: [],
      dishes: [],
      ingredients: [{ id: id(4), checked: false }],
      customizations: [],
    });
    expect(quickEditUpdateSchema.safeParse(payload).success).toBe(true);
  });

  it('sends a customization with its shown value when only one of its options changed', () => {
    const changes = turned(none, optionKey(id(5), id(7)), true, false);
    expect(payloadOf(changes, savedCustomizations).customizations).toEqual([
      { id: id(5), checked: true, options: [{ id: id(7), checked: true }] },
    ]);
  });

  it('sends a customization turned on by itself, with no options', () => {
    const changes = turned(none, itemKey('customizations', id(8)), true, false);
    expect(payloadOf(changes, savedCustomizations).customizations).toEqual([
      { id: id(8), checked: true, options: [] },
    ]);
  });

  it('sends changes made on pages no longer shown, each section in its list', () => {
    let changes = turned(none, itemKey('dishes', id(30)), false, true);
    changes = turned(changes, itemKey('dishes', id(31)), true, false);
    changes = turned(changes, itemKey('categories', id(2)), false, true);
    changes = turned(changes, optionKey(id(5), id(6)), false, true);
    changes = turned(changes, itemKey('customizations', id(5)), false, true);
    expect(payloadOf(changes, savedCustomizations)).toEqual({
      menus: [],
      categories: [{ id: id(2), checked: false }],
      dishes: [
        { id: id(30), checked: false },
        { id: id(31), checked: true },
      ],
      ingredients: [],
      customizations: [{ id: id(5), checked: false, options: [{ id: id(6), checked: false }] }],
    });
  });

  it('keeps a dish and an option with the same id apart', () => {
    expect(itemKey('dishes', id(6))).not.toBe(optionKey(id(5), id(6)));
    expect(itemKey('dishes', id(6))).not.toBe(itemKey('menus', id(6)));
  });
});
