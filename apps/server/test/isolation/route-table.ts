import type { Role } from '@carte/domain';
import type { RequestSpec, Tenant } from './tenants.ts';

/**
 * The isolation suite's table: every operation of GET /api/docs/json, keyed `METHOD /path` as the
 * document writes it, says how a request aims at another restaurant's records — or why it takes no
 * such id. coverage.test.ts fails when the document has an operation this table lacks, or the table
 * one the document lost, so a new route must be placed here to pass.
 */

/**
 * What the request does to the record it aims at, which decides what a location of that record's
 * restaurant may do with it (decisions §4: a parent's records are visible, read-only, copyable):
 * - read: reads it (a location gets 2xx);
 * - write: changes it (a location gets 403);
 * - copy: copies it into the caller's own restaurant (a location gets 2xx);
 * - use: changes the caller's own records so they refer to it (a location gets 2xx);
 * - private: it is never shared, not even with a location (everyone else is refused).
 * Everyone else — the other restaurant's owner, members, locations, clients, resellers and admins —
 * is refused with 403 or 404 and nothing changes anywhere.
 */
export type Access = 'read' | 'write' | 'copy' | 'use' | 'private';

/** What a request builder gets: whose records it aims at and the caller's own. */
export interface Aim {
  /** The records aimed at: restaurant B's in the matrix, the caller's own in the control. */
  target: Tenant;
  /** The acting restaurant's own records (A's for users without a restaurant: they are refused first). */
  own: Tenant;
  /** The caller's refresh token, for the operations that take one. */
  refreshToken: string;
  /** A name never used before, for bodies that create things. */
  fresh: (label: string) => string;
}

export interface Variant {
  /** What the request aims at, for the test's name. */
  aim: string;
  access: Access;
  request: (aim: Aim) => RequestSpec;
  /** The refusals the specification gives this request; 403 and 404 unless said. */
  refusal?: readonly number[];
  /**
   * The id only narrows the caller's own answer: a request naming another restaurant's record must
   * answer exactly what this request (without it) answers.
   */
  sameAs?: (aim: Aim) => RequestSpec;
  /** Roles allowed by design to reach any restaurant's record with this request, and why. */
  allowed?: { roles: readonly Role[]; reason: string };
  /** Why no control runs (the control sends the request at the caller's own records and wants 2xx). */
  noControl?: string;
}

export type RouteEntry =
  /** Takes ids of records: every actor aims it at restaurant B. */
  | { kind: 'targets'; variants: Variant[] }
  /** Answers the caller's own restaurant (or account) without taking an id; GETs are checked to show no B id. */
  | { kind: 'session-scoped'; reason: string }
  /** No sign-in: any restaurant's published data by design. `probe` names a check in public.test.ts. */
  | { kind: 'public'; reason: string; probe?: string }
  /** Acts on the signed-in account only, or takes no record id at all (tokens, prices, names). */
  | { kind: 'no-record-id'; reason: string };

// ---------- bodies: one place for every payload the table sends ----------

const days = {
  monday: true,
  tuesday: true,
  wednesday: true,
  thursday: true,
  friday: true,
  saturday: false,
  sunday: false,
};

/** Valid payloads of today's schemas (packages/domain/src/workshop.ts), with the ids filled in. */
export const bodies = {
  ids: (ids: string[]) => ({ ids }),
  /**
   * A layout (POST /maps) of one zone holding one display with these menus; the display keeps
   * `displayId` when given (so the tenant's display survives), else the browser-made id is replaced.
   */
  layout: (restaurantId: string, menus: string[], displayId = 'display-1') => ({
    locations: [
      {
        _id: restaurantId,
        zones: [
          {
            _id: 'zone-1',
            name: 'Terrace',
            maps: [{ _id: displayId, name: 'Table 1', menus: menus.map((menu) => ({ menu })) }],
          },
        ],
      },
    ],
  }),
  clone: (aim: Aim) => ({ name: aim.fresh('Copy') }),
  dish: (aim: Aim, refs: Record<string, unknown> = {}) => ({ name: aim.fresh('Dish'), price: 4.5, ...refs }),
  /** A dish's ingredients as the dish form sends them (the fixtures use it too). */
  dishIngredients: (ids: string[]) => ({ ingredients: ids }),
  dishOption: (ingredient: string) => ({
    customizations: {
      selected: [],
      custom: [{ name: 'Extras', isCustom: false, isFixedPrice: true, options: [{ ingredient, price: 1 }] }],
    },
  }),
  category: (aim: Aim, refs: Record<string, unknown> = {}) => ({ name: aim.fresh('Category'), ...refs }),
  menu: (aim: Aim, refs: Record<string, unknown> = {}) => ({ name: aim.fresh('Menu'), ...refs }),
  ingredients: (aim: Aim, parent?: string) => ({
    ingredients: [aim.fresh('Ingredient')],
    ...(parent ? { parent } : {}),
  }),
  ingredientUpdate: (aim: Aim, parent?: string) => ({
    name: aim.fresh('Ingredient'),
    ...(parent ? { parent } : {}),
  }),
  menuTimeline: (menu: string) => ({
    _id: menu,
    valid: { ...days, startTime: '09:00', endTime: '17:00' },
    twentyFourHoursMenuAvailable: false,
  }),
  categoriesTimeline: (menu: string, category: string) => ({
    menu_id: menu,
    categoriesAdjustments: [
      { category, valid: { ...days, startTime: '11:00', endTime: '14:00' }, twentyFourHoursAvailable: false },
    ],
  }),
  customization: (option: { name?: string; ingredient?: string }, id?: string) => ({
    customizations: [
      {
        ...(id ? { _id: id } : {}),
        name: 'Size',
        isCustom: option.ingredient === undefined,
        isFixedPrice: true,
        options: [{ ...option, price: 1 }],
      },
    ],
  }),
  filter: (ingredient: string) => ({
    enabled: true,
    filter: [{ name: 'Grains', ingredients: [ingredient] }],
  }),
  /** One image for the media library, as its upload dialog sends it (`images[0]`). */
  mediaUpload: (filename: string, content: Uint8Array<ArrayBuffer>) => ({
    fields: {},
    files: [{ field: 'images[0]', filename, content }],
  }),
  mediaCrop: (img: string) => ({ img, rect: { x: 0, y: 0, width: 32, height: 32 } }),
  memberInvite: (email: string) => ({ firstName: 'Noor', email, permissions: { dish: true } }),
  categoriesCsv: (aim: Aim, menu: string) => ({
    fields: { menu },
    files: [{ field: 'csv', filename: 'categories.csv', content: `name\n${aim.fresh('Imported')}\n` }],
  }),
  /** A translation CSV naming one dish's name (issue 24 §3). */
  translationCsv: (_aim: Aim, dish: string) => ({
    fields: {},
    files: [
      {
        field: 'file',
        filename: 'translations.csv',
        content: `kind,id,field,source,translation\ndish,${dish},name,Soup,Soupe\n`,
      },
    ],
  }),
};

