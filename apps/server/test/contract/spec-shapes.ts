import { z } from 'zod';

/**
 * The answer shapes, written from the specification's text (spec/1 §3 and §7, spec/2 §3 and §7,
 * spec/3 §3 and §7, with 0-decisions §3 and §4), not imported from @carte/domain: the contract
 * suite checks the server against the specification, independently of the server's own schemas.
 * Objects are open (`looseObject`, extra fields kept): the server may send more than the
 * specification names, never less.
 */

/** "Identifiers: 24 lowercase hexadecimal characters, named `_id`" (decisions §3, doc 3 §9). */
export const id = z.string().regex(/^[0-9a-f]{24}$/);

/** Pictures are strings: "a path or URL the page can show" (doc 1 §3, doc 2 §5 "existing paths"). */
export const picture = z
  .string()
  .regex(/^(\/|https?:\/\/)/)
  .nullable();

/** "permissions (object keyed by area: menu, category, dish, ingredient, restaurant, member)" (doc 1 §3). */
export const permissions = z.looseObject({
  menu: z.boolean(),
  category: z.boolean(),
  dish: z.boolean(),
  ingredient: z.boolean(),
  restaurant: z.boolean(),
  member: z.boolean(),
});

export const roles = ['RESTAURANT', 'SUPER_ADMIN', 'ADMIN', 'MEMBER', 'DMA', 'DMA_CLIENT'] as const;

/** User (doc 1 §3, doc 2 §3). */
export const user = z.looseObject({
  _id: id,
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  role: z.enum(roles),
  permissions,
  accounts: z.array(z.unknown()),
  restaurants: z.array(z.unknown()),
  dma_parent_email: z.string().nullable(),
});

/** "Session tokens accessToken, refreshToken" (doc 1 §3), the login answer of doc 1 §7. */
export const signedIn = z.looseObject({ accessToken: z.string().min(1), refreshToken: z.string().min(1) });

const hhmm = z.string().regex(/^\d{2}:\d{2}$/);

/** Days monday to sunday, startTime, endTime (doc 2 §3 Menu `valid`, decisions §4). */
export const schedule = z.looseObject({
  monday: z.boolean(),
  tuesday: z.boolean(),
  wednesday: z.boolean(),
  thursday: z.boolean(),
  friday: z.boolean(),
  saturday: z.boolean(),
  sunday: z.boolean(),
  startTime: hhmm,
  endTime: hhmm,
});

const triple = z.looseObject({ primary: z.string(), secondary: z.string(), tertiary: z.string() });
export const templates = ['Classic Template', 'Pizza Restaurant', 'Sushi Restaurant'] as const;

/** Menu (doc 1 §3; schedule fields of doc 2 §3 and decisions §4). */
export const menu = z.looseObject({
  _id: id,
  name: z.string(),
  description: z.string(),
  /** "list of a category reference plus a valid flag". */
  categories: z.array(z.looseObject({ category: id, valid: z.boolean() })),
  cover: picture,
  logo: picture,
  colors: triple,
  fonts: triple,
  selectedTemplate: z.enum(templates),
  showCTA: z.looseObject({ title: z.string(), content: z.string(), emails: z.array(z.string()) }),
  displayIngredients: z.boolean(),
  displayDietary: z.boolean(),
  displaySideDishes: z.boolean(),
  draft: z.boolean(),
  fromParent: z.boolean(),
  valid: schedule,
  twentyFourHoursMenuAvailable: z.boolean(),
});

/** Category (doc 1 §3). */
export const category = z.looseObject({
  _id: id,
  name: z.string(),
  isAvailable: z.boolean(),
  dishes: z.array(id),
  menu: id.nullable(),
  fromParent: z.boolean(),
});

/** Option: "ingredient or name, price, isAvailable" (doc 1 §3). */
export const option = z
  .object({
    name: z.string().nullable().optional(),
    ingredient: id.nullable().optional(),
    price: z.number(),
    isAvailable: z.boolean(),
  })
  .refine((value) => Boolean(value.name || value.ingredient), {
    error: 'an option holds an ingredient or a name',
  });

/** Customization (doc 1 §3, doc 2 §3). */
export const customization = z.looseObject({
  name: z.string(),
  isCustom: z.boolean(),
  isFixedPrice: z.boolean(),
  isAvailable: z.boolean(),
  options: z.array(option),
});

/** Dietary considerations: diets, foodTypes, other (doc 1 §3). */
export const dietaryLists = z.looseObject({
  diets: z.array(z.string()),
  foodTypes: z.array(z.string()),
  other: z.array(z.string()),
});

/** "an ingredient reference": its id, or an object naming it by `_id`. */
const ingredientReference = z.union([id, z.looseObject({ _id: id })]);

