import type { CustomerMenu, PublicDish, PublicMenu, PublicRestaurant } from '@carte/domain';

/** Ids are 24 hex characters (decisions §3); a readable prefix and a counter are enough here. */
let counter = 0;
export const id = (prefix: string): string => {
  counter += 1;
  return `${prefix}${counter.toString(16)}`.padEnd(24, '0').slice(0, 24);
};

/** A stored picture as the API answers it: the one URL (the largest variant) and every variant. */
const variants = (name: string) => ({
  thumb: `/media/${name}/thumb.webp`,
  card: `/media/${name}/card.webp`,
  full: `/media/${name}/full.webp`,
});

const ingredient = (name: string) => ({ _id: id('a1'), name });
export const ingredients = {
  tortilla: ingredient('Corn tortilla'),
  pork: ingredient('Pork al pastor'),
  pineapple: ingredient('Pineapple'),
  cod: ingredient('Beer-battered cod'),
  cauliflower: ingredient('Roasted cauliflower'),
  lime: ingredient('Lime'),
  tequila: ingredient('Tequila'),
};

export function dish(overrides: Partial<PublicDish> & { name: string; price: number }): PublicDish {
  return {
    _id: id('d1'),
    description: '',
    calories: null,
    portion: null,
    alcoholPercentage: null,
    image: null,
    imageVariants: null,
    ingredients: [],
    allergens: { contains: [], mayContain: [], declared: false },
    sideDishes: [],
    customizations: [],
    dietary: { diets: [], foodTypes: [], other: [] },
    ...overrides,
  };
}

export const tacoPastor = dish({
  name: 'Al Pastor Taco',
  price: 4.5,
  description: '<p>Spit-roasted pork with <strong>charred pineapple</strong>.</p>',
  calories: 310,
  image: variants('pastor').full,
  imageVariants: variants('pastor'),
  ingredients: [ingredients.tortilla, ingredients.pork, ingredients.pineapple],
  // Declared by its owner (issue 23): nothing of the 14 in it, sesame from the kitchen's grill.
  allergens: { contains: [], mayContain: ['sesame'], declared: true },
  dietary: { diets: ['Gluten free'], foodTypes: [], other: ['Best seller'] },
  customizations: [
    {
      _id: id('c1'),
      name: 'Extra toppings',
      isFixedPrice: true,
      options: [
        { _id: id('o1'), name: 'Guacamole', price: 1.5 },
        { _id: id('o1'), name: 'Cotija', price: 0.75, allergens: { contains: ['milk'], mayContain: [] } },
      ],
    },
    {
      _id: id('c1'),
      name: 'Size',
      isFixedPrice: false,
      // 25 % of 4.50 = 1.125 → 1.13 (decisions §4, computed by the server)
      options: [
        { _id: id('o1'), name: 'Regular', price: 0 },
        { _id: id('o1'), name: 'Large', price: 1.13 },
      ],
    },
  ],
});

export const tacoFish = dish({
  name: 'Baja Fish Taco',
  price: 5.25,
  description: '<p>Beer-battered cod &amp; slaw.</p>',
  calories: 340,
  image: variants('fish').full,
  imageVariants: variants('fish'),
  ingredients: [ingredients.tortilla, ingredients.cod, ingredients.lime],
  allergens: { contains: ['gluten', 'eggs', 'fish', 'milk'], mayContain: ['nuts'], declared: true },
  dietary: { diets: [], foodTypes: ['Fish', 'Gluten'], other: [] },
});

export const tacoCauliflower = dish({
  name: 'Crispy Cauliflower Taco',
  price: 4.25,
  calories: 260,
  image: variants('cauliflower').full,
  imageVariants: variants('cauliflower'),
  ingredients: [ingredients.tortilla, ingredients.cauliflower],
  dietary: { diets: ['Vegan', 'Vegetarian', 'Gluten free'], foodTypes: [], other: ['Spicy'] },
});

export const margarita = dish({
  name: 'Classic Margarita',
  price: 9,
  calories: 250,
  image: variants('margarita').full,
  imageVariants: variants('margarita'),
  alcoholPercentage: 13,
  ingredients: [ingredients.tequila, ingredients.lime],
  dietary: { diets: ['Vegan'], foodTypes: ['Alcohol'], other: [] },
});

