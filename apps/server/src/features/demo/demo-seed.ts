import { addInterval, type DietaryLists, dietaryTypes, emptyDietary, sortAllergens } from '@carte/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { Tx } from '../../core/transaction.ts';
import type { Db } from '../../db/connect.ts';
import { newId } from '../../db/ids.ts';
import {
  type CustomizationData,
  categories,
  categoryDishes,
  customizations,
  declarationChanges,
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
import { defaultPlatformDietary } from '../dietary/index.ts';
import { hashPassword, openRestaurant } from '../identity/index.ts';
import { deleteImage, type ImageKind, storeImage } from '../media/index.ts';
import { coverSvg, dishSvg, logoSvg, renderPng } from './demo-images.ts';
import {
  type DemoAllergens,
  type DemoCustomization,
  demoCategories,
  demoCustomizations,
  demoDietary,
  demoDishes,
  demoIngredients,
  demoMenus,
} from './demo-menu.ts';

export interface DemoImages {
  /** Storage keys by dish name. */
  dishes: Map<string, string>;
  /** Storage keys by menu name. */
  covers: Map<string, string>;
  logos: Map<string, string>;
}

export const DEMO_USERNAME = 'demo';
export const DEMO_PASSWORD = 'Demo1234';
/** The demo reseller (issue 14) and its one client, with the same password. */
export const DEMO_RESELLER_USERNAME = 'demoreseller';
export const DEMO_CLIENT_USERNAME = 'democlient';

/**
 * Demo data (decisions, Demo): on an empty database, the demo owner and its food truck "Carte Street
 * Kitchen" with a full menu — ingredients, customizations, categories, dishes with pictures, and the
 * Lunch, Dinner and All Day menus, published (demo-menu.ts). Pictures are stored first; if the
 * database turns out not to be empty after all (another instance seeded it meanwhile), they are
 * removed again and nothing is written.
 */
export async function seedDemo({
  db,
  storage,
  log,
  publicUrl,
}: {
  db: Db;
  storage: Storage;
  log: Pick<FastifyBaseLogger, 'info'>;
  /** When given, the log names the demo's public menu address too. */
  publicUrl?: string;
}): Promise<void> {
  const isEmpty = async (reader: Pick<Db, 'select'>) =>
    (await reader.select({ id: restaurants.id }).from(restaurants).limit(1)).length === 0;
  if (!(await isEmpty(db))) return;
  const [images, passwordHash] = await Promise.all([storeDemoImages(storage), hashPassword(DEMO_PASSWORD)]);
  const written = await db
    .transaction(async (tx) => {
      // Two instances starting on one empty database: the second waits here, then finds it seeded.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('carte:seed-demo'))`);
      if (!(await isEmpty(tx))) return null;
      const truck = await openRestaurant(
        tx,
        {
          name: 'Carte Street Kitchen',
          restaurantType: 'FOOD_TRUCK',
          timeZone: 'America/New_York',
          description: 'Tacos, bowls and lemonade from our little red truck.',
        },
        {
          username: DEMO_USERNAME,
          email: 'demo@carte.example',
          firstName: 'Dana',
          lastName: 'Demo',
          phoneNumber: '+12025550143',
          passwordHash,
          verifiedAt: new Date(),
        },
      );
      await writeDemoMenu(tx, truck.restaurantId, images);
      await writeDemoReseller(tx, passwordHash);
      return truck.restaurantId;
    })
    .catch(async (error: unknown) => {
      await deleteDemoImages(storage, images);
      throw error;
    });
  if (!written) {
    await deleteDemoImages(storage, images);
    return;
  }
  const menu = publicUrl ? `; its public menu, served at any hour: ${publicUrl}/menu/${written}` : '';
  log.info(`Demo data created — sign in as "${DEMO_USERNAME}" / "${DEMO_PASSWORD}"${menu}`);
  log.info(
    `Demo reseller — sign in as "${DEMO_RESELLER_USERNAME}" / "${DEMO_PASSWORD}" (company "Demo Menu Partners", one client); its client signs in as "${DEMO_CLIENT_USERNAME}" / "${DEMO_PASSWORD}"`,
  );
}

/**
 * The demo reseller "Demo Menu Partners" and its one client, the owner of the café "Harbour Cafe"
 * (no menu yet, not subscribed: the reseller's dashboard shows it among the unsubscribed clients).
 */
async function writeDemoReseller(tx: Tx, passwordHash: string): Promise<void> {
  const [reseller] = await tx
    .insert(users)
    .values({
      username: DEMO_RESELLER_USERNAME,
      email: 'reseller@carte.example',
      firstName: 'Remy',
      lastName: 'Reseller',
      phoneNumber: '+12025550144',
      role: 'DMA',
      companyName: 'Demo Menu Partners',
      passwordHash,
      verifiedAt: new Date(),
      personId: newId(),
    })
    .returning({ id: users.id, email: users.email });
  await openRestaurant(
    tx,
    {
      name: 'Harbour Cafe',
      restaurantType: 'RESTAURANT',
      timeZone: 'America/New_York',
      description: 'Coffee and pastries by the water.',
    },
    {
      username: DEMO_CLIENT_USERNAME,
      email: 'client@carte.example',
      firstName: 'Cleo',
      lastName: 'Client',
      phoneNumber: '+12025550145',
      role: 'DMA_CLIENT',
      passwordHash,
      verifiedAt: new Date(),
      dmaId: reseller!.id,
      dmaParentEmail: reseller!.email,
    },
  );
}

/**
 * Draws every demo picture and stores it the way an upload is stored (storeImage: checked,
 * re-encoded to the WebP variants), all at once — sharp works on its own threads.
 */
export async function storeDemoImages(storage: Storage): Promise<DemoImages> {
  const store = async (svg: string, name: string, kind: ImageKind) => {
    const buffer = await renderPng(svg);
    const file = {
      field: 'image',
      filename: `${name}.png`,
      mimetype: 'image/png',
      size: buffer.length,
      buffer,
    };
    return storeImage(storage, file, kind);
  };
  const [dishKeys, coverKeys, logoKeys] = await Promise.all([
    Promise.all(
      demoDishes.map((dish) =>
        store(
          dishSvg(dish.name, dish.picture.kind, dish.picture.palette, dish.picture.accent),
          dish.name,
          'dish',
        ),
      ),
    ),
    Promise.all(demoMenus.map((menu) => store(coverSvg(menu.cover), `${menu.name}-cover`, 'cover'))),
    Promise.all(demoMenus.map((menu) => store(logoSvg(), `${menu.name}-logo`, 'logo'))),
  ]);
  return {
    dishes: new Map(demoDishes.map((dish, i) => [dish.name, dishKeys[i]!])),
    covers: new Map(demoMenus.map((menu, i) => [menu.name, coverKeys[i]!])),
    logos: new Map(demoMenus.map((menu, i) => [menu.name, logoKeys[i]!])),
  };
}

/** Removes stored pictures when the demo was not written after all. */
export async function deleteDemoImages(storage: Storage, images: DemoImages): Promise<void> {
  const keys = [...images.dishes.values(), ...images.covers.values(), ...images.logos.values()];
  await Promise.all(keys.map((key) => deleteImage(storage, key)));
}

/**
 * Writes the demo food truck's full workshop in the caller's transaction: ingredients (with a
 * parent and its children), restaurant-wide and dish-specific customizations, categories, dishes
 * with prices, dietary tags, ingredients, side dishes and pictures, and the Lunch, Dinner and
 * All Day menus, published: the truck holds an active yearly subscription of the built-in test checkout (`local`,
 * which renews itself), so the public menu at /menu/{restaurantId} shows them at once (decisions,
 * Demo) and the owner may publish and unpublish as any subscriber.
 */
/** Who the demo's declarations name in their history. */
export const DEMO_AUTHOR = 'Carte demo';

/** A demo declaration as stored: the regulation's order, "contains" winning over "may contain". */
const declarationOf = (allergens: DemoAllergens | undefined) => {
  const contains = sortAllergens(allergens?.contains ?? []);
  return {
    contains,
    mayContain: sortAllergens(allergens?.mayContain ?? []).filter((key) => !contains.includes(key)),
  };
};

export async function writeDemoMenu(
  tx: Tx,
  restaurantId: string,
  images: DemoImages,
  now: Date = new Date(),
): Promise<void> {
  await tx
    .update(restaurants)
    .set({ dietary: demoDietary, sideDishesLabel: 'Goes great with' })
    .where(eq(restaurants.id, restaurantId));

  const ingredientId = new Map(demoIngredients.map((ingredient) => [ingredient.name, newId()]));
  const idOf = (map: Map<string, string>, name: string, what: string) => {
    const id = map.get(name);
    if (!id) throw new Error(`demo data: unknown ${what} "${name}"`);
    return id;
  };
  await tx.insert(ingredients).values(
    demoIngredients.map((ingredient, position) => ({
      id: idOf(ingredientId, ingredient.name, 'ingredient'),
      restaurantId,
      name: ingredient.name,
      parentId: ingredient.parent ? idOf(ingredientId, ingredient.parent, 'ingredient') : null,
      allergens: declarationOf(ingredient.allergens),
      position,
    })),
  );

  const toData = (customization: DemoCustomization): CustomizationData => ({
    _id: newId(),
    name: customization.name,
    isCustom: customization.isCustom,
    isFixedPrice: customization.isFixedPrice,
    isAvailable: true,
    options: customization.options.map((option) => ({
      _id: newId(),
      name: option.name ?? null,
      ingredient: option.ingredient ? idOf(ingredientId, option.ingredient, 'ingredient') : null,
      price: option.price,
      isAvailable: true,
    })),
  });
  const shared = demoCustomizations.map(toData);
  await tx.insert(customizations).values(
    shared.map((customization, position) => ({
      id: customization._id,
      restaurantId,
      name: customization.name,
      isCustom: customization.isCustom,
      isFixedPrice: customization.isFixedPrice,
      options: customization.options,
      position,
    })),
  );
  const customizationId = new Map(shared.map((customization) => [customization.name, customization._id]));

  const categoryId = new Map(demoCategories.map((category) => [category.name, newId()]));
  await tx.insert(categories).values(
    demoCategories.map((category, position) => ({
      id: idOf(categoryId, category.name, 'category'),
      restaurantId,
      name: category.name,
      isAvailable: category.isAvailable ?? true,
      position,
    })),
  );

  const dishId = new Map(demoDishes.map((dish) => [dish.name, newId()]));
  await tx.insert(dishes).values(
    demoDishes.map((dish, position) => ({
      id: idOf(dishId, dish.name, 'dish'),
      restaurantId,
      name: dish.name,
      description: dish.description,
      price: dish.price,
      calories: dish.calories,
      alcoholPercentage: dish.alcoholPercentage ?? null,
      image: images.dishes.get(dish.name) ?? null,
      customizations: {
        selected: (dish.customizations ?? []).map((name) => idOf(customizationId, name, 'customization')),
        custom: (dish.custom ?? []).map(toData),
      },
      dietary: splitDietary(dish.dietary),
      // Every demo dish is confirmed, so the demo menu passes the EU/UK check (issue 23 §7).
      allergens: { ...declarationOf(dish.allergens), declared: true },
      position,
    })),
  );
  // The declarations are kept like any owner's (the matrix names who and when): made by the demo.
  await tx.insert(declarationChanges).values([
    ...demoIngredients
      .filter((ingredient) => ingredient.allergens)
      .map((ingredient) => ({
        restaurantId,
        ingredientId: idOf(ingredientId, ingredient.name, 'ingredient'),
        field: 'allergens',
        before: null,
        after: declarationOf(ingredient.allergens),
        userId: null,
        username: DEMO_AUTHOR,
        createdAt: now,
      })),
    ...demoDishes.map((dish) => ({
      restaurantId,
      dishId: idOf(dishId, dish.name, 'dish'),
      field: 'allergens',
      before: null,
      after: { ...declarationOf(dish.allergens), declared: true },
      userId: null,
      username: DEMO_AUTHOR,
      createdAt: now,
    })),
  ]);
  await tx.insert(dishIngredients).values(
    demoDishes.flatMap((dish) =>
      dish.ingredients.map((name, position) => ({
        dishId: idOf(dishId, dish.name, 'dish'),
        ingredientId: idOf(ingredientId, name, 'ingredient'),
        position,
      })),
    ),
  );
  await tx.insert(dishSideDishes).values(
    demoDishes.flatMap((dish) =>
      (dish.sides ?? []).map((name, position) => ({
        dishId: idOf(dishId, dish.name, 'dish'),
        sideDishId: idOf(dishId, name, 'dish'),
        position,
      })),
    ),
  );
  await tx.insert(categoryDishes).values(
    demoCategories.flatMap((category) =>
      demoDishes
        .filter((dish) => dish.category === category.name)
        .map((dish, position) => ({
          categoryId: idOf(categoryId, category.name, 'category'),
          dishId: idOf(dishId, dish.name, 'dish'),
          position,
        })),
    ),
  );

  for (const [position, menu] of demoMenus.entries()) {
    const [row] = await tx
      .insert(menus)
      .values({
        restaurantId,
        name: menu.name,
        description: menu.description,
        cover: images.covers.get(menu.name) ?? null,
        logo: images.logos.get(menu.name) ?? null,
        colors: menu.colors,
        fonts: menu.fonts,
        showCta: {
          title: 'REPORT AN ISSUE',
          content: 'Prices on this menu are set directly by the merchant',
          emails: ['demo@carte.example'],
        },
        draft: false,
        valid: { ...menu.schedule, startTime: menu.startTime, endTime: menu.endTime },
        twentyFourHours: menu.twentyFourHours ?? false,
        position,
      })
      .returning({ id: menus.id });
    await tx.insert(menuCategories).values(
      menu.categories.map((name, index) => ({
        menuId: row!.id,
        categoryId: idOf(categoryId, name, 'category'),
        position: index,
      })),
    );
  }

  await tx.insert(subscriptions).values({
    restaurantId,
    provider: 'local',
    priceId: 'price_local_yearly',
    interval: 'year',
    status: 'active',
    currentPeriodStart: now,
    currentPeriodEnd: addInterval(now, 'year'),
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * A dish's tags as the dish form stores them: platform entries under `admin`, the restaurant's own
 * additions under `selected` (doc 2 §3, dietaryConsiderations {selected, admin}).
 */
function splitDietary(tags: Partial<DietaryLists> | undefined): {
  selected: DietaryLists;
  admin: DietaryLists;
} {
  const selected = emptyDietary();
  const admin = emptyDietary();
  for (const type of dietaryTypes) {
    for (const name of tags?.[type] ?? []) {
      (defaultPlatformDietary[type].includes(name) ? admin : selected)[type].push(name);
    }
  }
  return { selected, admin };
}
