import { createHash } from 'node:crypto';
import {
  adjustmentSchedule,
  type Catalog,
  ctaHref,
  dishDietaryTags,
  emptyDietary,
  filterOptionsSchema,
  isRestaurantType,
  menuSchedule,
  type PublicRestaurant,
  type PublicTimelineEntry,
  type RestaurantCta,
  type RestaurantLanguages,
  restaurantLanguagesSchema,
  type StoredTranslations,
  type VisibleMenu,
  visibleMenus,
} from '@carte/domain';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { Db } from '../../db/connect.ts';
import {
  type CustomizationData,
  categories,
  categoryDishes,
  customizations,
  dishes,
  dishIngredients,
  dishSideDishes,
  ingredients,
  menuCategories,
  menuDisplayMenus,
  menuDisplays,
  menus,
  restaurants,
  subscriptions,
  users,
} from '../../db/schema.ts';
import { dishAllergensOf, readIngredientDeclarations } from '../allergens/index.ts';
import type { BillingService } from '../billing/index.ts';
import { presentImage } from '../media/index.ts';
import { presentMenuLook } from '../menus/index.ts';
import { presentCta, presentSocial } from '../restaurants/index.ts';

/**
 * A published menu with every category a diner may see in it (the domain's `visibleMenus`, whatever
 * the hour); which are shown depends on the hour (`servedAt`).
 */
export interface SourceMenu extends VisibleMenu {
  timeline: PublicTimelineEntry;
}

/**
 * Everything the public menu of one restaurant shows, whatever the hour: read with one set of
 * queries, cached per restaurant, and filtered by the clock on each request (public-menu.state.ts),
 * so the cache never holds a time-dependent answer.
 */
export interface PublicMenuSource {
  restaurantId: string;
  parentId: string | null;
  timeZone: string;
  restaurant: PublicRestaurant;
  parentRestaurant: { _id: string; name: string } | null;
  user: { email: string } | null;
  menuPeriodTransition: number;
  /** Published menus: the restaurant's own in their order, then its parent's (decisions §4). */
  menus: SourceMenu[];
  /**
   * The restaurant's menu displays (doc 2 §2 `/menu/{restaurantId}/{mapId}`): each display's menu
   * ids in its order; a display shows those of them that are published (`displaySource`).
   */
  displays: Record<string, string[]>;
  /** The languages a diner may read it in (issue 24): the default and the others. */
  languages: RestaurantLanguages;
  /** Machine drafts may show (the owner allows it). */
  showMachine: boolean;
  /**
   * The stored translations of what it shows, by record (`restaurant`, `menu:{id}`, `category:{id}`,
   * `dish:{id}`, `ingredient:{id}`, `customization:{id}`), only those with any and only when the
   * restaurant has other languages; and the ingredient each option that names one stands for (an
   * option's name is then its ingredient's).
   */
  translations: Record<string, StoredTranslations>;
  optionIngredients: Record<string, string>;
  /** A hash of the content: equal sources give equal ETags on every instance. */
  version: string;
  /** The length of its JSON: what the cache counts against its memory budget. */
  size: number;
  /**
   * The end of the soonest active subscription period among the restaurant and its parent: when it
   * passes, the entry is read again, so an ended subscription's menus (drafts again) disappear.
   */
  periodEndsAt: number | null;
}

const groupBy = <T>(rows: T[], keyOf: (row: T) => string): Map<string, T[]> => {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = map.get(key);
    if (list) list.push(row);
    else map.set(key, [row]);
  }
  return map;
};

/** Zones already checked (a few hundred at most): making a formatter costs about 0.3 ms. */
const zones = new Map<string, string>();

/** A zone the runtime knows, or UTC: a bad stored zone must not break the public page. */
function knownZone(timeZone: string): string {
  let known = zones.get(timeZone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      known = timeZone;
    } catch {
      known = 'UTC';
    }
    if (zones.size < 1_000) zones.set(timeZone, known);
  }
  return known;
}

const restaurantTypeOf = (value: string): PublicRestaurant['restaurantType'] =>
  isRestaurantType(value) ? value : 'RESTAURANT';

/** The button a diner sees: only an enabled one that leads somewhere (doc 2 §3 `cta`). */
function publicCta(stored: RestaurantCta): PublicRestaurant['cta'] {
  return stored.enabled && ctaHref(stored) !== null ? stored : null;
}

