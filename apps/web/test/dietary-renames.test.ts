import type { DietaryLists } from '@carte/domain';
import { describe, expect, it } from 'vitest';
import { renamedIn, renamesToSend, withRename } from '../src/features/admin/dietary-renames.ts';

const saved: DietaryLists = { diets: ['Veg', 'Vegan'], foodTypes: ['Milk'], other: [] };

describe('renames on the admin dietary page', () => {
  it('records a saved tag renamed, following chains back to the saved name', () => {
    const once = withRename([], saved, 'diets', 'Veg', 'Veggie');
    expect(once).toEqual([{ type: 'diets', from: 'Veg', to: 'Veggie' }]);
    expect(withRename(once, saved, 'diets', 'Veggie', 'Vegetarian')).toEqual([
      { type: 'diets', from: 'Veg', to: 'Vegetarian' },
    ]);
    // Back to the saved name: nothing to rename.
    expect(withRename(once, saved, 'diets', 'Veggie', 'Veg')).toEqual([]);
  });

  it('does not record a tag added on the page (no dish has it yet)', () => {
    expect(withRename([], saved, 'diets', 'Paleo', 'Paleo diet')).toEqual([]);
  });

  it('sends only the renames the lists still explain', () => {
    const renames = withRename([], saved, 'diets', 'Veg', 'Vegetarian');
    const lists = { ...saved, diets: renamedIn(saved.diets, 'Veg', 'Vegetarian') };
    expect(lists.diets).toEqual(['Vegetarian', 'Vegan']);
    expect(renamesToSend(renames, lists)).toEqual(renames);
    // The new name was removed afterwards, or the old one typed in again.
    expect(renamesToSend(renames, { ...lists, diets: ['Vegan'] })).toEqual([]);
    expect(renamesToSend(renames, { ...lists, diets: ['Vegetarian', 'Veg'] })).toEqual([]);
  });
});
