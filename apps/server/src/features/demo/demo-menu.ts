import { type AllergenKey, type DietaryLists, defaultWeek, everyDayOfWeek } from '@carte/domain';
import { type Illustration, type Palette, palettes } from './demo-images.ts';

/**
 * The demo food truck's menu (decisions, Demo): what a newcomer sees on first sign-in. Plain data;
 * demo-seed.ts writes it.
 */

type Dietary = Partial<DietaryLists>;

export interface DemoOption {
  /** A named option (custom customization) or an ingredient's name (ingredient customization). */
  name?: string;
  ingredient?: string;
  price: number;
}

export interface DemoCustomization {
  name: string;
  /** true: named options; false: options chosen from ingredients. */
  isCustom: boolean;
  /** true: the price is added in dollars; false: a percentage of the dish's price (decisions §4). */
  isFixedPrice: boolean;
  options: DemoOption[];
}

export interface DemoDish {
  name: string;
  price: number;
  /** Rich text, as the dish form's editor writes it. */
  description: string;
  calories: number;
  alcoholPercentage?: number;
  category: string;
  ingredients: string[];
  picture: { kind: Illustration; palette: Palette; accent?: string };
  dietary?: Dietary;
  /** Names of restaurant-wide customizations the dish offers. */
  customizations?: string[];
  /** Customizations of this dish only. */
  custom?: DemoCustomization[];
  /** Upsells ("side dishes"), by name. */
  sides?: string[];
  /** The kitchen's additions to what the ingredients declare (every demo dish is confirmed). */
  allergens?: DemoAllergens;
}

export interface DemoMenu {
  name: string;
  description: string;
  categories: string[];
  startTime: string;
  endTime: string;
  /** Served all day on every checked day (the times are kept for when it is turned off). */
  twentyFourHours?: boolean;
  colors: { primary: string; secondary: string; tertiary: string };
  fonts: { primary: string; secondary: string; tertiary: string };
  cover: Palette;
}

/** What a demo ingredient or dish declares of the 14 allergens (issue 23). */
export interface DemoAllergens {
  contains?: AllergenKey[];
  mayContain?: AllergenKey[];
}

/**
 * Ingredients in list order; a child names its parent, which comes first. Each declares its
 * allergens (a child adds to its parent's: Cotija and Monterey Jack contain the Cheese's milk).
 */
export const demoIngredients: { name: string; parent?: string; allergens?: DemoAllergens }[] = [
  { name: 'Corn tortilla' },
  { name: 'Flour tortilla', allergens: { contains: ['gluten'] } },
  { name: 'Pork al pastor' },
  { name: 'Carne asada' },
  { name: 'Grilled chicken' },
  { name: 'Beer-battered cod', allergens: { contains: ['fish', 'gluten'] } },
  { name: 'Roasted cauliflower' },
  { name: 'Black beans' },
  { name: 'Cilantro-lime rice' },
  { name: 'Cheese', allergens: { contains: ['milk'] } },
  { name: 'Cotija', parent: 'Cheese' },
  { name: 'Monterey Jack', parent: 'Cheese' },
  { name: 'Salsa' },
  { name: 'Salsa verde', parent: 'Salsa' },
  { name: 'Pico de gallo', parent: 'Salsa' },
  { name: 'Chipotle salsa', parent: 'Salsa' },
  { name: 'Guacamole' },
  { name: 'Sour cream', allergens: { contains: ['milk'] } },
  { name: 'Chipotle crema', allergens: { contains: ['milk'] } },
  { name: 'Pickled red onion', allergens: { contains: ['sulphites'] } },
  { name: 'Pineapple' },
  { name: 'Cilantro' },
  { name: 'Jalapeño' },
  { name: 'Cabbage slaw', allergens: { contains: ['eggs', 'mustard'] } },
  { name: 'Romaine' },
  { name: 'Sweet corn' },
  { name: 'Tortilla chips', allergens: { mayContain: ['gluten'] } },
  { name: 'Lime' },
  { name: 'Lemon' },
  { name: 'Mint' },
  { name: 'Strawberry' },
  { name: 'Cinnamon sugar' },
  { name: 'Chocolate sauce', allergens: { contains: ['milk', 'soybeans'], mayContain: ['nuts'] } },
  { name: 'Tres leches sponge', allergens: { contains: ['gluten', 'eggs', 'milk'] } },
  { name: 'Whipped cream', allergens: { contains: ['milk'] } },
  { name: 'Tequila' },
  { name: 'Triple sec' },
  { name: 'Mexican lager', allergens: { contains: ['gluten'] } },
];

