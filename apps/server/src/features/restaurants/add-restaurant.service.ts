import {
  type AddRestaurantInput,
  isRestaurantType,
  messages,
  type RestaurantType,
  restaurantTypeLabel,
  type User,
} from '@carte/domain';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Caller } from '../../core/caller.ts';
import { ForbiddenError, InvalidError, NotFoundError } from '../../core/errors.ts';
import type { PublicMenuChanges } from '../../core/public-menu-changes.ts';
import type { Db } from '../../db/connect.ts';
import { restaurants, users } from '../../db/schema.ts';
import {
  asAccountOf,
  assertNotActing,
  openRestaurant,
  usernameTaken,
  withUniqueAs,
} from '../identity/index.ts';

type UserRow = typeof users.$inferSelect;

/** A signed-in session of an account, as sign-in answers it (tokens and the user). */
export interface OpenedSession {
  accessToken: string;
  refreshToken: string;
  user: User;
}

export interface AddRestaurantDeps {
  db: Db;
  /** Opens a session of the new account (the accounts feature's sign-in answer, wired in services.ts). */
  openSession: (user: UserRow) => Promise<OpenedSession>;
  publicMenu: PublicMenuChanges;
  now: () => Date;
}

/** The roles that hold a restaurant of their own and may add another (docs/decisions.md, Locations). */
const ownerRoles = ['RESTAURANT', 'DMA_CLIENT'] as const;

/**
 * Add restaurant (doc 2 §2, §7; decisions §4 "Inheritance" and "Several accounts"). One person holds
 * one account per restaurant: adding one makes a new owner account of the same person (same email,
 * names, phone and password, verified, linked by the person id) holding a new restaurant, and signs
 * it in. A location (`isLocation`) names its parent, which must be a top-level restaurant owned by
 * one of the person's accounts; it inherits the parent's menus, categories, dishes and ingredients
 * live and read-only through the restaurant scope (core/restaurant-scope.ts). A standalone one
 * starts empty. Each has its own settings, subscription and public page.
 */
export function createAddRestaurantService(deps: AddRestaurantDeps) {
  const { db, now } = deps;

  /**
   * The restaurants a person owns: those held by an owner account of theirs, verified under the
   * caller's address (the same rule that links accounts, so nobody reaches another's restaurant by
   * sharing a person id without proving the address).
   */
  async function ownedRestaurantIds(person: UserRow): Promise<string[]> {
    const rows = await db
      .select({ restaurantId: users.restaurantId })
      .from(users)
      .where(
        and(
          eq(users.personId, person.personId),
          isNotNull(users.verifiedAt),
          isNotNull(users.restaurantId),
          inArray(users.role, [...ownerRoles]),
          sql`lower(${users.email}) = lower(${person.email})`,
        ),
      );
    return rows.map((row) => row.restaurantId!);
  }

  /** The parent of a new location, checked: owned by the person, and not a location itself. */
  async function parentFor(caller: Caller, person: UserRow, parentId: string) {
    const owned = await ownedRestaurantIds(person);
    if (!owned.includes(parentId)) {
      // A member naming their own restaurant is told why; any other id reveals nothing.
      if (parentId === caller.restaurantId) throw new ForbiddenError();
      throw new NotFoundError();
    }
    const [parent] = await db.select().from(restaurants).where(eq(restaurants.id, parentId));
    if (!parent) throw new NotFoundError();
    if (parent.parentId) throw new InvalidError(messages.parentIsLocation);
    return parent;
  }

  return {
    async add(caller: Caller, input: AddRestaurantInput & { username: string }): Promise<OpenedSession> {
      if (caller.role !== 'RESTAURANT' && caller.role !== 'MEMBER' && caller.role !== 'DMA_CLIENT')
        throw new ForbiddenError(messages.addRestaurantNotAllowed);
      // A new account of the person is theirs to open, never an acting admin's or reseller's.
      assertNotActing(caller);
      const [person] = await db.select().from(users).where(eq(users.id, caller.userId));
      if (!person?.verifiedAt) throw new ForbiddenError();

      const parent = input.isLocation && input.parent ? await parentFor(caller, person, input.parent) : null;
      const [current] = caller.restaurantId
        ? await db.select().from(restaurants).where(eq(restaurants.id, caller.restaurantId))
        : [];
      // A location is of its parent's kind; a standalone one of the kind the caller runs ("Add Food
      // Truck" adds a food truck), in the same time zone until its settings say otherwise.
      const model = parent ?? current;
      const restaurantType: RestaurantType =
        model && isRestaurantType(model.restaurantType) ? model.restaurantType : 'RESTAURANT';
      const restaurantName = (input.restaurantName ?? '').trim();
      if (!restaurantName)
        throw new InvalidError(messages.restaurantNameRequired(restaurantTypeLabel(restaurantType)));
      if (await usernameTaken(db, input.username)) throw new InvalidError(messages.usernameTaken);

      const account = await withUniqueAs(
        () =>
          db.transaction(async (tx) => {
            const opened = await openRestaurant(
              tx,
              {
                name: restaurantName,
                restaurantType,
                // In the same time zone until its settings say otherwise.
                ...(model ? { timeZone: model.timeZone } : {}),
                parentId: parent?.id ?? null,
              },
              // The same person signs in with the same password; each account keeps its own from now on.
              { username: input.username, ...asAccountOf(person, now()) },
            );
            return opened.owner;
          }),
        () => new InvalidError(messages.usernameTaken),
      );
      deps.publicMenu.changed(account.restaurantId!);
      return deps.openSession(account);
    },
  };
}

export type AddRestaurantService = ReturnType<typeof createAddRestaurantService>;
