import { createHash } from 'node:crypto';
import {
  adjustmentSchedule,
  dishDietaryTags,
  emptyDietary,
  filterOptionsSchema,
  type MenuTemplate,
  menuSchedule,
  optionPrice,
  type PublicCategory,
  type PublicDish,
  type PublicMenu,
  type PublicRestaurant,
  type PublicTimelineEntry,
  type Schedule,
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
  menus,
  restaurants,
  subscriptions,
  users,
} from '../../db/schema.ts';
import type { BillingService } from '../billing/index.ts';
import { presentImage } from '../media/index.ts';

/** A category of a published menu, with its own days and hours when it has an adjustment. */
export interface SourceCategory {
  category: PublicCategory;
  adjustment: Schedule | null;
}

/** A published menu with every category it may show; which are shown depends on the hour. */
export interface SourceMenu {
  menu: Omit<PublicMenu, 'categories'>;
  categories: SourceCategory[];
  schedule: Schedule;
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

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];

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
  value === 'FOOD_TRUCK' ? 'FOOD_TRUCK' : 'RESTAURANT';

/**
 * Reads the published data of a restaurant (doc 2 §3 customer menu), or null when there is no such
 * restaurant. Applies the subscription calendar first (billing's `applyCalendar`), so menus of
 * an ended subscription are drafts before they are read (decisions §4 Billing).
 *
 * What a diner may see: published menus (own, then the parent's); their categories that are shown
 * in the menu (`valid`) and available; the available dishes of those; each dish's available
 * ingredients, available side dishes, and available customizations with their available options,
 * priced for the dish (decisions §4: a percentage of the base price, rounded half-up to cents).
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

  const menuRows = (
    await db
      .select()
      .from(menus)
      .where(and(inArray(menus.restaurantId, visibleIds), eq(menus.draft, false)))
  ).sort(
    (a, b) =>
      Number(a.restaurantId !== restaurant.id) - Number(b.restaurantId !== restaurant.id) ||
      a.position - b.position ||
      a.createdAt.getTime() - b.createdAt.getTime(),
  );
  const menuIds = menuRows.map((row) => row.id);

  const links = menuIds.length
    ? await db
        .select({
          menuId: menuCategories.menuId,
          adjustment: menuCategories.adjustment,
          id: categories.id,
          name: categories.name,
        })
        .from(menuCategories)
        .innerJoin(categories, eq(categories.id, menuCategories.categoryId))
        .where(
          and(
            inArray(menuCategories.menuId, menuIds),
            eq(menuCategories.valid, true),
            eq(categories.isAvailable, true),
            inArray(categories.restaurantId, visibleIds),
          ),
        )
        .orderBy(asc(menuCategories.position), asc(categories.createdAt))
    : [];
  const categoryIds = [...new Set(links.map((link) => link.id))];

  const placements = categoryIds.length
    ? await db
        .select({ categoryId: categoryDishes.categoryId, dish: dishes })
        .from(categoryDishes)
        .innerJoin(dishes, eq(dishes.id, categoryDishes.dishId))
        .where(
          and(
            inArray(categoryDishes.categoryId, categoryIds),
            eq(dishes.isAvailable, true),
            inArray(dishes.restaurantId, visibleIds),
          ),
        )
        .orderBy(asc(categoryDishes.position), desc(dishes.createdAt))
    : [];
  const dishRows = new Map<string, Row<typeof dishes>>();
  for (const placement of placements) dishRows.set(placement.dish.id, placement.dish);
  const dishIds = [...dishRows.keys()];

  const [ingredientRows, sideRows, customizationRows, periodRows] = await Promise.all([
    dishIds.length
      ? db
          .select({ dishId: dishIngredients.dishId, id: ingredients.id, name: ingredients.name })
          .from(dishIngredients)
          .innerJoin(ingredients, eq(ingredients.id, dishIngredients.ingredientId))
          .where(and(inArray(dishIngredients.dishId, dishIds), eq(ingredients.isAvailable, true)))
          .orderBy(asc(dishIngredients.position))
      : [],
    dishIds.length
      ? db
          .select({
            dishId: dishSideDishes.dishId,
            id: dishes.id,
            name: dishes.name,
            price: dishes.price,
          })
          .from(dishSideDishes)
          .innerJoin(dishes, eq(dishes.id, dishSideDishes.sideDishId))
          .where(
            and(
              inArray(dishSideDishes.dishId, dishIds),
              eq(dishes.isAvailable, true),
              inArray(dishes.restaurantId, visibleIds),
            ),
          )
          .orderBy(asc(dishSideDishes.position))
      : [],
    dishIds.length
      ? db
          .select()
          .from(customizations)
          .where(and(inArray(customizations.restaurantId, visibleIds), eq(customizations.isAvailable, true)))
      : [],
    db
      .select({ end: subscriptions.currentPeriodEnd })
      .from(subscriptions)
      .where(and(inArray(subscriptions.restaurantId, visibleIds), eq(subscriptions.status, 'active'))),
  ]);

  // Names of the ingredients customization options offer; an unavailable one hides its option.
  const optionIngredientIds = new Set<string>();
  const collect = (list: CustomizationData[]) => {
    for (const customization of list)
      for (const option of customization.options)
        if (option.ingredient) optionIngredientIds.add(option.ingredient);
  };
  for (const row of customizationRows) collect([{ ...row, _id: row.id }]);
  for (const row of dishRows.values()) collect(row.customizations.custom ?? []);
  const optionIngredients = optionIngredientIds.size
    ? await db
        .select({ id: ingredients.id, name: ingredients.name })
        .from(ingredients)
        .where(
          and(
            inArray(ingredients.id, [...optionIngredientIds]),
            inArray(ingredients.restaurantId, visibleIds),
            eq(ingredients.isAvailable, true),
          ),
        )
    : [];
  const ingredientName = new Map(optionIngredients.map((row) => [row.id, row.name]));

  const sharedCustomizations = new Map(
    customizationRows.map((row) => [
      row.id,
      {
        restaurantId: row.restaurantId,
        data: {
          _id: row.id,
          name: row.name,
          isCustom: row.isCustom,
          isFixedPrice: row.isFixedPrice,
          isAvailable: row.isAvailable,
          options: row.options,
        } satisfies CustomizationData,
      },
    ]),
  );

  const ingredientsOf = groupBy(ingredientRows, (row) => row.dishId);
  const sidesOf = groupBy(sideRows, (row) => row.dishId);

  const publicCustomization = (data: CustomizationData, basePrice: number) => {
    if (!data.isAvailable) return null;
    const options = data.options.flatMap((option) => {
      if (!option.isAvailable) return [];
      const name = option.ingredient ? ingredientName.get(option.ingredient) : option.name?.trim();
      if (!name) return [];
      return [{ _id: option._id, name, price: optionPrice(basePrice, option, data.isFixedPrice) }];
    });
    return options.length > 0
      ? { _id: data._id, name: data.name, isFixedPrice: data.isFixedPrice, options }
      : null;
  };

  const publicDishes = new Map<string, PublicDish>();
  for (const row of dishRows.values()) {
    const price = Number(row.price);
    // Restaurant-wide customizations are the dish's own restaurant's: locations do not inherit them.
    const selected = (row.customizations.selected ?? []).flatMap((id) => {
      const shared = sharedCustomizations.get(id);
      return shared && shared.restaurantId === row.restaurantId ? [shared.data] : [];
    });
    const dietary = {
      selected: { ...emptyDietary(), ...row.dietary.selected },
      admin: { ...emptyDietary(), ...row.dietary.admin },
    };
    const image = presentImage(storage, row.image);
    publicDishes.set(row.id, {
      _id: row.id,
      name: row.name,
      description: row.description,
      price,
      calories: row.calories,
      alcoholPercentage: row.alcoholPercentage === null ? null : Number(row.alcoholPercentage),
      image: image.url,
      imageVariants: image.variants,
      ingredients: (ingredientsOf.get(row.id) ?? []).map((item) => ({ _id: item.id, name: item.name })),
      sideDishes: (sidesOf.get(row.id) ?? []).map((item) => ({
        _id: item.id,
        name: item.name,
        price: Number(item.price),
      })),
      customizations: [...selected, ...(row.customizations.custom ?? [])].flatMap((data) => {
        const customization = publicCustomization(data, price);
        return customization ? [customization] : [];
      }),
      dietary: dishDietaryTags({ dietaryConsiderations: dietary }),
    });
  }

  const dishesOf = groupBy(placements, (placement) => placement.categoryId);
  const linksOf = groupBy(links, (link) => link.menuId);
  const sourceMenus: SourceMenu[] = menuRows.map((row) => {
    const cover = presentImage(storage, row.cover);
    const logo = presentImage(storage, row.logo);
    const timeline: PublicTimelineEntry = {
      _id: row.id,
      name: row.name,
      cover: cover.url,
      coverVariants: cover.variants,
      valid: row.valid,
      twentyFourHoursMenuAvailable: row.twentyFourHours,
    };
    return {
      menu: {
        _id: row.id,
        name: row.name,
        description: row.description,
        cover: cover.url,
        coverVariants: cover.variants,
        logo: logo.url,
        logoVariants: logo.variants,
        colors: row.colors,
        fonts: row.fonts,
        selectedTemplate: row.selectedTemplate as MenuTemplate,
        templateMeta: row.templateMeta,
        showCTA: row.showCta,
        displayIngredients: row.displayIngredients,
        displayDietary: row.displayDietary,
        displaySideDishes: row.displaySideDishes,
        fromParent: row.restaurantId !== restaurant.id,
      },
      categories: (linksOf.get(row.id) ?? []).flatMap((link) => {
        const list = (dishesOf.get(link.id) ?? []).flatMap(
          (placement) => publicDishes.get(placement.dish.id) ?? [],
        );
        // A category without a dish to show would be an empty heading.
        if (list.length === 0) return [];
        return [
          {
            category: { _id: link.id, name: link.name, dishes: list },
            adjustment: link.adjustment ? adjustmentSchedule(link.adjustment) : null,
          },
        ];
      }),
      schedule: menuSchedule({ valid: row.valid, twentyFourHoursMenuAvailable: row.twentyFourHours }),
      timeline,
    };
  });

  const filterOptions = filterOptionsSchema.safeParse(restaurant.filterOptions ?? undefined);
  // The restaurant has no logo of its own yet (settings come later): the first menu's stands in.
  const logoMenu = sourceMenus.find((entry) => entry.menu.logo)?.menu;
  const source: Omit<PublicMenuSource, 'version' | 'size'> = {
    restaurantId: restaurant.id,
    parentId: parent?.id ?? null,
    timeZone: knownZone(restaurant.timeZone),
    restaurant: {
      _id: restaurant.id,
      name: restaurant.name,
      description: restaurant.description,
      restaurantType: restaurantTypeOf(restaurant.restaurantType),
      timeZone: knownZone(restaurant.timeZone),
      sideDishesLabel: restaurant.sideDishesLabel,
      logo: logoMenu?.logo ?? null,
      logoVariants: logoMenu?.logoVariants ?? null,
      social: [],
      filterOptions: restaurant.filterOptions && filterOptions.success ? filterOptions.data : null,
    },
    parentRestaurant: parent ? { _id: parent.id, name: parent.name } : null,
    user: owner ? { email: owner.email } : null,
    menuPeriodTransition: restaurant.menuPeriodTransition,
    menus: sourceMenus,
    periodEndsAt: periodRows.reduce<number | null>((soonest, row) => {
      const end = row.end?.getTime();
      return end === undefined || (soonest !== null && soonest <= end) ? soonest : end;
    }, null),
  };
  const json = JSON.stringify(source);
  const version = createHash('sha256').update(json).digest('base64url').slice(0, 22);
  return { ...source, version, size: json.length };
}