/** Restaurant-wide customizations, chosen by dishes (doc 1 §3). */
export const demoCustomizations: DemoCustomization[] = [
  {
    name: 'Extra toppings',
    isCustom: false,
    isFixedPrice: true,
    options: [
      { ingredient: 'Guacamole', price: 1.5 },
      { ingredient: 'Cotija', price: 0.75 },
      { ingredient: 'Sour cream', price: 0.5 },
      { ingredient: 'Jalapeño', price: 0.5 },
      { ingredient: 'Pickled red onion', price: 0.5 },
    ],
  },
  {
    name: 'Size',
    isCustom: true,
    isFixedPrice: false,
    options: [
      { name: 'Regular', price: 0 },
      { name: 'Large', price: 25 },
      { name: 'Party jug', price: 150 },
    ],
  },
];

/** The restaurant's own dietary lists (doc 1 §3: diets, food types to avoid, other). */
export const demoDietary: DietaryLists = {
  // Only what the platform lists lack (Vegan, Gluten, Fish, Spicy… are platform entries).
  diets: [],
  foodTypes: ['Dairy', 'Alcohol'],
  other: ['Best seller'],
};

/** Categories, top first. */
export const demoCategories: { name: string; isAvailable?: boolean }[] = [
  { name: 'Tacos' },
  { name: 'Bowls & Plates' },
  { name: 'Sides' },
  { name: 'Sweets' },
  { name: 'Drinks' },
];

const p = (text: string) => `<p>${text}</p>`;

