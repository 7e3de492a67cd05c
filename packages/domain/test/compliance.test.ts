import { describe, expect, it } from 'vitest';
import { defaultLabelling, type Labelling } from '../src/allergens.ts';
import { type ComplianceDish, menuCompliance, problemsByDish } from '../src/compliance.ts';

const dish = (overrides: Partial<ComplianceDish> & { id: string }): ComplianceDish => ({
  name: overrides.id,
  allergens: { contains: [], mayContain: [], declared: true },
  calories: 420,
  portion: '350 g',
  tags: [],
  ingredients: [],
  ...overrides,
});
const rules = (overrides: Partial<Labelling>): Labelling => ({ ...defaultLabelling(), ...overrides });
const kinds = (labelling: Labelling, dishes: ComplianceDish[]) =>
  menuCompliance(labelling, dishes).map((problem) => `${problem.dishName}: ${problem.kind}`);

describe('the check before publishing', () => {
  const blank = dish({
    id: 'Soup',
    allergens: { contains: [], mayContain: [], declared: false },
    calories: null,
    portion: null,
  });

  it('asks nothing of a dish under the "other" region without a calorie rule', () => {
    expect(menuCompliance(rules({}), [blank])).toEqual([]);
  });

  it('asks an allergen declaration in the EU and the UK, never a blank', () => {
    for (const region of ['EU', 'UK'] as const) {
      expect(menuCompliance(rules({ region }), [blank])).toEqual([
        { dishId: 'Soup', dishName: 'Soup', kind: 'allergens', message: 'No allergen declaration' },
      ]);
    }
    expect(kinds(rules({ region: 'US' }), [blank])).toEqual([]);
    // "Contains none of the 14", confirmed, is a declaration.
    expect(kinds(rules({ region: 'EU' }), [dish({ id: 'Water' })])).toEqual([]);
  });

  it('asks calories and the portion under England’s rule, calories only under the US chain rule', () => {
    expect(kinds(rules({ region: 'UK', calories: 'england' }), [blank])).toEqual([
      'Soup: allergens',
      'Soup: calories',
      'Soup: portion',
    ]);
    expect(kinds(rules({ region: 'US', calories: 'us-chain' }), [blank])).toEqual(['Soup: calories']);
    // 0 kcal is a value; a blank portion is none.
    expect(kinds(rules({ calories: 'england' }), [dish({ id: 'Tea', calories: 0, portion: '  ' })])).toEqual([
      'Tea: portion',
    ]);
  });

  it('always flags a diet tag that a contained allergen contradicts, not a "may contain"', () => {
    const problems = menuCompliance(rules({}), [
      dish({
        id: 'Pasta',
        tags: ['Gluten-free', 'Vegan', 'Spicy'],
        allergens: { contains: ['gluten', 'eggs', 'milk'], mayContain: ['nuts'], declared: false },
      }),
      dish({
        id: 'Cake',
        tags: ['Nut free'],
        allergens: { contains: [], mayContain: ['nuts'], declared: true },
      }),
    ]);
    expect(problems.map((problem) => problem.message)).toEqual([
      'Tagged “Gluten-free” but contains gluten',
      'Tagged “Vegan” but contains eggs and milk',
    ]);
    expect(problems.every((problem) => problem.kind === 'diet')).toBe(true);
  });

  it('always flags an ingredient switched off that the dish still names, by name', () => {
    const problems = menuCompliance(rules({}), [
      dish({
        id: 'Trofie',
        ingredients: [
          { name: 'Pesto', isAvailable: false },
          { name: 'Basil', isAvailable: true },
        ],
      }),
    ]);
    expect(problems).toEqual([
      {
        dishId: 'Trofie',
        dishName: 'Trofie',
        kind: 'ingredient',
        message: 'Names Pesto, an ingredient switched off',
      },
    ]);
  });

  it('checks a dish listed in two categories once, in the menu’s order, and groups problems by dish', () => {
    const problems = menuCompliance(rules({ region: 'EU', calories: 'us-chain' }), [
      blank,
      dish({ id: 'Ok' }),
      blank,
    ]);
    expect(problems.map((problem) => problem.kind)).toEqual(['allergens', 'calories']);
    expect(problemsByDish(problems)).toEqual([
      { dishId: 'Soup', dishName: 'Soup', messages: ['No allergen declaration', 'No calories'] },
    ]);
  });
});
