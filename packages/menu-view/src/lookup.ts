import type { PublicCategory, PublicDish, PublicMenu } from '@carte/domain';

/** The dish of a menu, with its category, or null (the dish page's "Dish not found"). */
export function findDish(
  page: { menu: PublicMenu },
  dishId: string,
): { dish: PublicDish; category: PublicCategory } | null {
  for (const category of page.menu.categories) {
    const dish = category.dishes.find((entry) => entry._id === dishId);
    if (dish) return { dish, category };
  }
  return null;
}

/** The id of a category's section on a menu page (the category bar's anchors). */
export const categoryAnchor = (id: string) => `c-${id}`;
