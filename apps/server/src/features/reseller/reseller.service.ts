import {
  type AddClientResult,
  type AdminDma,
  billingMessages,
  type CheckPromoCodeResult,
  type ClientPlan,
  type ClientSubscriptionStatus,
  type ClientsCreateSubscriptionResult,
  type ClientsStatistics,
  DMA_LINK_DAYS,
  type DmaClient,
  type DmaClientPage,
  type DmaRegisterInvitation,
  discountedCents,
  type InvitationVerification,
  messages,
  PASSWORD_PATTERN,
  type PendingDma,
  type PendingLicence,
  type PendingLicenceStatus,
  type PlanPrice,
  type ProductPrices,
  type PromotionCoupon,
  type SingleClient,
  usernameField,
} from '@carte/domain';
import { and, asc, type Column, count, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { type Caller, callerFor } from '../../core/caller.ts';
import { AppError, ForbiddenError, InvalidError, NotFoundError } from '../../core/errors.ts';
import type { PublicMenuChanges } from '../../core/public-menu-changes.ts';
import type { Db } from '../../db/connect.ts';
import { newId } from '../../db/ids.ts';
import {
  type ActionTokenKind,
  actionTokens,
  categories,
  dishes,
  dmaClientInvitations,
  dmaRegisterInvitations,
  ingredients,
  menus,
  restaurants,
  type subscriptions,
  users,
} from '../../db/schema.ts';
import type { BillingService } from '../billing/index.ts';
import {
  type AccountRemovalDeps,
  type Acting,
  addOwner,
  hashPassword,
  joinableAccountOf,
  type MailedLinks,
  type NewOwner,
  openRestaurant,
  recordAudit,
  removeAccount,
  staffRoles,
  usernameTaken,
  withUniqueAs,
} from '../identity/index.ts';

type UserRow = typeof users.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;
type ClientInvitationRow = typeof dmaClientInvitations.$inferSelect;

export interface ResellerDeps {
  db: Db;
  mailer: { send(template: string, to: string, vars: Record<string, string>): Promise<unknown> };
  publicUrl: string;
  now: () => Date;
  publicMenu: PublicMenuChanges;
  /** Ends a restaurant's subscription at once when its last owner account is deleted. */
  endSubscription: AccountRemovalDeps['endSubscription'];
  billing: Pick<
    BillingService,
    | 'plan'
    | 'priceById'
    | 'activeOf'
    | 'paymentMethodsOf'
    | 'subscribeFor'
    | 'cancelNow'
    | 'checkPromotionCode'
  >;
  /** The caller's own password, throttled as every confirmation is (accounts). */
  confirmPassword: (caller: Caller, password: string, clientIp: string) => Promise<void>;
  /** Acting-as and the way back: identity's one set of rules (identity/acting.ts). */
  acting: Acting;
  /** Identity's mailed links: the registration and client-invitation links are `subject_id` rows. */
  links: MailedLinks;
  /** The public URL of a stored picture (its card variant), or null. */
  imageUrl: (key: string | null) => string | null;
}

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

/** Every /dma call is the reseller's (doc 3 §6); the route checks it first, the service again (STYLE rule 4). */
function requireDma(caller: Caller): void {
  if (caller.role !== 'DMA') throw new ForbiddenError();
}

function requireStaff(caller: Caller): void {
  if (!staffRoles.includes(caller.role)) throw new ForbiddenError();
}

const usernameTakenError = () => new InvalidError(messages.usernameTaken);

/** The link (of `kind`) issued for an invitation row: its `subject_id` is the row's id. */
const linkOf = (kind: ActionTokenKind, subjectId: Column) =>
  and(eq(actionTokens.subjectId, subjectId), eq(actionTokens.kind, kind));

/**
 * Resellers (doc 3 §2.3, §2.4, §2.8, §4, §6, §7.1; issue 14): a reseller (role DMA) invites clients
 * (role DMA_CLIENT, each owning a restaurant), pays for their subscriptions with its own cards, acts
 * as them and deletes them; a reseller reaches only the clients whose `dma_id` is its own (404
 * otherwise, as for a client that does not exist). Admins invite resellers and manage them.
 */
export function createResellerService(deps: ResellerDeps) {
  const { db, mailer, now, billing, links } = deps;

  /** The invitation's link is unused and unexpired: the invitation is still open (doc 3 §2.8, 7 days). */
  const liveLinkOf = (kind: ActionTokenKind, subjectId: Column) =>
    and(linkOf(kind, subjectId), isNull(actionTokens.usedAt), gt(actionTokens.expiresAt, now()));
  /**
   * The row of `table` has a link of `kind` not used (nor retired); `live`: nor expired. Written out,
   * as drizzle leaves a one-table subquery's columns unqualified and the correlation must name them.
   */
  const hasLink = (
    kind: ActionTokenKind,
    table: 'dma_register_invitations' | 'dma_client_invitations',
    live: boolean,
  ) =>
    sql`exists (select 1 from action_tokens l where l.subject_id = ${sql.identifier(table)}.id and l.kind = ${kind} and l.used_at is null${
      live ? sql` and l.expires_at > ${now().toISOString()}::timestamptz` : sql``
    })`;
  /** A licence still pending: not answered nor cancelled, and its link not expired. */
  const pendingLicence = () =>
    and(
      eq(dmaClientInvitations.status, 'pending'),
      hasLink('dma-client-invitation', 'dma_client_invitations', true),
    );
  /** A registration link still pending: not used, cancelled or expired. */
  const pendingRegistrationRow = () =>
    and(
      isNull(dmaRegisterInvitations.canceledAt),
      hasLink('dma-registration', 'dma_register_invitations', true),
    );

  const userVars = (user: UserRow): Record<string, string> => ({
    'user.firstName': user.firstName || user.username,
    'user.lastName': user.lastName,
    'user.username': user.username,
    'user.email': user.email,
    'user.phoneNumber': user.phoneNumber,
    'dma.companyName': user.companyName ?? '',
  });

  const audit = (
    actor: { id: string; username: string },
    action: string,
    target: { id: string; username: string } | null,
    detail?: string,
  ) => recordAudit(db, { actor, action, target, detail });

  /** Held by an account, or promised to a pending licence that has not expired. */
  async function usernameOrLicenceTaken(username: string): Promise<boolean> {
    if (await usernameTaken(db, username)) return true;
    const [pending] = await db
      .select({ id: dmaClientInvitations.id })
      .from(dmaClientInvitations)
      .where(and(sql`lower(${dmaClientInvitations.username}) = lower(${username})`, pendingLicence()))
      .limit(1);
    return Boolean(pending);
  }

  async function findUser(id: string): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row ?? null;
  }

  /** One of the caller's clients; any other id (unknown, another reseller's) is "not found". */
  async function ownClient(caller: Caller, clientId: string): Promise<UserRow> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, clientId), eq(users.role, 'DMA_CLIENT'), eq(users.dmaId, caller.userId)));
    if (!row) throw new NotFoundError(messages.pageCouldNotBeFound);
    return row;
  }

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

  const presentPlan = (row: SubscriptionRow, prices: Map<string, PlanPrice>): ClientPlan => ({
    id: row.id,
    status: row.status,
    interval: row.interval,
    amount: prices.get(row.priceId)?.unit_amount ?? null,
    price_id: row.priceId,
    current_period_end: seconds(row.currentPeriodEnd),
  });

  const presentClient = (
    row: UserRow,
    restaurantName: string | null,
    subscription: SubscriptionRow | undefined,
    prices: Map<string, PlanPrice>,
  ): DmaClient => ({
    _id: row.id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    state: row.verifiedAt !== null,
    restaurant_id: row.restaurantId,
    restaurant_name: restaurantName,
    subscription: subscription ? presentPlan(subscription, prices) : null,
    createdAt: row.createdAt.toISOString(),
  });

  /** The reseller's clients, newest first, with restaurant and active subscription. */
  async function clientsOf(dmaId: string, search?: string) {
    const rows = await db
      .select({ user: users, restaurantName: restaurants.name })
      .from(users)
      .leftJoin(restaurants, eq(users.restaurantId, restaurants.id))
      .where(
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
        ),
      )
      .orderBy(desc(users.createdAt), desc(users.id));
    const prices = await pricesById();
    const out: DmaClient[] = [];
    for (const row of rows) {
      const active = row.user.restaurantId ? await billing.activeOf(row.user.restaurantId) : undefined;
      out.push(presentClient(row.user, row.restaurantName, active, prices));
    }
    return out;
  }

  const presentLicence = (row: ClientInvitationRow, expiresAt: Date): PendingLicence => ({
    _id: row.id,
    token: row.id,
    data: {
      client: {
        email: row.email,
        username: row.username,
        status: row.status,
        restaurant_id: row.restaurantId,
        restaurant_name: row.restaurantName,
      },
    },
    createdAt: row.createdAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
  });

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

  const clientMailVars = (
    dma: UserRow,
    client: { email: string; username: string },
    restaurantName: string,
  ): Record<string, string> => ({
    ...userVars(dma),
    'restaurant.name': restaurantName,
    'client.email': client.email,
    'client.username': client.username,
  });

  /** A pending registration link (doc 3 §2.8): 400 "Something went wrong…" otherwise. */
  async function pendingRegistration(token: string) {
    const link = await links.find(token, 'dma-registration');
    const [invitation] = link?.subjectId
      ? await db
          .select()
          .from(dmaRegisterInvitations)
          .where(
            and(eq(dmaRegisterInvitations.id, link.subjectId), isNull(dmaRegisterInvitations.canceledAt)),
          )
      : [];
    if (!link || !invitation) throw new InvalidError(messages.dmaRegisterLinkInvalid);
    return { invitation, link };
  }

  /**
   * Deletes a client (doc 3 §4): the subscription ends at once (its menus become drafts), the
   * `dma-client-deleted` mail goes to the client, then the account goes, and its restaurant with
   * every menu, category, dish, ingredient and member unless another owner account still holds it.
   */
  async function deleteClientRows(dma: UserRow, client: UserRow): Promise<void> {
    let restaurantName = '';
    if (client.restaurantId) {
      const active = await billing.activeOf(client.restaurantId);
      if (active) await billing.cancelNow(active);
      const [restaurant] = await db
        .select({ name: restaurants.name })
        .from(restaurants)
        .where(eq(restaurants.id, client.restaurantId));
      restaurantName = restaurant?.name ?? '';
    }
    await removeAccount({ db, publicMenu: deps.publicMenu, endSubscription: deps.endSubscription }, client);
    await mailer.send('dma-client-deleted', client.email, clientMailVars(dma, client, restaurantName));
  }

  /**
   * A reseller going away lets its clients go: the subscriptions it pays for end now (their menus
   * become drafts) and its clients become owners (role RESTAURANT) who can subscribe themselves.
   */
  async function releaseClients(dmaId: string): Promise<void> {
    const clients = await db
      .select()
      .from(users)
      .where(and(eq(users.dmaId, dmaId), eq(users.role, 'DMA_CLIENT')));
    for (const client of clients) {
      if (!client.restaurantId) continue;
      const active = await billing.activeOf(client.restaurantId);
      if (active) await billing.cancelNow(active);
    }
    if (clients.length === 0) return;
    await db
      .update(users)
      .set({ role: 'RESTAURANT', dmaId: null, dmaParentEmail: null, updatedAt: now() })
      .where(
        inArray(
          users.id,
          clients.map((client) => client.id),
        ),
      );
  }

  async function requireDmaRow(caller: Caller): Promise<UserRow> {
    requireDma(caller);
    const dma = await findUser(caller.userId);
    if (!dma) throw new ForbiddenError();
    return dma;
  }

  return {
    // ---------- becoming a reseller (doc 3 §2.8) ----------

    /** GET /dma/verify-token?token=: the invited address. */
    async verifyRegisterToken(token: string): Promise<DmaRegisterInvitation> {
      const { invitation } = await pendingRegistration(token);
      return { email: invitation.email };
    },

    /** POST /dma/register?token=: the reseller account; the admins are told (`notify-admin-dma-created`). */
    async register(
      token: string,
      input: {
        firstName: string;
        lastName: string;
        phoneNumber: string;
        username: string;
        company_name: string;
        password: string;
      },
    ): Promise<string> {
      const { invitation, link } = await pendingRegistration(token);
      if (await usernameOrLicenceTaken(input.username)) throw usernameTakenError();
      const [existingDma] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'DMA'), sql`lower(${users.email}) = lower(${invitation.email})`))
        .limit(1);
      if (existingDma) throw new InvalidError(messages.dmaEmailTaken);
      // The mailed link proves the address: the reseller joins the person behind it (never staff).
      const sibling = await joinableAccountOf(db, invitation.email);
      const passwordHash = await hashPassword(input.password);
      const dma = await withUniqueAs(
        () =>
          db.transaction(async (tx) => {
            if (!(await links.consume(link.id, tx))) throw new InvalidError(messages.dmaRegisterLinkInvalid);
            const [created] = await tx
              .insert(users)
              .values({
                username: input.username,
                email: invitation.email,
                firstName: input.firstName,
                lastName: input.lastName,
                phoneNumber: input.phoneNumber,
                role: 'DMA',
                companyName: input.company_name,
                passwordHash,
                // The mailed link proves the address.
                verifiedAt: now(),
                personId: sibling?.personId ?? newId(),
              })
              .returning();
            return created!;
          }),
        usernameTakenError,
      );
      const admins = await db
        .select({ email: users.email })
        .from(users)
        .where(and(inArray(users.role, [...staffRoles]), sql`${users.verifiedAt} is not null`));
      for (const admin of admins) {
        await mailer.send('notify-admin-dma-created', admin.email, {
          ...userVars(dma),
          link: `${deps.publicUrl}/admin/dashboard`,
        });
      }
      return messages.dmaRegistered;
    },

    // ---------- the dashboard (doc 3 §2.3) ----------

    /** GET /dma/clients-temporary: the reseller's pending licences (newest first). */
    async pendingLicences(
      caller: Caller,
      query: { search?: string | undefined; status?: PendingLicenceStatus | undefined },
    ): Promise<PendingLicence[]> {
      requireDma(caller);
      const pending = !query.status || query.status === 'pending';
      const rows = await db
        .select({ invitation: dmaClientInvitations, expiresAt: actionTokens.expiresAt })
        .from(dmaClientInvitations)
        .innerJoin(
          actionTokens,
          pending
            ? liveLinkOf('dma-client-invitation', dmaClientInvitations.id)
            : linkOf('dma-client-invitation', dmaClientInvitations.id),
        )
        .where(
          and(
            eq(dmaClientInvitations.dmaId, caller.userId),
            eq(dmaClientInvitations.status, query.status ?? 'pending'),
            query.search
              ? or(
                  sql`${dmaClientInvitations.email} ilike ${likePattern(query.search)}`,
                  sql`${dmaClientInvitations.username} ilike ${likePattern(query.search)}`,
                )
              : undefined,
          ),
        )
        .orderBy(desc(dmaClientInvitations.createdAt), desc(dmaClientInvitations.id));
      return rows.map((row) => presentLicence(row.invitation, row.expiresAt));
    },

    /** GET /dma/clients: the client search, a page at a time ("No licenses were found." when empty). */
    async clients(
      caller: Caller,
      query: { search?: string | undefined; page: number; limit: number },
    ): Promise<DmaClientPage> {
      requireDma(caller);
      const all = await clientsOf(caller.userId, query.search);
      const start = (query.page - 1) * query.limit;
      return {
        clients: all.slice(start, start + query.limit),
        page: query.page,
        count: all.length,
        limit: query.limit,
      };
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

    /** GET /dma/product-prices: the plans (doc 3 §3 Plans). */
    async productPrices(caller: Caller): Promise<ProductPrices> {
      requireDma(caller);
      const plan = await billing.plan();
      return { monthly_product: plan.monthly_product, yearly_product: plan.yearly_product };
    },

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
        subscription: active
          ? {
              id: active.id,
              customer: active.customerId,
              current_period_start: seconds(active.currentPeriodStart),
              current_period_end: seconds(active.currentPeriodEnd),
              plan: { amount: prices.get(active.priceId)?.unit_amount ?? null, interval: active.interval },
              discount: active.discount ? { coupon: active.discount } : null,
              status: active.status,
              default_payment_method: paymentMethod,
              cancel_at_period_end: active.cancelAtPeriodEnd,
            }
          : null,
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

    /** DELETE /dma/delete-client-subscription/{subscriptionId}?client_id=: ends now; menus become drafts. */
    async cancelClientSubscription(
      caller: Caller,
      subscriptionId: string,
      clientId: string,
    ): Promise<string> {
      requireDma(caller);
      const client = await ownClient(caller, clientId);
      const active = client.restaurantId ? await billing.activeOf(client.restaurantId) : undefined;
      if (!active || active.id !== subscriptionId) throw new NotFoundError(billingMessages.noSubscription);
      await billing.cancelNow(active);
      return messages.clientSubscriptionCanceled;
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

    // ---------- paying for clients (doc 3 §2.3) ----------

    /** POST /dma/check-promo-code: the coupon, and the price before and after it. */
    async checkPromoCode(
      caller: Caller,
      input: { promo_code: string; price_id: string },
    ): Promise<CheckPromoCodeResult> {
      requireDma(caller);
      const price = await billing.priceById(input.price_id);
      if (!price) throw new InvalidError(billingMessages.selectPlan);
      const { coupon } = await billing.checkPromotionCode(input.promo_code);
      return { coupon, amount: price.unit_amount, discounted: discountedCents(price.unit_amount, coupon) };
    },

    /**
     * POST /dma/clients-create-subscription: one subscription per chosen client, paid with one of
     * the reseller's cards; answers which clients are subscribed and which failed, with the reason.
     */
    async createSubscriptions(
      caller: Caller,
      input: {
        price_id: string;
        default_payment_method: string;
        promo_code?: string | undefined;
        clients: string[];
      },
    ): Promise<ClientsCreateSubscriptionResult> {
      requireDma(caller);
      const price = await billing.priceById(input.price_id);
      if (!price) throw new InvalidError(billingMessages.selectPlan);
      const cards = await billing.paymentMethodsOf(caller.userId);
      if (!cards.some((card) => card.id === input.default_payment_method)) {
        throw new InvalidError(messages.paymentMethodNotYours);
      }
      const code = input.promo_code?.trim() || undefined;
      let discount: PromotionCoupon['coupon'] | null = null;
      if (code) discount = (await billing.checkPromotionCode(code)).coupon;
      const result: ClientsCreateSubscriptionResult = { subscribed: [], failed: [] };
      for (const clientId of [...new Set(input.clients)]) {
        let client: UserRow;
        try {
          client = await ownClient(caller, clientId);
        } catch {
          result.failed.push({ _id: clientId, username: '', message: messages.pageCouldNotBeFound });
          continue;
        }
        const outcome = { _id: client.id, username: client.username };
        if (!client.restaurantId) {
          result.failed.push({ ...outcome, message: messages.pageCouldNotBeFound });
          continue;
        }
        try {
          await billing.subscribeFor({
            payerId: caller.userId,
            restaurantId: client.restaurantId,
            priceId: price.id,
            paymentMethodId: input.default_payment_method,
            ...(code ? { promotionCode: code } : {}),
            discount,
          });
          result.subscribed.push(outcome);
        } catch (error) {
          result.failed.push({
            ...outcome,
            message: error instanceof AppError ? error.message : billingMessages.checkoutFailed,
          });
        }
      }
      return result;
    },

    releaseClients,

    // ---------- the admin's DMA calls (doc 3 §2.2, §7.3, §7.4) ----------

    /** GET /admin/dma-list: every reseller with its clients. */
    async adminList(caller: Caller): Promise<AdminDma[]> {
      requireStaff(caller);
      const dmas = await db
        .select()
        .from(users)
        .where(eq(users.role, 'DMA'))
        .orderBy(desc(users.createdAt), desc(users.id));
      const clientRows = await db
        .select({ user: users, restaurantId: restaurants.id, restaurantName: restaurants.name })
        .from(users)
        .leftJoin(restaurants, eq(users.restaurantId, restaurants.id))
        .where(eq(users.role, 'DMA_CLIENT'))
        .orderBy(asc(users.createdAt));
      return dmas.map((dma) => ({
        _id: dma.id,
        email: dma.email,
        firstName: dma.firstName,
        lastName: dma.lastName,
        username: dma.username,
        company_name: dma.companyName ?? '',
        state: dma.verifiedAt !== null,
        clients: clientRows
          .filter((row) => row.user.dmaId === dma.id)
          .map((row) => ({
            _id: row.user.id,
            username: row.user.username,
            email: row.user.email,
            firstName: row.user.firstName,
            lastName: row.user.lastName,
            state: row.user.verifiedAt !== null,
            restaurants:
              row.restaurantId && row.restaurantName !== null
                ? [{ _id: row.restaurantId, name: row.restaurantName }]
                : [],
          })),
        createdAt: dma.createdAt.toISOString(),
      }));
    },

    /** GET /admin/dma-list-pending: registration links not used, cancelled or expired. */
    async adminPending(caller: Caller): Promise<PendingDma[]> {
      requireStaff(caller);
      const rows = await db
        .select({ invitation: dmaRegisterInvitations, expiresAt: actionTokens.expiresAt })
        .from(dmaRegisterInvitations)
        .innerJoin(actionTokens, liveLinkOf('dma-registration', dmaRegisterInvitations.id))
        .where(isNull(dmaRegisterInvitations.canceledAt))
        .orderBy(desc(dmaRegisterInvitations.createdAt), desc(dmaRegisterInvitations.id));
      return rows.map(({ invitation, expiresAt }) => ({
        _id: invitation.id,
        token: invitation.id,
        data: { email: invitation.email, added_by: invitation.addedByUsername },
        createdAt: invitation.createdAt.toISOString(),
        expiresAt: expiresAt.toISOString(),
      }));
    },

    /** How many registration links are pending (the admin dashboard's Pending DMA-S count). */
    async pendingCount(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(dmaRegisterInvitations)
        .where(pendingRegistrationRow());
      return row?.n ?? 0;
    },

    /**
     * POST /admin/send-dma-register-link {email}: mails `dma-register` (7 days). Sending again to a
     * pending address replaces its link (the older one stops working).
     */
    async sendRegisterLink(caller: Caller, email: string): Promise<string> {
      requireStaff(caller);
      const [existing] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'DMA'), sql`lower(${users.email}) = lower(${email})`))
        .limit(1);
      if (existing) throw new InvalidError(messages.dmaEmailTaken);
      const token = await db.transaction(async (tx) => {
        const replaced = await tx
          .update(dmaRegisterInvitations)
          .set({ canceledAt: now() })
          .where(
            and(
              sql`lower(${dmaRegisterInvitations.email}) = lower(${email})`,
              isNull(dmaRegisterInvitations.canceledAt),
              hasLink('dma-registration', 'dma_register_invitations', false),
            ),
          )
          .returning({ id: dmaRegisterInvitations.id });
        for (const row of replaced) await links.retire('dma-registration', { subjectId: row.id }, tx);
        const [created] = await tx
          .insert(dmaRegisterInvitations)
          .values({ email, addedBy: caller.userId, addedByUsername: caller.username })
          .returning({ id: dmaRegisterInvitations.id });
        return links.issue('dma-registration', { subjectId: created!.id }, { tx });
      });
      await mailer.send('dma-register', email, {
        recipientEmail: email,
        link: `${deps.publicUrl}/dma-register?token=${encodeURIComponent(token)}`,
        token,
        expiresIn: `${DMA_LINK_DAYS} days`,
      });
      await audit({ id: caller.userId, username: caller.username }, 'send-dma-register-link', null, email);
      return messages.dmaRegisterLinkSent;
    },

    /** POST /admin/cancel-dma-invitation?token= (the pending invitation's handle). */
    async cancelRegisterLink(caller: Caller, handle: string): Promise<string> {
      requireStaff(caller);
      await db.transaction(async (tx) => {
        const canceled = await tx
          .update(dmaRegisterInvitations)
          .set({ canceledAt: now() })
          .where(
            and(
              sql`${dmaRegisterInvitations.id} = ${handle}`,
              isNull(dmaRegisterInvitations.canceledAt),
              hasLink('dma-registration', 'dma_register_invitations', false),
            ),
          )
          .returning({ id: dmaRegisterInvitations.id });
        if (canceled.length === 0) throw new NotFoundError();
        await links.retire('dma-registration', { subjectId: canceled[0]!.id }, tx);
      });
      return messages.invitationCanceled;
    },

    /**
     * DELETE /admin/dma-delete/{id} {password}: the reseller goes (`dma-deleted`). The subscriptions it
     * pays for end now (their menus become drafts); its clients stay, as owners paying for themselves.
     */
    async deleteDma(caller: Caller, dmaId: string, password: string, clientIp: string): Promise<string> {
      requireStaff(caller);
      const dma = await findUser(dmaId);
      if (dma?.role !== 'DMA') throw new NotFoundError();
      await deps.confirmPassword(caller, password, clientIp);
      await releaseClients(dma.id);
      await db.delete(users).where(eq(users.id, dma.id));
      await mailer.send('dma-deleted', dma.email, userVars(dma));
      await audit({ id: caller.userId, username: caller.username }, 'delete-dma', {
        id: dma.id,
        username: dma.username,
      });
      return messages.dmaDeleted;
    },

    /** POST /admin/delete-dma-client {dma_id, client_id, password}: as the reseller's own delete. */
    async adminDeleteClient(
      caller: Caller,
      input: { dma_id: string; client_id: string; password: string },
      clientIp: string,
    ): Promise<string> {
      requireStaff(caller);
      const dma = await findUser(input.dma_id);
      const client = await findUser(input.client_id);
      if (dma?.role !== 'DMA' || client?.role !== 'DMA_CLIENT' || client.dmaId !== dma.id) {
        throw new NotFoundError();
      }
      await deps.confirmPassword(caller, input.password, clientIp);
      await deleteClientRows(dma, client);
      await audit({ id: caller.userId, username: caller.username }, 'delete-dma-client', {
        id: client.id,
        username: client.username,
      });
      return messages.clientDeleted;
    },
  };
}

export type ResellerService = ReturnType<typeof createResellerService>;
