import type { GettingStarted } from '@carte/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Caller } from '../../core/caller.ts';
import { NotFoundError } from '../../core/errors.ts';
import type { Db } from '../../db/connect.ts';
import { scopeOf } from '../../db/restaurant-scope.ts';
import { dishes, menuCategories, menus, restaurants } from '../../db/schema.ts';

export type GettingStartedService = ReturnType<typeof createGettingStartedService>;

/**
 * The dashboard's getting-started checklist (issue 11, item 3), every step read from the restaurant's
 * data: a menu, a category in a menu, dishes, an active subscription (when publishing needs one), a published menu, and
 * the menu shared (a QR code or table cards downloaded, or the link copied — recorded once on the
 * restaurant). A location counts what it sees, its parent's records included (decisions §4).
 */
export function createGettingStartedService(deps: {
  db: Db;
  now: () => Date;
  /** Whether publishing needs a subscription (false with BILLING_PROVIDER=off). */
  subscriptionNeeded: boolean;
  isSubscribed: (restaurantId: string) => Promise<boolean>;
}) {
  const { db, now, subscriptionNeeded, isSubscribed } = deps;

  const exists = async (query: Promise<Array<{ one: number }>>) => (await query).length > 0;

  return {
    /** GET /restaurants/getting-started. */
    async read(caller: Caller): Promise<GettingStarted> {
      const scope = await scopeOf(db, caller);
      const [row] = await db
        .select({ sharedAt: restaurants.menuSharedAt, dismissedAt: restaurants.checklistDismissedAt })
        .from(restaurants)
        .where(eq(restaurants.id, scope.restaurantId));
      if (!row) throw new NotFoundError();
      const visible = inArray(menus.restaurantId, scope.visibleIds);
      const [menu, category, dish, published, subscribed] = await Promise.all([
        exists(db.select({ one: sql<number>`1` }).from(menus).where(visible).limit(1)),
        exists(
          db
            .select({ one: sql<number>`1` })
            .from(menuCategories)
            .innerJoin(menus, eq(menus.id, menuCategories.menuId))
            .where(visible)
            .limit(1),
        ),
        exists(
          db
            .select({ one: sql<number>`1` })
            .from(dishes)
            .where(inArray(dishes.restaurantId, scope.visibleIds))
            .limit(1),
        ),
        exists(
          db
            .select({ one: sql<number>`1` })
            .from(menus)
            .where(and(visible, eq(menus.draft, false)))
            .limit(1),
        ),
        subscriptionNeeded ? isSubscribed(scope.restaurantId) : Promise.resolve(true),
      ]);
      return {
        steps: {
          menu,
          categories: category,
          dishes: dish,
          subscribe: subscribed,
          publish: published,
          share: row.sharedAt !== null,
        },
        subscriptionNeeded,
        dismissed: row.dismissedAt !== null,
      };
    },

    /**
     * POST /restaurants/getting-started/shared: the menu's address left the app (the link copied, a
     * QR file or table cards downloaded); the first time is kept. The browser says so after the
     * fact, so the downloads themselves stay plain reads.
     */
    async shared(caller: Caller): Promise<GettingStarted> {
      const scope = await scopeOf(db, caller);
      await db
        .update(restaurants)
        .set({ menuSharedAt: now() })
        .where(and(eq(restaurants.id, scope.restaurantId), isNull(restaurants.menuSharedAt)));
      return this.read(caller);
    },

    /** POST /restaurants/getting-started/dismiss: the owner closes the checklist for good. */
    async dismiss(caller: Caller): Promise<GettingStarted> {
      const scope = await scopeOf(db, caller);
      await db
        .update(restaurants)
        .set({ checklistDismissedAt: now() })
        .where(and(eq(restaurants.id, scope.restaurantId), isNull(restaurants.checklistDismissedAt)));
      return this.read(caller);
    },
  };
}