export const demoDishes: DemoDish[] = [
  {
    name: 'Al Pastor Taco',
    price: 4.5,
    description: p(
      'Spit-roasted pork marinated in chiles and achiote, with <strong>charred pineapple</strong>, onion and salsa verde.',
    ),
    calories: 310,
    category: 'Tacos',
    ingredients: [
      'Corn tortilla',
      'Pork al pastor',
      'Pineapple',
      'Cilantro',
      'Pickled red onion',
      'Salsa verde',
    ],
    picture: { kind: 'taco', palette: palettes.terracotta, accent: '#9c3d1f' },
    dietary: { diets: ['Gluten free'], other: ['Best seller'] },
    customizations: ['Extra toppings'],
    sides: ['Chips & Guacamole', 'Street Corn', 'Fresh Lemonade'],
  },
  {
    name: 'Baja Fish Taco',
    price: 5.25,
    description: p(
      'Beer-battered cod, crunchy cabbage slaw and smoky chipotle crema on a warm flour tortilla.',
    ),
    calories: 340,
    category: 'Tacos',
    ingredients: ['Flour tortilla', 'Beer-battered cod', 'Cabbage slaw', 'Chipotle crema', 'Lime'],
    picture: { kind: 'taco', palette: palettes.teal, accent: '#e9d8a6' },
    dietary: { foodTypes: ['Fish', 'Gluten', 'Dairy'] },
    customizations: ['Extra toppings'],
    sides: ['Chips & Guacamole', 'Mexican Lager'],
  },
  {
    name: 'Carne Asada Taco',
    price: 5,
    description: p('Grilled marinated steak, guacamole, pico de gallo and crumbled cotija.'),
    calories: 330,
    category: 'Tacos',
    ingredients: ['Corn tortilla', 'Carne asada', 'Guacamole', 'Pico de gallo', 'Cotija'],
    picture: { kind: 'taco', palette: palettes.chili, accent: '#5c3317' },
    dietary: { diets: ['Gluten free'], foodTypes: ['Dairy'] },
    customizations: ['Extra toppings'],
    sides: ['Black Beans & Rice', 'Mexican Lager'],
  },
  {
    name: 'Crispy Cauliflower Taco',
    price: 4.25,
    description: p(
      'Roasted cauliflower tossed in chipotle salsa, with pickled red onion and cilantro. Plant-based.',
    ),
    calories: 260,
    category: 'Tacos',
    ingredients: ['Corn tortilla', 'Roasted cauliflower', 'Chipotle salsa', 'Pickled red onion', 'Cilantro'],
    picture: { kind: 'taco', palette: palettes.sage, accent: '#f2e8cf' },
    dietary: { diets: ['Vegan', 'Vegetarian', 'Gluten free'], other: ['Spicy'] },
    customizations: ['Extra toppings'],
    sides: ['Street Corn'],
  },
  {
    name: 'Burrito Bowl',
    price: 11.5,
    description: p(
      'Cilantro-lime rice and black beans topped with your choice of protein, sweet corn, pico de gallo, guacamole, sour cream and Monterey Jack.',
    ),
    calories: 720,
    category: 'Bowls & Plates',
    ingredients: [
      'Cilantro-lime rice',
      'Black beans',
      'Grilled chicken',
      'Sweet corn',
      'Pico de gallo',
      'Guacamole',
      'Sour cream',
      'Monterey Jack',
    ],
    picture: { kind: 'bowl', palette: palettes.saffron },
    dietary: { diets: ['Gluten free'], foodTypes: ['Dairy'], other: ['Best seller'] },
    customizations: ['Extra toppings'],
    custom: [
      {
        name: 'Choose your protein',
        isCustom: true,
        isFixedPrice: true,
        options: [
          { name: 'Grilled chicken', price: 0 },
          { name: 'Carne asada', price: 1.5 },
          { name: 'Pork al pastor', price: 1 },
          { name: 'Roasted cauliflower', price: 0 },
        ],
      },
    ],
    sides: ['Churros', 'Fresh Lemonade'],
  },
  {
    name: 'Street Nachos',
    price: 9.75,
    description: p(
      'A tray of tortilla chips under melted Monterey Jack, black beans, jalapeños, pico de gallo, sour cream and guacamole. Made for sharing.',
    ),
    calories: 890,
    category: 'Bowls & Plates',
    ingredients: [
      'Tortilla chips',
      'Black beans',
      'Monterey Jack',
      'Jalapeño',
      'Pico de gallo',
      'Sour cream',
      'Guacamole',
    ],
    picture: { kind: 'chips', palette: palettes.chili },
    dietary: { diets: ['Vegetarian', 'Gluten free'], foodTypes: ['Dairy'], other: ['Spicy'] },
    customizations: ['Extra toppings'],
    sides: ['Mexican Lager', 'Classic Margarita'],
  },
  {
    name: 'Chicken Quesadilla',
    price: 9.5,
    description: p(
      'Grilled chicken and Monterey Jack pressed in a flour tortilla, with chipotle crema for dipping.',
    ),
    calories: 680,
    category: 'Bowls & Plates',
    ingredients: ['Flour tortilla', 'Grilled chicken', 'Monterey Jack', 'Chipotle crema'],
    picture: { kind: 'plate', palette: palettes.terracotta, accent: '#e9b44c' },
    dietary: { foodTypes: ['Dairy', 'Gluten'] },
    customizations: ['Extra toppings'],
    sides: ['Black Beans & Rice'],
  },
  {
    name: 'Taco Salad',
    price: 10.25,
    description: p(
      'Crisp romaine, black beans, sweet corn, pico de gallo, cotija and crushed tortilla chips with a squeeze of lime.',
    ),
    calories: 520,
    category: 'Bowls & Plates',
    ingredients: [
      'Romaine',
      'Black beans',
      'Sweet corn',
      'Pico de gallo',
      'Cotija',
      'Tortilla chips',
      'Lime',
    ],
    picture: { kind: 'plate', palette: palettes.sage, accent: '#74a57f' },
    dietary: { diets: ['Vegetarian', 'Gluten free'], foodTypes: ['Dairy'] },
    customizations: ['Extra toppings'],
  },
  {
    name: 'Chips & Guacamole',
    price: 5.5,
    description: p('Warm tortilla chips and guacamole smashed to order.'),
    calories: 430,
    category: 'Sides',
    ingredients: ['Tortilla chips', 'Guacamole', 'Lime'],
    picture: { kind: 'chips', palette: palettes.sky },
    dietary: { diets: ['Vegan', 'Vegetarian', 'Gluten free'] },
  },
  {
    name: 'Street Corn',
    price: 4.75,
    description: p('Elote: grilled sweet corn with chipotle crema, cotija and lime.'),
    calories: 290,
    category: 'Sides',
    ingredients: ['Sweet corn', 'Chipotle crema', 'Cotija', 'Lime'],
    picture: { kind: 'corn', palette: palettes.plum },
    dietary: { diets: ['Vegetarian', 'Gluten free'], foodTypes: ['Dairy'] },
  },
  {
    name: 'Black Beans & Rice',
    price: 4,
    description: p('Slow-cooked black beans over cilantro-lime rice.'),
    calories: 350,
    category: 'Sides',
    ingredients: ['Black beans', 'Cilantro-lime rice'],
    picture: { kind: 'plate', palette: palettes.saffron, accent: '#3d2b1f' },
    dietary: { diets: ['Vegan', 'Vegetarian', 'Gluten free'] },
  },
  {
    name: 'Churros',
    price: 5,
    description: p('Crisp churros rolled in cinnamon sugar, with warm chocolate sauce.'),
    calories: 410,
    category: 'Sweets',
    // The dough (wheat flour and eggs) is no ingredient of the list; fried beside the battered cod.
    allergens: { contains: ['gluten', 'eggs'], mayContain: ['fish'] },
    ingredients: ['Cinnamon sugar', 'Chocolate sauce'],
    picture: { kind: 'churros', palette: palettes.chili },
    dietary: { diets: ['Vegetarian'], foodTypes: ['Gluten', 'Dairy'], other: ['Best seller'] },
    sides: ['Fresh Lemonade'],
  },
  {
    name: 'Tres Leches Cake',
    price: 6,
    description: p('Sponge soaked in three milks, topped with whipped cream and a strawberry.'),
    calories: 450,
    category: 'Sweets',
    ingredients: ['Tres leches sponge', 'Whipped cream', 'Strawberry'],
    picture: { kind: 'cake', palette: palettes.sky },
    dietary: { diets: ['Vegetarian'], foodTypes: ['Dairy', 'Gluten'] },
  },
  {
    name: 'Fresh Lemonade',
    price: 3.5,
    description: p('Squeezed every morning, with a sprig of mint.'),
    calories: 140,
    category: 'Drinks',
    ingredients: ['Lemon', 'Mint'],
    picture: { kind: 'glass', palette: palettes.saffron, accent: '#fff3a3' },
    dietary: { diets: ['Vegan', 'Vegetarian', 'Gluten free'] },
    customizations: ['Size'],
  },
  {
    name: 'Strawberry Agua Fresca',
    price: 3.75,
    description: p('Strawberries blended with water, lime and a little cane sugar.'),
    calories: 120,
    category: 'Drinks',
    ingredients: ['Strawberry', 'Lime'],
    picture: { kind: 'glass', palette: palettes.plum, accent: '#ef476f' },
    dietary: { diets: ['Vegan', 'Vegetarian', 'Gluten free'] },
    customizations: ['Size'],
  },
  {
    name: 'Classic Margarita',
    price: 9,
    description: p('Blanco tequila, triple sec and fresh lime, shaken and served on the rocks.'),
    calories: 250,
    alcoholPercentage: 13,
    category: 'Drinks',
    ingredients: ['Tequila', 'Triple sec', 'Lime'],
    picture: { kind: 'glass', palette: palettes.sage, accent: '#d9ed92' },
    dietary: { diets: ['Vegan', 'Gluten free'], foodTypes: ['Alcohol'] },
    custom: [
      {
        name: 'Rim',
        isCustom: true,
        isFixedPrice: true,
        options: [
          { name: 'Salt', price: 0 },
          { name: 'Tajín', price: 0.5 },
          { name: 'No rim', price: 0 },
        ],
      },
    ],
  },
  {
    name: 'Mexican Lager',
    price: 6,
    description: p('A crisp, light lager served ice cold with a wedge of lime.'),
    calories: 150,
    alcoholPercentage: 4.5,
    category: 'Drinks',
    ingredients: ['Mexican lager', 'Lime'],
    picture: { kind: 'beer', palette: palettes.teal },
    dietary: { foodTypes: ['Alcohol', 'Gluten'] },
  },
];

