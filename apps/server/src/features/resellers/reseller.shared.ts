import { messages } from '@carte/domain';
import { and, type Column, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Caller } from '../../core/caller.ts';
import { ForbiddenError, InvalidError, NotFoundError } from '../../core/errors.ts';
import {
  type ActionTokenKind,
  actionTokens,
  dmaClientInvitations,
  restaurants,
  users,
} from '../../db/schema.ts';
import type { BillingService } from '../billing/index.ts';
import {
  type AccountRemovalDeps,
  type Acting,
  type MailedLinks,
  removeAccount,
  staffRoles,
  usernameTaken,
} from '../identity/index.ts';
import type { UserRow } from './reseller.presenter.ts';

/** Deleting a client removes its account as identity does (db, publicMenu, endSubscription). */
export interface ResellerDeps extends AccountRemovalDeps {
  mailer: { send(template: string, to: string, vars: Record<string, string>): Promise<unknown> };
  publicUrl: string;
  now: () => Date;
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

/** Every /dma call is the reseller's (doc 3 §6); the route checks it first, the service again (STYLE rule 4). */
export function requireDma(caller: Caller): void {
  if (caller.role !== 'DMA') throw new ForbiddenError();
}

export function requireStaff(caller: Caller): void {
  if (!staffRoles.includes(caller.role)) throw new ForbiddenError();
}

export const usernameTakenError = () => new InvalidError(messages.usernameTaken);

/** The link (of `kind`) issued for an invitation row: its `subject_id` is the row's id. */
export const linkOf = (kind: ActionTokenKind, subjectId: Column) =>
  and(eq(actionTokens.subjectId, subjectId), eq(actionTokens.kind, kind));

/**
 * What the parts of the reseller service share (registration, clients, client billing): the
 * invitation links' state, the caller's own clients, the mail variables, and deleting or releasing
 * clients (a reseller's own delete and the admin's).
 */
export function createResellerShared(deps: ResellerDeps) {
  const { db, mailer, now, billing } = deps;

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

  const userVars = (user: UserRow): Record<string, string> => ({
    'user.firstName': user.firstName || user.username,
    'user.lastName': user.lastName,
    'user.username': user.username,
    'user.email': user.email,
    'user.phoneNumber': user.phoneNumber,
    'dma.companyName': user.companyName ?? '',
  });

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
    await removeAccount(deps, client);
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
    liveLinkOf,
    hasLink,
    pendingLicence,
    userVars,
    usernameOrLicenceTaken,
    findUser,
    ownClient,
    clientMailVars,
    deleteClientRows,
    releaseClients,
    requireDmaRow,
  };
}

export type ResellerShared = ReturnType<typeof createResellerShared>;
