import type {
  CategoryAdjustment,
  Menu,
  MenuTimeline,
  updateCategoriesTimelineSchema,
  updateMenuTimelineSchema,
} from '@carte/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { Caller } from '../../core/caller.ts';
import { NotFoundError } from '../../core/errors.ts';
import type { PublicMenuChanges } from '../../core/public-menu-changes.ts';
import { assertVisible, assertWritable, type RestaurantScope } from '../../core/restaurant-scope.ts';
import type { Db } from '../../db/connect.ts';
import { readableMenus, scopeOf } from '../../db/restaurant-scope.ts';
import { categories, menuCategories, menus, restaurants } from '../../db/schema.ts';
import { type MenuRow, presentMenu } from './menu.presenter.ts';
import {
  presentAdjustments,
  presentTimelineCategories,
  type TimelineLinkRow,
} from './menu-timeline.presenter.ts';

export interface MenuTimelineServiceDeps {
  db: Db;
  storage: Storage;
  now: () => Date;
  publicMenu: PublicMenuChanges;
}

/**
 * Menu and category timelines (doc 2 §2 "Timeline screen", §7 updateMenuTimeline and
 * updateCategoriesTimeline; decisions §4). A menu's days and hours live on the menu; a category's
 * own days and hours live on its link to one menu (`menu_categories.adjustment`), so the same
 * category may keep different hours in two menus. Every query is scoped by the caller's restaurant;
 * a parent's menus are readable here and refused on write (403).
 */
export function createMenuTimelineService(deps: MenuTimelineServiceDeps) {
  const { db, storage, now, publicMenu } = deps;

  async function findMenu(scope: RestaurantScope, id: string): Promise<MenuRow | undefined> {
    const [row] = await db
      .select()
      .from(menus)
      .where(and(eq(menus.id, id), readableMenus(scope)));
    return row;
  }

  /** The menu's categories in its order, limited to those the caller may see. */
  async function linksOf(scope: RestaurantScope, menuId: string): Promise<TimelineLinkRow[]> {
    return db
      .select({
        categoryId: menuCategories.categoryId,
        name: categories.name,
        isAvailable: categories.isAvailable,
        adjustment: menuCategories.adjustment,
      })
      .from(menuCategories)
      .innerJoin(categories, eq(categories.id, menuCategories.categoryId))
      .where(and(eq(menuCategories.menuId, menuId), inArray(categories.restaurantId, scope.visibleIds)))
      .orderBy(asc(menuCategories.position), asc(categories.createdAt));
  }

  /** Schedules are read on the viewing restaurant's clock (decisions §4), inherited menus included. */
  async function timeZoneOf(scope: RestaurantScope): Promise<string> {
    const [row] = await db
      .select({ timeZone: restaurants.timeZone })
      .from(restaurants)
      .where(eq(restaurants.id, scope.restaurantId));
    return row?.timeZone ?? 'UTC';
  }

  return {
    /** The timeline screen's data for one visible menu. */
    async get(caller: Caller, menuId: string): Promise<MenuTimeline> {
      const scope = await scopeOf(db, caller);
      const menu = assertVisible(scope, await findMenu(scope, menuId));
      const [presented, timeZone, links] = await Promise.all([
        presentMenu(db, storage, scope, menu),
        timeZoneOf(scope),
        linksOf(scope, menu.id),
      ]);
      return { menu: presented, timeZone, categories: presentTimelineCategories(links) };
    },

    /** updateMenuTimeline: the menu's days, hours and 24-hour flag; answers the menu. */
    async updateMenu(caller: Caller, input: z.output<typeof updateMenuTimelineSchema>): Promise<Menu> {
      const scope = await scopeOf(db, caller);
      const menu = assertWritable(scope, await findMenu(scope, input._id));
      const [row] = await db
        .update(menus)
        .set({ valid: input.valid, twentyFourHours: input.twentyFourHoursMenuAvailable, updatedAt: now() })
        .where(and(eq(menus.id, menu.id), eq(menus.restaurantId, scope.restaurantId)))
        .returning();
      publicMenu.changed(scope.restaurantId);
      return presentMenu(db, storage, scope, row!);
    },

    /**
     * updateCategoriesTimeline: sets or removes (`remove: true`) the adjustments of categories of
     * one own menu, all in one transaction. A category that is not in the menu answers 404 and
     * nothing changes. Answers every adjustment of the menu after the change.
     */
    async updateCategories(
      caller: Caller,
      input: z.output<typeof updateCategoriesTimelineSchema>,
    ): Promise<CategoryAdjustment[]> {
      const scope = await scopeOf(db, caller);
      const menu = assertWritable(scope, await findMenu(scope, input.menu_id));
      const inMenu = new Set((await linksOf(scope, menu.id)).map((link) => link.categoryId));
      // The last entry for a category wins, as if the entries were applied in order.
      const entries = new Map(input.categoriesAdjustments.map((entry) => [entry.category, entry]));
      for (const categoryId of entries.keys()) if (!inMenu.has(categoryId)) throw new NotFoundError();

      if (entries.size > 0) {
        await db.transaction(async (tx) => {
          for (const [categoryId, entry] of entries) {
            const adjustment =
              entry.remove || !entry.valid || entry.twentyFourHoursAvailable === undefined
                ? null
                : { ...entry.valid, twentyFourHoursAvailable: entry.twentyFourHoursAvailable };
            await tx
              .update(menuCategories)
              .set({ adjustment })
              .where(and(eq(menuCategories.menuId, menu.id), eq(menuCategories.categoryId, categoryId)));
          }
          await tx.update(menus).set({ updatedAt: now() }).where(eq(menus.id, menu.id));
        });
        publicMenu.changed(scope.restaurantId);
      }
      return presentAdjustments(await linksOf(scope, menu.id));
    },
  };
}

export type MenuTimelineService = ReturnType<typeof createMenuTimelineService>;
