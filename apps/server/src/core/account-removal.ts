import type { Role } from '@carte/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { restaurants, users } from '../db/schema.ts';
import type { PublicMenuChanges } from './public-menu-changes.ts';

/** The accounts that own a restaurant: its owners and a reseller's clients (doc 3 §6). */
const ownerRoles: Role[] = ['RESTAURANT', 'DMA_CLIENT'];

/**
 * Deletes an account (one's own, an admin's delete, a reseller's "Delete client"): the last owner
 * account of a restaurant takes the restaurant with it — its menus, categories, dishes, ingredients
 * (by cascade) and its members' accounts; a restaurant another owner account still holds stays.
 * The public menu is told, so the page goes at once.
 */
export async function removeAccount(
  db: Db,
  publicMenu: PublicMenuChanges,
  user: { id: string; role: Role; restaurantId: string | null },
): Promise<void> {
  const { restaurantId } = user;
  await db.transaction(async (tx) => {
    if (restaurantId && ownerRoles.includes(user.role)) {
      const [otherOwner] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(eq(users.restaurantId, restaurantId), inArray(users.role, ownerRoles), ne(users.id, user.id)),
        )
        .limit(1);
      if (!otherOwner) {
        await tx.delete(users).where(and(eq(users.restaurantId, restaurantId), eq(users.role, 'MEMBER')));
        await tx.delete(users).where(eq(users.id, user.id));
        await tx.delete(restaurants).where(eq(restaurants.id, restaurantId));
        return;
      }
    }
    await tx.delete(users).where(eq(users.id, user.id));
  });
  if (restaurantId) publicMenu.changed(restaurantId);
}