/** Dish (doc 1 §3, doc 2 §3). */
export const dish = z.looseObject({
  _id: id,
  name: z.string(),
  description: z.string(),
  calories: z.number().nullable(),
  price: z.number(),
  alcoholPercentage: z.number().nullable(),
  image: picture,
  isAvailable: z.boolean(),
  /** "objects each holding an ingredient reference". */
  ingredients: z.array(z.looseObject({ ingredient: ingredientReference })),
  sideDishes: z.array(id),
  customizations: z.looseObject({ selected: z.array(id), custom: z.array(customization) }),
  category: id.nullable(),
  createdAt: z.string(),
  fromParent: z.boolean(),
  dietaryConsiderations: z.looseObject({ selected: dietaryLists, admin: dietaryLists }),
});

/** Ingredient (doc 1 §3): "_id, name, parent/child structure, count, fromParent, isAvailable". */
export const ingredient = z.looseObject({
  _id: id,
  name: z.string(),
  parent: ingredientReference.nullable(),
  count: z.number(),
  fromParent: z.boolean(),
  isAvailable: z.boolean(),
});

/** The CSV upload answer (doc 1 §7, decisions §4). */
export const csvResult = z.looseObject({
  successMessage: z.string(),
  existValidationError: z.array(z.unknown()),
  validationError: z.array(z.unknown()),
  duplicateErrors: z.array(z.unknown()),
});

/** Restaurant (doc 1 §3, doc 2 §3): the fields the owner area reads. */
export const restaurant = z.looseObject({
  _id: id,
  name: z.string(),
  restaurantType: z.string(),
  customizations: z.array(customization),
  dietaryConsiderations: dietaryLists,
  sideDishesLabel: z.string(),
  parentRestaurant: z.looseObject({ name: z.string() }).nullable(),
});

/** FilterOptions (doc 3 §3). */
export const filterOptions = z.looseObject({
  title: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  dietaryConsiderations: z.array(z.string()),
  exclusive: z.boolean(),
  filter: z.array(z.looseObject({ name: z.string(), ingredients: z.array(id) })),
  sort: z.looseObject({ price: z.boolean(), calories: z.boolean(), alcoholPercentage: z.boolean() }),
  conjunction: z.string(),
});

/** Social media kinds, CTA types and colours (doc 2 §3). */
export const socialKinds = ['facebook', 'instagram', 'twitter', 'yelp', 'website'] as const;
export const ctaTypes = [
  'link',
  'take_me_there',
  'website',
  'order_online',
  'order_ahead',
  'call_to_order',
] as const;
export const ctaColors = ['primary', 'secondary', 'tertiary'] as const;
export const qrTemplates = ['template_1', 'template_2', 'template_3', 'template_4'] as const;

/**
 * Restaurant with its profile (doc 2 §3): description (may contain markup), logo, restaurantType,
 * social (list of media, icon, url), qrSettings (colorDark, colorLight, backgroundImageAlpha),
 * selectedQrTemplate, templateMeta (keyed by template slug holding per-template field values; the
 * JSON text of the form arrives parsed), menu_period_transition (minutes), sideDishesLabel, cta
 * (type, label, link, newTab, color, lightText, enabled).
 */
export const restaurantProfile = restaurant.extend({
  description: z.string(),
  logo: picture,
  social: z.array(z.looseObject({ media: z.enum(socialKinds), icon: z.string(), url: z.string() })),
  qrSettings: z.looseObject({
    colorDark: z.string(),
    colorLight: z.string(),
    backgroundImageAlpha: z.number().min(0).max(1),
  }),
  selectedQrTemplate: z.enum(qrTemplates),
  templateMeta: z.record(z.string(), z.record(z.string(), z.string())),
  menu_period_transition: z.number().int().min(0).max(60),
  cta: z.looseObject({
    type: z.enum(ctaTypes),
    label: z.string(),
    link: z.string(),
    newTab: z.boolean(),
    color: z.enum(ctaColors),
    lightText: z.boolean(),
    enabled: z.boolean(),
  }),
});

/** template_meta (doc 1 §3): which colours and fonts are enabled, with defaults and descriptions. */
const slotMeta = z.looseObject({ enabled: z.boolean(), default: z.string(), description: z.string() });
const slots = z.looseObject({ primary: slotMeta, secondary: slotMeta, tertiary: slotMeta });

/** The menu templates with their template_meta, and the fixed list of 50 fonts (doc 1 §3, doc 3 §9). */
export const menuCatalog = z.looseObject({
  templates: z.array(
    z.looseObject({
      name: z.enum(templates),
      template_meta: z.looseObject({ colors: slots, fonts: slots }),
    }),
  ),
  fonts: z.array(z.string()).length(50),
});
