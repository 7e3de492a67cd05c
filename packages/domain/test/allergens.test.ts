import { describe, expect, it } from 'vitest';
import {
  ALLERGEN_KEYS,
  allergenByWord,
  allergenDeclarationSchema,
  allergenVerdict,
  contradictedDiets,
  deriveDishAllergens,
  ingredientDeclaration,
  mandatedSentences,
} from '../src/allergens.ts';

describe('the regulated list', () => {
  it('holds the 14 of Annex II and reads keys, official, short, US and common names', () => {
    expect(ALLERGEN_KEYS).toHaveLength(14);
    expect(allergenByWord('Cereals containing gluten')).toBe('gluten');
    expect(allergenByWord(' wheat ')).toBe('gluten');
    expect(allergenByWord('Dairy')).toBe('milk');
    expect(allergenByWord('Tree nuts')).toBe('nuts');
    expect(allergenByWord('Crustacean shellfish')).toBe('crustaceans');
    expect(allergenByWord('sulfites')).toBe('sulphites');
    expect(allergenByWord('pine')).toBeUndefined();
  });

  it('keeps a declaration in the regulation’s order, each key once, "contains" over "may contain"', () => {
    expect(
      allergenDeclarationSchema.parse({
        contains: ['milk', 'gluten', 'milk'],
        mayContain: ['milk', 'sesame'],
      }),
    ).toEqual({ contains: ['gluten', 'milk'], mayContain: ['sesame'] });
    expect(allergenDeclarationSchema.safeParse({ contains: ['pine'] }).success).toBe(false);
  });
});

describe('derivation', () => {
  it('adds a child ingredient’s declaration to its parents’ and stops on a loop', () => {
    const own = new Map([
      ['pesto', { contains: ['nuts' as const], mayContain: ['peanuts' as const] }],
      ['vegan', { contains: ['soybeans' as const], mayContain: ['nuts' as const] }],
    ]);
    const parents = new Map([
      ['vegan', 'pesto'],
      ['pesto', 'vegan'],
    ]);
    expect(
      ingredientDeclaration(
        'vegan',
        (id) => own.get(id),
        (id) => parents.get(id),
      ),
    ).toEqual({ contains: ['soybeans', 'nuts'], mayContain: ['peanuts'] });
  });

  it('derives a dish from its ingredients and its own part; "declared" is the owner’s alone', () => {
    expect(
      deriveDishAllergens([{ contains: ['milk'], mayContain: [] }], {
        contains: [],
        mayContain: ['milk', 'eggs'],
        declared: false,
      }),
    ).toEqual({ contains: ['milk'], mayContain: ['eggs'], declared: false });
  });
});

describe('what a diner avoiding allergens sees', () => {
  const declared = { contains: ['milk' as const], mayContain: ['nuts' as const], declared: true };
  it('names what a dish contains first, then what it may contain', () => {
    expect(allergenVerdict(declared, ['milk', 'nuts'])).toEqual({ state: 'contains', keys: ['milk'] });
    expect(allergenVerdict(declared, ['nuts'])).toEqual({ state: 'mayContain', keys: ['nuts'] });
    expect(allergenVerdict(declared, ['eggs'])).toEqual({ state: 'safe', keys: [] });
  });
  it('never shows an undeclared dish as safe', () => {
    expect(allergenVerdict({ contains: [], mayContain: [], declared: false }, ['eggs'])).toEqual({
      state: 'unknown',
      keys: [],
    });
  });
});

describe('labelling', () => {
  it('finds diet tags a declaration contradicts', () => {
    const dish = { contains: ['gluten' as const, 'milk' as const], mayContain: [], declared: true };
    expect(contradictedDiets(['Gluten-free', 'Vegetarian', 'Vegan'], dish)).toEqual([
      { diet: 'Gluten-free', allergens: ['gluten'] },
      { diet: 'Vegan', allergens: ['milk'] },
    ]);
  });
  it('gives the mandated sentences in their exact wording', () => {
    expect(
      mandatedSentences({ region: 'UK', calories: 'england', usStateNotice: 'none', blockIncomplete: false }),
    ).toEqual(['Adults need around 2000 kcal a day']);
    expect(
      mandatedSentences({ region: 'US', calories: 'us-chain', usStateNotice: 'MA', blockIncomplete: false }),
    ).toEqual([
      '2,000 calories a day is used for general nutrition advice, but calorie needs vary.',
      'Additional nutrition information available upon request.',
      'Before placing your order, please inform your server if a person in your party has a food allergy.',
    ]);
  });
});
