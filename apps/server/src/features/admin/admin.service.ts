import {
  type AdminInvitation,
  type AdminRestaurant,
  type AdminRestaurantSort,
  type AdminStatistics,
  type AdminUser,
  type AdminUserSort,
  likePattern,
  messages,
  type PageRequest,
  type Paginated,
  type Role,
} from '@carte/domain';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
} from 'drizzle-orm';
import type { Caller } from '../../core/caller.ts';
import { ForbiddenError, InvalidError, NotFoundError } from '../../core/errors.ts';
import type { MailSender } from '../../core/mail-port.ts';
import type { PublicMenuChanges } from '../../core/public-menu-changes.ts';
import type { Db } from '../../db/connect.ts';
import { newId } from '../../db/ids.ts';
import { accountSorts, lowerName, pageOrder, readPage } from '../../db/list-page.ts';
import { analyticsEvents, menus, restaurants, subscriptions, users } from '../../db/schema.ts';
import {
  type AccountRemovalDeps,
  type Acting,
  completeInvitedAccount,
  hashPassword,
  isStaff,
  type MailedLinks,
  openRestaurant,
  recordAudit,
  removeAccount,
  staffRoles,
  usernameTaken,
  withUniqueAs,
} from '../identity/index.ts';

type UserRow = typeof users.$inferSelect;
type RestaurantRow = typeof restaurants.$inferSelect;

/** An invited admin holds this username until they choose theirs: it is outside the username pattern. */
const PENDING_PREFIX = '~admin-';
const INVITATION_MS = 7 * 24 * 3_600_000;

export interface AdminDeps {
  db: Db;
  mailer: MailSender;
  publicUrl: string;
  now: () => Date;
  publicMenu: PublicMenuChanges;
  /** Ends a restaurant's subscription at once when its last owner account is deleted. */
  endSubscription: AccountRemovalDeps['endSubscription'];
  /** The caller's own password, throttled as every confirmation is (accounts). */
  confirmPassword: (caller: Caller, password: string, clientIp: string) => Promise<void>;
  /** Acting-as and the way back: identity's one set of rules (identity/acting.ts). */
  acting: Acting;
  /** The one mailed-link mechanism (identity/mailed-links.ts). */
  links: MailedLinks;
  /** A checkout for a restaurant, as its owner would start it (billing); answers the session id. */
  startCheckout: (owner: UserRow, priceId: string) => Promise<string>;
  /** The logo's small variant for the Restaurants table. */
  logoUrl: (logo: string | null) => string | null;
  /** How many reseller registration links are pending (kept by the resellers feature). */
  pendingDmas: () => Promise<number>;
}

function requireAdmin(caller: Caller): void {
  if (!isStaff(caller.role)) throw new ForbiddenError();
}

/** Only the super admin loads, adds and deletes admins (doc 3 §6). */
function requireSuperAdmin(caller: Caller): void {
  if (caller.role !== 'SUPER_ADMIN') throw new ForbiddenError();
}

const presentAdminUser = (row: UserRow, restaurantName: string | null = null): AdminUser => ({
  _id: row.id,
  role: row.role,
  username: row.username.startsWith(PENDING_PREFIX) ? '' : row.username,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  verified: row.verifiedAt !== null,
  restaurantId: row.restaurantId,
  restaurantName,
  createdAt: row.createdAt.toISOString(),
});

/** The last `days` calendar days (UTC), oldest first, as YYYY-MM-DD. */
function lastDays(now: Date, days: number): string[] {
  const out: string[] = [];
  for (let i = days - 1; i >= 0; i--)
    out.push(new Date(now.getTime() - i * 86_400_000).toISOString().slice(0, 10));
  return out;
}

/**
 * The admin area (doc 3 §2.2, §2.8, §4, §6, §7.3): staff accounts (owners, admins, restaurants,
 * statistics, "Login as") and the staff audit. The platform's dietary lists, the mail templates and
 * the developer log are their own features' (dietary, mail, logs). Every function takes the caller
 * first and checks its role before acting (STYLE rule 4); the routes only parse and wrap.
 */
