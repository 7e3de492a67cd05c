import {
  type AddClientResult,
  type ClientSubscriptionStatus,
  type ClientsStatistics,
  DMA_CLIENT_PAGE_SIZE,
  DMA_LINK_DAYS,
  type DmaClient,
  type DmaClientSort,
  type InvitationVerification,
  type ListPageQuery,
  likePattern,
  messages,
  PASSWORD_PATTERN,
  type PageRequest,
  type Paginated,
  type PendingLicence,
  type PendingLicenceStatus,
  type PlanPrice,
  pageOrFirst,
  type SingleClient,
  usernameField,
} from '@carte/domain';
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type Caller, callerFor } from '../../core/caller.ts';
import { InvalidError, NotFoundError } from '../../core/errors.ts';
import { accountSorts, direction, pageOrder, readPage } from '../../db/list-page.ts';
import {
  actionTokens,
  categories,
  dishes,
  dmaClientInvitations,
  ingredients,
  menus,
  restaurants,
  users,
} from '../../db/schema.ts';
import {
  addOwner,
  hashPassword,
  joinableAccountOf,
  type NewOwner,
  openRestaurant,
  withUniqueAs,
} from '../identity/index.ts';
import {
  type ClientInvitationRow,
  presentClient,
  presentClientSubscription,
  presentLicence,
} from './reseller.presenter.ts';
import {
  createResellerShared,
  linkOf,
  type ResellerDeps,
  requireDma,
  usernameTakenError,
} from './reseller.shared.ts';

/**
 * A reseller's clients and licences (doc 3 §2.3, §2.4, §2.8, §4): the dashboard, the client wizard
 * and its invitations (identity's mailed link, kind `dma-client-invitation`), the client's accept or
 * reject, one client's page, deleting a client, and acting as one (identity's acting-as rules).
 * A reseller reaches only the clients whose `dma_id` is its own (404 otherwise).
 */
