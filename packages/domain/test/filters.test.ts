import { describe, expect, it } from 'vitest';
import {
  type DinerFilterState,
  decodeFilterState,
  dishDietaryTags,
  dishMatches,
  emptyFilterState,
  encodeFilterState,
  type FilterableDish,
  type FilterOptions,
  filterOptionsSchema,
  sortChoices,
  sortDishes,
} from '../src/index.ts';

const id = (n: number) => n.toString(16).padStart(24, '0');
const chili = id(1);
const jalapeno = id(2);
const pork = id(3);
const rice = id(4);

const lists = (diets: string[] = [], foodTypes: string[] = []) => ({ diets, foodTypes, other: [] });

/** A dish with the restaurant's dietary choices, the platform's, and its ingredient ids. */
const dish = (
  own: { diets?: string[]; foodTypes?: string[] },
  platform: { diets?: string[]; foodTypes?: string[] },
  ingredients: string[] = [],
): FilterableDish => ({
  dietaryConsiderations: {
    selected: lists(own.diets, own.foodTypes),
    admin: lists(platform.diets, platform.foodTypes),
  },
  ingredients: ingredients.map((_id) => ({ ingredient: { _id } })),
});

const options = (overrides: Partial<FilterOptions> = {}): FilterOptions => ({
  ...filterOptionsSchema.parse({
    enabled: true,
    filter: [
      { name: 'Spicy', ingredients: [chili, jalapeno] },
      { name: 'Pork', ingredients: [pork] },
    ],
  }),
  ...overrides,
});

const state = (overrides: Partial<DinerFilterState>): DinerFilterState => ({
  ...emptyFilterState(),
  ...overrides,
});

