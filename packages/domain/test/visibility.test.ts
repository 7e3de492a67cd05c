import { describe, expect, it } from 'vitest';
import {
  type Catalog,
  type CatalogDish,
  type CatalogMenu,
  type Customization,
  publicMenuOf,
  type Schedule,
  servedAt,
  type VisibleMenu,
  visibleMenus,
} from '../src/index.ts';

// Ids are 24 hex characters in the app; readable names are enough for the rule.
const ZONE = 'America/New_York';
/** Monday 2025-03-03, 12:30 in New York. */
const lunchTime = new Date('2025-03-03T17:30:00Z');
/** The same Monday, 04:00 in New York. */
const night = new Date('2025-03-03T09:00:00Z');

const hours = (startTime: string, endTime: string): Schedule => ({
  monday: true,
  tuesday: true,
  wednesday: true,
  thursday: true,
  friday: true,
  saturday: true,
  sunday: true,
  startTime,
  endTime,
  twentyFourHours: false,
});
const allDay: Schedule = { ...hours('00:00', '00:00'), twentyFourHours: true };

const menu = (
  id: string,
  categories: CatalogMenu['categories'],
  extra: { draft?: boolean; fromParent?: boolean; schedule?: Schedule } = {},
): CatalogMenu => ({
  view: {
    _id: id,
    name: id,
    description: '',
    cover: null,
    logo: null,
    colors: { primary: '#ff1616', secondary: '#83cdf1', tertiary: '#f46d26' },
    fonts: { primary: '', secondary: '', tertiary: '' },
    selectedTemplate: 'Classic Template',
    templateMeta: {},
    showCTA: { title: '', content: '', emails: [] },
    displayIngredients: true,
    displayDietary: true,
    displaySideDishes: true,
    fromParent: extra.fromParent ?? false,
  },
  draft: extra.draft ?? false,
  schedule: extra.schedule ?? allDay,
  categories,
});

const link = (category: string, extra: { valid?: boolean; adjustment?: Schedule } = {}) => ({
  category,
  valid: extra.valid ?? true,
  adjustment: extra.adjustment ?? null,
});

const dish = (
  id: string,
  extra: Partial<Omit<CatalogDish, 'view'>> & { price?: number } = {},
): CatalogDish => ({
  view: {
    _id: id,
    name: id,
    description: '',
    price: extra.price ?? 10,
    calories: null,
    alcoholPercentage: null,
    image: null,
    dietary: { diets: [], foodTypes: [], other: [] },
  },
  isAvailable: extra.isAvailable ?? true,
  fromParent: extra.fromParent ?? false,
  ingredients: extra.ingredients ?? [],
  sideDishes: extra.sideDishes ?? [],
  customizations: extra.customizations ?? { selected: [], custom: [] },
});

const customization = (
  id: string,
  options: Customization['options'],
  extra: Partial<Customization> = {},
) => ({
  _id: id,
  name: id,
  isCustom: true,
  isFixedPrice: true,
  isAvailable: true,
  options,
  ...extra,
});
const option = (id: string, extra: Partial<Customization['options'][number]> = {}) => ({
  _id: id,
  name: id,
  ingredient: null,
  price: 1,
  isAvailable: true,
  ...extra,
});

const catalog = (parts: Partial<Catalog>): Catalog => ({
  menus: [],
  categories: [],
  dishes: [],
  ingredients: [],
  customizations: [],
  ...parts,
});

const publicPage = (data: Catalog, at: Date | null = lunchTime) =>
  visibleMenus(data, { show: 'published', at, timeZone: ZONE });
const names = (menus: VisibleMenu[]) =>
  menus.map((entry) => `${entry.menu._id}[${entry.categories.map((item) => item.category._id).join(',')}]`);