export function createClientsService(deps: ResellerDeps) {
  const { db, mailer, now, billing, links } = deps;
  const {
    liveLinkOf,
    pendingLicence,
    usernameOrLicenceTaken,
    ownClient,
    clientMailVars,
    deleteClientRows,
    releaseClients,
    requireDmaRow,
  } = createResellerShared(deps);

  async function pricesById(): Promise<Map<string, PlanPrice>> {
    try {
      const plan = await billing.plan();
      return new Map(
        [plan.monthly_product.price, plan.yearly_product.price].map((price) => [price.id, price]),
      );
    } catch {
      return new Map();
    }
  }

  /** The reseller's clients whose username, email or restaurant's name contains `search`. */
  const clientsWhere = (dmaId: string, search?: string) =>
    and(
      eq(users.role, 'DMA_CLIENT'),
      eq(users.dmaId, dmaId),
      search
        ? or(
            sql`${users.username} ilike ${likePattern(search)}`,
            sql`${users.email} ilike ${likePattern(search)}`,
            sql`${restaurants.name} ilike ${likePattern(search)}`,
          )
        : undefined,
    );
  const clientRows = (where: SQL | undefined) =>
    db
      .select({ user: users, restaurantName: restaurants.name })
      .from(users)
      .leftJoin(restaurants, eq(users.restaurantId, restaurants.id))
      .where(where);

  /** Clients with their restaurant and active subscription (one lookup each). */
  async function presentClients(rows: Awaited<ReturnType<typeof clientRows>>): Promise<DmaClient[]> {
    const prices = await pricesById();
    const out: DmaClient[] = [];
    for (const row of rows) {
      const active = row.user.restaurantId ? await billing.activeOf(row.user.restaurantId) : undefined;
      out.push(presentClient(row.user, row.restaurantName, active, prices));
    }
    return out;
  }

  /** The reseller's clients, newest first, with restaurant and active subscription. */
  async function clientsOf(dmaId: string) {
    return presentClients(
      await clientRows(clientsWhere(dmaId)).orderBy(desc(users.createdAt), desc(users.id)),
    );
  }

  type LicenceQuery = { search?: string | undefined; status?: PendingLicenceStatus | undefined };
  /** The reseller's licences in `status` (pending by default) matching `search`, joined to their link. */
  const licenceFilter = (caller: Caller, query: LicenceQuery) => ({
    link:
      !query.status || query.status === 'pending'
        ? liveLinkOf('dma-client-invitation', dmaClientInvitations.id)
        : linkOf('dma-client-invitation', dmaClientInvitations.id),
    where: and(
      eq(dmaClientInvitations.dmaId, caller.userId),
      eq(dmaClientInvitations.status, query.status ?? 'pending'),
      query.search
        ? or(
            sql`${dmaClientInvitations.email} ilike ${likePattern(query.search)}`,
            sql`${dmaClientInvitations.username} ilike ${likePattern(query.search)}`,
          )
        : undefined,
    ),
  });
  const licenceRows = (caller: Caller, query: LicenceQuery) => {
    const { link, where } = licenceFilter(caller, query);
    return db
      .select({ invitation: dmaClientInvitations, expiresAt: actionTokens.expiresAt })
      .from(dmaClientInvitations)
      .innerJoin(actionTokens, link)
      .where(where)
      .$dynamic();
  };

  /** A pending client invitation from its mailed token: 400 "The link is not valid…" otherwise. */
  async function pendingInvitation(token: string) {
    const link = await links.find(token, 'dma-client-invitation');
    const [row] = link?.subjectId
      ? await db
          .select({ invitation: dmaClientInvitations, dma: users })
          .from(dmaClientInvitations)
          .innerJoin(users, eq(dmaClientInvitations.dmaId, users.id))
          .where(
            and(
              eq(dmaClientInvitations.id, link.subjectId),
              eq(dmaClientInvitations.status, 'pending'),
              eq(users.role, 'DMA'),
            ),
          )
      : [];
    if (!link || !row) throw new InvalidError(messages.invitationLinkInvalid);
    return { ...row, link };
  }

  async function restaurantNameOf(invitation: ClientInvitationRow): Promise<string> {
    if (!invitation.restaurantId) return invitation.restaurantName;
    const [row] = await db
      .select({ name: restaurants.name })
      .from(restaurants)
      .where(eq(restaurants.id, invitation.restaurantId));
    return row?.name ?? invitation.restaurantName;
  }

  return {
    // ---------- the dashboard (doc 3 §2.3) ----------

    /** GET /dma/clients-temporary: the reseller's pending licences (newest first). */
    async pendingLicences(
      caller: Caller,
      query: { search?: string | undefined; status?: PendingLicenceStatus | undefined },
    ): Promise<PendingLicence[]> {
      requireDma(caller);
      const rows = await licenceRows(caller, query).orderBy(
        desc(dmaClientInvitations.createdAt),
        desc(dmaClientInvitations.id),
      );
      return rows.map((row) => presentLicence(row.invitation, row.expiresAt));
    },

    /** One page of the pending licences (issue 21), newest first (or oldest), counted and cut in SQL. */
    async pendingLicencesPage(
      caller: Caller,
      request: PageRequest<'created'> & { status?: PendingLicenceStatus | undefined },
    ): Promise<Paginated<PendingLicence>> {
      requireDma(caller);
      const { link, where } = licenceFilter(caller, request);
      const [counted] = await db
        .select({ total: count() })
        .from(dmaClientInvitations)
        .innerJoin(actionTokens, link)
        .where(where);
      const newest = direction(request.order, 'desc');
      return readPage(
        request,
        counted?.total ?? 0,
        (limit, offset) =>
          licenceRows(caller, request)
            .orderBy(newest(dmaClientInvitations.createdAt), newest(dmaClientInvitations.id))
            .limit(limit)
            .offset(offset),
        async (rows) => rows.map((row) => presentLicence(row.invitation, row.expiresAt)),
      );
    },

    /**
     * GET /dma/clients: the client search, always one page (5 rows unless asked; "No licenses were
     * found." when empty), counted and cut in SQL: only the page's clients are presented.
     */
    async clients(caller: Caller, query: ListPageQuery<DmaClientSort>): Promise<Paginated<DmaClient>> {
      requireDma(caller);
      const where = clientsWhere(caller.userId, query.search);
      const [counted] = await db
        .select({ total: count() })
        .from(users)
        .leftJoin(restaurants, eq(users.restaurantId, restaurants.id))
        .where(where);
      const order = pageOrder(query, accountSorts, 'created', desc(users.id));
      return readPage(
        pageOrFirst(query, DMA_CLIENT_PAGE_SIZE),
        counted?.total ?? 0,
        (limit, offset) =>
          clientRows(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
        presentClients,
      );
    },

    /** GET /dma/client-subscription-status (doc 3 §3). */
    async subscriptionStatus(caller: Caller): Promise<ClientSubscriptionStatus> {
      requireDma(caller);
      const all = await clientsOf(caller.userId);
      return {
        subscribedClients: all.filter((client) => client.subscription !== null),
        unSubscribedClients: all.filter((client) => client.subscription === null),
      };
    },

    /** GET /dma/clients-statistics: the dashboard's counts. */
    async statistics(caller: Caller): Promise<ClientsStatistics> {
      requireDma(caller);
      const all = await clientsOf(caller.userId);
      const [pending] = await db
        .select({ n: count() })
        .from(dmaClientInvitations)
        .where(and(eq(dmaClientInvitations.dmaId, caller.userId), pendingLicence()));
      const restaurantIds = all.flatMap((client) => (client.restaurant_id ? [client.restaurant_id] : []));
      const [published] =
        restaurantIds.length === 0
          ? [{ n: 0 }]
          : await db
              .select({ n: count() })
              .from(menus)
              .where(and(inArray(menus.restaurantId, restaurantIds), eq(menus.draft, false)));
      const subscribed = all.filter((client) => client.subscription !== null);
      return {
        clients: all.length,
        verifiedClients: all.filter((client) => client.state).length,
        subscribedClients: subscribed.length,
        unSubscribedClients: all.length - subscribed.length,
        pendingLicences: pending?.n ?? 0,
        publishedMenus: published?.n ?? 0,
        monthlyCents: subscribed.reduce((sum, client) => {
          const plan = client.subscription!;
          const amount = plan.amount ?? 0;
          return sum + (plan.interval === 'year' ? Math.round(amount / 12) : amount);
        }, 0),
      };
    },

    // ---------- the client wizard (doc 3 §2.3) ----------

    /**
     * POST /dma/add-client (doc 3 §2.3 client wizard). Step 1 checks the email and answers the
     * restaurants the reseller may pick; step 2 records the pending licence and mails the invitation.
     */
    async addClient(
      caller: Caller,
      input: {
        step: number;
        email: string;
        username?: string | undefined;
        restaurant_id?: string | null | undefined;
        restaurant_name?: string | undefined;
      },
    ): Promise<AddClientResult> {
      const dma = await requireDmaRow(caller);
      const [alreadyClient] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.dmaId, dma.id),
            eq(users.role, 'DMA_CLIENT'),
            sql`lower(${users.email}) = lower(${input.email})`,
          ),
        )
        .limit(1);
      if (alreadyClient) throw new InvalidError(messages.clientAlreadyYours);
      const [alreadyPending] = await db
        .select({ id: dmaClientInvitations.id })
        .from(dmaClientInvitations)
        .where(
          and(
            eq(dmaClientInvitations.dmaId, dma.id),
            pendingLicence(),
            sql`lower(${dmaClientInvitations.email}) = lower(${input.email})`,
          ),
        )
        .limit(1);
      if (alreadyPending) throw new InvalidError(messages.clientAlreadyPending);
      const restaurantRows = await db
        .selectDistinct({ _id: restaurants.id, name: restaurants.name })
        .from(users)
        .innerJoin(restaurants, eq(users.restaurantId, restaurants.id))
        .where(and(eq(users.dmaId, dma.id), eq(users.role, 'DMA_CLIENT')))
        .orderBy(asc(restaurants.name), asc(restaurants.id));
      if (input.step === 1) return { restaurants: restaurantRows, client: null };

      let restaurantId: string | null = null;
      let restaurantName: string;
      if (input.restaurant_id) {
        const picked = restaurantRows.find((row) => row._id === input.restaurant_id);
        if (!picked) throw new InvalidError(messages.selectOrAddRestaurant);
        restaurantId = picked._id;
        restaurantName = picked.name;
      } else {
        restaurantName = input.restaurant_name?.trim() ?? '';
        if (!restaurantName) throw new InvalidError(messages.selectOrAddRestaurant);
      }
      const username = usernameField.safeParse(input.username ?? '');
      if (!username.success) {
        throw new InvalidError(username.error.issues[0]?.message ?? messages.usernameRequired);
      }
      if (await usernameOrLicenceTaken(username.data)) throw usernameTakenError();

      const { created, token, expiresAt } = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(dmaClientInvitations)
          .values({
            dmaId: dma.id,
            email: input.email,
            username: username.data,
            restaurantId,
            restaurantName,
          })
          .returning();
        const issued = await links.issue('dma-client-invitation', { subjectId: row!.id }, { tx });
        const [link] = await tx
          .select({ expiresAt: actionTokens.expiresAt })
          .from(actionTokens)
          .where(and(eq(actionTokens.subjectId, row!.id), eq(actionTokens.kind, 'dma-client-invitation')));
        return { created: row!, token: issued, expiresAt: link!.expiresAt };
      });
      await mailer.send('dma-client-added', input.email, {
        ...clientMailVars(dma, { email: input.email, username: username.data }, restaurantName),
        link: `${deps.publicUrl}/dma-client-verify-invitation?token=${encodeURIComponent(token)}`,
        token,
        expiresIn: `${DMA_LINK_DAYS} days`,
      });
      return { restaurants: restaurantRows, client: presentLicence(created, expiresAt) };
    },

    /** POST /dma/client-cancel-invitation?token= (the pending licence's handle). */
    async cancelInvitation(caller: Caller, handle: string): Promise<string> {
      requireDma(caller);
      await db.transaction(async (tx) => {
        const canceled = await tx
          .update(dmaClientInvitations)
          .set({ status: 'canceled', respondedAt: now() })
          .where(
            and(
              sql`${dmaClientInvitations.id} = ${handle}`,
              eq(dmaClientInvitations.dmaId, caller.userId),
              eq(dmaClientInvitations.status, 'pending'),
            ),
          )
          .returning({ id: dmaClientInvitations.id });
        if (canceled.length === 0) throw new NotFoundError();
        await links.retire('dma-client-invitation', { subjectId: canceled[0]!.id }, tx);
      });
      return messages.invitationCanceled;
    },

    // ---------- the client's invitation page (doc 3 §2.8) ----------

    /**
     * GET /dma/client-temporary-verify-token?token=: a password is always asked; `hasAccount` says it
     * is the password of the account the address already holds (issue 20: joining needs proof).
     */
    async verifyInvitation(token: string): Promise<InvitationVerification> {
      const { invitation, dma } = await pendingInvitation(token);
      const restaurantName = await restaurantNameOf(invitation);
      return {
        dma: { company_name: dma.companyName ?? '' },
        decoded: {
          client: {
            email: invitation.email,
            username: invitation.username,
            restaurant_id: invitation.restaurantId,
            restaurant_name: invitation.restaurantName,
          },
        },
        restaurant: { name: restaurantName },
        shouldEnterPassword: true,
        hasAccount: (await joinableAccountOf(db, invitation.email)) !== null,
      };
    },

    /**
     * POST /dma/client-accept-invitation?token= {password}: the client account (role DMA_CLIENT) of
     * the reseller, on the chosen restaurant or a new one. An address that already holds a verified
     * (non-staff) account joins that person only with that account's password, checked and throttled
     * as every confirmation is; otherwise the password is set here and the client is a new person.
     */
    async acceptInvitation(
      token: string,
      input: { password?: string | undefined },
      clientIp: string,
    ): Promise<string> {
      const { invitation, dma, link } = await pendingInvitation(token);
      const account = await joinableAccountOf(db, invitation.email);
      let person: Pick<NewOwner, 'passwordHash' | 'personId'>;
      if (account) {
        if (!input.password) throw new InvalidError(messages.passwordRequired);
        await deps.confirmPassword(callerFor(account, 'dma-client-invitation'), input.password, clientIp);
        person = { passwordHash: account.passwordHash, personId: account.personId };
      } else {
        if (!input.password || !PASSWORD_PATTERN.test(input.password)) {
          throw new InvalidError(messages.passwordPattern);
        }
        person = { passwordHash: await hashPassword(input.password) };
      }
      const owner: NewOwner = {
        ...person,
        username: invitation.username,
        email: invitation.email,
        role: 'DMA_CLIENT',
        verifiedAt: now(),
        dmaId: dma.id,
        // The account manager the "contact your account manager" dialog names (doc 2 §2).
        dmaParentEmail: dma.email,
      };
      const restaurantName = await withUniqueAs(
        () =>
          db.transaction(async (tx) => {
            const taken = await tx
              .update(dmaClientInvitations)
              .set({ status: 'accepted', respondedAt: now() })
              .where(
                and(eq(dmaClientInvitations.id, invitation.id), eq(dmaClientInvitations.status, 'pending')),
              )
              .returning({ id: dmaClientInvitations.id });
            if (taken.length !== 1 || !(await links.consume(link.id, tx))) {
              throw new InvalidError(messages.invitationLinkInvalid);
            }
            const [existing] = invitation.restaurantId
              ? await tx
                  .select({ id: restaurants.id, name: restaurants.name })
                  .from(restaurants)
                  .where(eq(restaurants.id, invitation.restaurantId))
              : [];
            if (existing) {
              await addOwner(tx, existing.id, owner);
              return existing.name;
            }
            await openRestaurant(tx, { name: invitation.restaurantName }, owner);
            return invitation.restaurantName;
          }),
        usernameTakenError,
      );
      await mailer.send('dma-client-accepted-invitation', dma.email, {
        ...clientMailVars(dma, invitation, restaurantName),
        link: `${deps.publicUrl}/dma/dashboard`,
      });
      return messages.invitationAccepted;
    },

    /** POST /dma/client-reject-invitation?token=: the licence is removed; the reseller is told. */
    async rejectInvitation(token: string): Promise<string> {
      const { invitation, dma, link } = await pendingInvitation(token);
      await db.transaction(async (tx) => {
        const rejected = await tx
          .update(dmaClientInvitations)
          .set({ status: 'rejected', respondedAt: now() })
          .where(and(eq(dmaClientInvitations.id, invitation.id), eq(dmaClientInvitations.status, 'pending')))
          .returning({ id: dmaClientInvitations.id });
        if (rejected.length !== 1 || !(await links.consume(link.id, tx))) {
          throw new InvalidError(messages.invitationLinkInvalid);
        }
      });
      await mailer.send('dma-client-rejected-invitation', dma.email, {
        ...clientMailVars(dma, invitation, await restaurantNameOf(invitation)),
        link: `${deps.publicUrl}/dma/dashboard`,
      });
      return messages.invitationRejected;
    },

    // ---------- one client (doc 3 §2.4) ----------

    /** GET /dma/single-client?id= (404 "This page could not be found." for any other id). */
    async singleClient(caller: Caller, clientId: string): Promise<SingleClient> {
      requireDma(caller);
      const client = await ownClient(caller, clientId);
      const prices = await pricesById();
      const restaurantId = client.restaurantId;
      const [restaurant] = restaurantId
        ? await db.select().from(restaurants).where(eq(restaurants.id, restaurantId))
        : [];
      const active = restaurantId ? await billing.activeOf(restaurantId) : undefined;
      let paymentMethod: { card: { last4: string; brand: string } } | null = null;
      if (active?.paymentMethodId) {
        const cards = await billing.paymentMethodsOf(caller.userId).catch(() => []);
        const card = cards.find((method) => method.id === active.paymentMethodId);
        if (card) paymentMethod = { card: { last4: card.card.last4, brand: card.card.brand } };
      }
      const base: SingleClient = {
        client: presentClient(client, restaurant?.name ?? null, active, prices),
        subscription: active ? presentClientSubscription(active, prices, paymentMethod) : null,
        restaurant: null,
        menus: [],
        categories: [],
        dishes: [],
        ingredients: [],
      };
      if (!restaurant) return base;
      const rid = restaurant.id;
      const [memberCount] = await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.restaurantId, rid), eq(users.role, 'MEMBER')));
      const menuRows = await db
        .select({
          id: menus.id,
          name: menus.name,
          draft: menus.draft,
          cover: menus.cover,
          categories:
            // Written out: drizzle leaves columns unqualified in a one-table select, so a correlated count
            // must name its tables itself.
            sql<number>`(select count(*) from menu_categories mc where mc.menu_id = "menus"."id")`.mapWith(
              Number,
            ),
        })
        .from(menus)
        .where(eq(menus.restaurantId, rid))
        .orderBy(asc(menus.position), asc(menus.createdAt));
      const categoryRows = await db
        .select({
          id: categories.id,
          name: categories.name,
          isAvailable: categories.isAvailable,
          dishes:
            sql<number>`(select count(*) from category_dishes cd where cd.category_id = "categories"."id")`.mapWith(
              Number,
            ),
        })
        .from(categories)
        .where(eq(categories.restaurantId, rid))
        .orderBy(asc(categories.position), asc(categories.createdAt));
      const dishRows = await db
        .select({
          id: dishes.id,
          name: dishes.name,
          isAvailable: dishes.isAvailable,
          calories: dishes.calories,
          alcoholPercentage: dishes.alcoholPercentage,
          image: dishes.image,
          sideDishes:
            sql<number>`(select count(*) from dish_side_dishes ds where ds.dish_id = "dishes"."id")`.mapWith(
              Number,
            ),
          ingredients:
            sql<number>`(select count(*) from dish_ingredients di where di.dish_id = "dishes"."id")`.mapWith(
              Number,
            ),
        })
        .from(dishes)
        .where(eq(dishes.restaurantId, rid))
        .orderBy(asc(dishes.position), asc(dishes.createdAt));
      const ingredientRows = await db
        .select({ id: ingredients.id, name: ingredients.name, isAvailable: ingredients.isAvailable })
        .from(ingredients)
        .where(eq(ingredients.restaurantId, rid))
        .orderBy(asc(ingredients.position), asc(ingredients.createdAt));
      return {
        ...base,
        restaurant: {
          _id: rid,
          name: restaurant.name,
          members: memberCount?.n ?? 0,
          logo: deps.imageUrl(restaurant.logo),
        },
        menus: menuRows.map((row) => ({
          _id: row.id,
          name: row.name,
          draft: row.draft,
          categories: row.categories,
          cover: deps.imageUrl(row.cover),
        })),
        categories: categoryRows.map((row) => ({
          _id: row.id,
          name: row.name,
          isAvailable: row.isAvailable,
          dishes: row.dishes,
        })),
        dishes: dishRows.map((row) => ({
          _id: row.id,
          name: row.name,
          isAvailable: row.isAvailable,
          calories: row.calories,
          alcoholPercentage: row.alcoholPercentage,
          sideDishes: row.sideDishes,
          ingredients: row.ingredients,
          image: deps.imageUrl(row.image),
        })),
        ingredients: ingredientRows.map((row) => ({
          _id: row.id,
          name: row.name,
          isAvailable: row.isAvailable,
        })),
      };
    },

    /** DELETE /dma/delete-client/{id} {password}: the client, its restaurant data and subscription. */
    async deleteClient(
      caller: Caller,
      clientId: string,
      password: string,
      clientIp: string,
    ): Promise<string> {
      const dma = await requireDmaRow(caller);
      const client = await ownClient(caller, clientId);
      await deps.confirmPassword(caller, password, clientIp);
      await deleteClientRows(dma, client);
      return messages.clientDeleted;
    },

    /**
     * POST /dma/client-shapeshift (doc 3 §4 "Login as" a client): a session as the client carrying
     * the reseller's id, as an admin's "Login as" does; the reseller's own session ends and
     * POST /admin/return gives it back.
     */
    async shapeshift(caller: Caller, clientId: string) {
      requireDma(caller);
      return deps.acting.start(caller, clientId, 'client-shapeshift');
    },

    releaseClients,
  };
}
