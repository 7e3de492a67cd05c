import type { Role } from '@carte/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { PublicMenuChanges } from '../../core/public-menu-changes.ts';
import type { Db } from '../../db/connect.ts';
import { restaurants, users } from '../../db/schema.ts';

/** The accounts that own a restaurant: its owners and a reseller's clients (doc 3 §6). */
const ownerRoles: Role[] = ['RESTAURANT', 'DMA_CLIENT'];

export interface AccountRemovalDeps {
  db: Db;
  publicMenu: PublicMenuChanges;
  /** Ends the restaurant's subscription at the provider at once (nobody pays for a deleted restaurant). */
  endSubscription: (restaurantId: string) => Promise<void>;
}

/**
 * Deletes an account (one's own, an admin's delete, a reseller's "Delete client"): the last owner
 * account of a restaurant takes the restaurant with it — its subscription ended at the provider
 * first, then its menus, categories, dishes, ingredients (by cascade) and its members' accounts; a
 * restaurant another owner account still holds stays. The public menu is told, so the page goes at once.
 */
export async function removeAccount(
  deps: AccountRemovalDeps,
  user: { id: string; role: Role; restaurantId: string | null },
): Promise<void> {
  const { db, publicMenu } = deps;
  const { restaurantId } = user;
  const ownsRestaurant = restaurantId !== null && ownerRoles.includes(user.role);
  const otherOwner = async (executor: Pick<Db, 'select'>) => {
    if (!restaurantId) return undefined;
    const [row] = await executor
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.restaurantId, restaurantId), inArray(users.role, ownerRoles), ne(users.id, user.id)),
      )
      .limit(1);
    return row;
  };
  if (ownsRestaurant && !(await otherOwner(db))) await deps.endSubscription(restaurantId);
  await db.transaction(async (tx) => {
    if (ownsRestaurant && !(await otherOwner(tx))) {
      await tx.delete(users).where(and(eq(users.restaurantId, restaurantId), eq(users.role, 'MEMBER')));
      await tx.delete(users).where(eq(users.id, user.id));
      await tx.delete(restaurants).where(eq(restaurants.id, restaurantId));
      return;
    }
    await tx.delete(users).where(eq(users.id, user.id));
  });
  if (restaurantId) publicMenu.changed(restaurantId);
}
