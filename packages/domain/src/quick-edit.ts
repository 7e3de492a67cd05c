import { z } from 'zod';
import { objectId } from './api.ts';
import { messages } from './messages.ts';
import { listPageQuery, paginatedSchema } from './pagination.ts';
import type { PermissionKey } from './permissions.ts';
import { ID_LIST_MAX } from './validation.ts';

/**
 * Quick edit (doc 2 §2, §4, §7 "quick edit get/update"; /toggle-list): availability switches for
 * menus (published or draft), categories, dishes, ingredients and restaurant-wide customizations
 * with their options. Each section follows one permission flag (doc 2 §6: "Permission keys restrict
 * sections in quick edit"); the route itself needs any of menu, category, dish, ingredient.
 */
export const quickEditSections = ['menus', 'categories', 'dishes', 'ingredients', 'customizations'] as const;
export type QuickEditSection = (typeof quickEditSections)[number];

export const quickEditSectionFlag: Record<QuickEditSection, PermissionKey> = {
  menus: 'menu',
  categories: 'category',
  dishes: 'dish',
  ingredients: 'ingredient',
  customizations: 'restaurant',
};

/** Who may open quick edit at all (doc 2 §6, doc 3 §6): any of these flags. */
export const quickEditFlags: readonly PermissionKey[] = ['menu', 'category', 'dish', 'ingredient'];

// ---- GET /settings/quick-edit?menuId= (&section=&page=&per_page=&search=) ----

/** The order a section's page may be asked in, besides its own (issue 21). */
export const quickEditSorts = ['name'] as const;
export type QuickEditSort = (typeof quickEditSorts)[number];

/**
 * Without `page`, every section the caller may use, whole (doc 2 §7). With `page` (issue 21), one
 * page of one `section` in the paginated shape, its rows in `data`: `section` and `page` go together.
 */
export const quickEditQuerySchema = listPageQuery(quickEditSorts)
  .extend({
    /** Narrows categories, dishes and ingredients to what this menu holds (doc 2 §7 "by menuId"). */
    menuId: objectId.optional(),
    section: z.enum(quickEditSections, { error: messages.quickEditSectionWithPage }).optional(),
  })
  .refine((query) => (query.page === undefined) === (query.section === undefined), {
    error: messages.quickEditSectionWithPage,
    path: ['section'],
  });

const item = {
  _id: objectId,
  name: z.string(),
  /** Available (for menus: published). */
  checked: z.boolean(),
  /** A parent restaurant's record, shown locked: a location cannot switch it (decisions §4). */
  fromParent: z.boolean(),
};

export const quickEditMenuSchema = z.object(item);
export const quickEditCategorySchema = z.object({ ...item, dishCount: z.number().int() });
export const quickEditDishSchema = z.object({
  ...item,
  /** The categories the dish sits in (of the menu, with menuId), for its line and the search. */
  categories: z.array(z.object({ _id: objectId, name: z.string() })),
});
export const quickEditIngredientSchema = z.object({
  ...item,
  /** How many dishes use it: switched off, those dishes leave the public menu. */
  dishCount: z.number().int(),
});
export const quickEditOptionSchema = z.object({ _id: objectId, name: z.string(), checked: z.boolean() });
export const quickEditCustomizationSchema = z.object({
  ...item,
  options: z.array(quickEditOptionSchema),
});

/** A section the caller's flags do not open is absent (doc 2 §6). */
export const quickEditSchema = z.object({
  menuId: objectId.nullable(),
  menus: z.array(quickEditMenuSchema).optional(),
  categories: z.array(quickEditCategorySchema).optional(),
  dishes: z.array(quickEditDishSchema).optional(),
  ingredients: z.array(quickEditIngredientSchema).optional(),
  customizations: z.array(quickEditCustomizationSchema).optional(),
});

/** Each section's rows, by section: a page's `data` holds one of these. */
export const quickEditItemSchemas = {
  menus: quickEditMenuSchema,
  categories: quickEditCategorySchema,
  dishes: quickEditDishSchema,
  ingredients: quickEditIngredientSchema,
  customizations: quickEditCustomizationSchema,
} as const;

/**
 * One page of one section (issue 21). The richest rows come first: a union keeps the first shape
 * that reads a row, and a menu's shape would read (and strip) every other.
 */
export const quickEditPageSchema = z.union([
  paginatedSchema(quickEditCustomizationSchema),
  paginatedSchema(quickEditDishSchema),
  paginatedSchema(quickEditIngredientSchema),
  paginatedSchema(quickEditMenuSchema),
]);

export type QuickEditItem<S extends QuickEditSection> = z.infer<(typeof quickEditItemSchemas)[S]>;
export type QuickEditMenu = z.infer<typeof quickEditMenuSchema>;
export type QuickEditCategory = z.infer<typeof quickEditCategorySchema>;
export type QuickEditDish = z.infer<typeof quickEditDishSchema>;
export type QuickEditIngredient = z.infer<typeof quickEditIngredientSchema>;
export type QuickEditCustomization = z.infer<typeof quickEditCustomizationSchema>;
export type QuickEdit = z.infer<typeof quickEditSchema>;

// ---- PUT /settings/quick-edit ----

const toggleId = z.string({ error: messages.quickEditIdInvalid }).regex(/^[0-9a-f]{24}$/, {
  error: messages.quickEditIdInvalid,
});
const toggle = {
  id: toggleId,
  checked: z.boolean({ error: messages.quickEditCheckedInvalid }),
};

/** A list of switches: at most ID_LIST_MAX, each id once. */
const toggleList = <T extends z.ZodObject<{ id: typeof toggleId }>>(entry: T) =>
  z
    .array(entry)
    .max(ID_LIST_MAX, { error: messages.tooManyItems(ID_LIST_MAX) })
    .refine((list) => new Set(list.map((one) => one.id)).size === list.length, {
      error: messages.quickEditRepeated,
    })
    .optional()
    .default([]);

export const quickEditToggleSchema = z.object(toggle);
export const quickEditCustomizationToggleSchema = z.object({
  ...toggle,
  /** Its options' switches (ids of this customization's options). */
  options: toggleList(quickEditToggleSchema),
});

/**
 * The largest PUT /settings/quick-edit body read (issue 21): five lists of 10,000 switches
 * (`{"id":"…","checked":false}`, 45 bytes) are 2.25 MB; 4 MiB leaves room for customizations'
 * options. A larger body answers 413 before it is read.
 */
export const QUICK_EDIT_BODY_LIMIT = 4 * 1024 * 1024;

/** `{menus, categories, dishes, ingredients, customizations: [{id, checked}]}` (doc 2 §7). */
export const quickEditUpdateSchema = z.object({
  menus: toggleList(quickEditToggleSchema),
  categories: toggleList(quickEditToggleSchema),
  dishes: toggleList(quickEditToggleSchema),
  ingredients: toggleList(quickEditToggleSchema),
  customizations: toggleList(quickEditCustomizationToggleSchema),
});

export type QuickEditToggle = z.infer<typeof quickEditToggleSchema>;
export type QuickEditUpdateInput = z.input<typeof quickEditUpdateSchema>;

/**
 * The answer: `menusUpdatedSuccessfully` false when publishing needed a subscription the restaurant
 * lacks; every other change was still saved (doc 2 §4), and `notice` says so.
 */
export const quickEditResultSchema = z.object({
  menusUpdatedSuccessfully: z.boolean(),
  notice: z.string(),
});
export type QuickEditResult = z.infer<typeof quickEditResultSchema>;
