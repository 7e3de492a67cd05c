import type { TranslationRow } from '@carte/domain';
import { describe, expect, it } from 'vitest';
import {
  fieldLabel,
  groupTranslations,
  withSavedStates,
} from '../src/features/translations/translation-groups.ts';

const row = (overrides: Partial<TranslationRow>): TranslationRow => ({
  kind: 'dish',
  id: 'd1',
  field: 'name',
  label: 'Soup',
  source: 'Soup',
  translation: '',
  state: 'missing',
  rich: false,
  menus: [],
  ...overrides,
});

const menus = [
  { id: 'm1', name: 'Lunch' },
  { id: 'm2', name: 'Dinner' },
];

describe('the translation screen groups', () => {
  const rows = [
    row({ kind: 'restaurant', id: 'r', field: 'description', label: 'Chez Nous' }),
    row({ id: 'd1', menus: ['m2', 'm1'] }),
    row({ kind: 'menu', id: 'm1', label: 'Lunch', menus: ['m1'], state: 'done', translation: 'Déjeuner' }),
    row({ id: 'd2', label: 'Stew', state: 'stale' }),
    row({ kind: 'ingredient', id: 'i1', menus: ['m2'], state: 'machine' }),
  ];

  it('groups by menu in the menus order, then not on a menu, then the restaurant', () => {
    const groups = groupTranslations(rows, menus, 'all');
    expect(groups.map((group) => group.title)).toEqual(['Lunch', 'Dinner', 'Not on a menu', 'Restaurant']);
    // A text on two menus shows once, under the first menu the restaurant lists.
    expect(groups[0]!.rows.map((entry) => entry.id)).toEqual(['m1', 'd1']);
    expect(groups[1]!.rows.map((entry) => entry.id)).toEqual(['i1']);
    expect(groups[2]!.rows.map((entry) => entry.id)).toEqual(['d2']);
  });

  it('filters by state and leaves out empty groups', () => {
    expect(groupTranslations(rows, menus, 'stale').map((group) => group.title)).toEqual(['Not on a menu']);
    expect(groupTranslations(rows, menus, 'machine').map((group) => group.title)).toEqual(['Dinner']);
    expect(groupTranslations([], menus, 'all')).toEqual([]);
    // A row translated under "Stale" stays shown until the filter changes.
    const done = rows.map((entry) => (entry.id === 'd2' ? { ...entry, state: 'done' as const } : entry));
    expect(groupTranslations(done, menus, 'stale')).toEqual([]);
    expect(groupTranslations(done, menus, 'stale', new Set(['dish:d2:name']))[0]!.rows[0]!.id).toBe('d2');
  });

  it('takes the states a save answers', () => {
    const next = withSavedStates(rows, [
      { kind: 'dish', id: 'd2', field: 'name', translation: 'Ragoût', state: 'done' },
    ]);
    expect(next.find((entry) => entry.id === 'd2')).toMatchObject({ translation: 'Ragoût', state: 'done' });
    expect(next.filter((entry) => entry.state === 'done')).toHaveLength(2);
  });

  it('names fields in words', () => {
    expect(fieldLabel('dish', 'custom.c1.option.o1')).toBe('Option');
    expect(fieldLabel('dish', 'custom.c1.name')).toBe('Choice name');
    expect(fieldLabel('restaurant', 'cta.label')).toBe('Call to action');
    expect(fieldLabel('category', 'name')).toBe('Category name');
  });
});
