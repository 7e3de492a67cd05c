import { type Customization, messages } from '@carte/domain';
import { describe, expect, it } from 'vitest';
import {
  allPaths,
  blankCustomization,
  blankOption,
  type CustomizationDraft,
  draftOf,
  inputOf,
  validateCustomizations,
} from '../src/features/customizations/customization-draft.ts';

const cheese = 'c'.repeat(24);
const bacon = 'b'.repeat(24);
const ingredientNames: Record<string, string> = { [cheese]: 'Cheese', [bacon]: 'Bacon' };
const ingredientName = (id: string) => ingredientNames[id] ?? id;

/** A customization with named options at these prices. */
const named = (name: string, options: [string, number | ''][]): CustomizationDraft => ({
  ...blankCustomization(),
  name,
  options: options.map(([optionName, price]) => ({ ...blankOption(), name: optionName, price })),
});
/** A customization whose options are ingredients. */
const ofIngredients = (name: string, ingredients: (string | null)[]): CustomizationDraft => ({
  ...blankCustomization(),
  name,
  isCustom: false,
  options: ingredients.map((ingredient) => ({ ...blankOption(), ingredient })),
});

describe('customization drafts', () => {
  it('start as one available, fixed-price customization with one empty option, each row with its own key', () => {
    const draft = blankCustomization();
    expect(draft).toMatchObject({ name: '', isCustom: true, isFixedPrice: true, isAvailable: true });
    expect(draft.options).toHaveLength(1);
    expect(new Set([draft.key, draft.options[0]!.key, blankCustomization().key]).size).toBe(3);
  });

  it('round-trip a saved customization: ids kept, names trimmed, an emptied price sent as 0', () => {
    const saved: Customization = {
      _id: 'd'.repeat(24),
      name: 'Size',
      isCustom: true,
      isFixedPrice: false,
      isAvailable: false,
      options: [{ _id: 'e'.repeat(24), name: 'Large', ingredient: null, price: 15, isAvailable: true }],
      translations: {},
    };
    const draft = draftOf(saved);
    draft.name = '  Size ';
    draft.options[0]!.price = '';
    expect(inputOf(draft)).toEqual({
      _id: saved._id,
      name: 'Size',
      isCustom: true,
      isFixedPrice: false,
      isAvailable: false,
      options: [{ _id: 'e'.repeat(24), name: 'Large', ingredient: null, price: 0, isAvailable: true }],
    });
  });

  it('send named options without ingredients and ingredient options without names', () => {
    const switched = { ...named('Extras', [['Leftover name', 1]]), isCustom: false };
    switched.options[0]!.ingredient = cheese;
    expect(inputOf(switched).options[0]).toMatchObject({ name: null, ingredient: cheese });
    const custom = named('Extras', [['Olives', 1]]);
    custom.options[0]!.ingredient = cheese;
    expect(inputOf(custom).options[0]).toMatchObject({ name: 'Olives', ingredient: null });
    expect(inputOf(blankCustomization())).not.toHaveProperty('_id');
  });

  it('ask to fill an empty name and an empty named option, and to choose an ingredient', () => {
    const errors = validateCustomizations(
      [named('', [['', 0]]), ofIngredients('Toppings', [null])],
      ingredientName,
    );
    expect(errors).toEqual({
      '0.name': messages.fillThisField,
      '0.options.0.name': messages.fillThisField,
      '1.options.0.ingredient': messages.fieldRequired,
    });
  });

  it('refuse two customizations with one name, whatever the case', () => {
    const errors = validateCustomizations(
      [named('Size', [['S', 0]]), named(' size', [['M', 0]])],
      ingredientName,
    );
    expect(errors).toEqual({ '1.name': messages.nameExists('size') });
  });

  it('refuse an option twice in one customization', () => {
    const errors = validateCustomizations(
      [
        named('Size', [
          ['Large', 1],
          ['large ', 2],
        ]),
      ],
      ingredientName,
    );
    expect(errors).toEqual({ '0.options.1.name': messages.nameExists('large') });
    const twice = validateCustomizations([ofIngredients('Toppings', [cheese, cheese])], ingredientName);
    expect(twice).toEqual({ '0.options.1.ingredient': messages.nameExists('Cheese') });
  });

  it('refuse an ingredient offered by an earlier customization, naming it', () => {
    const errors = validateCustomizations(
      [
        ofIngredients('Toppings', [cheese, bacon]),
        ofIngredients('Extras', [bacon]),
        ofIngredients('', [cheese]),
      ],
      ingredientName,
    );
    expect(errors).toEqual({
      '1.options.0.ingredient': messages.ingredientExistsAt('Bacon', 'Toppings'),
      '2.name': messages.fillThisField,
      '2.options.0.ingredient': messages.ingredientExistsAt('Cheese', 'Toppings'),
    });
  });

  it('accept valid drafts', () => {
    expect(
      validateCustomizations(
        [named('Size', [['Large', 1.5]]), ofIngredients('Toppings', [cheese])],
        ingredientName,
      ),
    ).toEqual({});
  });

  it('list every field that can show an error, to reveal them all after a save attempt', () => {
    expect(
      allPaths([
        named('Size', [
          ['S', 0],
          ['M', 0],
        ]),
      ]),
    ).toEqual([
      '0.name',
      '0.options.0.name',
      '0.options.0.ingredient',
      '0.options.0.price',
      '0.options.1.name',
      '0.options.1.ingredient',
      '0.options.1.price',
    ]);
  });
});