describe('filterOptionsSchema (doc 3 §2.7, §3)', () => {
  it('gives a restaurant’s starting settings, conjunction AND', () => {
    expect(filterOptionsSchema.parse({})).toEqual({
      title: '',
      description: '',
      enabled: false,
      dietaryConsiderations: [],
      exclusive: false,
      filter: [],
      sort: { price: false, calories: false, alcoholPercentage: false },
      conjunction: 'AND',
    });
  });

  it('accepts a full card', () => {
    const parsed = filterOptionsSchema.parse({
      title: 'Find your dish',
      description: 'Pick what suits you',
      enabled: true,
      dietaryConsiderations: ['Vegan', 'Peanuts'],
      exclusive: true,
      filter: [{ name: 'Spicy', ingredients: [chili] }],
      sort: { price: true, calories: false, alcoholPercentage: true },
      conjunction: 'OR',
    });
    expect(parsed.conjunction).toBe('OR');
    expect(sortChoices(parsed.sort)).toEqual(['price-asc', 'price-desc', 'alcohol-asc', 'alcohol-desc']);
  });

  it('limits the description to 200 characters', () => {
    expect(filterOptionsSchema.safeParse({ description: 'x'.repeat(200) }).success).toBe(true);
    const result = filterOptionsSchema.safeParse({ description: 'x'.repeat(201) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Description must be at most 200 characters');
  });

  it('refuses ingredient objects, unknown conjunctions and a filter name twice', () => {
    expect(
      filterOptionsSchema.safeParse({ filter: [{ name: 'Spicy', ingredients: ['chili'] }] }).success,
    ).toBe(false);
    expect(filterOptionsSchema.safeParse({ conjunction: 'XOR' }).success).toBe(false);
    const twice = filterOptionsSchema.safeParse({
      filter: [
        { name: 'Spicy', ingredients: [chili] },
        { name: ' spicy ', ingredients: [jalapeno] },
      ],
    });
    expect(twice.error?.issues[0]).toMatchObject({
      path: ['filter', 1, 'name'],
      message: 'spicy already exists.',
    });
  });
});

describe('dietary tags', () => {
  it('are the restaurant’s and the platform’s choices together, once each', () => {
    const tags = dishDietaryTags(
      dish({ diets: ['Vegan'], foodTypes: ['Soy'] }, { diets: ['vegan', 'Halal'] }),
    );
    expect(tags).toEqual({ diets: ['Vegan', 'Halal'], foodTypes: ['Soy'], other: [] });
  });
});

describe('dishMatches', () => {
  const veganGlutenFree = dish({ diets: ['Vegan'] }, { diets: ['Gluten free'] });
  const veganOnly = dish({ diets: ['Vegan'] }, {});
  const plain = dish({}, {});

  it('greys nothing without choices', () => {
    expect(dishMatches(plain, emptyFilterState(), options())).toEqual({
      visible: true,
      greyed: false,
      reasons: [],
    });
  });

  it('includes only dishes carrying every chosen diet (AND)', () => {
    const chosen = state({ diets: ['Vegan', 'Gluten free'] });
    expect(dishMatches(veganGlutenFree, chosen, options()).greyed).toBe(false);
    expect(dishMatches(veganOnly, chosen, options())).toEqual({
      visible: true,
      greyed: true,
      reasons: [{ kind: 'diet', name: 'Gluten free' }],
    });
    // Any case: names are unique without regard to it.
    expect(dishMatches(veganOnly, state({ diets: ['vegan'] }), options()).greyed).toBe(false);
  });

  it('needs one chosen diet when the card says OR', () => {
    const chosen = state({ diets: ['Vegan', 'Gluten free'] });
    expect(dishMatches(veganOnly, chosen, options({ conjunction: 'OR' })).greyed).toBe(false);
    expect(dishMatches(plain, chosen, options({ conjunction: 'OR' })).reasons).toEqual([
      { kind: 'diet', name: 'Vegan' },
      { kind: 'diet', name: 'Gluten free' },
    ]);
  });

  it('greys dishes carrying any allergen to avoid, whatever the conjunction', () => {
    const peanutSauce = dish({}, { foodTypes: ['Peanuts'] });
    const avoid = state({ foodTypes: ['Peanuts', 'Milk'] });
    for (const conjunction of ['AND', 'OR'] as const) {
      expect(dishMatches(peanutSauce, avoid, options({ conjunction }))).toEqual({
        visible: true,
        greyed: true,
        reasons: [{ kind: 'foodType', name: 'Peanuts' }],
      });
      expect(dishMatches(plain, avoid, options({ conjunction })).greyed).toBe(false);
    }
  });

  describe('custom filters', () => {
    const curry = dish({}, {}, [chili, rice]);
    const ribs = dish({}, {}, [pork, jalapeno]);
    const riceBowl = dish({}, {}, [rice]);

    it('inclusive: greys items lacking the filter’s ingredients (any one of them is enough)', () => {
      const spicy = state({ customFilters: ['Spicy'] });
      expect(dishMatches(curry, spicy, options()).greyed).toBe(false);
      expect(dishMatches(ribs, spicy, options()).greyed).toBe(false);
      expect(dishMatches(riceBowl, spicy, options()).reasons).toEqual([{ kind: 'include', name: 'Spicy' }]);
    });

    it('inclusive with several filters follows the conjunction', () => {
      const both = state({ customFilters: ['Spicy', 'Pork'] });
      expect(dishMatches(curry, both, options()).reasons).toEqual([{ kind: 'include', name: 'Pork' }]);
      expect(dishMatches(ribs, both, options()).greyed).toBe(false);
      expect(dishMatches(curry, both, options({ conjunction: 'OR' })).greyed).toBe(false);
      expect(dishMatches(riceBowl, both, options({ conjunction: 'OR' })).greyed).toBe(true);
    });

    it('exclusive: greys items containing the filter’s ingredients', () => {
      const noSpice = state({ customFilters: ['Spicy', 'Pork'] });
      const exclusive = options({ exclusive: true });
      expect(dishMatches(riceBowl, noSpice, exclusive).greyed).toBe(false);
      expect(dishMatches(curry, noSpice, exclusive).reasons).toEqual([{ kind: 'exclude', name: 'Spicy' }]);
      expect(dishMatches(ribs, noSpice, exclusive).reasons).toEqual([
        { kind: 'exclude', name: 'Spicy' },
        { kind: 'exclude', name: 'Pork' },
      ]);
    });

    it('ignores names the card does not define, filters without ingredients, and no card', () => {
      const withEmpty = options({ filter: [{ name: 'Nothing', ingredients: [] }] });
      expect(dishMatches(riceBowl, state({ customFilters: ['Unknown'] }), options()).greyed).toBe(false);
      expect(dishMatches(riceBowl, state({ customFilters: ['Nothing'] }), withEmpty).greyed).toBe(false);
      expect(dishMatches(riceBowl, state({ customFilters: ['Spicy'] }), null).greyed).toBe(false);
    });
  });

  it('greys, never hides: every dish stays visible with all its reasons', () => {
    const menu = [dish({}, { foodTypes: ['Milk'] }, [pork]), dish({ diets: ['Vegan'] }, {}, [chili]), plain];
    const chosen = state({ diets: ['Vegan'], foodTypes: ['Milk'], customFilters: ['Spicy'] });
    const results = menu.map((d) => dishMatches(d, chosen, options()));
    expect(results.every((r) => r.visible)).toBe(true);
    expect(results.map((r) => r.greyed)).toEqual([true, false, true]);
    expect(results[0]?.reasons.map((r) => r.kind)).toEqual(['diet', 'foodType', 'include']);
  });
});

describe('sortDishes', () => {
  const menu = [
    { name: 'Soup', price: 6, calories: 200, alcoholPercentage: null },
    { name: 'Steak', price: 24, calories: null, alcoholPercentage: null },
    { name: 'Salad', price: 9, calories: 150, alcoholPercentage: null },
    { name: 'Beer', price: 6, calories: 180, alcoholPercentage: 5 },
    { name: 'Wine', price: 8, calories: null, alcoholPercentage: 12.5 },
  ];
  const names = (dishes: { name: string }[]) => dishes.map((d) => d.name);

  it('sorts by price, keeping the menu’s order between equal prices', () => {
    expect(names(sortDishes(menu, 'price-asc'))).toEqual(['Soup', 'Beer', 'Wine', 'Salad', 'Steak']);
    expect(names(sortDishes(menu, 'price-desc'))).toEqual(['Steak', 'Salad', 'Wine', 'Soup', 'Beer']);
  });

  it('puts dishes without calories last in both directions', () => {
    expect(names(sortDishes(menu, 'calories-asc'))).toEqual(['Salad', 'Beer', 'Soup', 'Steak', 'Wine']);
    expect(names(sortDishes(menu, 'calories-desc'))).toEqual(['Soup', 'Beer', 'Salad', 'Steak', 'Wine']);
  });

  it('sorts by alcohol, dishes without it last', () => {
    expect(names(sortDishes(menu, 'alcohol-desc'))).toEqual(['Wine', 'Beer', 'Soup', 'Steak', 'Salad']);
    expect(names(sortDishes(menu, 'alcohol-asc'))).toEqual(['Beer', 'Wine', 'Soup', 'Steak', 'Salad']);
  });

  it('returns a copy and leaves the order alone without a sort', () => {
    const copy = sortDishes(menu, null);
    expect(copy).not.toBe(menu);
    expect(names(copy)).toEqual(names(menu));
    sortDishes(menu, 'price-desc');
    expect(names(menu)).toEqual(['Soup', 'Steak', 'Salad', 'Beer', 'Wine']);
  });
});

describe('sharing a filtered menu by link', () => {
  const shared: DinerFilterState = {
    diets: ['Vegan'],
    foodTypes: ['Peanuts', 'Milk'],
    customFilters: ['Spicy'],
    sort: 'price-asc',
    allergens: [],
  };

  it('writes short, readable parameters', () => {
    expect(encodeFilterState(shared)).toBe('diet=Vegan&avoid=Peanuts,Milk&f=Spicy&sort=price-asc');
    expect(encodeFilterState(emptyFilterState())).toBe('');
    expect(encodeFilterState(state({ diets: ['Gluten free'] }))).toBe('diet=Gluten+free');
  });

  it('round-trips, names with commas, ampersands, plus signs and accents included', () => {
    expect(decodeFilterState(encodeFilterState(shared))).toEqual(shared);
    const odd: DinerFilterState = {
      diets: ['Sans lactose', 'Crème & co'],
      foodTypes: ['Nuts, tree', 'C++', '100%'],
      customFilters: ['Très épicé'],
      sort: null,
      allergens: [],
    };
    expect(decodeFilterState(encodeFilterState(odd))).toEqual(odd);
    expect(decodeFilterState(`?${encodeFilterState(odd)}`)).toEqual(odd);
  });

  it('reads URLSearchParams and whole URLs', () => {
    expect(decodeFilterState(new URLSearchParams(encodeFilterState(shared)))).toEqual(shared);
    expect(decodeFilterState(`https://carte.example/menu/1?${encodeFilterState(shared)}#top`)).toEqual(
      shared,
    );
  });

  it('ignores other parameters, unknown sorts, empty and malformed values, and repeats', () => {
    expect(decodeFilterState('?menu=2&diet=Vegan,,vegan&diet=Halal&avoid=%E0%A4&sort=name-asc&f=')).toEqual({
      diets: ['Vegan', 'Halal'],
      foodTypes: [],
      customFilters: [],
      sort: null,
      allergens: [],
    });
  });

  it('keeps only the names a page knows, in its spelling, given a vocabulary', () => {
    const vocabulary = {
      diets: ['Vegan'],
      foodTypes: ['Peanuts'],
      customFilters: ['Spicy'],
      sorts: ['price-asc' as const],
    };
    expect(
      decodeFilterState('diet=vegan,Keto&avoid=PEANUTS,Milk&f=Spicy,Mild&sort=price-asc', vocabulary),
    ).toEqual({
      diets: ['Vegan'],
      foodTypes: ['Peanuts'],
      customFilters: ['Spicy'],
      sort: 'price-asc',
      allergens: [],
    });
    expect(decodeFilterState('sort=calories-asc', vocabulary).sort).toBeNull();
  });

  it('carries the regulated allergens to avoid by key, apart from the food types (issue 23)', () => {
    const avoiding = state({ foodTypes: ['Dairy'], allergens: ['nuts', 'milk'] });
    expect(encodeFilterState(avoiding)).toBe('avoid=Dairy&allergen=milk,nuts');
    expect(decodeFilterState(encodeFilterState(avoiding))).toEqual({
      ...avoiding,
      allergens: ['milk', 'nuts'],
    });
    // Names are read too, unknown words dropped, each key once, in the regulation's order.
    expect(decodeFilterState('?allergen=Tree+nuts,sesame,milk,unicorn,MILK').allergens).toEqual([
      'milk',
      'nuts',
      'sesame',
    ]);
  });
});
