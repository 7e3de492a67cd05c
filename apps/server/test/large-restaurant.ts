import { newId } from '../src/db/ids.ts';
import {
  categories,
  categoryDishes,
  dishes,
  dishIngredients,
  ingredients,
  menuCategories,
  menus,
  restaurants,
} from '../src/db/schema.ts';
import type { Runtime } from '../src/runtime.ts';

/**
 * A large restaurant (issue 11 §7, bench/public-menu.ts): 8 menus × 5 categories × 10 dishes, each
 * dish with a description, a picture and three ingredients, each menu with a cover, served all day,
 * drawn in `fonts` (primary, secondary) of the Classic template.
 */
export async function writeLargeRestaurant(
  db: Runtime['database']['db'],
  options: { fonts?: { primary: string; secondary: string } } = {},
) {
  const [restaurant] = await db
    .insert(restaurants)
    .values({ name: 'Grand Brasserie', timeZone: 'UTC', description: 'A very large menu.' })
    .returning();
  const restaurantId = restaurant!.id;
  const ingredientRows = Array.from({ length: 60 }, (_, i) => ({
    id: newId(),
    restaurantId,
    name: `Ingredient ${i + 1}`,
    position: i,
  }));
  await db.insert(ingredients).values(ingredientRows);
  const dishRows = Array.from({ length: 400 }, (_, i) => ({
    id: newId(),
    restaurantId,
    name: `Dish number ${i + 1}`,
    description: `<p>House dish ${i + 1}: slow-cooked, seasonal, served with a side of greens and our sauce.</p>`,
    price: 6 + ((i * 37) % 2400) / 100,
    calories: 200 + ((i * 53) % 700),
    image: `dish/${newId()}`,
    position: i,
  }));
  await db.insert(dishes).values(dishRows);
  await db.insert(dishIngredients).values(
    dishRows.flatMap((dish, i) =>
      [0, 1, 2].map((k) => ({
        dishId: dish.id,
        ingredientId: ingredientRows[(i * 7 + k * 13) % 60]!.id,
        position: k,
      })),
    ),
  );
  const categoryRows = Array.from({ length: 40 }, (_, i) => ({
    id: newId(),
    restaurantId,
    name: `Category ${i + 1}`,
    position: i,
  }));
  await db.insert(categories).values(categoryRows);
  await db.insert(categoryDishes).values(
    categoryRows.flatMap((category, c) =>
      Array.from({ length: 10 }, (_, k) => ({
        categoryId: category.id,
        dishId: dishRows[c * 10 + k]!.id,
        position: k,
      })),
    ),
  );
  const fonts = options.fonts ? { ...options.fonts, tertiary: options.fonts.secondary } : undefined;
  const menuRows = Array.from({ length: 8 }, (_, i) => ({
    id: newId(),
    restaurantId,
    name: `Menu ${i + 1}`,
    description: `Menu ${i + 1} of the house.`,
    cover: `cover/${newId()}`,
    draft: false,
    position: i,
    ...(fonts ? { fonts } : {}),
  }));
  await db.insert(menus).values(menuRows);
  await db.insert(menuCategories).values(
    menuRows.flatMap((menu, m) =>
      Array.from({ length: 5 }, (_, k) => ({
        menuId: menu.id,
        categoryId: categoryRows[m * 5 + k]!.id,
        position: k,
      })),
    ),
  );
  return { restaurantId, firstMenuId: menuRows[0]!.id, menuIds: menuRows.map((row) => row.id), dishRows };
}
