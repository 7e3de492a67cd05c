import { describe, expect, it } from 'vitest';
import {
  declarationText,
  dishAllergenText,
  fromIngredients,
  levelOf,
  withLevel,
} from '../src/features/allergens/allergen-words.ts';

describe('the allergen editor’s words and levels', () => {
  it('sets one allergen’s level and keeps the regulation’s order', () => {
    const start = { contains: ['milk' as const], mayContain: ['sesame' as const] };
    const next = withLevel(start, 'gluten', 'contains');
    expect(next).toEqual({ contains: ['gluten', 'milk'], mayContain: ['sesame'] });
    expect(withLevel(next, 'milk', 'may')).toEqual({ contains: ['gluten'], mayContain: ['milk', 'sesame'] });
    expect(levelOf(withLevel(next, 'sesame', 'none'), 'sesame')).toBe('none');
  });

  it('writes a declaration in the diner’s short words', () => {
    expect(declarationText({ contains: ['milk', 'nuts'], mayContain: ['peanuts'] })).toBe(
      'Contains Milk, Tree nuts · May contain Peanuts',
    );
    expect(declarationText({ contains: [], mayContain: [] })).toBeNull();
  });

  it('says "Not declared" before anything an unconfirmed dish’s ingredients declare', () => {
    expect(dishAllergenText({ contains: ['milk'], mayContain: [], declared: false })).toBe('Not declared');
    expect(dishAllergenText({ contains: [], mayContain: [], declared: true })).toBe('None of the 14');
  });

  it('adds each ingredient’s parents’ declaration to its own', () => {
    expect(
      fromIngredients([
        {
          allergens: { contains: ['soybeans'], mayContain: [] },
          inheritedAllergens: { contains: ['nuts'], mayContain: [] },
        },
        {
          allergens: { contains: [], mayContain: ['nuts', 'eggs'] },
          inheritedAllergens: { contains: [], mayContain: [] },
        },
      ]),
    ).toEqual({ contains: ['soybeans', 'nuts'], mayContain: ['eggs'] });
  });
});