const everyDay = everyDayOfWeek;

/**
 * Three published menus, every day, on the truck's clock (America/New_York): Lunch 11:00–16:00 and
 * Dinner 17:00–23:00, so the timeline and the expiry banner have something to show, and All Day,
 * served around the clock, so a newcomer who opens the demo's public page at any hour sees a menu.
 */
export const demoMenus: (DemoMenu & { schedule: typeof everyDay })[] = [
  {
    name: 'Lunch',
    description: 'Tacos, bowls and cold drinks from 11 until 4.',
    categories: ['Tacos', 'Bowls & Plates', 'Sides', 'Drinks'],
    startTime: '11:00',
    endTime: '16:00',
    colors: { primary: '#e63946', secondary: '#2a9d8f', tertiary: '#f4a261' },
    fonts: { primary: 'Roboto', secondary: 'Open Sans', tertiary: 'Lato' },
    cover: palettes.saffron,
    schedule: everyDay,
  },
  {
    name: 'Dinner',
    description: 'The full menu with sweets and cocktails, from 5 until late.',
    categories: ['Tacos', 'Bowls & Plates', 'Sides', 'Sweets', 'Drinks'],
    startTime: '17:00',
    endTime: '23:00',
    colors: { primary: '#c1121f', secondary: '#1d3557', tertiary: '#e9c46a' },
    fonts: { primary: 'Playfair Display', secondary: 'Open Sans', tertiary: 'Lato' },
    cover: palettes.plum,
    schedule: everyDay,
  },
  {
    name: 'All Day',
    description: 'Tacos, sides and drinks, whenever you find us.',
    categories: ['Tacos', 'Sides', 'Drinks'],
    // The default week's times, whole days, kept for when the 24-hour flag is turned off.
    startTime: defaultWeek.startTime,
    endTime: defaultWeek.endTime,
    twentyFourHours: true,
    colors: { primary: '#2a9d8f', secondary: '#264653', tertiary: '#e9c46a' },
    fonts: { primary: 'Roboto', secondary: 'Open Sans', tertiary: 'Lato' },
    cover: palettes.teal,
    schedule: everyDay,
  },
];
