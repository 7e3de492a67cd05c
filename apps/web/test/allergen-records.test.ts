import { describe, expect, it } from 'vitest';
import { changeSentence } from '../src/features/allergen-matrix/declaration-words.ts';
import {
  byDish,
  foodTypeProposals,
  type MappableDish,
  withContained,
} from '../src/features/allergen-matrix/food-type-proposals.ts';

const dish = (
  name: string,
  foodTypes: { selected?: string[]; admin?: string[] },
  extra: Partial<MappableDish> = {},
): MappableDish => ({
  _id: `id-${name}`,
  name,
  fromParent: false,
  dietaryConsiderations: {
    selected: { foodTypes: foodTypes.selected ?? [] },
    admin: { foodTypes: foodTypes.admin ?? [] },
  },
  allergens: { contains: [] },
  ownAllergens: { contains: [], mayContain: [], declared: false },
  ...extra,
});

describe('mapping food types to allergens (issue 23 §7)', () => {
  it('proposes a food type that names an allergen as "Contains", once per dish and allergen', () => {
    const proposals = foodTypeProposals([
      dish('Lasagne', { selected: ['Dairy', 'Alcohol'], admin: ['Gluten', 'Lactose'] }),
      dish('Fruit salad', { selected: ['Vegan stuff'] }),
    ]);
    expect(proposals.map((proposal) => proposal.label)).toEqual([
      'Lasagne: Dairy → Contains Milk',
      'Lasagne: Gluten → Contains Gluten',
    ]);
    expect(proposals[0]).toMatchObject({ dishId: 'id-Lasagne', foodType: 'Dairy', allergen: 'milk' });
  });

  it('leaves out what a dish already contains (its ingredients’ or its own) and a parent’s read-only dishes', () => {
    const proposals = foodTypeProposals([
      dish(
        'Pizza',
        { admin: ['Gluten', 'Dairy', 'Soy'] },
        {
          allergens: { contains: ['gluten'] },
          ownAllergens: { contains: ['milk'], mayContain: [], declared: true },
        },
      ),
      dish('Inherited', { admin: ['Eggs'] }, { fromParent: true }),
    ]);
    expect(proposals.map((proposal) => proposal.label)).toEqual(['Pizza: Soy → Contains Soy']);
  });

  it('adds the chosen allergens to the dish’s own "contains", keeps its confirmation and moves them out of "may contain"', () => {
    expect(
      withContained({ contains: ['milk'], mayContain: ['gluten', 'sesame'], declared: false }, [
        'gluten',
        'eggs',
      ]),
    ).toEqual({ contains: ['gluten', 'eggs', 'milk'], mayContain: ['sesame'], declared: false });
    const chosen = foodTypeProposals([
      dish('Cake', { selected: ['Eggs', 'Dairy'] }),
      dish('Tea', { selected: ['Milk'] }),
    ]);
    expect([...byDish(chosen)]).toEqual([
      ['id-Cake', ['eggs', 'milk']],
      ['id-Tea', ['milk']],
    ]);
  });
});

describe('a kept change in words (issue 23 §6)', () => {
  it('says who changed which declaration from what to what', () => {
    expect(
      changeSentence({
        username: 'ana',
        field: 'allergens',
        before: { contains: ['milk'], mayContain: [], declared: true },
        after: { contains: ['eggs', 'milk'], mayContain: ['nuts'], declared: true },
      }),
    ).toBe(
      'ana changed allergens: contains Milk (declared) → contains Eggs, Milk; may contain Tree nuts (declared)',
    );
    expect(changeSentence({ username: 'ana', field: 'calories', before: null, after: 640 })).toBe(
      'ana set calories: 640 kcal',
    );
    expect(changeSentence({ username: 'bo', field: 'portion', before: '300 g', after: null })).toBe(
      'bo changed portion: 300 g → none',
    );
    expect(
      changeSentence({
        username: 'ana',
        field: 'allergens',
        before: null,
        after: { contains: [], mayContain: [], declared: true },
      }),
    ).toBe('ana set allergens: no allergens (declared)');
  });
});
