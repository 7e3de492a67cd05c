import type { User } from '@carte/domain';
import { effectivePermissions } from '@carte/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { restaurants, users } from '../../db/schema.ts';

type UserRow = typeof users.$inferSelect;

/**
 * The user as it leaves the server (STYLE rule 2): names every field, never the password hash.
 * Linked accounts are the other accounts of the same person (decisions §4).
 */
export async function presentUser(db: Db, user: UserRow): Promise<User> {
  const linked = await db
    .select({ id: users.id, username: users.username, role: users.role, restaurantName: restaurants.name })
    .from(users)
    .leftJoin(restaurants, eq(users.restaurantId, restaurants.id))
    .where(eq(users.personId, user.personId))
    .orderBy(asc(users.createdAt));

  const ownRestaurants = user.restaurantId
    ? await db.select().from(restaurants).where(eq(restaurants.id, user.restaurantId))
    : [];
  const parentIds = ownRestaurants.map((r) => r.parentId).filter((id): id is string => Boolean(id));
  const parents = parentIds.length
    ? await db
        .select({ id: restaurants.id, name: restaurants.name })
        .from(restaurants)
        .where(inArray(restaurants.id, parentIds))
    : [];

  return {
    _id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    role: user.role,
    permissions: effectivePermissions(user.role, user.permissions),
    verified: user.verifiedAt !== null,
    company_name: user.companyName,
    dma_parent_email: user.dmaParentEmail,
    restaurants: ownRestaurants.map((r) => ({
      _id: r.id,
      name: r.name,
      restaurantType: r.restaurantType,
      timeZone: r.timeZone,
      parentRestaurant: parents.find((p) => p.id === r.parentId)?.name ?? null,
    })),
    accounts: linked.map((account) => ({
      _id: account.id,
      username: account.username,
      role: account.role,
      restaurantName: account.restaurantName,
    })),
    createdAt: user.createdAt.toISOString(),
  };
}
