import { randomBytes } from 'node:crypto';
import type { Role } from '@carte/domain';
import { eq } from 'drizzle-orm';
import { type Caller, callerFor } from '../src/core/caller.ts';
import { newId } from '../src/db/ids.ts';
import { restaurants, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/features/identity/password.ts';
import type { TestApp } from './app.ts';

export const PASSWORD = 'Passw0rdOK';

const unique = () => randomBytes(4).toString('hex');

/** A fresh owner with its own restaurant (STYLE rule 11), verified unless asked otherwise. */
export async function createOwner(
  t: TestApp,
  options: {
    email?: string;
    verified?: boolean;
    role?: Role;
    personId?: string;
    restaurantName?: string;
  } = {},
) {
  const db = t.runtime.database.db;
  const tag = unique();
  const [restaurant] = await db
    .insert(restaurants)
    .values({ name: options.restaurantName ?? `Bistro ${tag}`, timeZone: 'Europe/Paris' })
    .returning();
  const [user] = await db
    .insert(users)
    .values({
      username: `owner_${tag}`,
      email: options.email ?? `owner_${tag}@carte.test`,
      firstName: 'Olga',
      lastName: 'Owner',
      role: options.role ?? 'RESTAURANT',
      passwordHash: await hashPassword(PASSWORD),
      verifiedAt: options.verified === false ? null : new Date(),
      personId: options.personId ?? newId(),
      restaurantId:
        options.role && options.role !== 'RESTAURANT' && options.role !== 'MEMBER' ? null : restaurant!.id,
    })
    .returning();
  return { user: user!, restaurant: restaurant!, password: PASSWORD };
}

export async function signIn(t: TestApp, username: string, password = PASSWORD) {
  const { status, body } = await t.call<{ accessToken: string; refreshToken: string; user: { _id: string } }>(
    {
      method: 'POST',
      url: '/api/users/login',
      payload: { username, password },
    },
  );
  if (status !== 200 || !body.message.accessToken) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.message;
}

export async function userRow(t: TestApp, id: string) {
  const [row] = await t.runtime.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

export const registration = (overrides: Record<string, unknown> = {}) => {
  const tag = unique();
  return {
    firstName: 'Rita',
    lastName: 'Register',
    phoneNumber: '+12025550143',
    username: `rita_${tag}`,
    email: `rita_${tag}@carte.test`,
    restaurantType: 'RESTAURANT',
    restaurantName: `Rita's ${tag}`,
    timeZone: 'America/Chicago',
    password: 'Welcome123',
    confirm_password: 'Welcome123',
    ...overrides,
  };
};

/** A member of a restaurant holding exactly the given permission flags (doc 1 §6). */
export async function createMember(
  t: TestApp,
  restaurantId: string,
  permissions: Partial<Record<string, boolean>>,
) {
  const db = t.runtime.database.db;
  const tag = unique();
  const [user] = await db
    .insert(users)
    .values({
      username: `member_${tag}`,
      email: `member_${tag}@carte.test`,
      role: 'MEMBER',
      permissions,
      passwordHash: await hashPassword(PASSWORD),
      verifiedAt: new Date(),
      personId: newId(),
      restaurantId,
    })
    .returning();
  return { user: user!, password: PASSWORD };
}

/** An owner whose restaurant is a location of `parentRestaurantId` (inherits its records read-only). */
export async function createLocationOwner(t: TestApp, parentRestaurantId: string) {
  const owner = await createOwner(t);
  await t.runtime.database.db
    .update(restaurants)
    .set({ parentId: parentRestaurantId })
    .where(eq(restaurants.id, owner.restaurant.id));
  return owner;
}

/** Signs a user in and answers their access token. */
export const tokenFor = async (t: TestApp, username: string) => (await signIn(t, username)).accessToken;

/** An owner with its own restaurant, signed in: the record and an access token. */
export async function ownerWithToken(t: TestApp, options: Parameters<typeof createOwner>[1] = {}) {
  const owner = await createOwner(t, options);
  return { ...owner, token: await tokenFor(t, owner.user.username) };
}

/** A member of `restaurantId` with exactly these flags, signed in. */
export async function memberWithToken(
  t: TestApp,
  restaurantId: string,
  permissions: Record<string, boolean>,
) {
  const member = await createMember(t, restaurantId, permissions);
  return { ...member, token: await tokenFor(t, member.user.username) };
}

/** The owner of a location of `parentRestaurantId`, signed in. */
export async function locationOwnerWithToken(t: TestApp, parentRestaurantId: string) {
  const owner = await createLocationOwner(t, parentRestaurantId);
  return { ...owner, token: await tokenFor(t, owner.user.username) };
}

/**
 * The caller a service sees for this user (as the auth guard builds it), to call a service directly:
 * as a caller no route offers yet, or without HTTP at all.
 */
export const callerOf = (user: typeof users.$inferSelect): Caller => callerFor(user, newId());
