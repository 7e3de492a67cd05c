import { z } from 'zod';
import {
  allergenDeclarationSchema,
  allergenKeySchema,
  dishAllergenInputSchema,
  dishAllergensSchema,
  portionSchema,
} from './allergens.ts';
import { objectId } from './api.ts';
import { messages } from './messages.ts';
import { listPageQuery, MAX_PER_PAGE } from './pagination.ts';
import { translationsSchema } from './translations.ts';
import { ID_LIST_MAX, idList, jsonRecord, text } from './validation.ts';

/**
 * The owner's workshop (doc 1): ingredients, categories, dishes, menus, customizations, dietary.
 * Output shapes (what the API answers) and input payloads (what forms send), with the
 * specification's messages. Server presenters and the web client are typed by these.
 */

// ---------- shared pieces ----------

export const UPLOAD_LIMIT_BYTES = 10_485_760;
export const allowedImageExtensions = ['jpg', 'jpeg', 'png', 'webp'] as const;
export const COPY_SUFFIX = ' (copy)';
export const TABLE_PAGE_SIZE = 10;
export const DISH_PICKER_PAGE_SIZE = 24;

/** "Website addresses without http get https:// prefixed" (doc 1 §5). */
export const withScheme = (url: string): string => {
  const trimmed = url.trim();
  if (trimmed === '' || /^https?:\/\//i.test(trimmed)) return trimmed;
  return `https://${trimmed}`;
};

/** Price: digits with an optional decimal part (doc 1 §5). */
export const PRICE_PATTERN = /^\d+(\.\d{1,2})?$/;
/** The largest price the `numeric(10, 2)` columns hold. */
export const PRICE_MAX = 99_999_999.99;
/** The largest calories the `integer` column holds. */
export const CALORIES_MAX = 2_147_483_647;

export const dietaryTypes = ['diets', 'foodTypes', 'other'] as const;
export type DietaryType = (typeof dietaryTypes)[number];
export const dietaryTypeLabels: Record<DietaryType, string> = {
  diets: 'Diets',
  foodTypes: 'Food Types',
  other: 'Other',
};

export const dietaryListsSchema = z.object({
  diets: z.array(z.string()),
  foodTypes: z.array(z.string()),
  other: z.array(z.string()),
});
export type DietaryLists = z.infer<typeof dietaryListsSchema>;
/** Dietary names as forms send them: storable text, capped lists. */
const dietaryName = text().max(60, { error: messages.nameTooLong });
export const dietaryListsInputSchema = z.object({
  diets: z.array(dietaryName).max(500),
  foodTypes: z.array(dietaryName).max(500),
  other: z.array(dietaryName).max(500),
});
export const emptyDietary = (): DietaryLists => ({ diets: [], foodTypes: [], other: [] });

/**
 * A picture as the specification has it (`dish.image`, `menu.cover`, `menu.logo`): one path the
 * page can show (the largest WebP variant), or null. Beside it, `…Variants` lists every size.
 */
export const imageUrlSchema = z.string().nullable();

/** The WebP re-encodings of one uploaded picture (doc 1 §9, doc 2 §9): small, medium, large. */
export const imageVariantsSchema = z.object({
  thumb: z.string(),
  card: z.string(),
  full: z.string(),
});
export type ImageVariants = z.infer<typeof imageVariantsSchema>;

/**
 * A picture field sent back the way it was read (doc 2 §5: "existing paths (strings) pass"): a
 * path keeps the picture, null or '' clears it. New pictures travel as files.
 */
export const pictureFieldInput = z.string().max(2000).nullable().optional();
export const clearsPicture = (value: string | null | undefined): boolean => value === null || value === '';

/**
 * A picture picked from the media library (doc 2 §2, media picker): the item's `_id`. The server
 * copies that item's picture for the record, so deleting the item later never breaks the record.
 */
export const mediaPickInput = z
  .string()
  .regex(/^[0-9a-f]{24}$/, { error: messages.mediaPickInvalid })
  .optional();

/** The availability flag arrives as a boolean in JSON and as text in multipart forms. */
export const boolInput = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

const optionalNumber = (schema: z.ZodNumber) =>
  z
    .union([z.number(), z.string().trim()])
    .optional()
    .nullable()
    .transform((value) => (value === '' || value === undefined || value === null ? null : Number(value)))
    .pipe(schema.nullable());

// ---------- ingredients ----------

export const ingredientSchema = z.object({
  _id: objectId,
  name: z.string(),
  parent: z.object({ _id: objectId, name: z.string() }).nullable(),
  /** Its own allergen declaration (issue 23); `inherited` adds its parents'. */
  allergens: z.object({ contains: z.array(allergenKeySchema), mayContain: z.array(allergenKeySchema) }),
  /** What its parents declare, which it carries too (a child adds to its parent's). */
  inheritedAllergens: z.object({
    contains: z.array(allergenKeySchema),
    mayContain: z.array(allergenKeySchema),
  }),
  /** How many dishes use it. */
  count: z.number().int(),
  isAvailable: z.boolean(),
  fromParent: z.boolean(),
  createdAt: z.string(),
  /** Its texts in the restaurant's other languages (issue 24): language → field → text. */
  translations: translationsSchema,
});
export type Ingredient = z.infer<typeof ingredientSchema>;

export const ingredientNameField = text({ error: messages.fieldRequired })
  .trim()
  .min(1, { error: messages.fieldRequired })
  .max(100, { error: messages.nameTooLong });

export const createIngredientsSchema = z.object({
  ingredients: z.array(ingredientNameField).min(1, { error: messages.ingredientRequired }).max(500),
  parent: objectId.optional().nullable(),
  /** One declaration for every ingredient of the list (issue 23). */
  allergens: allergenDeclarationSchema.optional(),
  /** Translations for every ingredient of the list (issue 24): language → `name` → text. */
  translations: translationsSchema.optional(),
});
export const updateIngredientSchema = z.object({
  name: ingredientNameField,
  parent: objectId.optional().nullable(),
  isAvailable: z.boolean().optional(),
  /** Replaces its allergen declaration when sent (issue 23). */
  allergens: allergenDeclarationSchema.optional(),
  /** Translations to merge (issue 24): language → field → text; an empty text removes one; omitted, unchanged. */
  translations: translationsSchema.optional(),
});
/** The orders a page of each list may be asked in (the web tables' sorts, issue 21). */
export const dishSorts = ['created', 'name', 'price'] as const;
export const ingredientSorts = ['created', 'name', 'used'] as const;
export const categorySorts = ['created', 'name', 'dishes'] as const;
export type DishSort = (typeof dishSorts)[number];
export type IngredientSort = (typeof ingredientSorts)[number];
export type CategorySort = (typeof categorySorts)[number];

/**
 * With `page`: only the rows of these ids (at most 100, comma-separated), e.g. a form's chosen ones
 * read by id when the whole list is too large to read (issue 21).
 */
const idsQuery = z
  .string()
  .optional()
  .transform((value) => (value ? value.split(',').map((id) => id.trim()) : undefined))
  .pipe(
    z
      .array(z.string().regex(/^[0-9a-f]{24}$/, { error: messages.listIdsInvalid }), {
        error: messages.listIdsInvalid,
      })
      .max(MAX_PER_PAGE, { error: messages.listIdsInvalid })
      .optional(),
  );

const ingredientIdQuery = z.string().regex(/^[0-9a-f]{24}$/, { error: messages.listIngredientIdInvalid });

/** loadDishes (doc 1 §7): the whole list, or one page of it (issue 21). */
export const listDishesQuery = listPageQuery(dishSorts).extend({ ids: idsQuery });
export const listIngredientsQuery = listPageQuery(ingredientSorts).extend({
  exceptChildren: z.enum(['true', 'false']).optional(),
  exceptParentID: ingredientIdQuery.optional(),
  /** Only the ingredients inside this one (whether an ingredient has children, issue 21). */
  parentID: ingredientIdQuery.optional(),
  ids: idsQuery,
});
export const createIngredientsResultSchema = z.object({
  insertedIngredients: z.array(ingredientSchema),
  /** Names that exist already or repeat in the list: "{x} already exists.". */
  errors: z.array(z.string()),
});

// ---------- customizations ----------

export const customizationOptionSchema = z.object({
  _id: objectId,
  name: z.string().nullable(),
  ingredient: objectId.nullable(),
  price: z.number(),
  isAvailable: z.boolean(),
  /** Its ingredient's whole declaration (issue 23); empty without an ingredient. */
  allergens: z
    .object({ contains: z.array(allergenKeySchema), mayContain: z.array(allergenKeySchema) })
    .optional(),
});
export const customizationSchema = z.object({
  _id: objectId,
  name: z.string(),
  isCustom: z.boolean(),
  isFixedPrice: z.boolean(),
  isAvailable: z.boolean(),
  options: z.array(customizationOptionSchema),
  /** Its texts in the restaurant's other languages (issue 24): language → field → text. */
  translations: translationsSchema,
});
export type Customization = z.infer<typeof customizationSchema>;
export type CustomizationOption = z.infer<typeof customizationOptionSchema>;

const optionInput = z.object({
  _id: objectId.optional(),
  name: text().trim().max(100).optional().nullable(),
  ingredient: objectId.optional().nullable(),
  price: z.coerce
    .number({ error: messages.priceInvalid })
    .min(0, { error: messages.priceInvalid })
    .max(PRICE_MAX, { error: messages.priceInvalid }),
  isAvailable: z.boolean().optional().default(true),
});

/**
 * One customization as a form sends it (doc 1 §5): a name; custom options need a name, ingredient
 * options an ingredient; at least one option; no ingredient twice.
 */
export const customizationInputSchema = z
  .object({
    _id: objectId.optional(),
    name: text({ error: messages.fillThisField }).trim().min(1, { error: messages.fillThisField }).max(100),
    isCustom: z.boolean(),
    isFixedPrice: z.boolean(),
    isAvailable: z.boolean().optional().default(true),
    options: z.array(optionInput).min(1, { error: messages.fillThisField }).max(500),
    /** Translations to merge (issue 24): language → field → text; an empty text removes one; omitted, unchanged. */
    translations: translationsSchema.optional(),
  })
  .superRefine((value, ctx) => {
    value.options.forEach((option, index) => {
      if (value.isCustom && !option.name?.trim()) {
        ctx.addIssue({ code: 'custom', path: ['options', index, 'name'], message: messages.fillThisField });
      }
      if (!value.isCustom && !option.ingredient) {
        ctx.addIssue({
          code: 'custom',
          path: ['options', index, 'ingredient'],
          message: messages.fieldRequired,
        });
      }
    });
  });
export type CustomizationInput = z.input<typeof customizationInputSchema>;

export const setCustomizationsSchema = z.object({
  customizations: z.array(customizationInputSchema).max(200),
});

/**
 * Customization price (decisions §4): fixed adds dollars; otherwise a percentage of the dish's base
 * price, rounded half-up to cents.
 */
export function optionPrice(basePrice: number, option: { price: number }, isFixedPrice: boolean): number {
  if (isFixedPrice) return Math.round(option.price * 100) / 100;
  // In whole cents first: 3.30 × 15 % is 49.5 cents exactly, which rounds up to 0.50.
  const baseCents = Math.round(basePrice * 100);
  const cents = (baseCents * option.price) / 100;
  return Math.round(cents + 1e-9) / 100;
}

// ---------- categories ----------

export const categorySchema = z.object({
  _id: objectId,
  name: z.string(),
  isAvailable: z.boolean(),
  /** Dish ids in the category's order. */
  dishes: z.array(objectId),
  /** The first menu that shows this category (doc 1 §3 `menu`), and all of them. */
  menu: objectId.nullable(),
  menus: z.array(objectId),
  fromParent: z.boolean(),
  createdAt: z.string(),
  /** Its texts in the restaurant's other languages (issue 24): language → field → text. */
  translations: translationsSchema,
});
export type Category = z.infer<typeof categorySchema>;

export const categoryNameField = text({ error: messages.categoryNameRequired })
  .trim()
  .min(1, { error: messages.categoryNameRequired })
  .max(100, { error: messages.nameTooLong });

export const createCategorySchema = z.object({
  name: categoryNameField,
  isAvailable: z.boolean().optional().default(true),
  dishes: idList().optional().default([]),
  /** The selected menu the new category joins (doc 1 §5). */
  menu: objectId.optional().nullable(),
  /** Translations to merge (issue 24): language → field → text; an empty text removes one; omitted, unchanged. */
  translations: translationsSchema.optional(),
});
export const updateCategorySchema = z.object({
  name: categoryNameField,
  isAvailable: z.boolean().optional(),
  dishes: idList().optional(),
  /** Translations to merge (issue 24): language → field → text; an empty text removes one; omitted, unchanged. */
  translations: translationsSchema.optional(),
});
/** loadCategories (doc 1 §7): all visible categories, or only one menu's in the menu's order. */
export const listCategoriesQuery = listPageQuery(categorySorts).extend({ menu: objectId.optional() });
export const idsSchema = z.object({ ids: z.array(objectId).min(1).max(1000) });
export const addDishesSchema = z.object({ categoryID: objectId, dishesID: idList().min(1) });
export const removeDishSchema = z.object({ categoryID: objectId, dishID: objectId });
export const cloneSchema = z.object({
  /** The new name; the client retries with another " (copy)" on 412. */
  name: text().trim().min(1).max(150).optional(),
  isAvailable: z.boolean().optional(),
});

// ---------- dishes ----------

export const dishSchema = z.object({
  _id: objectId,
  name: z.string(),
  description: z.string(),
  price: z.number(),
  calories: z.number().nullable(),
  /** The portion the calories are for (England's rule, issue 23). */
  portion: z.string().nullable(),
  alcoholPercentage: z.number().nullable(),
  image: imageUrlSchema,
  imageVariants: imageVariantsSchema.nullable(),
  isAvailable: z.boolean(),
  ingredients: z.array(z.object({ ingredient: z.object({ _id: objectId, name: z.string() }) })),
  /** Derived on the server: its ingredients' declarations and its own additions (issue 23). */
  allergens: dishAllergensSchema,
  /** The dish's own part: what the kitchen adds (cross-contact) and whether the owner confirmed. */
  ownAllergens: z.object({
    contains: z.array(allergenKeySchema),
    mayContain: z.array(allergenKeySchema),
    declared: z.boolean(),
  }),
  sideDishes: z.array(objectId),
  customizations: z.object({ selected: z.array(objectId), custom: z.array(customizationSchema) }),
  /** The first category holding the dish, and all of them. */
  category: objectId.nullable(),
  categories: z.array(objectId),
  dietaryConsiderations: z.object({ selected: dietaryListsSchema, admin: dietaryListsSchema }),
  fromParent: z.boolean(),
  createdAt: z.string(),
  /**
   * Its texts in the restaurant's other languages (issue 24): `name`, `description`, and its own
   * customizations' `custom.{customizationId}.name` and `custom.{customizationId}.option.{optionId}`.
   */
  translations: translationsSchema,
});
export type Dish = z.infer<typeof dishSchema>;

const dishNameField = text({ error: messages.dishNameRequired })
  .trim()
  .min(1, { error: messages.dishNameRequired })
  .max(150, { error: messages.nameTooLong });
const dishDescriptionField = text().max(20_000);
const dishPriceField = z
  .union([z.number(), z.string().trim()])
  .transform((value) => String(value))
  .refine((value) => PRICE_PATTERN.test(value) && Number(value) <= PRICE_MAX, {
    error: messages.priceInvalid,
  })
  .transform(Number);
const dishCaloriesField = optionalNumber(
  z
    .number()
    .int()
    .min(0, { error: messages.caloriesNegative })
    .max(CALORIES_MAX, { error: messages.caloriesTooHigh }),
);
const dishAlcoholField = optionalNumber(
  z.number().min(0, { error: messages.alcoholNegative }).max(100, { error: messages.alcoholTooHigh }),
);

/**
 * One of a dish's ingredients as a client sends it: the id, or, as doc 1 §3 describes the dish,
 * an object holding the ingredient reference (`{ingredient: id}`, or `{ingredient: {_id}}` as the
 * API answers it, so a dish read can be sent back). Every form becomes the id.
 */
export const dishIngredientInput = z
  .union([objectId, z.object({ ingredient: z.union([objectId, z.object({ _id: objectId })]) })])
  .transform((entry) =>
    typeof entry === 'string'
      ? entry
      : typeof entry.ingredient === 'string'
        ? entry.ingredient
        : entry.ingredient._id,
  );

const dishIngredientsField = z
  .array(dishIngredientInput)
  .max(ID_LIST_MAX, { error: messages.tooManyItems(ID_LIST_MAX) });
const dishCustomField = z.array(customizationInputSchema).max(200);

const dishDietaryField = z.object({ selected: dietaryListsInputSchema, admin: dietaryListsInputSchema });

/**
 * A dish as the form sends it, in JSON or as multipart text fields (lists and objects as JSON text).
 * The image travels as a file part named `image`; `removeImage: true` (or `image` null or '') clears it.
 */
export const dishInputSchema = z.object({
  name: dishNameField,
  description: dishDescriptionField.optional().default(''),
  price: dishPriceField,
  calories: dishCaloriesField,
  portion: portionSchema,
  alcoholPercentage: dishAlcoholField,
  isAvailable: boolInput.optional().default(true),
  /** The dish's own allergen part (issue 23): additions and the owner's confirmation. */
  allergens: dishAllergenInputSchema.optional(),
  category: objectId.optional().nullable(),
  ingredients: dishIngredientsField.optional().default([]),
  sideDishes: idList().optional().default([]),
  customizations: z
    .object({
      selected: idList().default([]),
      custom: dishCustomField.default([]),
    })
    .optional()
    .default({ selected: [], custom: [] }),
  dietaryConsiderations: dishDietaryField
    .optional()
    .default({ selected: emptyDietary(), admin: emptyDietary() }),
  image: pictureFieldInput,
  removeImage: boolInput.optional().default(false),
  /** A media library item to use as the image (instead of a file). */
  imageMedia: mediaPickInput,
  /** Translations to merge (issue 24): language → field → text; an empty text removes one; omitted, unchanged. */
  translations: translationsSchema.optional(),
});
export type DishInput = z.input<typeof dishInputSchema>;

/**
 * A dish update changes only the fields it sends, like a menu update (the form may still send them
 * all). A list, when sent, replaces the dish's; inside `customizations`, `selected` and `custom`
 * each change only when sent. Same rules and messages as creation.
 */
export const dishUpdateSchema = z.object({
  name: dishNameField.optional(),
  description: dishDescriptionField.optional(),
  price: dishPriceField.optional(),
  calories: dishCaloriesField.optional(),
  portion: portionSchema.optional(),
  alcoholPercentage: dishAlcoholField.optional(),
  isAvailable: boolInput.optional(),
  allergens: dishAllergenInputSchema.optional(),
  category: objectId.optional().nullable(),
  ingredients: dishIngredientsField.optional(),
  sideDishes: idList().optional(),
  customizations: z
    .object({
      selected: idList().optional(),
      custom: dishCustomField.optional(),
    })
    .optional(),
  dietaryConsiderations: dishDietaryField.optional(),
  image: pictureFieldInput,
  removeImage: boolInput.optional(),
  imageMedia: mediaPickInput,
  /** Translations to merge (issue 24): language → field → text; an empty text removes one; omitted, unchanged. */
  translations: translationsSchema.optional(),
});
export type DishUpdate = z.input<typeof dishUpdateSchema>;

export const updateDietarySchema = z.object({
  name: text({ error: messages.dietaryRequired }).trim().min(1, { error: messages.dietaryRequired }).max(60),
  type: z.enum(dietaryTypes),
  /** The previous name when renaming; absent when adding. */
  defaultValue: text().trim().max(60).optional().nullable(),
  dish_id: objectId.optional().nullable(),
});
export const deleteDietarySchema = z.object({
  type: z.enum(dietaryTypes),
  name: text().trim().min(1).max(60),
});

/** The platform lists (admin) and the restaurant's own additions. */
export const dietaryResponseSchema = z.object({
  dietaryConsiderations: z.object({ admin: dietaryListsSchema, own: dietaryListsSchema }),
});

// ---------- menus ----------

export const menuTemplates = ['Classic Template', 'Pizza Restaurant', 'Sushi Restaurant'] as const;
export type MenuTemplate = (typeof menuTemplates)[number];

export const colorTriple = z.object({
  primary: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  secondary: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  tertiary: z.string().regex(/^#[0-9a-fA-F]{6}$/),
});
export const fontTriple = z.object({
  primary: text().max(60),
  secondary: text().max(60),
  tertiary: text().max(60),
});

export const weekDays = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Time must be HH:mm' });
export const scheduleSchema = z.object({
  monday: z.boolean(),
  tuesday: z.boolean(),
  wednesday: z.boolean(),
  thursday: z.boolean(),
  friday: z.boolean(),
  saturday: z.boolean(),
  sunday: z.boolean(),
  startTime: timeOfDay,
  endTime: timeOfDay,
});

export const showCtaSchema = z.object({
  title: text().max(100),
  content: text().max(500),
  emails: z.array(z.string()),
});

/** GET /api/menus: the whole list, or one page of it searched by name (issue 21). */
export const menuSorts = ['created', 'name'] as const;
export type MenuSort = (typeof menuSorts)[number];
export const listMenusQuery = listPageQuery(menuSorts);

export const menuSchema = z.object({
  _id: objectId,
  name: z.string(),
  description: z.string(),
  categories: z.array(z.object({ category: objectId, valid: z.boolean() })),
  cover: imageUrlSchema,
  coverVariants: imageVariantsSchema.nullable(),
  logo: imageUrlSchema,
  logoVariants: imageVariantsSchema.nullable(),
  colors: colorTriple,
  fonts: fontTriple,
  selectedTemplate: z.enum(menuTemplates),
  templateMeta: z.record(z.string(), z.unknown()),
  showCTA: showCtaSchema,
  displayIngredients: z.boolean(),
  displayDietary: z.boolean(),
  displaySideDishes: z.boolean(),
  draft: z.boolean(),
  fromParent: z.boolean(),
  valid: scheduleSchema,
  twentyFourHoursMenuAvailable: z.boolean(),
  createdAt: z.string(),
  /** Its texts in the restaurant's other languages (issue 24): language → field → text. */
  translations: translationsSchema,
});
export type Menu = z.infer<typeof menuSchema>;

/** A menu as its form sends it (multipart text fields; objects as JSON text; cover/logo as files). */
export const menuInputSchema = z.object({
  name: text({ error: messages.menuNameRequired })
    .trim()
    .min(1, { error: messages.menuNameRequired })
    .max(150, { error: messages.nameTooLong }),
  description: text().max(2000).optional().default(''),
  categories: z
    .array(z.object({ category: objectId, valid: z.boolean().default(true) }))
    .max(ID_LIST_MAX, { error: messages.tooManyItems(ID_LIST_MAX) })
    .optional()
    .default([]),
  colors: colorTriple.optional(),
  fonts: fontTriple.optional(),
  selectedTemplate: z.enum(menuTemplates).optional().default('Classic Template'),
  templateMeta: jsonRecord().optional(),
  showCTA: showCtaSchema
    .extend({ emails: z.array(text().max(254)).max(50) })
    .superRefine((cta, ctx) => {
      const emails = cta.emails.map((email) => email.trim().toLowerCase()).filter(Boolean);
      if (emails.length === 0)
        ctx.addIssue({ code: 'custom', path: ['emails'], message: messages.menuCtaEmailRequired });
      if (new Set(emails).size !== emails.length) {
        ctx.addIssue({ code: 'custom', path: ['emails'], message: messages.menuCtaEmailsUnique });
      }
      if (emails.some((email) => !z.email().safeParse(email).success)) {
        ctx.addIssue({ code: 'custom', path: ['emails'], message: messages.emailInvalid });
      }
    })
    .optional(),
  displayIngredients: boolInput.optional(),
  displayDietary: boolInput.optional(),
  displaySideDishes: boolInput.optional(),
  draft: boolInput.optional(),
  cover: pictureFieldInput,
  logo: pictureFieldInput,
  removeCover: boolInput.optional(),
  removeLogo: boolInput.optional(),
  /** Media library items to use as cover and logo (instead of files). */
  coverMedia: mediaPickInput,
  logoMedia: mediaPickInput,
  /** Translations to merge (issue 24): language → field → text; an empty text removes one; omitted, unchanged. */
  translations: translationsSchema.optional(),
});
export type MenuInput = z.input<typeof menuInputSchema>;

/**
 * A menu update changes only the fields it sends (the Publish/UnPublish buttons may send `{draft}`
 * alone); `categories`, when sent, replaces the menu's list in that order. Same messages as creation.
 */
export const menuUpdateSchema = menuInputSchema.extend({
  name: menuInputSchema.shape.name.optional(),
  description: text().max(2000).optional(),
  categories: z
    .array(z.object({ category: objectId, valid: z.boolean().default(true) }))
    .max(ID_LIST_MAX, { error: messages.tooManyItems(ID_LIST_MAX) })
    .optional(),
  selectedTemplate: z.enum(menuTemplates).optional(),
});
export type MenuUpdate = z.input<typeof menuUpdateSchema>;

/** Colours of a new menu (doc 1 §3). */
export const defaultMenuColors = { primary: '#ff1616', secondary: '#83cdf1', tertiary: '#f46d26' } as const;
/** The issue-report block of a new menu (doc 1 §3, §9); its emails default to the creator's own. */
export const defaultMenuCta = {
  title: 'REPORT AN ISSUE',
  content: 'Prices on this menu are set directly by the merchant',
} as const;

const categoryDishesEntry = z.object({ categoryID: objectId, dishes: idList() });

/**
 * reorderMenu (doc 1 §7): `{categories, menu_id, categoryDishes: {categoryID, dishes}}`. The
 * specification sends one category's dishes as an object; a list of them is accepted too, and
 * either becomes a list.
 */
export const reorderSchema = z.object({
  menu_id: objectId,
  categories: idList(),
  categoryDishes: z
    .union([
      categoryDishesEntry,
      z.array(categoryDishesEntry).max(1000, { error: messages.tooManyItems(1000) }),
    ])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
});
export const selectCategoriesSchema = z.object({
  menu: objectId,
  selected: z
    .array(z.object({ category: objectId, valid: z.boolean().optional().default(true) }))
    .max(ID_LIST_MAX, { error: messages.tooManyItems(ID_LIST_MAX) }),
});
export const removeCategoryFromMenuSchema = z.object({ menuID: objectId, categoryID: objectId });

// ---------- CSV import (decisions §4) ----------

export const csvResultSchema = z.object({
  successMessage: z.string(),
  existValidationError: z.array(z.string()),
  validationError: z.array(z.object({ row: z.number().int(), message: z.string() })),
  duplicateErrors: z.array(z.string()),
});
export type CsvResult = z.infer<typeof csvResultSchema>;

/** The next name to try for a copy: "X (copy)", then "X (copy) (copy)" after a 412 (doc 1 §4). */
export const copyName = (name: string): string => `${name}${COPY_SUFFIX}`;

// ---------- timelines (doc 2 §2 "Timeline screen", §3, §5, §7; decisions §4) ----------

/**
 * A time as the timeline form sends it: "HH:mm", or "H:mm", which is stored zero-padded. Time
 * strings without a colon are rejected (doc 2 §5), so "0930" is never read as 09:30.
 */
export const timelineTimeField = z
  .string({ error: messages.timeInvalid })
  .trim()
  .regex(/^([01]?\d|2[0-3]):[0-5]\d$/, { error: messages.timeInvalid })
  .transform((value) => value.padStart(5, '0'));

/** Days and hours as the timeline form sends them; the output is what `scheduleSchema` reads. */
export const timelineScheduleSchema = z.object({
  monday: z.boolean(),
  tuesday: z.boolean(),
  wednesday: z.boolean(),
  thursday: z.boolean(),
  friday: z.boolean(),
  saturday: z.boolean(),
  sunday: z.boolean(),
  startTime: timelineTimeField,
  endTime: timelineTimeField,
});
export type TimelineScheduleInput = z.input<typeof timelineScheduleSchema>;

/**
 * updateMenuTimeline (doc 2 §7): a menu's days and hours. With `twentyFourHoursMenuAvailable` the
 * checked days are open all day and the times are kept for when the flag is turned off.
 */
export const updateMenuTimelineSchema = z.object({
  _id: objectId,
  valid: timelineScheduleSchema,
  twentyFourHoursMenuAvailable: z.boolean(),
});
export type UpdateMenuTimelineInput = z.input<typeof updateMenuTimelineSchema>;

/**
 * One entry of updateCategoriesTimeline: a category's own days and hours in that menu (doc 2 §3
 * "Category adjustment"), or `remove: true` to let it follow the menu's hours again.
 */
export const categoryAdjustmentInputSchema = z
  .object({
    category: objectId,
    remove: z.boolean().optional(),
    valid: timelineScheduleSchema.optional(),
    twentyFourHoursAvailable: z.boolean().optional(),
  })
  .superRefine((entry, ctx) => {
    if (entry.remove) return;
    if (!entry.valid || entry.twentyFourHoursAvailable === undefined) {
      ctx.addIssue({ code: 'custom', path: ['valid'], message: messages.adjustmentIncomplete });
    }
  });
export type CategoryAdjustmentInput = z.input<typeof categoryAdjustmentInputSchema>;

/** updateCategoriesTimeline (doc 2 §7): entries for categories of one menu; the last entry of a category wins. */
export const updateCategoriesTimelineSchema = z.object({
  menu_id: objectId,
  categoriesAdjustments: z.array(categoryAdjustmentInputSchema).max(500),
});
export type UpdateCategoriesTimelineInput = z.input<typeof updateCategoriesTimelineSchema>;

/** A category's own days and hours in one menu (doc 2 §3), as the API answers it. */
export const categoryAdjustmentSchema = z.object({
  category: z.object({ _id: objectId, name: z.string() }),
  valid: scheduleSchema,
  twentyFourHoursAvailable: z.boolean(),
});
export type CategoryAdjustment = z.infer<typeof categoryAdjustmentSchema>;

/**
 * What the timeline screen reads for one menu: the menu, the restaurant's IANA time zone every
 * schedule is evaluated in (decisions §4), and each of the menu's categories in order with its
 * adjustment (null: it follows the menu's hours).
 */
export const menuTimelineSchema = z.object({
  menu: menuSchema,
  timeZone: z.string(),
  categories: z.array(
    z.object({
      category: z.object({ _id: objectId, name: z.string(), isAvailable: z.boolean() }),
      adjustment: z.object({ valid: scheduleSchema, twentyFourHoursAvailable: z.boolean() }).nullable(),
    }),
  ),
});
export type MenuTimeline = z.infer<typeof menuTimelineSchema>;