// ---------- the table ----------

const one = (access: Access, aim: string, request: Variant['request'], extra: Partial<Variant> = {}) => ({
  kind: 'targets' as const,
  variants: [{ access, aim, request, ...extra }],
});
const id = (value: string) => ({ params: { id: value } });
const resellerControl =
  "a reseller's own clients only (an owner is refused every /dma call): isolation/resellers.test.ts controls them";

export const routeTable: Record<string, RouteEntry> = {
  // ---- menus ----
  'GET /api/menus': { kind: 'session-scoped', reason: "the caller's menus and its parent's" },
  'POST /api/menus': {
    kind: 'targets',
    variants: [
      {
        access: 'use',
        aim: "B's category in a new menu",
        request: (a) => ({ body: bodies.menu(a, { categories: [{ category: a.target.category }] }) }),
      },
      {
        access: 'private',
        aim: "B's media items as a new menu's cover and logo",
        request: (a) => ({ body: bodies.menu(a, { coverMedia: a.target.media, logoMedia: a.target.media }) }),
      },
    ],
  },
  'GET /api/menus/{id}': one('read', "B's menu", (a) => id(a.target.menu)),
  'GET /api/menus/{id}/compliance': one('read', "B's menu", (a) => id(a.target.menu)),
  'PUT /api/menus/{id}': {
    kind: 'targets',
    variants: [
      { access: 'write', aim: "B's menu", request: (a) => ({ ...id(a.target.menu), body: bodies.menu(a) }) },
      {
        access: 'use',
        aim: "B's category in the caller's menu",
        request: (a) => ({ ...id(a.own.menu), body: { categories: [{ category: a.target.category }] } }),
      },
      {
        access: 'private',
        aim: "B's media item as the caller's menu's cover",
        request: (a) => ({ ...id(a.own.menu), body: { coverMedia: a.target.media } }),
      },
    ],
  },
  'DELETE /api/menus/{id}': one('write', "B's menu", (a) => id(a.target.menu)),
  'POST /api/menus/{id}/copy': one('copy', "B's menu", (a) => ({
    ...id(a.target.menu),
    body: bodies.clone(a),
  })),
  'POST /api/menus/reorder': {
    kind: 'targets',
    variants: [
      {
        access: 'write',
        aim: "B's menu",
        request: (a) => ({ body: { menu_id: a.target.menu, categories: [a.target.category] } }),
      },
      {
        access: 'write',
        aim: "the dishes of B's category, in the caller's menu",
        request: (a) => ({
          body: {
            menu_id: a.own.menu,
            categories: [],
            categoryDishes: [{ categoryID: a.target.category, dishes: [a.target.sideDish, a.target.dish] }],
          },
        }),
      },
    ],
  },
  'POST /api/menus/select-categories': {
    kind: 'targets',
    variants: [
      {
        access: 'write',
        aim: "B's menu",
        request: (a) => ({ body: { menu: a.target.menu, selected: [{ category: a.target.category }] } }),
      },
      {
        access: 'use',
        aim: "B's category, into the caller's menu",
        request: (a) => ({ body: { menu: a.own.menu, selected: [{ category: a.target.category }] } }),
      },
    ],
  },
  'POST /api/menus/remove-category': {
    kind: 'targets',
    variants: [
      {
        access: 'write',
        aim: "B's menu",
        request: (a) => ({ body: { menuID: a.target.menu, categoryID: a.target.category } }),
      },
      {
        access: 'use',
        aim: "B's category, out of the caller's menu",
        request: (a) => ({ body: { menuID: a.own.menu, categoryID: a.target.category } }),
      },
    ],
  },
  'GET /api/menus/{id}/timeline': one('read', "B's menu", (a) => id(a.target.menu)),
  'GET /api/menus/{id}/allergen-matrix': one('read', "B's menu", (a) => id(a.target.menu)),
  'GET /api/menus/{id}/allergen-matrix.pdf': one('read', "B's menu (printed)", (a) => id(a.target.menu)),
  'POST /api/menus/update-timeline': one('write', "B's menu", (a) => ({
    body: bodies.menuTimeline(a.target.menu),
  })),
  'POST /api/categories/update-timeline': one('write', "B's menu and category", (a) => ({
    body: bodies.categoriesTimeline(a.target.menu, a.target.category),
  })),

  // ---- categories ----
  'GET /api/categories': {
    kind: 'targets',
    variants: [
      {
        access: 'read',
        aim: "B's menu (the menu filter)",
        request: (a) => ({ query: { menu: a.target.menu } }),
      },
      {
        access: 'read',
        aim: "B's menu (the menu filter of one page, issue 21)",
        request: (a) => ({ query: { menu: a.target.menu, page: '1', per_page: '100' } }),
      },
    ],
  },
  'POST /api/categories': {
    kind: 'targets',
    variants: [
      {
        access: 'write',
        aim: "B's menu (the new category joins it)",
        request: (a) => ({ body: bodies.category(a, { menu: a.target.menu }) }),
      },
      {
        access: 'use',
        aim: "B's dish in a new category",
        request: (a) => ({ body: bodies.category(a, { dishes: [a.target.dish] }) }),
      },
    ],
  },
  'DELETE /api/categories': {
    kind: 'targets',
    variants: [
      { access: 'write', aim: "B's category", request: (a) => ({ body: bodies.ids([a.target.category]) }) },
      {
        access: 'write',
        aim: "the caller's category with B's (all or none)",
        request: (a) => ({ body: bodies.ids([a.own.category, a.target.category]) }),
      },
    ],
  },
  'GET /api/categories/{id}': one('read', "B's category", (a) => id(a.target.category)),
  'PUT /api/categories/{id}': {
    kind: 'targets',
    variants: [
      {
        access: 'write',
        aim: "B's category",
        request: (a) => ({ ...id(a.target.category), body: bodies.category(a) }),
      },
      {
        access: 'use',
        aim: "B's dish in the caller's category",
        request: (a) => ({ ...id(a.own.category), body: bodies.category(a, { dishes: [a.target.dish] }) }),
      },
    ],
  },
  'POST /api/categories/{id}/clone': one('copy', "B's category", (a) => ({
    ...id(a.target.category),
    body: bodies.clone(a),
  })),
  'POST /api/categories/addDishes': {
    kind: 'targets',
    variants: [
      {
        access: 'write',
        aim: "B's category",
        request: (a) => ({ body: { categoryID: a.target.category, dishesID: [a.target.dish] } }),
      },
      {
        access: 'use',
        aim: "B's dish, into the caller's category",
        request: (a) => ({ body: { categoryID: a.own.category, dishesID: [a.target.dish] } }),
      },
    ],
  },
  'POST /api/categories/removeDish': {
    kind: 'targets',
    variants: [
      {
        access: 'write',
        aim: "B's category",
        request: (a) => ({ body: { categoryID: a.target.category, dishID: a.target.dish } }),
      },
      {
        access: 'use',
        aim: "B's dish, out of the caller's category",
        request: (a) => ({ body: { categoryID: a.own.category, dishID: a.target.dish } }),
      },
    ],
  },
  'POST /api/categories/upload-csv': one('write', "B's menu (the imported categories join it)", (a) => ({
    form: bodies.categoriesCsv(a, a.target.menu),
  })),
  'POST /api/ingredients/upload-csv': {
    kind: 'no-record-id',
    reason: 'rows name ingredients and parents; names resolve among the caller’s own and inherited ones',
  },
  'POST /api/dishes/upload-csv': {
    kind: 'no-record-id',
    reason: 'rows name categories and ingredients; names resolve among the caller’s own and inherited ones',
  },

  // ---- dishes ----
  'GET /api/dishes': { kind: 'session-scoped', reason: "the caller's dishes and its parent's" },
  'POST /api/dishes': {
    kind: 'targets',
    variants: [
      {
        access: 'write',
        aim: "B's category (the new dish joins it)",
        request: (a) => ({ body: bodies.dish(a, { category: a.target.category }) }),
      },
      {
        access: 'use',
        aim: "B's ingredient in a new dish",
        request: (a) => ({ body: bodies.dish(a, bodies.dishIngredients([a.target.ingredient])) }),
      },
      {
        access: 'use',
        aim: "B's dish as a new dish's side dish",
        request: (a) => ({ body: bodies.dish(a, { sideDishes: [a.target.dish] }) }),
      },
      {
        access: 'use',
        aim: "B's ingredient as an option of a new dish's own customization",
        request: (a) => ({ body: bodies.dish(a, bodies.dishOption(a.target.ingredient)) }),
      },
      {
        access: 'private',
        aim: "B's restaurant-wide customization, selected by a new dish",
        request: (a) => ({
          body: bodies.dish(a, { customizations: { selected: [a.target.customization], custom: [] } }),
        }),
      },
      {
        access: 'private',
        aim: "B's media item as a new dish's image",
        request: (a) => ({ body: bodies.dish(a, { imageMedia: a.target.media }) }),
      },
    ],
  },
  'GET /api/dishes/{id}': one('read', "B's dish", (a) => id(a.target.dish)),
  'GET /api/dishes/{id}/declaration-history': one('read', "B's dish", (a) => id(a.target.dish)),
  'GET /api/dishes/export.csv': { kind: 'session-scoped', reason: "the caller's own dishes as a CSV file" },
  'PUT /api/dishes/{id}': {
    kind: 'targets',
    variants: [
      { access: 'write', aim: "B's dish", request: (a) => ({ ...id(a.target.dish), body: bodies.dish(a) }) },
      {
        access: 'write',
        aim: "B's category, joined by the caller's dish",
        request: (a) => ({ ...id(a.own.dish), body: bodies.dish(a, { category: a.target.category }) }),
      },
      {
        access: 'use',
        aim: "B's ingredient in the caller's dish",
        request: (a) => ({
          ...id(a.own.dish),
          body: bodies.dish(a, bodies.dishIngredients([a.target.ingredient])),
        }),
      },
      {
        access: 'use',
        aim: "B's dish as the caller's dish's side dish",
        request: (a) => ({ ...id(a.own.dish), body: bodies.dish(a, { sideDishes: [a.target.sideDish] }) }),
      },
      {
        access: 'private',
        aim: "B's restaurant-wide customization, selected by the caller's dish",
        request: (a) => ({
          ...id(a.own.dish),
          body: bodies.dish(a, { customizations: { selected: [a.target.customization], custom: [] } }),
        }),
      },
      {
        access: 'private',
        aim: "B's media item as the caller's dish's image",
        request: (a) => ({ ...id(a.own.dish), body: bodies.dish(a, { imageMedia: a.target.media }) }),
      },
    ],
  },
  'DELETE /api/dishes': {
    kind: 'targets',
    variants: [
      { access: 'write', aim: "B's dish", request: (a) => ({ body: bodies.ids([a.target.dish]) }) },
      {
        access: 'write',
        aim: "the caller's dish with B's (all or none)",
        request: (a) => ({ body: bodies.ids([a.own.sideDish, a.target.dish]) }),
      },
    ],
  },
  'POST /api/dishes/{id}/clone': one('copy', "B's dish", (a) => ({
    ...id(a.target.dish),
    body: bodies.clone(a),
  })),

  // ---- dietary ----
  'GET /api/dietary': {
    kind: 'session-scoped',
    reason: "the platform's lists and the caller's own additions",
  },
  'GET /api/admin/dietary': { kind: 'no-record-id', reason: "admins only: the platform's lists" },

  // ---- the admin area (doc 3 §7.4): platform staff act on any account by design, so no restaurant
  // scope applies; every other role is refused (roles proven call by call in test/admin.test.ts) ----
  'POST /api/admin/dietary/create': { kind: 'no-record-id', reason: "admins only: the platform's lists" },
  'GET /api/admin/users': {
    kind: 'no-record-id',
    reason: 'admins only (every other role refused, test/admin.test.ts): the platform-wide user list',
  },
  'GET /api/admin/restaurants': {
    kind: 'no-record-id',
    reason: 'admins only (every other role refused, test/admin.test.ts): the platform-wide restaurant list',
  },
  'GET /api/admin/statistics': {
    kind: 'no-record-id',
    reason: 'admins only (every other role refused, test/admin.test.ts): platform counts',
  },
  'POST /api/admin/create': {
    kind: 'no-record-id',
    reason: 'super admin only: invites a new admin by email',
  },
  'GET /api/admin/load': { kind: 'no-record-id', reason: 'super admin only: the admins' },
  'POST /api/admin/resend-invitation': {
    kind: 'no-record-id',
    reason: 'super admin only: takes an admin id, no restaurant record',
  },
  'DELETE /api/admin/delete': {
    kind: 'no-record-id',
    reason: 'super admin only: takes an admin id, no restaurant record',
  },
  'DELETE /api/admin/delete/user': {
    kind: 'no-record-id',
    reason:
      "admins only (every other role refused, test/admin.test.ts): deletes any user by design (password-confirmed); an owner's id is never a restaurant record",
  },
  'POST /api/admin/add-user': {
    kind: 'no-record-id',
    reason: 'admins only (every other role refused, test/admin.test.ts): creates a new user and restaurant',
  },
  'POST /api/admin/subscribe-user': {
    kind: 'no-record-id',
    reason:
      "admins only (every other role refused, test/admin.test.ts): a checkout for any user's restaurant by design",
  },
  'POST /api/admin/shapeshift': {
    kind: 'no-record-id',
    reason:
      'admins only (every other role refused, test/admin.test.ts): acts as any account by design (audited)',
  },
  'POST /api/admin/return': { kind: 'no-record-id', reason: 'acts on the signed-in session only' },
  'GET /api/admin/email-templates': {
    kind: 'no-record-id',
    reason: 'admins only (every other role refused, test/admin.test.ts): platform mail templates',
  },
  'GET /api/admin/get-email-template': {
    kind: 'no-record-id',
    reason: 'admins only (every other role refused, test/admin.test.ts): a template by name',
  },
  'POST /api/admin/edit-email-template': {
    kind: 'no-record-id',
    reason: 'admins only (every other role refused, test/admin.test.ts): a template by name',
  },
  'POST /api/admin/email-templates/test': {
    kind: 'no-record-id',
    reason: "admins only (every other role refused, test/admin.test.ts): mails the caller's own address",
  },
  'GET /api/admin/outbox': {
    kind: 'no-record-id',
    reason: 'admins only (every other role refused, test/admin.test.ts): platform mails',
  },
  'GET /api/admin/logs': {
    kind: 'no-record-id',
    reason: 'admins only (every other role refused, test/admin.test.ts): the developer log',
  },
  'DELETE /api/admin/logs': {
    kind: 'no-record-id',
    reason:
      'admins only (every other role refused, test/admin.test.ts): developer log entries, no restaurant record',
  },
  'POST /api/admin/loggers': { kind: 'no-record-id', reason: "records the caller's own client-side error" },
  'GET /api/admin/verify-account-token/{token}': { kind: 'no-record-id', reason: 'a mailed token' },
  'POST /api/admin/complete-account/{token}': { kind: 'no-record-id', reason: 'a mailed token' },
  'POST /api/dishes/update-dietary': {
    kind: 'targets',
    variants: [
      {
        access: 'write',
        aim: "B's dish (the new entry is selected on it)",
        request: (a) => ({ body: { name: a.fresh('Diet'), type: 'diets', dish_id: a.target.dish } }),
      },
      {
        access: 'private',
        aim: "B's own dietary entry (renamed)",
        request: (a) => ({
          body: { name: a.fresh('Diet'), type: 'diets', defaultValue: a.target.dietaryName },
        }),
      },
    ],
  },
  'POST /api/dishes/delete-dietary': one('private', "B's own dietary entry", (a) => ({
    body: { type: 'diets', name: a.target.dietaryName },
  })),

  // ---- ingredients ----
  'GET /api/ingredients': {
    kind: 'targets',
    variants: [
      {
        access: 'read',
        aim: "B's ingredient (the parent picker's exclusion)",
        request: (a) => ({ query: { exceptParentID: a.target.ingredient } }),
        sameAs: () => ({}),
      },
      {
        access: 'read',
        aim: "B's ingredient (the exclusion, on one page, issue 21)",
        request: (a) => ({ query: { exceptParentID: a.target.ingredient, page: '1', per_page: '100' } }),
        sameAs: () => ({ query: { page: '1', per_page: '100' } }),
      },
    ],
  },
  'POST /api/ingredients': one('use', "B's ingredient as parent of new ones", (a) => ({
    body: bodies.ingredients(a, a.target.ingredient),
  })),
  'GET /api/ingredients/{id}': one('read', "B's ingredient", (a) => id(a.target.ingredient)),
  'GET /api/ingredients/{id}/declaration-history': one('read', "B's ingredient", (a) =>
    id(a.target.ingredient),
  ),
  'GET /api/ingredients/export.csv': {
    kind: 'session-scoped',
    reason: "the caller's own ingredients as a CSV file",
  },
  'PUT /api/ingredients/{id}': {
    kind: 'targets',
    variants: [
      {
        access: 'write',
        aim: "B's ingredient",
        request: (a) => ({ ...id(a.target.ingredient), body: bodies.ingredientUpdate(a) }),
      },
      {
        access: 'use',
        aim: "B's ingredient as parent of the caller's",
        request: (a) => ({
          ...id(a.own.childIngredient),
          body: bodies.ingredientUpdate(a, a.target.ingredient),
        }),
      },
    ],
  },
  'DELETE /api/ingredients': {
    kind: 'targets',
    variants: [
      {
        access: 'write',
        aim: "B's ingredient",
        request: (a) => ({ body: bodies.ids([a.target.ingredient]) }),
      },
      {
        access: 'write',
        aim: "the caller's ingredient with B's (all or none)",
        request: (a) => ({ body: bodies.ids([a.own.childIngredient, a.target.childIngredient]) }),
      },
    ],
  },
  'POST /api/ingredients/{id}/clone': one('copy', "B's ingredient", (a) => ({
    ...id(a.target.ingredient),
    body: bodies.clone(a),
  })),

  // ---- the restaurant ----
  'GET /api/restaurants': { kind: 'session-scoped', reason: "the caller's restaurant" },
  // The restaurant changed is the session's; the one id the form may carry, `logoMedia`, is looked
  // up in the caller's own media library (settings.test.ts: another restaurant's item answers 404).
  // Changes the caller's own restaurant; the one id it takes is logoMedia, read from its own library.
  'POST /api/restaurants/update': one('private', "B's media item as the caller's logo", (a) => ({
    body: { logoMedia: a.target.media },
  })),
  'PUT /api/restaurants/update': one('private', "B's media item as the caller's logo", (a) => ({
    body: { logoMedia: a.target.media },
  })),
  'GET /api/restaurants/templates': {
    kind: 'no-record-id',
    reason: 'the platform’s catalogue of menu templates and fonts',
  },
  'POST /api/restaurants/set-customizations': {
    kind: 'targets',
    variants: [
      {
        access: 'private',
        aim: "B's customization id, kept",
        request: (a) => ({ body: bodies.customization({ name: 'Large' }, a.target.customization) }),
      },
      {
        access: 'use',
        aim: "B's ingredient as an option",
        request: (a) => ({ body: bodies.customization({ ingredient: a.target.ingredient }) }),
      },
    ],
  },
  'GET /api/restaurants/filter': { kind: 'session-scoped', reason: "the caller's menu filter card" },
  'POST /api/restaurants/set-filter': one('use', "B's ingredient in a filter", (a) => ({
    body: bodies.filter(a.target.ingredient),
  })),
  'GET /api/restaurants/qr-templates': {
    kind: 'no-record-id',
    reason: 'the four card templates, the same for every restaurant (a member of one may read them)',
  },
  'GET /api/restaurants/qr-settings': { kind: 'session-scoped', reason: "the caller's QR design" },
  'GET /api/restaurants/qr-code': one('private', "B's menu display (the code of its address)", (a) => ({
    query: { mapId: a.target.display },
  })),
  'GET /api/restaurants/qr-cards.pdf': {
    kind: 'targets',
    variants: [
      {
        access: 'private',
        aim: "B's menu display (cards of its address)",
        request: (a) => ({ query: { mapId: a.target.display } }),
      },
      {
        access: 'private',
        aim: "B's zone (print all)",
        request: (a) => ({ query: { zoneId: a.target.zone } }),
      },
      {
        access: 'private',
        aim: "B's location (print all)",
        request: (a) => ({ query: { locationId: a.target.restaurantId } }),
      },
    ],
  },

  // ---- menu displays (/menu-display) ----
  'GET /api/maps': {
    kind: 'session-scoped',
    reason: "the caller's layout: its own location, then a parent's own locations (none is B)",
  },
  'POST /api/maps': {
    kind: 'targets',
    variants: [
      {
        access: 'use',
        aim: "B's menu placed in one of the caller's displays",
        request: (a) => ({ body: bodies.layout(a.own.restaurantId, [a.target.menu], a.own.display) }),
      },
      {
        access: 'private',
        aim: "B's menu display in the caller's layout",
        request: (a) => ({ body: bodies.layout(a.own.restaurantId, [a.own.menu], a.target.display) }),
      },
      {
        access: 'private',
        aim: "B's location (its layout replaced)",
        request: (a) => ({ body: { locations: [{ _id: a.target.restaurantId, zones: [] }] } }),
      },
      {
        access: 'private',
        // A parent saves several locations at once (issue 22): one foreign location refuses the whole
        // save, the caller's own change included (the matrix checks nothing changed anywhere).
        aim: "B's location beside a change of the caller's own (all or nothing)",
        request: (a) => ({
          body: {
            locations: [
              ...bodies.layout(a.own.restaurantId, []).locations,
              ...(a.target.restaurantId === a.own.restaurantId
                ? []
                : [{ _id: a.target.restaurantId, zones: [] }]),
            ],
          },
        }),
      },
    ],
  },
  // ---- translations (issue 24 §3) ----
  'GET /api/translations': {
    kind: 'session-scoped',
    reason: "what is left to translate in the caller's own restaurant, per language",
  },
  'GET /api/translations/{lang}': {
    kind: 'session-scoped',
    reason: "the caller's own restaurant's texts in one of its languages; takes no record id",
  },
  'GET /api/translations/{lang}/export.csv': {
    kind: 'session-scoped',
    reason: "the caller's own texts as a CSV file; takes no record id",
  },
  'GET /api/translations/{lang}/export.xliff': {
    kind: 'session-scoped',
    reason: "the caller's own texts as an XLIFF file; takes no record id",
  },
  'PUT /api/translations/{lang}': {
    kind: 'targets',
    variants: [
      {
        access: 'write',
        aim: "B's dish's name",
        request: (a) => ({
          params: { lang: 'fr' },
          body: { items: [{ kind: 'dish', id: a.target.dish, field: 'name', text: a.fresh('Plat') }] },
        }),
      },
      {
        access: 'write',
        aim: "B's menu's name, with the caller's own dish",
        request: (a) => ({
          params: { lang: 'fr' },
          body: {
            items: [
              { kind: 'dish', id: a.own.dish, field: 'name', text: a.fresh('Plat') },
              { kind: 'menu', id: a.target.menu, field: 'name', text: a.fresh('Carte') },
            ],
          },
        }),
      },
    ],
  },
  'POST /api/translations/{lang}/import': {
    kind: 'targets',
    variants: [
      {
        // The file's rows naming another restaurant's records are reported, not refused: the answer
        // must be the one a never-used id gets, and nothing changes.
        access: 'read',
        aim: "B's dish in an imported CSV (reported unmatched)",
        request: (a) => ({ params: { lang: 'fr' }, form: bodies.translationCsv(a, a.target.dish) }),
        sameAs: (a) => ({ params: { lang: 'fr' }, form: bodies.translationCsv(a, 'f'.repeat(24)) }),
      },
    ],
  },
  'GET /api/restaurants/getting-started': {
    kind: 'session-scoped',
    reason: "the caller's restaurant's checklist (test/getting-started.test.ts)",
  },
  'POST /api/restaurants/getting-started/shared': {
    kind: 'session-scoped',
    reason: "records a share on the caller's own restaurant; takes no id",
  },
  'POST /api/restaurants/getting-started/dismiss': {
    kind: 'session-scoped',
    reason: "closes the caller's own restaurant's checklist; takes no id",
  },

  // ---- quick edit (/toggle-list) ----
  'GET /api/settings/quick-edit': {
    kind: 'targets',
    variants: [
      {
        access: 'read',
        aim: "B's menu (the menuId filter)",
        request: (a) => ({ query: { menuId: a.target.menu } }),
      },
    ],
  },
  'PUT /api/settings/quick-edit': {
    kind: 'targets',
    variants: [
      {
        access: 'write',
        aim: "B's menu, unpublished",
        request: (a) => ({ body: { menus: [{ id: a.target.menu, checked: false }] } }),
      },
      {
        access: 'write',
        aim: "B's category, switched off",
        request: (a) => ({ body: { categories: [{ id: a.target.category, checked: false }] } }),
      },
      {
        access: 'write',
        aim: "B's dish, switched off",
        request: (a) => ({ body: { dishes: [{ id: a.target.dish, checked: false }] } }),
      },
      {
        access: 'write',
        aim: "B's ingredient, switched off",
        request: (a) => ({ body: { ingredients: [{ id: a.target.ingredient, checked: false }] } }),
      },
      {
        access: 'write',
        aim: "B's customization, switched off",
        request: (a) => ({ body: { customizations: [{ id: a.target.customization, checked: false }] } }),
      },
    ],
  },
  // ---- more restaurants and ownership transfer (issue 10: locations.test.ts, ownership-transfer.test.ts) ----
  'POST /api/restaurants/add': one('private', "B's restaurant as the new location's parent", (a) => ({
    body: {
      username: a.fresh('loc').replace(/\W/g, '_'),
      restaurantName: a.fresh('Location'),
      isLocation: true,
      parent: a.target.restaurantId,
    },
  })),
  'POST /api/restaurants/request-transfer-ownership': {
    kind: 'no-record-id',
    reason: "an email and the owner's password; it hands over the caller's own restaurant",
  },
  'GET /api/restaurants/temporary-transfer-ownership-status': {
    kind: 'session-scoped',
    reason: "the caller's own pending transfer request",
  },
  'POST /api/restaurants/cancel-transfer-request': {
    kind: 'session-scoped',
    reason: "cancels the caller's own pending transfer request",
  },
  'GET /api/restaurants/transfer-ownership-status': { kind: 'no-record-id', reason: 'a mailed token' },
  'POST /api/restaurants/accept-transfer-request': { kind: 'no-record-id', reason: 'a mailed token' },

  // ---- the media library (own only: a location does not see its parent's) ----
  'GET /api/restaurants/media': { kind: 'session-scoped', reason: "the caller's own media library" },
  'POST /api/restaurants/upload-media': {
    kind: 'no-record-id',
    reason: "new images, added to the caller's own library",
  },
  'POST /api/restaurants/media/edit': {
    kind: 'targets',
    variants: [
      {
        access: 'private',
        aim: "B's media item, by id",
        request: (a) => ({ body: bodies.mediaCrop(a.target.media) }),
      },
      {
        access: 'private',
        aim: "B's media item, by its image path",
        request: (a) => ({ body: bodies.mediaCrop(a.target.mediaImage) }),
      },
    ],
  },
  'DELETE /api/restaurants/media': one('private', "B's media item, by its file name", (a) => ({
    body: { fileName: a.target.mediaFileName },
  })),

  // ---- the team (never shared: a location's members are its own) ----
  // ---- translations (issue 24) ----
  'POST /api/translations/{lang}/machine': {
    kind: 'session-scoped',
    reason:
      "drafts the caller's own records only; {lang} is a language, not a record (test/machine-drafts.test.ts)",
  },

  'GET /api/members': { kind: 'session-scoped', reason: "the caller's own team" },
  'POST /api/members': {
    kind: 'no-record-id',
    reason: "an email address; the member joins the caller's own restaurant (members.test.ts)",
  },
  'PUT /api/members/{id}': one('private', "B's member", (a) => ({
    ...id(a.target.member),
    body: { firstName: a.fresh('Name'), permissions: { dish: false } },
  })),
  'DELETE /api/members': {
    kind: 'targets',
    variants: [
      { access: 'private', aim: "B's member", request: (a) => ({ body: bodies.ids([a.target.member]) }) },
      {
        access: 'private',
        aim: "the caller's member with B's (all or none)",
        request: (a) => ({ body: bodies.ids([a.own.member, a.target.member]) }),
      },
    ],
  },
  'POST /api/members/resend-invitation': one('private', "B's pending member", (a) => ({
    body: { member: a.target.member },
  })),
  'GET /api/members/verify': { kind: 'no-record-id', reason: 'a mailed token' },
  'POST /api/members/verify': { kind: 'no-record-id', reason: 'a mailed token' },
  'POST /api/members/accept': {
    kind: 'no-record-id',
    reason:
      'a mailed token, accepted only by a signed-in account under the invited address (members.test.ts, act-as.test.ts)',
  },

  // ---- analytics ----
  'GET /api/gapi/get-data': one(
    'private',
    "B's restaurant id",
    (a) => ({ query: { time: '30', restaurantId: a.target.restaurantId } }),
    {
      allowed: {
        roles: ['ADMIN', 'SUPER_ADMIN'],
        reason: 'admins read the whole platform or any one restaurant (doc 3 §3)',
      },
    },
  ),
  ...Object.fromEntries(
    [
      'GET /api/gapi/get-bounce-rates',
      'GET /api/gapi/active-users',
      'GET /api/gapi/active-users2',
      'GET /api/gapi/active-users3',
      'GET /api/gapi/active-users4',
    ].map((operation) => [
      operation,
      one(
        'private',
        "B's restaurant id",
        (a) => ({ query: { time: '7', restaurantId: a.target.restaurantId } }),
        {
          allowed: {
            roles: ['ADMIN', 'SUPER_ADMIN'],
            reason: 'admins read the whole platform or any one restaurant (doc 3 §3)',
          },
        },
      ),
    ]),
  ),
  'GET /api/gapi/get-token': { kind: 'no-record-id', reason: 'answers that no token is needed' },
  'POST /api/gapi/events': {
    kind: 'public',
    reason: 'a public menu page reports its views without sign-in; ids are only recorded',
    probe: 'foreign menu and dish ids in events never show in the named restaurant’s analytics',
  },

  // ---- the public menu ----
  'GET /api/menus/customer': {
    kind: 'public',
    reason: "any restaurant's published menus, by design",
    probe: 'another restaurant’s menuId is not served as an upcoming menu',
  },
  'GET /api/restaurant/{restaurantId}/menu/{menuId}/dish/{dishId}': {
    kind: 'public',
    reason: "any restaurant's published dish, by design",
    probe: 'a dish or menu of another restaurant is not served under this one',
  },

  // ---- billing ----
  'GET /api/subscription/base-product': { kind: 'no-record-id', reason: "the platform's plan" },
  'GET /api/subscription/has-active': {
    kind: 'session-scoped',
    reason: "the caller's restaurant's subscription",
  },
  'POST /api/subscription/checkout-session': {
    kind: 'no-record-id',
    reason: "a plan's price id; the checkout is opened for the caller's restaurant",
  },
  'POST /api/subscription/customer-portal-session': {
    kind: 'no-record-id',
    reason: "a return path; the portal is opened for the caller's restaurant",
  },
  'GET /api/subscription/customer-payment-methods': {
    kind: 'session-scoped',
    reason: "the cards of the caller's restaurant's own provider customer",
  },
  'POST /api/subscription/save-payment': {
    kind: 'no-record-id',
    reason: "a return path; the card page is opened for the caller's restaurant's customer",
  },
  'POST /api/subscription/webhook': {
    kind: 'public',
    reason:
      'Stripe calls it without a session, so it cannot sit behind sign-in: the Stripe-Signature over the raw body (STRIPE_WEBHOOK_SECRET) is what is trusted, every event is re-read from the provider by id, and a bad signature answers 400 and stores nothing (stripe-billing.test.ts)',
  },

  // ---- resellers (issue 14): clients are reachable by their own reseller only ----
  // B's owner is nobody's client: every actor is refused. Two resellers with a client each aim at
  // each other's clients, and control their own, in isolation/resellers.test.ts.
  'GET /api/dma/clients-temporary': { kind: 'session-scoped', reason: "the reseller's own pending licences" },
  'GET /api/dma/client-subscription-status': { kind: 'session-scoped', reason: "the reseller's own clients" },
  'GET /api/dma/clients-statistics': {
    kind: 'session-scoped',
    reason: "counts of the reseller's own clients",
  },
  'GET /api/dma/clients': { kind: 'session-scoped', reason: "the reseller's own clients, searched" },
  'GET /api/dma/product-prices': { kind: 'no-record-id', reason: 'the plan prices' },
  'POST /api/dma/check-promo-code': { kind: 'no-record-id', reason: 'a promotion code and a price id' },
  'GET /api/dma/single-client': one(
    'private',
    "B's owner as a client",
    (a) => ({ query: { id: a.target.ownerUserId } }),
    {
      noControl: resellerControl,
    },
  ),
  'DELETE /api/dma/delete-client/{id}': one(
    'private',
    "B's owner as a client",
    (a) => ({ ...id(a.target.ownerUserId), body: { password: 'Passw0rdOK' } }),
    { noControl: resellerControl },
  ),
  'DELETE /api/dma/delete-client-subscription/{subscriptionId}': one(
    'private',
    "B's owner as a client",
    (a) => ({
      params: { subscriptionId: a.target.restaurantId },
      query: { client_id: a.target.ownerUserId },
    }),
    { noControl: resellerControl },
  ),
  'POST /api/dma/client-cancel-invitation': one(
    'private',
    'a record id of B as a pending licence',
    (a) => ({ query: { token: a.target.member } }),
    { noControl: resellerControl },
  ),
  'POST /api/dma/client-shapeshift': one(
    'private',
    "B's owner as a client",
    (a) => ({ body: { _id: a.target.ownerUserId } }),
    { noControl: resellerControl },
  ),
  'POST /api/dma/add-client': one(
    'private',
    "B's restaurant for a new licence",
    (a) => ({
      body: {
        step: 2,
        email: 'isolation-client@carte.test',
        username: a.fresh('iso').replace(/\W+/g, ''),
        restaurant_id: a.target.restaurantId,
      },
    }),
    { refusal: [400, 403], noControl: resellerControl },
  ),
  'POST /api/dma/clients-create-subscription': one(
    'private',
    "B's owner as a client to subscribe",
    (a) => ({
      body: {
        price_id: 'price_local_month',
        default_payment_method: 'pm_none',
        clients: [a.target.ownerUserId],
      },
    }),
    { refusal: [400, 403], noControl: resellerControl },
  ),
  'GET /api/dma/client-temporary-verify-token': {
    kind: 'public',
    reason: 'a mailed token (the client invitation page)',
  },
  'POST /api/dma/client-accept-invitation': {
    kind: 'public',
    reason: 'a mailed token (the client invitation page)',
  },
  'POST /api/dma/client-reject-invitation': {
    kind: 'public',
    reason: 'a mailed token (the client invitation page)',
  },
  'GET /api/dma/verify-token': { kind: 'public', reason: 'a mailed token (the reseller registration page)' },
  'POST /api/dma/register': { kind: 'public', reason: 'a mailed token (the reseller registration page)' },
  'GET /api/admin/dma-list': {
    kind: 'no-record-id',
    reason: 'admins only (every other role refused, test/reseller.test.ts): every reseller with its clients',
  },
  'GET /api/admin/dma-list-pending': {
    kind: 'no-record-id',
    reason: 'admins only (every other role refused, test/reseller.test.ts): pending registration links',
  },
  'DELETE /api/admin/dma-delete/{id}': one(
    'private',
    "B's owner as a reseller",
    (a) => ({ ...id(a.target.ownerUserId), body: { password: 'RootPass123' } }),
    { noControl: 'deletes resellers only (admins, password-confirmed); test/reseller.test.ts covers it' },
  ),
  'POST /api/admin/send-dma-register-link': {
    kind: 'no-record-id',
    reason: 'admins only (every other role refused, test/reseller.test.ts): an email address',
  },
  'POST /api/admin/cancel-dma-invitation': {
    kind: 'no-record-id',
    reason: 'admins only (every other role refused, test/reseller.test.ts): a pending registration link',
  },
  'POST /api/admin/delete-dma-client': one(
    'private',
    "B's owner as a reseller's client",
    (a) => ({
      body: { dma_id: a.target.ownerUserId, client_id: a.target.ownerUserId, password: 'RootPass123' },
    }),
    {
      noControl:
        "deletes a reseller's client only (admins, password-confirmed); test/reseller.test.ts covers it",
    },
  ),

  // ---- accounts ----
  'GET /api/users/me': { kind: 'session-scoped', reason: 'the signed-in user' },
  'GET /api/users/test': { kind: 'session-scoped', reason: 'the signed-in user' },
  'PUT /api/users/update-account': { kind: 'no-record-id', reason: 'the signed-in account only' },
  'PUT /api/users/update-account-password': { kind: 'no-record-id', reason: 'the signed-in account only' },
  'DELETE /api/users/delete': { kind: 'no-record-id', reason: 'the signed-in account only' },
  'POST /api/users/switch-account': one(
    'private',
    "B's owner's account",
    (a) => ({ body: { accountID: a.target.ownerUserId, refreshToken: a.refreshToken } }),
    {
      refusal: [400],
      noControl: 'moving needs a linked account of the same person; account.test.ts covers it',
    },
  ),
  'POST /api/users/register': { kind: 'no-record-id', reason: 'creates a new account' },
  'POST /api/users/login': { kind: 'no-record-id', reason: 'credentials' },
  'POST /api/users/token': { kind: 'no-record-id', reason: 'a refresh token (a secret, not a record id)' },
  'POST /api/users/logout': { kind: 'no-record-id', reason: 'a refresh token (a secret, not a record id)' },
  'POST /api/users/email-verification': { kind: 'no-record-id', reason: 'a mailed token' },
  'POST /api/users/email-change-verification': { kind: 'no-record-id', reason: 'a mailed token' },
  'POST /api/users/verify-account-and-enter-password': { kind: 'no-record-id', reason: 'a mailed token' },
  'POST /api/users/resend-email-account-verification': { kind: 'no-record-id', reason: 'a sign-in token' },
  'POST /api/users/request-new-password': { kind: 'no-record-id', reason: 'an email address' },
  'POST /api/users/forgot-username': { kind: 'no-record-id', reason: 'an email address' },
  'GET /api/users/reset-password-check-token/{token}': { kind: 'no-record-id', reason: 'a mailed token' },
  'POST /api/users/reset-password/{token}': { kind: 'no-record-id', reason: 'a mailed token' },

  // ---- system ----
  'GET /api/health': { kind: 'no-record-id', reason: 'liveness' },
  'GET /api/config': { kind: 'no-record-id', reason: "the browser's allow-listed settings" },
  'GET /api/captcha/challenge': { kind: 'no-record-id', reason: 'a new anti-bot challenge' },
  'GET /api/allergens': { kind: 'no-record-id', reason: 'the fixed list of regulated allergens' },
  'GET /templates/categories.csv': { kind: 'no-record-id', reason: 'a static file' },
  'GET /templates/dishes.csv': { kind: 'no-record-id', reason: 'a static file' },
  'GET /templates/ingredients.csv': { kind: 'no-record-id', reason: 'a static file' },
};

/** One request of the matrix: an operation and one way of aiming it. */
export interface Case {
  key: string;
  variant: Variant;
  name: string;
}

/** Every id-taking request of the table, in table order. */
export const cases: Case[] = Object.entries(routeTable).flatMap(([key, entry]) =>
  entry.kind === 'targets'
    ? entry.variants.map((variant) => ({ key, variant, name: `${key} — ${variant.aim}` }))
    : [],
);

/**
 * The GETs sent without any id: the session-scoped reads and the id-taking lists whose id is an
 * optional query parameter. They answer the caller's own records, so no other tenant's id may show.
 */
export const ownReads: string[] = Object.entries(routeTable)
  .filter(([key]) => key.startsWith('GET ') && !key.includes('{'))
  .filter(([, entry]) => entry.kind === 'session-scoped' || entry.kind === 'targets')
  .map(([key]) => key);