export function createAdminService(deps: AdminDeps) {
  const { db, mailer, now } = deps;

  const audit = (
    caller: Caller,
    action: string,
    target: { id: string; username: string } | null,
    detail?: string,
  ) => recordAudit(db, { actor: { id: caller.userId, username: caller.username }, action, target, detail });

  async function findUser(id: string): Promise<UserRow> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    if (!row) throw new NotFoundError();
    return row;
  }

  const userVars = (user: UserRow): Record<string, string> => ({
    'user.firstName': user.firstName || (user.username.startsWith(PENDING_PREFIX) ? '' : user.username),
    'user.lastName': user.lastName,
    'user.username': user.username.startsWith(PENDING_PREFIX) ? '' : user.username,
    'user.email': user.email,
    'user.phoneNumber': user.phoneNumber,
  });

  /** A fresh 7-day link for a pending admin; older unused ones stop working. */
  async function sendAdminInvitation(admin: UserRow): Promise<void> {
    const token = await deps.links.issue('admin-invitation', { userId: admin.id });
    await mailer.send('admin-created', admin.email, {
      ...userVars(admin),
      link: `${deps.publicUrl}/admin-complete-account?token=${encodeURIComponent(token)}`,
      token,
    });
  }

  /** A live invitation of an admin who has not completed the account; null otherwise. */
  async function findInvitation(token: string) {
    const link = await deps.links.find(token, 'admin-invitation');
    if (!link?.userId) return null;
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, link.userId), eq(users.role, 'ADMIN'), isNull(users.verifiedAt)));
    return user ? { token: link, user } : null;
  }

  /** Deletes an owner's account with its restaurant and team, as deleting one's own account does. */
  async function deleteAccountRows(user: UserRow): Promise<void> {
    await removeAccount({ db, publicMenu: deps.publicMenu, endSubscription: deps.endSubscription }, user);
  }

  /**
   * Restaurants with what "View more" shows. `only` reads the counts of these rows alone (a page);
   * otherwise of every restaurant (the whole list), in one query each, joined through Maps.
   */
  async function presentRestaurants(rows: RestaurantRow[], only: boolean): Promise<AdminRestaurant[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const among = (column: AnyColumn) => (only ? inArray(column, ids) : undefined);
    const owners = await db
      .select({ restaurantId: users.restaurantId, username: users.username, email: users.email })
      .from(users)
      .where(
        and(
          inArray(users.role, ['RESTAURANT', 'DMA_CLIENT']),
          isNotNull(users.restaurantId),
          among(users.restaurantId),
        ),
      )
      .orderBy(asc(users.createdAt));
    const memberCounts = await db
      .select({ restaurantId: users.restaurantId, n: count() })
      .from(users)
      .where(and(eq(users.role, 'MEMBER'), among(users.restaurantId)))
      .groupBy(users.restaurantId);
    const menuCounts = await db
      .select({
        restaurantId: menus.restaurantId,
        n: count(),
        published: sql<number>`count(*) filter (where ${menus.draft} = false)`.mapWith(Number),
      })
      .from(menus)
      .where(among(menus.restaurantId))
      .groupBy(menus.restaurantId);
    const active = await db
      .select({
        restaurantId: subscriptions.restaurantId,
        status: subscriptions.status,
        interval: subscriptions.interval,
      })
      .from(subscriptions)
      .where(and(eq(subscriptions.status, 'active'), among(subscriptions.restaurantId)));
    const locationCounts = await db
      .select({ parentId: restaurants.parentId, n: count() })
      .from(restaurants)
      .where(and(isNotNull(restaurants.parentId), among(restaurants.parentId)))
      .groupBy(restaurants.parentId);
    const parentIds = [...new Set(rows.flatMap((row) => (row.parentId ? [row.parentId] : [])))];
    const parents =
      parentIds.length === 0
        ? []
        : await db
            .select({ id: restaurants.id, name: restaurants.name })
            .from(restaurants)
            .where(inArray(restaurants.id, parentIds));
    const ownerOf = new Map<string, { username: string; email: string }>();
    for (const owner of owners)
      if (owner.restaurantId && !ownerOf.has(owner.restaurantId)) ownerOf.set(owner.restaurantId, owner);
    const names = new Map(parents.map((row) => [row.id, row.name]));
    const menusOf = new Map(menuCounts.map((row) => [row.restaurantId, row]));
    const membersOf = new Map(memberCounts.map((row) => [row.restaurantId, row.n]));
    // The first active row wins, as before (a Map keeps the last of equal keys).
    const subscriptionOf = new Map(active.toReversed().map((row) => [row.restaurantId, row]));
    const locationsOf = new Map(locationCounts.map((row) => [row.parentId, row.n]));
    return rows.map((row) => {
      const menuCount = menusOf.get(row.id);
      const subscription = subscriptionOf.get(row.id);
      const owner = ownerOf.get(row.id);
      return {
        _id: row.id,
        name: row.name,
        restaurantType: row.restaurantType,
        ownerUsername: owner?.username ?? null,
        ownerEmail: owner?.email ?? null,
        logo: deps.logoUrl(row.logo),
        timeZone: row.timeZone,
        parentName: row.parentId ? (names.get(row.parentId) ?? null) : null,
        menus: menuCount?.n ?? 0,
        publishedMenus: menuCount?.published ?? 0,
        members: membersOf.get(row.id) ?? 0,
        locations: locationsOf.get(row.id) ?? 0,
        subscription: subscription ? { status: subscription.status, interval: subscription.interval } : null,
        createdAt: row.createdAt.toISOString(),
      };
    });
  }

  return {
    /** GET /admin/users: the owners, newest first, with their restaurant (doc 3 §2.2 Users table). */
    async listUsers(caller: Caller): Promise<AdminUser[]> {
      requireAdmin(caller);
      const rows = await db
        .select({ user: users, restaurantName: restaurants.name })
        .from(users)
        .leftJoin(restaurants, eq(users.restaurantId, restaurants.id))
        .where(inArray(users.role, ['RESTAURANT', 'DMA_CLIENT']))
        .orderBy(desc(users.createdAt), desc(users.id));
      return rows.map((row) => presentAdminUser(row.user, row.restaurantName));
    },

    /**
     * One page of the owners (issue 21): those whose email, names, username or restaurant's name
     * contains `search`, newest first or by `sort` (created, email, username), counted and cut in SQL.
     */
    async usersPage(caller: Caller, request: PageRequest<AdminUserSort>): Promise<Paginated<AdminUser>> {
      requireAdmin(caller);
      const pattern = request.search ? likePattern(request.search) : undefined;
      const where = and(
        inArray(users.role, ['RESTAURANT', 'DMA_CLIENT']),
        pattern
          ? or(
              ...[users.email, users.firstName, users.lastName, users.username, restaurants.name].map(
                (column) => ilike(column, pattern),
              ),
            )
          : undefined,
      );
      const [counted] = await db
        .select({ total: count() })
        .from(users)
        .leftJoin(restaurants, eq(users.restaurantId, restaurants.id))
        .where(where);
      const order = pageOrder(request, accountSorts, 'created', desc(users.id));
      return readPage(
        request,
        counted?.total ?? 0,
        (limit, offset) =>
          db
            .select({ user: users, restaurantName: restaurants.name })
            .from(users)
            .leftJoin(restaurants, eq(users.restaurantId, restaurants.id))
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
        async (rows) => rows.map((row) => presentAdminUser(row.user, row.restaurantName)),
      );
    },

    /** GET /admin/load: the admins (super admin only, doc 3 §6). */
    async listAdmins(caller: Caller): Promise<AdminUser[]> {
      requireSuperAdmin(caller);
      const rows = await db
        .select()
        .from(users)
        .where(eq(users.role, 'ADMIN'))
        .orderBy(desc(users.createdAt), desc(users.id));
      return rows.map((row) => presentAdminUser(row));
    },

    /** GET /admin/restaurants: every restaurant with what its "View more" modal shows. */
    async listRestaurants(caller: Caller): Promise<AdminRestaurant[]> {
      requireAdmin(caller);
      const rows = await db
        .select()
        .from(restaurants)
        .orderBy(desc(restaurants.createdAt), desc(restaurants.id));
      return presentRestaurants(rows, false);
    },

    /**
     * One page of the restaurants (issue 21): those whose name or owner's username contains
     * `search`, newest first or by name, counted and cut in SQL; only the page's counts are read.
     */
    async restaurantsPage(
      caller: Caller,
      request: PageRequest<AdminRestaurantSort>,
    ): Promise<Paginated<AdminRestaurant>> {
      requireAdmin(caller);
      const pattern = request.search ? likePattern(request.search) : undefined;
      const where = pattern
        ? or(
            ilike(restaurants.name, pattern),
            sql`exists (select 1 from ${users} where ${users.restaurantId} = ${restaurants.id} and ${users.role} in ('RESTAURANT', 'DMA_CLIENT') and ${users.username} ilike ${pattern})`,
          )
        : undefined;
      const [counted] = await db.select({ total: count() }).from(restaurants).where(where);
      const order = pageOrder(
        request,
        { created: [restaurants.createdAt, 'desc'], name: [lowerName(restaurants.name), 'asc'] },
        'created',
        desc(restaurants.id),
      );
      return readPage(
        request,
        counted?.total ?? 0,
        (limit, offset) =>
          db
            .select()
            .from(restaurants)
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
        (rows) => presentRestaurants(rows, true),
      );
    },

    /** GET /admin/statistics: the section counts and the statistics block (doc 3 §2.2). */
    async statistics(caller: Caller): Promise<AdminStatistics> {
      requireAdmin(caller);
      const countRole = async (roles: Role[]) =>
        (await db.select({ n: count() }).from(users).where(inArray(users.role, roles)))[0]?.n ?? 0;
      const since = new Date(now().getTime() - 30 * 86_400_000);
      const days = lastDays(now(), 30);
      const byDay = (rows: { day: string; n: number }[]) =>
        days.map((date) => ({ date, count: rows.find((row) => row.day === date)?.n ?? 0 }));
      const dayOf = (column: typeof users.createdAt | typeof analyticsEvents.createdAt) =>
        sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
      const signUps = await db
        .select({ day: dayOf(users.createdAt), n: count() })
        .from(users)
        .where(and(eq(users.role, 'RESTAURANT'), gte(users.createdAt, since)))
        .groupBy(dayOf(users.createdAt));
      const views = await db
        .select({ day: dayOf(analyticsEvents.createdAt), n: count() })
        .from(analyticsEvents)
        .where(and(eq(analyticsEvents.type, 'page_view'), gte(analyticsEvents.createdAt, since)))
        .groupBy(dayOf(analyticsEvents.createdAt));
      const [restaurantCount] = await db.select({ n: count() }).from(restaurants);
      const [activeCount] = await db
        .select({ n: count() })
        .from(subscriptions)
        .where(eq(subscriptions.status, 'active'));
      const [published] = await db.select({ n: count() }).from(menus).where(eq(menus.draft, false));
      return {
        users: await countRole(['RESTAURANT', 'DMA_CLIENT']),
        restaurants: restaurantCount?.n ?? 0,
        dmas: await countRole(['DMA']),
        pendingDmas: await deps.pendingDmas(),
        admins: caller.role === 'SUPER_ADMIN' ? await countRole(['ADMIN']) : null,
        activeSubscriptions: activeCount?.n ?? 0,
        publishedMenus: published?.n ?? 0,
        signUps: byDay(signUps),
        menuViews: byDay(views),
      };
    },

    /** POST /admin/create (super admin): a pending admin and the `admin-created` mail (doc 3 §2.2). */
    async createAdmin(
      caller: Caller,
      input: { firstName: string; lastName: string; email: string },
    ): Promise<AdminUser> {
      requireSuperAdmin(caller);
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.role, [...staffRoles]), sql`lower(${users.email}) = lower(${input.email})`))
        .limit(1);
      if (taken) throw new InvalidError(messages.adminEmailTaken);
      const id = newId();
      const [admin] = await db
        .insert(users)
        .values({
          id,
          username: `${PENDING_PREFIX}${id}`,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          role: 'ADMIN',
          passwordHash: null,
          verifiedAt: null,
          personId: newId(),
        })
        .returning();
      await sendAdminInvitation(admin!);
      await audit(caller, 'create-admin', { id, username: input.email });
      return presentAdminUser(admin!);
    },

    /** POST /admin/resend-invitation (super admin): a new link for an admin who has not completed it. */
    async resendInvitation(caller: Caller, adminId: string): Promise<string> {
      requireSuperAdmin(caller);
      const admin = await findUser(adminId);
      if (admin.role !== 'ADMIN') throw new NotFoundError();
      if (admin.verifiedAt) throw new InvalidError(messages.adminAlreadyVerified);
      await sendAdminInvitation(admin);
      return messages.invitationResent;
    },

    /** GET /admin/verify-account-token/{token}: what the completion page shows. */
    async invitation(token: string): Promise<AdminInvitation> {
      const found = await findInvitation(token);
      if (!found) throw new InvalidError(messages.adminLinkInvalid);
      return { firstName: found.user.firstName, lastName: found.user.lastName, email: found.user.email };
    },

    /** POST /admin/complete-account/{token}: names, username, phone and password; the link is used once. */
    async complete(
      token: string,
      input: {
        firstName?: string;
        lastName?: string;
        username: string;
        phoneNumber: string;
        password: string;
      },
    ): Promise<string> {
      const found = await findInvitation(token);
      if (!found) throw new InvalidError(messages.adminLinkInvalid);
      if (await usernameTaken(db, input.username, found.user.id))
        throw new InvalidError(messages.usernameTaken);
      const passwordHash = await hashPassword(input.password);
      await completeInvitedAccount(
        { db, links: deps.links },
        {
          linkId: found.token.id,
          userId: found.user.id,
          set: {
            username: input.username,
            firstName: input.firstName || found.user.firstName,
            lastName: input.lastName || found.user.lastName,
            phoneNumber: input.phoneNumber,
            passwordHash,
            verifiedAt: now(),
            updatedAt: now(),
          },
          invalid: messages.adminLinkInvalid,
        },
      );
      return messages.adminAccountCompleted;
    },

    /** DELETE /admin/delete (super admin): an admin, confirmed with the super admin's password. */
    async deleteAdmin(
      caller: Caller,
      input: { _id: string; password: string },
      clientIp: string,
    ): Promise<string> {
      requireSuperAdmin(caller);
      const admin = await findUser(input._id);
      if (admin.role !== 'ADMIN') throw new NotFoundError();
      await deps.confirmPassword(caller, input.password, clientIp);
      await db.delete(users).where(eq(users.id, admin.id));
      await audit(caller, 'delete-admin', { id: admin.id, username: admin.username });
      return messages.adminDeleted;
    },

    /** DELETE /admin/delete/user: an owner's account with its restaurant, confirmed with the password. */
    async deleteUser(
      caller: Caller,
      input: { _id: string; password: string },
      clientIp: string,
    ): Promise<string> {
      requireAdmin(caller);
      const user = await findUser(input._id);
      if (user.role !== 'RESTAURANT' && user.role !== 'DMA_CLIENT') throw new NotFoundError();
      await deps.confirmPassword(caller, input.password, clientIp);
      await deleteAccountRows(user);
      await audit(caller, 'delete-user', { id: user.id, username: user.username });
      return messages.userDeleted;
    },

    /**
     * POST /admin/add-user (doc 3 §2.2): an owner and the restaurant, with no password yet. The mailed
     * link (7 days, an invitation) opens the verification page, which asks for the password first.
     */
    async addUser(
      caller: Caller,
      input: { firstName: string; lastName: string; username: string; email: string; restaurantName: string },
    ): Promise<AdminUser> {
      requireAdmin(caller);
      if (await usernameTaken(db, input.username)) throw new InvalidError(messages.usernameTaken);
      const user = await withUniqueAs(
        () =>
          db.transaction(async (tx) => {
            const opened = await openRestaurant(
              tx,
              { name: input.restaurantName },
              {
                username: input.username,
                email: input.email,
                firstName: input.firstName,
                lastName: input.lastName,
                passwordHash: null,
              },
            );
            return opened.owner;
          }),
        () => new InvalidError(messages.usernameTaken),
      );
      // The verification link lasts as an invitation does: the owner was not expecting it.
      const token = await deps.links.issue(
        'verify-account',
        { userId: user.id },
        { hours: INVITATION_MS / 3_600_000 },
      );
      await mailer.send('user-verify-account', user.email, {
        ...userVars(user),
        'restaurant.name': input.restaurantName,
        link: `${deps.publicUrl}/user-verify-account?token=${encodeURIComponent(token)}`,
        token,
        expiresIn: '7 days',
      });
      const superAdmins = await db.select().from(users).where(eq(users.role, 'SUPER_ADMIN'));
      for (const admin of superAdmins) {
        await mailer.send('new-account-creation-notify', admin.email, {
          ...userVars(user),
          'restaurant.name': input.restaurantName,
          'restaurant.type': 'Restaurant',
          link: `${deps.publicUrl}/admin/dashboard`,
        });
      }
      await audit(caller, 'add-user', { id: user.id, username: user.username });
      return presentAdminUser(user, input.restaurantName);
    },

    /** POST /admin/subscribe-user: a checkout for the user's restaurant; answers the session id. */
    async subscribeUser(
      caller: Caller,
      input: { plan_id: string; user_id: string },
    ): Promise<{ id: string }> {
      requireAdmin(caller);
      const user = await findUser(input.user_id);
      if (user.role !== 'RESTAURANT' || !user.restaurantId) throw new NotFoundError();
      const id = await deps.startCheckout(user, input.plan_id);
      await audit(caller, 'subscribe-user', { id: user.id, username: user.username }, input.plan_id);
      return { id };
    },

    /**
     * POST /admin/shapeshift (doc 3 §2.2, §4, §6 "Login as"): a session as the user that carries the
     * admin's id. The admin's own session ends; POST /admin/return gives it back (docs/security.md).
     */
    async shapeshift(caller: Caller, targetId: string) {
      requireAdmin(caller);
      return deps.acting.start(caller, targetId, 'shapeshift');
    },

    /**
     * POST /admin/return: ends the session acting as a user and opens the admin's own again — or the
     * reseller's, when a reseller was acting as its client (issue 14; identity/acting.ts).
     */
    async returnToAdmin(caller: Caller) {
      return deps.acting.end(caller);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
