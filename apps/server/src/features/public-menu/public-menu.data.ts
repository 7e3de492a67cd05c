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
  type VisibleMenu,
  visibleMenus,
} from '@carte/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
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

/** A zone the runtime knows, or UTC: a bad stored zone must not break the public page. */
function knownZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
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
 */
export async function loadPublicMenuSource(
  deps: { db: Db; storage: Storage; billing: Pick<BillingService, 'applyCalendar'> },
  restaurantId: string,
): Promise<PublicMenuSource | null> {
  const { db, storage } = deps;
  const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
  if (!restaurant) return null;
  const [parent] = restaurant.parentId
    ? await db
        .select({ id: restaurants.id, name: restaurants.name })
        .from(restaurants)
        .where(eq(restaurants.id, restaurant.parentId))
    : [];
  const visibleIds = parent ? [restaurant.id, parent.id] : [restaurant.id];

  for (const id of visibleIds) await deps.billing.applyCalendar(id);

  const [owner] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.restaurantId, restaurant.id), inArray(users.role, ['RESTAURANT', 'DMA_CLIENT'])))
    .orderBy(asc(users.createdAt))
    .limit(1);

  // Everything the restaurant's and its parent's menus may show, unfiltered: which of it a diner
  // sees is the domain's rule (`visibleMenus`), shared with the owner's preview.
  const menuRows = await db
    .select()
    .from(menus)
    .where(inArray(menus.restaurantId, visibleIds))
    .orderBy(asc(menus.position), asc(menus.createdAt));
  const menuIds = menuRows.map((row) => row.id);

  const links = menuIds.length
    ? await db
        .select({
          menuId: menuCategories.menuId,
          categoryId: menuCategories.categoryId,
          valid: menuCategories.valid,
          adjustment: menuCategories.adjustment,
        })
        .from(menuCategories)
        .innerJoin(categories, eq(categories.id, menuCategories.categoryId))
        .where(and(inArray(menuCategories.menuId, menuIds), inArray(categories.restaurantId, visibleIds)))
        .orderBy(asc(menuCategories.position), asc(categories.createdAt))
    : [];
  const categoryIds = [...new Set(links.map((link) => link.categoryId))];

  const [categoryRows, placements] = categoryIds.length
    ? await Promise.all([
        db
          .select({ id: categories.id, name: categories.name, isAvailable: categories.isAvailable })
          .from(categories)
          .where(inArray(categories.id, categoryIds)),
        db
          .select({ categoryId: categoryDishes.categoryId, dishId: categoryDishes.dishId })
          .from(categoryDishes)
          .innerJoin(dishes, eq(dishes.id, categoryDishes.dishId))
          .where(
            and(inArray(categoryDishes.categoryId, categoryIds), inArray(dishes.restaurantId, visibleIds)),
          )
          .orderBy(asc(categoryDishes.position), desc(dishes.createdAt)),
      ])
    : [[], []];
  const placedIds = [...new Set(placements.map((placement) => placement.dishId))];

  const [ingredientLinks, sideLinks, customizationRows, periodRows, displayRows] = await Promise.all([
    placedIds.length
      ? db
          .select({ dishId: dishIngredients.dishId, ingredientId: dishIngredients.ingredientId })
          .from(dishIngredients)
          .where(inArray(dishIngredients.dishId, placedIds))
          .orderBy(asc(dishIngredients.position))
      : [],
    placedIds.length
      ? db
          .select({ dishId: dishSideDishes.dishId, sideDishId: dishSideDishes.sideDishId })
          .from(dishSideDishes)
          .where(inArray(dishSideDishes.dishId, placedIds))
          .orderBy(asc(dishSideDishes.position))
      : [],
    placedIds.length
      ? db.select().from(customizations).where(inArray(customizations.restaurantId, visibleIds))
      : [],
    db
      .select({ end: subscriptions.currentPeriodEnd })
      .from(subscriptions)
      .where(and(inArray(subscriptions.restaurantId, visibleIds), eq(subscriptions.status, 'active'))),
    db
      .select({ displayId: menuDisplays.id, menuId: menuDisplayMenus.menuId })
      .from(menuDisplays)
      .leftJoin(menuDisplayMenus, eq(menuDisplayMenus.displayId, menuDisplays.id))
      .where(eq(menuDisplays.restaurantId, restaurant.id))
      .orderBy(asc(menuDisplays.id), asc(menuDisplayMenus.position)),
  ]);
  const displays: Record<string, string[]> = {};
  for (const row of displayRows) {
    const list = displays[row.displayId] ?? [];
    if (row.menuId) list.push(row.menuId);
    displays[row.displayId] = list;
  }

  // The placed dishes and the side dishes they offer, read once.
  const dishIds = [...new Set([...placedIds, ...sideLinks.map((link) => link.sideDishId)])];
  const dishRows = dishIds.length
    ? await db
        .select()
        .from(dishes)
        .where(and(inArray(dishes.id, dishIds), inArray(dishes.restaurantId, visibleIds)))
    : [];

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
        .select({ _id: ingredients.id, name: ingredients.name, isAvailable: ingredients.isAvailable })
        .from(ingredients)
        .where(
          and(inArray(ingredients.id, [...ingredientIds]), inArray(ingredients.restaurantId, visibleIds)),
        )
    : [];

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
          alcoholPercentage: row.alcoholPercentage === null ? null : Number(row.alcoholPercentage),
          image: image.url,
          imageVariants: image.variants,
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
    ingredients: ingredientRows,
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
    },
    parentRestaurant: parent ? { _id: parent.id, name: parent.name } : null,
    user: owner ? { email: owner.email } : null,
    menuPeriodTransition: restaurant.menuPeriodTransition,
    menus: sourceMenus,
    displays,
    periodEndsAt: periodRows.reduce<number | null>((soonest, row) => {
      const end = row.end?.getTime();
      return end === undefined || (soonest !== null && soonest <= end) ? soonest : end;
    }, null),
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
