import type { User } from '@carte/domain';
import { effectivePermissions } from '@carte/domain';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { actionTokens, restaurants, users } from '../../db/schema.ts';

type UserRow = typeof users.$inferSelect;

/**
 * The user as it leaves the server (STYLE rule 2): names every field, never the password hash.
 * Linked accounts are the other accounts of the same person (decisions §4): verified under this
 * same address, since verification is what proves one person holds them. `now` dates the pending
 * email change.
 */
export async function presentUser(db: Db, user: UserRow, now: Date = new Date()): Promise<User> {
  const linked = await db
    .select({ id: users.id, username: users.username, role: users.role, restaurantName: restaurants.name })
    .from(users)
    .leftJoin(restaurants, eq(users.restaurantId, restaurants.id))
    .where(
      user.verifiedAt
        ? or(
            eq(users.id, user.id),
            and(
              eq(users.personId, user.personId),
              isNotNull(users.verifiedAt),
              sql`lower(${users.email}) = lower(${user.email})`,
            ),
          )
        : eq(users.id, user.id),
    )
    .orderBy(asc(users.createdAt));
  const [pending] = await db
    .select({ newEmail: actionTokens.newEmail })
    .from(actionTokens)
    .where(
      and(
        eq(actionTokens.userId, user.id),
        eq(actionTokens.kind, 'change-email'),
        isNull(actionTokens.usedAt),
        gt(actionTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(actionTokens.createdAt))
    .limit(1);

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
    pendingEmail: pending?.newEmail ?? null,
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
