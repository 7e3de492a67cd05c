import { DMA_LINK_DAYS, mailLinkLifetimes, TRANSFER_LINK_DAYS } from '@carte/domain';
import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../core/transaction.ts';
import type { Db } from '../../db/connect.ts';
import { type ActionTokenKind, actionTokens } from '../../db/schema.ts';
import { hashToken, newOpaqueToken } from './token.service.ts';

/** Every link's lifetime in hours (decisions §4; doc 3 §2.8 for invitations). */
export const LINK_HOURS: Record<ActionTokenKind, number> = {
  'verify-account': mailLinkLifetimes.verification.hours,
  'reset-password': mailLinkLifetimes.reset.hours,
  'resend-verification': mailLinkLifetimes.verification.hours,
  'change-email': mailLinkLifetimes.verification.hours,
  'transfer-ownership': TRANSFER_LINK_DAYS * 24,
  'member-invitation': mailLinkLifetimes.invitation.hours,
  'admin-invitation': mailLinkLifetimes.invitation.hours,
  'dma-registration': DMA_LINK_DAYS * 24,
  'dma-client-invitation': DMA_LINK_DAYS * 24,
};

/** What a link is about: an account, or (before one exists) another row such as a reseller's invitation. */
export type LinkOwner = { userId: string; subjectId?: never } | { subjectId: string; userId?: never };

export type MailedLink = typeof actionTokens.$inferSelect;

type Executor = Db | Tx;

const ownedBy = (owner: LinkOwner) =>
  owner.userId !== undefined
    ? eq(actionTokens.userId, owner.userId)
    : eq(actionTokens.subjectId, owner.subjectId);

/**
 * The one mailed-link mechanism (issue 20): a random one-use token of a kind, kept only as its hash,
 * issued for an account or another row, which retires the older unused links of that kind and owner;
 * found while unused and unexpired; consumed once (a second use loses the race and is refused).
 * Verification, reset, e-mail change, admin and member invitations, ownership transfer and the
 * reseller's registration and client invitations all go through it.
 */
export function createMailedLinks(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;

  const live = (kind: ActionTokenKind) =>
    and(eq(actionTokens.kind, kind), isNull(actionTokens.usedAt), gt(actionTokens.expiresAt, now()));

  return {
    /**
     * A new link; answers the token to put in the mail (never stored). `keepOthers` leaves older
     * unused links of the kind working (a resend of a verification, for instance); by default they stop.
     * `hours` overrides the kind's lifetime (an admin's "Add user" verification lasts as an invitation).
     */
    async issue(
      kind: ActionTokenKind,
      owner: LinkOwner,
      options: { newEmail?: string | null; keepOthers?: boolean; hours?: number; tx?: Tx } = {},
    ): Promise<string> {
      const token = newOpaqueToken();
      const write = async (tx: Executor) => {
        if (!options.keepOthers) {
          await tx
            .update(actionTokens)
            .set({ usedAt: now() })
            .where(and(ownedBy(owner), eq(actionTokens.kind, kind), isNull(actionTokens.usedAt)));
        }
        await tx.insert(actionTokens).values({
          userId: owner.userId ?? null,
          subjectId: owner.subjectId ?? null,
          kind,
          tokenHash: hashToken(token),
          newEmail: options.newEmail ?? null,
          expiresAt: new Date(now().getTime() + (options.hours ?? LINK_HOURS[kind]) * 3_600_000),
        });
      };
      if (options.tx) await write(options.tx);
      else await db.transaction(write);
      return token;
    },

    /** The live link behind a token (unused, unexpired, of that kind); null otherwise. */
    async find(token: string, kind: ActionTokenKind): Promise<MailedLink | null> {
      const [row] = await db
        .select()
        .from(actionTokens)
        .where(and(eq(actionTokens.tokenHash, hashToken(token)), live(kind)));
      return row ?? null;
    },

    /** Marks a link used; false when another request used it first (then nothing else may happen). */
    async consume(linkId: string, tx: Executor = db): Promise<boolean> {
      const used = await tx
        .update(actionTokens)
        .set({ usedAt: now() })
        .where(and(eq(actionTokens.id, linkId), isNull(actionTokens.usedAt)))
        .returning({ id: actionTokens.id });
      return used.length === 1;
    },

    /** Every unused link of a kind and owner stops working (a cancel, a new password); answers how many. */
    async retire(kind: ActionTokenKind, owner: LinkOwner, tx: Executor = db): Promise<number> {
      const retired = await tx
        .update(actionTokens)
        .set({ usedAt: now() })
        .where(and(ownedBy(owner), eq(actionTokens.kind, kind), isNull(actionTokens.usedAt)))
        .returning({ id: actionTokens.id });
      return retired.length;
    },

    /** The newest live link of a kind and owner (a pending transfer's address and expiry), or null. */
    async pending(kind: ActionTokenKind, owner: LinkOwner): Promise<MailedLink | null> {
      const [row] = await db
        .select()
        .from(actionTokens)
        .where(and(ownedBy(owner), live(kind)))
        .orderBy(desc(actionTokens.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** When the links of a kind issued for an owner since `since` were made, oldest first (resend limits). */
    async issuedSince(kind: ActionTokenKind, owner: LinkOwner, since: Date): Promise<Date[]> {
      const rows = await db
        .select({ createdAt: actionTokens.createdAt })
        .from(actionTokens)
        .where(and(ownedBy(owner), eq(actionTokens.kind, kind), gt(actionTokens.createdAt, since)))
        .orderBy(asc(actionTokens.createdAt));
      return rows.map((row) => row.createdAt);
    },
  };
}

export type MailedLinks = ReturnType<typeof createMailedLinks>;
