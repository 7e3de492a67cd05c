import { messages, type Role, type User } from '@carte/domain';
import { eq } from 'drizzle-orm';
import type { Caller } from '../../core/caller.ts';
import { ForbiddenError, InvalidError, NotFoundError } from '../../core/errors.ts';
import type { Db } from '../../db/connect.ts';
import { users } from '../../db/schema.ts';
import { recordAudit } from './audit.ts';
import { isStaff } from './person.ts';

type UserRow = typeof users.$inferSelect;

/** The doors into another account: an admin's "Login as", a reseller's, a linked-account switch, the way back. */
export type ActingEntry = 'shapeshift' | 'client-shapeshift' | 'switch-account' | 'return';

/**
 * Who may act as whom (issue 20), one rule for every entry: never oneself, never a SUPER_ADMIN,
 * never staff from a non-staff account, a reseller only its own clients, nobody else at all.
 */
export function mayActAs(actor: { id: string; role: Role }, target: Pick<UserRow, 'id' | 'role' | 'dmaId'>) {
  if (target.id === actor.id || target.role === 'SUPER_ADMIN') return false;
  if (isStaff(actor.role)) return true;
  if (actor.role === 'DMA') return target.role === 'DMA_CLIENT' && target.dmaId === actor.id;
  return false;
}

/**
 * What an acting session may not do (issue 20): switch accounts, add a restaurant, change the acted
 * account's e-mail or password, delete it, accept an invitation for it, transfer its restaurant or
 * start another act-as. Only the way back ends it. 403 with the "Permission denied" envelope.
 */
export function assertNotActing(caller: Caller): void {
  if (caller.impersonatorId) throw new ForbiddenError();
}

/** A session as a login opens it; `impersonatorId` marks one opened by acting-as. */
export type OpenSession = (
  user: UserRow,
  options?: { impersonatorId?: string },
) => Promise<{ accessToken: string; refreshToken: string; user: User }>;

export interface ActingDeps {
  db: Db;
  openSession: OpenSession;
  /** Ends one session (its refresh-token family). */
  endSession: (sessionId: string) => Promise<void>;
}

/**
 * Acting-as, owned by identity (issue 20): the admin's and the reseller's "Login as" and the way
 * back go through here; every audit line names the real actor and the acted account.
 */
export function createActing(deps: ActingDeps) {
  const { db } = deps;

  async function accountOf(id: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  }

  return {
    mayActAs,
    assertNotActing,

    /**
     * Opens a session as `targetId` that carries the actor's id; the actor's own session ends.
     * `entry` names the door (audit and which answer an unknown id gets).
     */
    async start(caller: Caller, targetId: string, entry: 'shapeshift' | 'client-shapeshift') {
      // Acting is not a platform role: no chains, whatever the door.
      assertNotActing(caller);
      const target = await accountOf(targetId);
      if (!target) throw new NotFoundError();
      if (!mayActAs({ id: caller.userId, role: caller.role }, target)) {
        // A reseller learns nothing of accounts that are not its clients.
        if (caller.role === 'DMA') throw new NotFoundError();
        throw new InvalidError(messages.cannotActAs);
      }
      if (!target.verifiedAt || !target.passwordHash) throw new InvalidError(messages.clientNotVerified);
      const session = await deps.openSession(target, { impersonatorId: caller.userId });
      await deps.endSession(caller.sessionId);
      await recordAudit(db, {
        actor: { id: caller.userId, username: caller.username },
        action: 'login-as',
        target: { id: target.id, username: target.username },
        detail: entry,
      });
      return { ...session, impersonator: { _id: caller.userId, username: caller.username } };
    },

    /**
     * POST /admin/return: ends the acting session and opens the actor's own again, only when the
     * actor may still act as the account (an admin, or the reseller of that client).
     */
    async end(caller: Caller) {
      if (!caller.impersonatorId) throw new ForbiddenError(messages.notImpersonating);
      const actor = await accountOf(caller.impersonatorId);
      await deps.endSession(caller.sessionId);
      const acted = {
        id: caller.userId,
        role: caller.role,
        dmaId: (await accountOf(caller.userId))?.dmaId ?? null,
      };
      if (!actor || !mayActAs(actor, acted)) throw new ForbiddenError();
      await recordAudit(db, {
        actor: { id: actor.id, username: actor.username },
        action: 'return',
        target: { id: caller.userId, username: caller.username },
      });
      return deps.openSession(actor);
    },

    /** The audit line of every changing request made while acting (the auth guard calls it). */
    async recordActingRequest(
      acted: { id: string; username: string },
      impersonatorId: string,
      detail: string,
    ): Promise<void> {
      const actor = await accountOf(impersonatorId);
      await recordAudit(db, {
        actor: { id: impersonatorId, username: actor?.username ?? '' },
        action: 'request-as-user',
        target: acted,
        detail,
      });
    },
  };
}

export type Acting = ReturnType<typeof createActing>;
