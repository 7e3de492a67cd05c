import {
  type AdminDma,
  type AdminDmaSort,
  DMA_LINK_DAYS,
  type DmaRegisterInvitation,
  likePattern,
  messages,
  type PageRequest,
  type Paginated,
  type PendingDma,
} from '@carte/domain';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Caller } from '../../core/caller.ts';
import { InvalidError, NotFoundError } from '../../core/errors.ts';
import { newId } from '../../db/ids.ts';
import { accountSorts, direction, pageOrder, readPage } from '../../db/list-page.ts';
import { actionTokens, dmaRegisterInvitations, restaurants, users } from '../../db/schema.ts';
import { hashPassword, joinableAccountOf, recordAudit, staffRoles, withUniqueAs } from '../identity/index.ts';
import { presentAdminDma, presentPendingDma, type UserRow } from './reseller.presenter.ts';
import {
  createResellerShared,
  type ResellerDeps,
  requireStaff,
  usernameTakenError,
} from './reseller.shared.ts';

/**
 * Becoming a reseller (doc 3 §2.8) and the admin's DMA calls (doc 3 §2.2, §7.3, §7.4): an admin mails
 * a registration link (identity's mailed link, kind `dma-registration`), the invitee registers from
 * it; admins list, cancel and delete resellers and their clients.
 */
export function createRegistrationService(deps: ResellerDeps) {
  const { db, mailer, now, links } = deps;
  const {
    liveLinkOf,
    hasLink,
    userVars,
    usernameOrLicenceTaken,
    findUser,
    deleteClientRows,
    releaseClients,
  } = createResellerShared(deps);

  /** A registration link still pending: not used, cancelled or expired. */
  const pendingRegistrationRow = () =>
    and(
      isNull(dmaRegisterInvitations.canceledAt),
      hasLink('dma-registration', 'dma_register_invitations', true),
    );

  const audit = (
    actor: { id: string; username: string },
    action: string,
    target: { id: string; username: string } | null,
    detail?: string,
  ) => recordAudit(db, { actor, action, target, detail });

  /** A link not cancelled (its live token is the join), whose address contains `search`. */
  const pendingDmaWhere = (search: string | undefined) =>
    and(
      isNull(dmaRegisterInvitations.canceledAt),
      search ? ilike(dmaRegisterInvitations.email, likePattern(search)) : undefined,
    );
  const pendingDmaRows = (search: string | undefined) =>
    db
      .select({ invitation: dmaRegisterInvitations, expiresAt: actionTokens.expiresAt })
      .from(dmaRegisterInvitations)
      .innerJoin(actionTokens, liveLinkOf('dma-registration', dmaRegisterInvitations.id))
      .where(pendingDmaWhere(search));

  /** Resellers with their clients: of these resellers only (a page), or every client (the whole list). */
  async function presentDmas(dmas: UserRow[], only: boolean): Promise<AdminDma[]> {
    if (dmas.length === 0) return [];
    const clientRows = await db
      .select({ user: users, restaurantId: restaurants.id, restaurantName: restaurants.name })
      .from(users)
      .leftJoin(restaurants, eq(users.restaurantId, restaurants.id))
      .where(
        and(
          eq(users.role, 'DMA_CLIENT'),
          only
            ? inArray(
                users.dmaId,
                dmas.map((dma) => dma.id),
              )
            : undefined,
        ),
      )
      .orderBy(asc(users.createdAt));
    const clientsOf = new Map<string, typeof clientRows>();
    for (const row of clientRows) {
      const dmaId = row.user.dmaId ?? '';
      const list = clientsOf.get(dmaId);
      if (list) list.push(row);
      else clientsOf.set(dmaId, [row]);
    }
    return dmas.map((dma) => presentAdminDma(dma, clientsOf.get(dma.id) ?? []));
  }

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

    // ---------- the admin's DMA calls (doc 3 §2.2, §7.3, §7.4) ----------

    /** GET /admin/dma-list: every reseller with its clients. */
    async adminList(caller: Caller): Promise<AdminDma[]> {
      requireStaff(caller);
      const dmas = await db
        .select()
        .from(users)
        .where(eq(users.role, 'DMA'))
        .orderBy(desc(users.createdAt), desc(users.id));
      return presentDmas(dmas, false);
    },

    /**
     * One page of the resellers (issue 21): those whose username, email or company contains
     * `search`, newest first or by `sort`; only the page's clients are read.
     */
    async adminListPage(caller: Caller, request: PageRequest<AdminDmaSort>): Promise<Paginated<AdminDma>> {
      requireStaff(caller);
      const pattern = request.search ? likePattern(request.search) : undefined;
      const where = and(
        eq(users.role, 'DMA'),
        pattern
          ? or(ilike(users.username, pattern), ilike(users.email, pattern), ilike(users.companyName, pattern))
          : undefined,
      );
      const [counted] = await db.select({ total: count() }).from(users).where(where);
      const order = pageOrder(request, accountSorts, 'created', desc(users.id));
      return readPage(
        request,
        counted?.total ?? 0,
        (limit, offset) =>
          db
            .select()
            .from(users)
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
        (rows) => presentDmas(rows, true),
      );
    },

    /** GET /admin/dma-list-pending: registration links not used, cancelled or expired. */
    async adminPending(caller: Caller): Promise<PendingDma[]> {
      requireStaff(caller);
      const rows = await pendingDmaRows(undefined).orderBy(
        desc(dmaRegisterInvitations.createdAt),
        desc(dmaRegisterInvitations.id),
      );
      return rows.map(({ invitation, expiresAt }) => presentPendingDma(invitation, expiresAt));
    },

    /** One page of the pending links (issue 21), searched by address, newest first (or oldest). */
    async adminPendingPage(caller: Caller, request: PageRequest<'created'>): Promise<Paginated<PendingDma>> {
      requireStaff(caller);
      const [counted] = await db
        .select({ total: count() })
        .from(dmaRegisterInvitations)
        .innerJoin(actionTokens, liveLinkOf('dma-registration', dmaRegisterInvitations.id))
        .where(pendingDmaWhere(request.search));
      const newest = direction(request.order, 'desc');
      return readPage(
        request,
        counted?.total ?? 0,
        (limit, offset) =>
          pendingDmaRows(request.search)
            .orderBy(newest(dmaRegisterInvitations.createdAt), newest(dmaRegisterInvitations.id))
            .limit(limit)
            .offset(offset),
        async (rows) => rows.map(({ invitation, expiresAt }) => presentPendingDma(invitation, expiresAt)),
      );
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
