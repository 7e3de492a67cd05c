import type { RestaurantType, Role } from '@carte/domain';
import type { Tx } from '../../core/transaction.ts';
import { newId } from '../../db/ids.ts';
import { restaurants, users } from '../../db/schema.ts';

type UserRow = typeof users.$inferSelect;
type RestaurantInsert = typeof restaurants.$inferInsert;

/** The one set of defaults a new restaurant starts with, whoever opens it. */
export const restaurantDefaults = { restaurantType: 'RESTAURANT', timeZone: 'UTC' } as const;

export interface NewRestaurant {
  name: string;
  restaurantType?: RestaurantType;
  timeZone?: string;
  parentId?: string | null;
  description?: string;
}

export interface NewOwner {
  username: string;
  email: string;
  firstName?: string;
  lastName?: string;
  phoneNumber?: string;
  role?: Extract<Role, 'RESTAURANT' | 'DMA_CLIENT'>;
  passwordHash: string | null;
  /** Set when the mailed link or the person's own session proved the address. */
  verifiedAt?: Date | null;
  /** The person this account joins, proved by the caller (person.ts); a new person otherwise. */
  personId?: string;
  /** A reseller's client: its reseller and the account manager's address. */
  dmaId?: string;
  dmaParentEmail?: string;
}

/**
 * Onboarding (issue 20): a restaurant and its owner account, opened in the caller's transaction with
 * one set of defaults. Registration, the admin's "Add user", a reseller's client accepting, "Add
 * restaurant" and the demo all open restaurants here; none writes these inserts again.
 */
export async function openRestaurant(
  tx: Tx,
  restaurant: NewRestaurant,
  owner: NewOwner,
): Promise<{ owner: UserRow; restaurantId: string }> {
  const values: RestaurantInsert = {
    name: restaurant.name,
    restaurantType: restaurant.restaurantType ?? restaurantDefaults.restaurantType,
    timeZone: restaurant.timeZone ?? restaurantDefaults.timeZone,
    parentId: restaurant.parentId ?? null,
    ...(restaurant.description !== undefined ? { description: restaurant.description } : {}),
  };
  const [opened] = await tx.insert(restaurants).values(values).returning({ id: restaurants.id });
  const restaurantId = opened!.id;
  return { owner: await addOwner(tx, restaurantId, owner), restaurantId };
}

/** An owner account of an existing restaurant (a transfer's new owner, a client of a chosen restaurant). */
export async function addOwner(tx: Tx, restaurantId: string, owner: NewOwner): Promise<UserRow> {
  const [created] = await tx
    .insert(users)
    .values({
      username: owner.username,
      email: owner.email,
      firstName: owner.firstName ?? '',
      lastName: owner.lastName ?? '',
      phoneNumber: owner.phoneNumber ?? '',
      role: owner.role ?? 'RESTAURANT',
      passwordHash: owner.passwordHash,
      verifiedAt: owner.verifiedAt ?? null,
      personId: owner.personId ?? newId(),
      restaurantId,
      dmaId: owner.dmaId ?? null,
      dmaParentEmail: owner.dmaParentEmail ?? null,
    })
    .returning();
  return created!;
}

/**
 * One more account of a person who proved the address: their names, phone, password and person,
 * verified now. The new account keeps its own password from then on.
 */
export const asAccountOf = (
  person: Pick<UserRow, 'email' | 'firstName' | 'lastName' | 'phoneNumber' | 'passwordHash' | 'personId'>,
  verifiedAt: Date,
): Omit<NewOwner, 'username'> => ({
  email: person.email,
  firstName: person.firstName,
  lastName: person.lastName,
  phoneNumber: person.phoneNumber,
  passwordHash: person.passwordHash,
  verifiedAt,
  personId: person.personId,
});
