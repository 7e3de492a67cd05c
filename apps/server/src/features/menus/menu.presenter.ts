import { type Menu, type MenuTemplate, presentTranslations } from '@carte/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Storage } from '../../adapters/storage/storage.ts';
import { isFromParent, type RestaurantScope, readsMenu } from '../../core/restaurant-scope.ts';
import type { Db } from '../../db/connect.ts';
import { categories, menuCategories, menus } from '../../db/schema.ts';
import { presentImage } from '../media/index.ts';

export type MenuRow = typeof menus.$inferSelect;

/**
 * Menus as they leave the server (STYLE rule 2), with their categories in the menu's order. Only
 * categories the viewer may see are listed, so a parent's menu never reveals records outside the
 * scope (decisions §4, inheritance).
 */
export async function presentMenus(
  db: Db,
  storage: Storage,
  scope: RestaurantScope,
  rows: MenuRow[],
): Promise<Menu[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select({
      menuId: menuCategories.menuId,
      categoryId: menuCategories.categoryId,
      valid: menuCategories.valid,
    })
    .from(menuCategories)
    .innerJoin(categories, eq(categories.id, menuCategories.categoryId))
    .where(
      and(
        inArray(
          menuCategories.menuId,
          rows.map((row) => row.id),
        ),
        inArray(categories.restaurantId, scope.visibleIds),
      ),
    )
    .orderBy(asc(menuCategories.position), asc(categories.createdAt));

  return rows.map((row) =>
    presentWithLinks(
      storage,
      scope,
      row,
      links
        .filter((link) => link.menuId === row.id)
        .map((link) => ({ category: link.categoryId, valid: link.valid })),
    ),
  );
}

type MenuLink = Menu['categories'][number];

function presentWithLinks(storage: Storage, scope: RestaurantScope, row: MenuRow, links: MenuLink[]): Menu {
  return {
    ...presentMenuLook(storage, row),
    categories: links,
    draft: row.draft,
    fromParent: isFromParent(scope, row.restaurantId),
    valid: row.valid,
    twentyFourHoursMenuAvailable: row.twentyFourHours,
    createdAt: row.createdAt.toISOString(),
    translations: presentTranslations(row.translations),
  };
}

/**
 * Every menu the scope sees with its visible categories in the menu's order, ordered by `order`: one
 * round trip, built once and prepared on each connection (the owner API's list is read on every
 * screen: issue 16's p99 target).
 */
export function createMenuLister(db: Db, storage: Storage) {
  // Every menu's visible categories aggregated in one grouped pass and joined: a subquery correlated
  // per menu let the planner, its statistics stale after a bulk import, scan every category of the
  // restaurant once per menu (500 menus of 1,000 categories: 600 ms; issue 21). `ids` is the scope's
  // restaurants, sent as one array parameter.
  const ids = sql.placeholder('ids');
  const grouped = sql`(
    select mc.menu_id, json_agg(json_build_object('category', mc.category_id, 'valid', mc.valid) order by mc.position, c.created_at) as links
    from menu_categories mc
    inner join categories c on c.id = mc.category_id
    inner join menus m on m.id = mc.menu_id
    where m.restaurant_id = any(${ids}) and c.restaurant_id = any(${ids})
    group by mc.menu_id
  ) menu_links`;
  const links = sql<MenuLink[]>`coalesce(menu_links.links, '[]'::json)`;
  const query = db
    .select({ menu: menus, links })
    .from(menus)
    .leftJoin(grouped, sql`menu_links.menu_id = ${menus.id}`)
    .where(sql`${menus.restaurantId} = any(${ids})`)
    .prepare('carte_list_menus');
  return async (scope: RestaurantScope, order: (a: MenuRow, b: MenuRow) => number): Promise<Menu[]> => {
    const rows = await query.execute({ ids: scope.visibleIds });
    return rows
      .filter((row) => readsMenu(scope, row.menu))
      .sort((a, b) => order(a.menu, b.menu))
      .map((row) => presentWithLinks(storage, scope, row.menu, row.links));
  };
}

export async function presentMenu(
  db: Db,
  storage: Storage,
  scope: RestaurantScope,
  row: MenuRow,
): Promise<Menu> {
  const [menu] = await presentMenus(db, storage, scope, [row]);
  return menu!;
}

/**
 * What a menu looks like, as the owner and the diner both see it: name, description, pictures (a
 * path and its variants), colours, fonts, template and display switches. The owner's presenter
 * and the public menu's data both start from it.
 */
export function presentMenuLook(storage: Storage, row: MenuRow) {
  const cover = presentImage(storage, row.cover);
  const logo = presentImage(storage, row.logo);
  return {
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
  };
}