/**
 * Reads the published data of a restaurant (doc 2 §3 customer menu), or null when there is no such
 * restaurant. Applies the subscription calendar first (billing's `expireSubscriptions`), so menus of
 * an ended subscription are drafts before they are read (decisions §4 Billing).
 *
 * Reads, unfiltered, the menus of the restaurant and its parent and everything they may show; what
 * a diner may see of it is decided by the domain's `visibleMenus` (packages/domain/src/visibility.ts),
 * the rule the owner's preview applies too.
 *
 * A miss of the cache costs 6 queries in 3 rounds (7 when dishes have ingredients, 1 more for a
 * location's parent's calendar): it was 13 to 14 in 8 rounds before issue 21.
 */
export async function loadPublicMenuSource(
  deps: { db: Db; storage: Storage; billing: Pick<BillingService, 'applyCalendar'> },
  restaurantId: string,
): Promise<PublicMenuSource | null> {
  const { db, storage } = deps;
  // Round 1: the restaurant with its parent's name and its owner's address, while the subscription
  // calendar is applied (it touches menus, never the restaurant row).
  const parentRow = alias(restaurants, 'parent');
  const [[found]] = await Promise.all([
    db
      .select({
        restaurant: restaurants,
        parentName: parentRow.name,
        ownerEmail: sql<string | null>`(select ${users.email} from ${users}
          where ${users.restaurantId} = ${restaurants.id} and ${users.role} in ('RESTAURANT', 'DMA_CLIENT')
          order by ${users.createdAt} asc limit 1)`,
      })
      .from(restaurants)
      .leftJoin(parentRow, eq(parentRow.id, restaurants.parentId))
      .where(eq(restaurants.id, restaurantId)),
    deps.billing.applyCalendar(restaurantId),
  ]);
  if (!found) return null;
  const { restaurant } = found;
  const parent =
    restaurant.parentId && found.parentName !== null
      ? { id: restaurant.parentId, name: found.parentName }
      : undefined;
  const visibleIds = parent ? [restaurant.id, parent.id] : [restaurant.id];
  if (parent) await deps.billing.applyCalendar(parent.id);
  const owner = found.ownerEmail === null ? undefined : { email: found.ownerEmail };

  // Round 2, in parallel: everything the restaurant's and its parent's menus may show, unfiltered
  // (which of it a diner sees is the domain's rule, `visibleMenus`, shared with the owner's preview).
  // Rows that keep their types (dates, numbers) come typed; the id lists and links come as JSON in
  // one query, each list built by the same subqueries as before.
  const ownMenuLinks = sql`select ${menuCategories.menuId} as menu_id, ${menuCategories.categoryId} as category_id,
      ${menuCategories.valid} as valid, ${menuCategories.adjustment} as adjustment, ${categories.name} as name,
      ${categories.isAvailable} as is_available, ${menuCategories.position} as position,
      ${categories.createdAt} as created_at, ${categories.translations} as translations
    from ${menuCategories}
    join ${categories} on ${categories.id} = ${menuCategories.categoryId}
    join ${menus} on ${menus.id} = ${menuCategories.menuId}
    where ${inArray(menus.restaurantId, visibleIds)} and ${inArray(categories.restaurantId, visibleIds)}`;
  const placedRows = sql`select ${categoryDishes.categoryId} as category_id, ${categoryDishes.dishId} as dish_id,
      ${categoryDishes.position} as position, ${dishes.createdAt} as created_at
    from ${categoryDishes}
    join ${dishes} on ${dishes.id} = ${categoryDishes.dishId}
    where ${categoryDishes.categoryId} in (select category_id from (${ownMenuLinks}) linked)
      and ${inArray(dishes.restaurantId, visibleIds)}`;
  const placedIds = sql`select dish_id from (${placedRows}) placed`;
  const jsonList = (rows: SQL, columns: string, order: string) =>
    sql`(select coalesce(json_agg(json_build_array(${sql.raw(columns)}) order by ${sql.raw(order)}), '[]'::json)
      from (${rows}) r)`;

  const [menuRows, dishRows, customizationRows, lists] = await Promise.all([
    db
      .select()
      .from(menus)
      .where(inArray(menus.restaurantId, visibleIds))
      .orderBy(asc(menus.position), asc(menus.createdAt)),
    // The placed dishes and the side dishes they offer, read once.
    db
      .select()
      .from(dishes)
      .where(
        and(
          inArray(dishes.restaurantId, visibleIds),
          sql`(${dishes.id} in (${placedIds}) or ${dishes.id} in (select ${dishSideDishes.sideDishId}
            from ${dishSideDishes} where ${dishSideDishes.dishId} in (${placedIds})))`,
        ),
      ),
    db.select().from(customizations).where(inArray(customizations.restaurantId, visibleIds)),
    db.execute<{
      links: [
        string,
        string,
        boolean,
        (typeof menuCategories.$inferSelect)['adjustment'],
        string,
        boolean,
        StoredTranslations | null,
      ][];
      placements: [string, string][];
      ingredient_links: [string, string][];
      side_links: [string, string][];
      displays: [string, string | null][];
      period_end: number | string | null;
    }>(sql`select
      ${jsonList(ownMenuLinks, 'r.menu_id, r.category_id, r.valid, r.adjustment, r.name, r.is_available, r.translations', 'r.position, r.created_at')} as links,
      ${jsonList(placedRows, 'r.category_id, r.dish_id', 'r.position, r.created_at desc')} as placements,
      ${jsonList(
        sql`select ${dishIngredients.dishId} as dish_id, ${dishIngredients.ingredientId} as ref, ${dishIngredients.position} as position
          from ${dishIngredients} where ${dishIngredients.dishId} in (${placedIds})`,
        'r.dish_id, r.ref',
        'r.position',
      )} as ingredient_links,
      ${jsonList(
        sql`select ${dishSideDishes.dishId} as dish_id, ${dishSideDishes.sideDishId} as ref, ${dishSideDishes.position} as position
          from ${dishSideDishes} where ${dishSideDishes.dishId} in (${placedIds})`,
        'r.dish_id, r.ref',
        'r.position',
      )} as side_links,
      ${jsonList(
        sql`select ${menuDisplays.id} as display_id, ${menuDisplayMenus.menuId} as menu_id, ${menuDisplayMenus.position} as position
          from ${menuDisplays} left join ${menuDisplayMenus} on ${menuDisplayMenus.displayId} = ${menuDisplays.id}
          where ${menuDisplays.restaurantId} = ${restaurant.id}`,
        'r.display_id, r.menu_id',
        'r.display_id, r.position',
      )} as displays,
      (select extract(epoch from min(${subscriptions.currentPeriodEnd})) * 1000 from ${subscriptions}
        where ${inArray(subscriptions.restaurantId, visibleIds)} and ${subscriptions.status} = 'active') as period_end`),
  ]);
  const [row] = lists.rows;
  const links = (row?.links ?? []).map(([menuId, categoryId, valid, adjustment]) => ({
    menuId,
    categoryId,
    valid,
    adjustment,
  }));
  // A category linked to several menus comes once, as the old one-row-per-category read gave it.
  const categoryRows = [
    ...new Map(
      (row?.links ?? []).map(([, id, , , name, isAvailable]) => [id, { id, name, isAvailable }]),
    ).values(),
  ];
  const placements = (row?.placements ?? []).map(([categoryId, dishId]) => ({ categoryId, dishId }));
  const ingredientLinks = (row?.ingredient_links ?? []).map(([dishId, ingredientId]) => ({
    dishId,
    ingredientId,
  }));
  const sideLinks = (row?.side_links ?? []).map(([dishId, sideDishId]) => ({ dishId, sideDishId }));
  const displays: Record<string, string[]> = {};
  for (const [displayId, menuId] of row?.displays ?? []) {
    const list = displays[displayId] ?? [];
    if (menuId) list.push(menuId);
    displays[displayId] = list;
  }
  const periodEnd = row?.period_end == null ? null : Math.floor(Number(row.period_end));

  // The dishes' ingredients and those customization options offer.
  const ingredientIds = new Set(ingredientLinks.map((link) => link.ingredientId));
  const collect = (list: readonly CustomizationData[]) => {
    for (const customization of list)
      for (const option of customization.options) if (option.ingredient) ingredientIds.add(option.ingredient);
  };
  for (const row of customizationRows) collect([{ ...row, _id: row.id }]);
  for (const row of dishRows) collect(row.customizations.custom ?? []);
  const ingredientRows = ingredientIds.size
    ? await db
        .select({
          _id: ingredients.id,
          name: ingredients.name,
          isAvailable: ingredients.isAvailable,
          translations: ingredients.translations,
        })
        .from(ingredients)
        .where(
          and(inArray(ingredients.id, [...ingredientIds]), inArray(ingredients.restaurantId, visibleIds)),
        )
    : [];

  // Allergens follow the ingredients (issue 23): every dish's and option's, parents' declarations
  // included (one more query per level of parents).
  const declarations = await readIngredientDeclarations(db, visibleIds, ingredientIds);
  const ingredientsOf = groupBy(ingredientLinks, (link) => link.dishId);
  const sidesOf = groupBy(sideLinks, (link) => link.dishId);
  const dishesOf = groupBy(placements, (placement) => placement.categoryId);
  const linksOf = groupBy(links, (link) => link.menuId);

  const catalog: Catalog = {
    menus: menuRows.map((row) => {
      return {
        view: { ...presentMenuLook(storage, row), fromParent: row.restaurantId !== restaurant.id },
        draft: row.draft,
        schedule: menuSchedule({ valid: row.valid, twentyFourHoursMenuAvailable: row.twentyFourHours }),
        categories: (linksOf.get(row.id) ?? []).map((link) => ({
          category: link.categoryId,
          valid: link.valid,
          adjustment: link.adjustment ? adjustmentSchedule(link.adjustment) : null,
        })),
      };
    }),
    categories: categoryRows.map((row) => ({
      _id: row.id,
      name: row.name,
      isAvailable: row.isAvailable,
      dishes: (dishesOf.get(row.id) ?? []).map((placement) => placement.dishId),
    })),
    dishes: dishRows.map((row) => {
      const image = presentImage(storage, row.image);
      return {
        view: {
          _id: row.id,
          name: row.name,
          description: row.description,
          price: Number(row.price),
          calories: row.calories,
          portion: row.portion,
          alcoholPercentage: row.alcoholPercentage === null ? null : Number(row.alcoholPercentage),
          image: image.url,
          imageVariants: image.variants,
          allergens: dishAllergensOf(
            declarations,
            (ingredientsOf.get(row.id) ?? []).map((link) => link.ingredientId),
            row.allergens,
          ),
          dietary: dishDietaryTags({
            dietaryConsiderations: {
              selected: { ...emptyDietary(), ...row.dietary.selected },
              admin: { ...emptyDietary(), ...row.dietary.admin },
            },
          }),
        },
        isAvailable: row.isAvailable,
        fromParent: row.restaurantId !== restaurant.id,
        ingredients: (ingredientsOf.get(row.id) ?? []).map((link) => link.ingredientId),
        sideDishes: (sidesOf.get(row.id) ?? []).map((link) => link.sideDishId),
        customizations: {
          selected: row.customizations.selected ?? [],
          custom: row.customizations.custom ?? [],
        },
      };
    }),
    ingredients: ingredientRows.map(({ translations: _, ...row }) => ({
      ...row,
      allergens: declarations.whole(row._id),
    })),
    customizations: customizationRows.map((row) => ({
      _id: row.id,
      name: row.name,
      isCustom: row.isCustom,
      isFixedPrice: row.isFixedPrice,
      isAvailable: row.isAvailable,
      options: row.options,
      fromParent: row.restaurantId !== restaurant.id,
    })),
  };
  const zone = knownZone(restaurant.timeZone);
  // Whatever the hour: the clock is applied per request (public-menu.state.ts, `servedAt`).
  const rowById = new Map(menuRows.map((row) => [row.id, row]));
  const sourceMenus: SourceMenu[] = visibleMenus(catalog, {
    show: 'published',
    at: null,
    timeZone: zone,
  }).map((entry) => ({
    ...entry,
    timeline: {
      _id: entry.menu._id,
      name: entry.menu.name,
      cover: entry.menu.cover,
      coverVariants: entry.menu.coverVariants,
      valid: rowById.get(entry.menu._id)!.valid,
      twentyFourHoursMenuAvailable: entry.schedule.twentyFourHours,
    },
  }));

  const filterOptions = filterOptionsSchema.safeParse(restaurant.filterOptions ?? undefined);
  // The restaurant's own logo (settings); without one, the first menu's stands in.
  const ownLogo = presentImage(storage, restaurant.logo);
  const logoMenu = sourceMenus.find((entry) => entry.menu.logo)?.menu;
  // Issue 24: the stored translations, only when a diner may read another language.
  const parsedLanguages = restaurantLanguagesSchema.safeParse(restaurant.languages ?? {});
  const languages: RestaurantLanguages = parsedLanguages.success
    ? (parsedLanguages.data as RestaurantLanguages)
    : { default: 'en', others: [] };
  const translations: Record<string, StoredTranslations> = {};
  const optionIngredients: Record<string, string> = {};
  if (languages.others.length > 0) {
    const keep = (key: string, stored: StoredTranslations | null | undefined) => {
      if (stored && Object.keys(stored).length > 0) translations[key] = stored;
    };
    keep('restaurant', restaurant.translations);
    for (const row of menuRows) keep(`menu:${row.id}`, row.translations);
    for (const link of row?.links ?? []) keep(`category:${link[1]}`, link[6]);
    for (const row of dishRows) keep(`dish:${row.id}`, row.translations);
    for (const row of ingredientRows) keep(`ingredient:${row._id}`, row.translations);
    for (const row of customizationRows) keep(`customization:${row.id}`, row.translations);
    const optionsOf = (list: readonly CustomizationData[]) => {
      for (const customization of list)
        for (const option of customization.options)
          if (option.ingredient) optionIngredients[option._id] = option.ingredient;
    };
    for (const row of customizationRows) optionsOf([{ ...row, _id: row.id }]);
    for (const row of dishRows) optionsOf(row.customizations.custom ?? []);
  }
  const source: Omit<PublicMenuSource, 'version' | 'size'> = {
    restaurantId: restaurant.id,
    parentId: parent?.id ?? null,
    timeZone: zone,
    restaurant: {
      _id: restaurant.id,
      name: restaurant.name,
      description: restaurant.description,
      restaurantType: restaurantTypeOf(restaurant.restaurantType),
      timeZone: zone,
      sideDishesLabel: restaurant.sideDishesLabel,
      logo: ownLogo.url ?? logoMenu?.logo ?? null,
      logoVariants: ownLogo.variants ?? logoMenu?.logoVariants ?? null,
      social: presentSocial(restaurant.social).map(({ media, url }) => ({ media, url })),
      cta: publicCta(presentCta(restaurant.cta)),
      filterOptions: restaurant.filterOptions && filterOptions.success ? filterOptions.data : null,
      labelling: {
        region: restaurant.labelling.region,
        calories: restaurant.labelling.calories,
        usStateNotice: restaurant.labelling.usStateNotice,
      },
    },
    parentRestaurant: parent ? { _id: parent.id, name: parent.name } : null,
    user: owner ? { email: owner.email } : null,
    menuPeriodTransition: restaurant.menuPeriodTransition,
    menus: sourceMenus,
    displays,
    periodEndsAt: periodEnd,
    languages,
    showMachine: restaurant.showMachineTranslations,
    translations,
    optionIngredients,
  };
  const json = JSON.stringify(source);
  const version = createHash('sha256').update(json).digest('base64url').slice(0, 22);
  return { ...source, version, size: json.length };
}

/**
 * The public menu of one menu display (doc 2 §2): the restaurant's source with only the display's
 * published menus, in the display's order (its timeline too, so the expiry banner offers only
 * them), or null when the restaurant has no such display ("No menu found").
 */
export function displaySource(source: PublicMenuSource, displayId: string): PublicMenuSource | null {
  const menuIds = Object.hasOwn(source.displays, displayId) ? source.displays[displayId] : undefined;
  if (!menuIds) return null;
  const byId = new Map(source.menus.map((entry) => [entry.menu._id, entry]));
  const menus = menuIds.flatMap((id) => byId.get(id) ?? []);
  // The display's pages and answers never share an ETag with the restaurant's or another display's.
  return { ...source, menus, version: `${source.version}.${displayId}` };
}