export const lemonade = dish({
  name: 'Fresh Lemonade',
  price: 3.5,
  calories: 140,
  ingredients: [ingredients.lime],
  // Declared free of the 14; the cauliflower taco and the margarita are not declared.
  allergens: { contains: [], mayContain: [], declared: true },
  dietary: { diets: ['Vegan', 'Vegetarian'], foodTypes: [], other: [] },
});

tacoPastor.sideDishes = [{ _id: lemonade._id, name: lemonade.name, price: lemonade.price }];

export function menu(overrides: Partial<PublicMenu> & { name: string }): PublicMenu {
  return {
    _id: id('e1'),
    description: '',
    cover: null,
    coverVariants: null,
    logo: null,
    logoVariants: null,
    colors: { primary: '#e63946', secondary: '#2a9d8f', tertiary: '#f4a261' },
    fonts: { primary: 'Playfair Display', secondary: 'Open Sans', tertiary: 'Lato' },
    selectedTemplate: 'Classic Template',
    templateMeta: {},
    showCTA: {
      title: 'REPORT AN ISSUE',
      content: 'Prices on this menu are set directly by the merchant',
      emails: ['owner@example.com'],
    },
    displayIngredients: true,
    displayDietary: true,
    displaySideDishes: true,
    fromParent: false,
    categories: [],
    ...overrides,
  };
}

export const lunch = menu({
  name: 'Lunch',
  description: 'Tacos, bowls and cold drinks from 11 until 4.',
  cover: variants('cover-lunch').full,
  coverVariants: variants('cover-lunch'),
  categories: [
    { _id: id('b1'), name: 'Tacos', dishes: [tacoPastor, tacoFish, tacoCauliflower] },
    { _id: id('b1'), name: 'Drinks', dishes: [margarita, lemonade] },
  ],
});

export const dinner = menu({
  name: 'Dinner',
  selectedTemplate: 'Sushi Restaurant',
  categories: [{ _id: id('b1'), name: 'Tacos', dishes: [tacoPastor, tacoFish] }],
});

export const restaurant: PublicRestaurant = {
  _id: id('f1'),
  name: 'Taco Truck',
  description: '<p>Street food &amp; more</p>',
  restaurantType: 'FOOD_TRUCK',
  timeZone: 'America/New_York',
  sideDishesLabel: 'Goes well with',
  labelling: { region: 'other', calories: 'none', usStateNotice: 'none' },
  logo: variants('logo').full,
  logoVariants: variants('logo'),
  social: [
    { media: 'instagram', url: 'instagram.com/tacotruck' },
    { media: 'facebook', url: 'https://facebook.com/tacotruck' },
  ],
  cta: null,
  filterOptions: {
    title: 'Find your dish',
    description: 'Pick what suits you.',
    enabled: true,
    dietaryConsiderations: [],
    exclusive: false,
    filter: [{ name: 'Pineapple', ingredients: [ingredients.pineapple._id] }],
    sort: { price: true, calories: true, alcoholPercentage: false },
    conjunction: 'AND',
  },
};

const everyDay = {
  monday: true,
  tuesday: true,
  wednesday: true,
  thursday: true,
  friday: true,
  saturday: true,
  sunday: true,
};

export function customerMenu(overrides: Partial<CustomerMenu> = {}): CustomerMenu {
  return {
    restaurant,
    menus: [lunch, dinner],
    menusTimeline: [
      {
        _id: lunch._id,
        name: lunch.name,
        cover: lunch.cover,
        coverVariants: lunch.coverVariants,
        valid: { ...everyDay, startTime: '11:00', endTime: '16:00' },
        twentyFourHoursMenuAvailable: false,
      },
      {
        _id: dinner._id,
        name: dinner.name,
        cover: null,
        coverVariants: null,
        valid: { ...everyDay, startTime: '16:00', endTime: '23:00' },
        twentyFourHoursMenuAvailable: false,
      },
    ],
    menu_period_transition: 15,
    menuNotFound: false,
    user: { email: 'owner@example.com' },
    parentRestaurant: null,
    generatedAt: '2025-06-02T15:00:00.000Z',
    ...overrides,
  };
}