describe('visibleMenus: which menus', () => {
  const data = catalog({
    menus: [
      menu('parent-menu', [], { fromParent: true }),
      menu('own-draft', [], { draft: true }),
      menu('own-first', []),
      menu('own-second', []),
    ],
  });

  it('shows published menus only, the restaurant’s own in their order before its parent’s', () => {
    expect(publicPage(data).map((entry) => entry.menu._id)).toEqual([
      'own-first',
      'own-second',
      'parent-menu',
    ]);
  });

  it('shows the previewed menu alone, even when it is a draft', () => {
    const shown = visibleMenus(data, { show: { preview: 'own-draft' }, at: null, timeZone: ZONE });
    expect(shown.map((entry) => entry.menu._id)).toEqual(['own-draft']);
  });

  it('shows only menus open at the moment, or all of them whatever the hour without one', () => {
    const timed = catalog({
      menus: [
        menu('lunch', [], { schedule: hours('11:00', '16:00') }),
        menu('always', [], { schedule: allDay }),
        menu('closed-days', [], { schedule: { ...allDay, monday: false } }),
      ],
    });
    expect(publicPage(timed, lunchTime).map((entry) => entry.menu._id)).toEqual(['lunch', 'always']);
    expect(publicPage(timed, night).map((entry) => entry.menu._id)).toEqual(['always']);
    expect(publicPage(timed, null).map((entry) => entry.menu._id)).toEqual([
      'lunch',
      'always',
      'closed-days',
    ]);
  });
});

describe('visibleMenus: which categories', () => {
  const data = catalog({
    menus: [
      menu('menu', [
        link('shown'),
        link('hidden-on-menu', { valid: false }),
        link('unavailable'),
        link('no-available-dish'),
        link('unknown'),
        link('breakfast', { adjustment: hours('06:00', '11:00') }),
        link('late', { adjustment: hours('22:00', '05:00') }),
      ]),
    ],
    categories: [
      { _id: 'shown', name: 'Shown', isAvailable: true, dishes: ['sold-out', 'soup', 'gone'] },
      { _id: 'hidden-on-menu', name: 'Hidden', isAvailable: true, dishes: ['soup'] },
      { _id: 'unavailable', name: 'Unavailable', isAvailable: false, dishes: ['soup'] },
      { _id: 'no-available-dish', name: 'Empty', isAvailable: true, dishes: ['sold-out'] },
      { _id: 'breakfast', name: 'Breakfast', isAvailable: true, dishes: ['soup'] },
      { _id: 'late', name: 'Late', isAvailable: true, dishes: ['soup'] },
    ],
    dishes: [dish('soup'), dish('sold-out', { isAvailable: false })],
  });

  it('keeps categories shown on the menu, available and holding an available dish, with only those dishes', () => {
    const [shown] = publicPage(data, null);
    expect(names(publicPage(data, null))).toEqual(['menu[shown,breakfast,late]']);
    expect(shown?.categories[0]?.category.dishes.map((item) => item._id)).toEqual(['soup']);
  });

  it('keeps a category with its own hours only inside them', () => {
    expect(names(publicPage(data, lunchTime))).toEqual(['menu[shown]']);
    expect(names(publicPage(data, night))).toEqual(['menu[shown,late]']);
  });

  it('gives the categories in the menu’s order with their names, ready for the templates', () => {
    const [shown] = publicPage(data, lunchTime);
    expect(shown && publicMenuOf(shown).categories).toEqual([
      { _id: 'shown', name: 'Shown', dishes: [expect.objectContaining({ _id: 'soup', name: 'soup' })] },
    ]);
  });
});

describe('visibleMenus: what of a dish', () => {
  const burger = dish('burger', {
    price: 12.5,
    ingredients: ['bun', 'deleted-ingredient'],
    sideDishes: ['fries', 'salad-off', 'unknown-side'],
    customizations: {
      selected: ['sauces', 'parents-sauces'],
      custom: [
        customization('size', [
          option('large', { price: 10 }),
          option('pickle-option', { name: null, ingredient: 'pickles' }),
          option('bun-option', { name: null, ingredient: 'bun' }),
          option('off-option', { isAvailable: false }),
          option('blank', { name: '  ' }),
        ]),
        customization('switched-off', [option('any')], { isAvailable: false }),
        customization('nothing-left', [option('off', { isAvailable: false })]),
      ],
    },
  });
  const data = catalog({
    menus: [menu('menu', [link('mains')])],
    categories: [{ _id: 'mains', name: 'Mains', isAvailable: true, dishes: ['burger'] }],
    dishes: [burger, dish('fries', { price: 3 }), dish('salad-off', { isAvailable: false })],
    ingredients: [
      { _id: 'bun', name: 'Bun', isAvailable: true },
      { _id: 'pickles', name: 'Pickles', isAvailable: false },
    ],
    customizations: [
      { ...customization('sauces', [option('ketchup')]), fromParent: false },
      { ...customization('parents-sauces', [option('mustard')]), fromParent: true },
    ],
  });
  const shownDish = () => publicPage(data)[0]?.categories[0]?.category.dishes[0];

  it('lists only available ingredients and side dishes, in the dish’s order', () => {
    expect(shownDish()?.ingredients).toEqual([{ _id: 'bun', name: 'Bun' }]);
    expect(shownDish()?.sideDishes).toEqual([{ _id: 'fries', name: 'fries', price: 3 }]);
  });

  it('takes a dish off the menu, and out of side dishes, while one of its ingredients is switched off', () => {
    const pickled = catalog({
      ...data,
      categories: [{ _id: 'mains', name: 'Mains', isAvailable: true, dishes: ['burger', 'pickled'] }],
      dishes: [
        { ...burger, sideDishes: ['fries', 'pickled'] },
        dish('fries', { price: 3 }),
        dish('pickled', { ingredients: ['bun', 'pickles'] }),
      ],
    });
    const [shown] = publicPage(pickled);
    expect(shown?.categories[0]?.category.dishes.map((item) => item._id)).toEqual(['burger']);
    expect(shown?.categories[0]?.category.dishes[0]?.sideDishes.map((item) => item._id)).toEqual(['fries']);
    // Back on: the dish returns as it was.
    const restocked = catalog({
      ...pickled,
      ingredients: pickled.ingredients.map((item) => ({ ...item, isAvailable: true })),
    });
    expect(publicPage(restocked)[0]?.categories[0]?.category.dishes.map((item) => item._id)).toEqual([
      'burger',
      'pickled',
    ]);
  });

  it('offers available customizations with their available options, priced for the dish', () => {
    expect(shownDish()?.customizations).toEqual([
      {
        _id: 'sauces',
        name: 'sauces',
        isFixedPrice: true,
        options: [{ _id: 'ketchup', name: 'ketchup', price: 1 }],
      },
      {
        _id: 'size',
        name: 'size',
        isFixedPrice: true,
        options: [
          { _id: 'large', name: 'large', price: 10 },
          { _id: 'bun-option', name: 'Bun', price: 1 },
        ],
      },
    ]);
  });

  it('prices percentage options from the dish’s base price', () => {
    const percent = catalog({
      ...data,
      dishes: [
        dish('burger', {
          price: 3.3,
          customizations: {
            selected: [],
            custom: [customization('extra', [option('cheese', { price: 15 })], { isFixedPrice: false })],
          },
        }),
      ],
    });
    const [shown] = publicPage(percent);
    expect(shown?.categories[0]?.category.dishes[0]?.customizations[0]?.options[0]?.price).toBe(0.5);
  });

  it('applies restaurant-wide customizations to dishes of the same restaurant only', () => {
    const inherited = catalog({ ...data, dishes: [{ ...burger, fromParent: true }] });
    const [shown] = publicPage(inherited);
    expect(shown?.categories[0]?.category.dishes[0]?.customizations.map((item) => item._id)).toEqual([
      'parents-sauces',
      'size',
    ]);
  });
});

describe('servedAt', () => {
  it('is the clock’s part of visibleMenus: applied later to menus read whatever the hour, it answers the same', () => {
    const data = catalog({
      menus: [
        menu('lunch', [link('mains')], { schedule: hours('11:00', '16:00') }),
        menu('always', [link('mains'), link('late', { adjustment: hours('22:00', '05:00') })]),
      ],
      categories: [
        { _id: 'mains', name: 'Mains', isAvailable: true, dishes: ['soup'] },
        { _id: 'late', name: 'Late', isAvailable: true, dishes: ['soup'] },
      ],
      dishes: [dish('soup')],
    });
    const anyHour = publicPage(data, null);
    for (const at of [lunchTime, night]) {
      expect(servedAt(anyHour, at, ZONE)).toEqual(publicPage(data, at));
    }
    expect(names(servedAt(anyHour, night, ZONE))).toEqual(['always[mains,late]']);
  });
});
