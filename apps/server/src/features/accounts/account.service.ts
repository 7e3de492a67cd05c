import {
  type LoginResult,
  messages,
  type RegisterInput,
  restaurantTypeLabels,
  type UpdateAccountInput,
  type User,
  undeletableRoles,
  type VerifyResult,
} from '@carte/domain';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Caller } from '../../core/caller.ts';
import { ForbiddenError, InvalidError, TooManyRequestsError, UnauthorizedError } from '../../core/errors.ts';
import type { PublicMenuChanges } from '../../core/public-menu-changes.ts';
import type { Db } from '../../db/connect.ts';
import { newId } from '../../db/ids.ts';
import { type ActionTokenKind, actionTokens, restaurants, users } from '../../db/schema.ts';
import {
  hashPassword,
  hashToken,
  type LoginThrottle,
  newOpaqueToken,
  type TokenService,
  verifyPassword,
} from '../auth/index.ts';
import { presentUser } from './user.presenter.ts';

/** Link lifetimes of decisions §4. */
export const LINK_HOURS: Record<ActionTokenKind, number> = {
  'verify-account': 24,
  'reset-password': 1,
  'resend-verification': 24,
};

/** What accounts need of the mail feature: a template name, a recipient and its placeholders. */
export interface MailSender {
  send(template: string, to: string, vars: Record<string, string>): Promise<unknown>;
}

export interface AccountDeps {
  db: Db;
  tokens: TokenService;
  mailer: MailSender;
  throttle: LoginThrottle;
  publicUrl: string;
  now: () => Date;
  /** The public menu links to its owner's email, and a deleted restaurant's menu goes. */
  publicMenu: PublicMenuChanges;
}

type UserRow = typeof users.$inferSelect;

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  (error as { code: unknown }).code === '23505';

export function createAccountService(deps: AccountDeps) {
  const { db, tokens, mailer, throttle, now } = deps;

  const link = (path: string, token: string) => `${deps.publicUrl}${path}?token=${encodeURIComponent(token)}`;

  const userVars = (user: UserRow, restaurantName = ''): Record<string, string> => ({
    'user.firstName': user.firstName || user.username,
    'user.lastName': user.lastName,
    'user.username': user.username,
    'user.email': user.email,
    'user.phoneNumber': user.phoneNumber,
    'restaurant.name': restaurantName,
  });

  async function restaurantNameOf(user: UserRow): Promise<string> {
    if (!user.restaurantId) return '';
    const [row] = await db
      .select({ name: restaurants.name })
      .from(restaurants)
      .where(eq(restaurants.id, user.restaurantId));
    return row?.name ?? '';
  }

  async function createActionToken(userId: string, kind: ActionTokenKind): Promise<string> {
    const token = newOpaqueToken();
    await db.insert(actionTokens).values({
      userId,
      kind,
      tokenHash: hashToken(token),
      expiresAt: new Date(now().getTime() + LINK_HOURS[kind] * 3_600_000),
    });
    return token;
  }

  /** A link that is unused and unexpired, with its user; null otherwise. */
  async function findActionToken(token: string, kind: ActionTokenKind) {
    const [row] = await db
      .select({ token: actionTokens, user: users })
      .from(actionTokens)
      .innerJoin(users, eq(actionTokens.userId, users.id))
      .where(
        and(
          eq(actionTokens.tokenHash, hashToken(token)),
          eq(actionTokens.kind, kind),
          isNull(actionTokens.usedAt),
          gt(actionTokens.expiresAt, now()),
        ),
      );
    return row ?? null;
  }

  /** Marks a link used; false when another request used it first. */
  async function consume(tokenId: string): Promise<boolean> {
    const used = await db
      .update(actionTokens)
      .set({ usedAt: now() })
      .where(and(eq(actionTokens.id, tokenId), isNull(actionTokens.usedAt)))
      .returning({ id: actionTokens.id });
    return used.length === 1;
  }

  async function sendVerification(user: UserRow): Promise<void> {
    const token = await createActionToken(user.id, 'verify-account');
    await mailer.send('user-verify-account', user.email, {
      ...userVars(user, await restaurantNameOf(user)),
      link: link('/user-verify-account', token),
      token,
      expiresIn: '24 hours',
    });
  }

  async function usernameTaken(username: string, exceptUserId?: string): Promise<boolean> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        exceptUserId
          ? and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, exceptUserId))
          : sql`lower(${users.username}) = lower(${username})`,
      );
    return Boolean(row);
  }

  async function loadUser(userId: string): Promise<UserRow> {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new UnauthorizedError();
    return user;
  }

  async function sessionFor(user: UserRow) {
    const session = await tokens.issueSession(user.id, user.role);
    return {
      accessToken: session.accessToken,
      refreshToken: session.refreshToken,
      user: await presentUser(db, user),
    };
  }

  return {
    /** Registration (doc 2 §3): an owner and the restaurant, unverified until the mailed link is opened. */
    async register(
      input: RegisterInput & {
        restaurantName: string;
        restaurantType: 'RESTAURANT' | 'FOOD_TRUCK';
        timeZone: string;
        password: string;
        username: string;
        email: string;
      },
    ): Promise<string> {
      if (await usernameTaken(input.username)) throw new InvalidError(messages.usernameTaken);
      // Accounts under one email belong to one person and are linked (decisions §4).
      const [sibling] = await db
        .select({ personId: users.personId })
        .from(users)
        .where(eq(users.email, input.email))
        .limit(1);
      const passwordHash = await hashPassword(input.password);
      let user: UserRow;
      try {
        user = await db.transaction(async (tx) => {
          const [restaurant] = await tx
            .insert(restaurants)
            .values({
              name: input.restaurantName,
              restaurantType: input.restaurantType,
              timeZone: input.timeZone,
            })
            .returning();
          const [created] = await tx
            .insert(users)
            .values({
              username: input.username,
              email: input.email,
              firstName: input.firstName ?? '',
              lastName: input.lastName ?? '',
              phoneNumber: input.phoneNumber ?? '',
              role: 'RESTAURANT',
              passwordHash,
              personId: sibling?.personId ?? newId(),
              restaurantId: restaurant!.id,
            })
            .returning();
          return created!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new InvalidError(messages.usernameTaken);
        throw error;
      }
      await sendVerification(user);
      const admins = await db.select().from(users).where(eq(users.role, 'SUPER_ADMIN'));
      for (const admin of admins) {
        await mailer.send('new-account-creation-notify', admin.email, {
          ...userVars(user, input.restaurantName),
          'restaurant.type': restaurantTypeLabels[input.restaurantType],
          link: `${deps.publicUrl}/admin/dashboard`,
        });
      }
      return messages.verificationSent;
    },

    /** Opening the mailed link (doc 1 §4): verifies, or asks for a password first when none is set. */
    async verifyEmail(token: string): Promise<VerifyResult> {
      const found = await findActionToken(token, 'verify-account');
      if (!found || found.user.verifiedAt) throw new InvalidError(messages.verifyLinkInvalid);
      const decoded = { username: found.user.username, email: found.user.email };
      if (!found.user.passwordHash) return { decoded_token: { require_enter_password: true, ...decoded } };
      if (!(await consume(found.token.id))) throw new InvalidError(messages.verifyLinkInvalid);
      await db.update(users).set({ verifiedAt: now(), updatedAt: now() }).where(eq(users.id, found.user.id));
      return { decoded_token: { require_enter_password: false, ...decoded } };
    },

    async verifyAndSetPassword(token: string, password: string): Promise<string> {
      const found = await findActionToken(token, 'verify-account');
      if (!found || found.user.verifiedAt) throw new InvalidError(messages.verifyLinkInvalid);
      const passwordHash = await hashPassword(password);
      if (!(await consume(found.token.id))) throw new InvalidError(messages.verifyLinkInvalid);
      await db
        .update(users)
        .set({ passwordHash, verifiedAt: now(), updatedAt: now() })
        .where(eq(users.id, found.user.id));
      return messages.accountVerified;
    },

    /** The resend link offered after an unverified sign-in: a fresh 24 h verification mail. */
    async resendVerification(token: string): Promise<string> {
      const found = await findActionToken(token, 'resend-verification');
      if (!found || found.user.verifiedAt) throw new InvalidError(messages.verifyLinkInvalid);
      if (!(await consume(found.token.id))) throw new InvalidError(messages.verifyLinkInvalid);
      await sendVerification(found.user);
      return messages.verificationResent;
    },

    /** Sign-in (doc 2 §4): tokens, the multiple-accounts choice, the unverified answer, or a message. */
    async login(input: { username: string; password: string }, clientIp: string): Promise<LoginResult> {
      const identifier = input.username.trim();
      const keys = [`account:${identifier.toLowerCase()}`, `ip:${clientIp}`];
      const wait = throttle.retryAfter(keys);
      if (wait > 0) throw new TooManyRequestsError(messages.tooManyAttempts(Math.ceil(wait / 60)), wait);

      const byEmail = identifier.includes('@');
      const candidates = await db
        .select()
        .from(users)
        .where(
          byEmail
            ? sql`lower(${users.email}) = lower(${identifier})`
            : sql`lower(${users.username}) = lower(${identifier})`,
        );
      const matching: UserRow[] = [];
      if (candidates.length === 0) await verifyPassword(null, input.password);
      for (const candidate of candidates) {
        if (await verifyPassword(candidate.passwordHash, input.password)) matching.push(candidate);
      }
      if (matching.length === 0) {
        throttle.recordFailure(keys);
        throw new InvalidError(messages.invalidCredentials);
      }
      throttle.reset(keys);

      // Several accounts share the email: name them (only once the password proved who asks).
      if (candidates.length > 1) {
        const list = await db
          .select({ username: users.username, restaurantName: restaurants.name })
          .from(users)
          .leftJoin(restaurants, eq(users.restaurantId, restaurants.id))
          .where(sql`lower(${users.email}) = lower(${identifier})`);
        return {
          multipleAccounts: list.map((row) => ({
            username: row.username,
            restaurantName: row.restaurantName,
          })),
        };
      }
      const user = matching[0]!;
      if (!user.verifiedAt) {
        const token = await createActionToken(user.id, 'resend-verification');
        return { account_unverified: true, token, email: user.email };
      }
      return sessionFor(user);
    },

    async refresh(refreshToken: string): Promise<{ accessToken: string; newRefreshToken: string }> {
      const rotated = await tokens.rotate(refreshToken);
      const user = await loadUser(rotated.userId);
      const accessToken = await tokens.signAccess({
        userId: user.id,
        sessionId: rotated.sessionId,
        role: user.role,
      });
      return { accessToken, newRefreshToken: rotated.refreshToken };
    },

    async logout(refreshToken: string): Promise<string> {
      await tokens.revokeSession(refreshToken);
      return messages.loggedOut;
    },

    async me(caller: Caller): Promise<User> {
      return presentUser(db, await loadUser(caller.userId));
    },

    /** Reset links (1 h) go to every account under the email; the answer never tells whether one exists. */
    async requestNewPassword(email: string): Promise<string> {
      const owners = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
      for (const user of owners) {
        const token = await createActionToken(user.id, 'reset-password');
        await mailer.send('user-forgot-password', user.email, {
          ...userVars(user, await restaurantNameOf(user)),
          link: link('/reset-password', token),
          token,
          expiresIn: '1 hour',
        });
      }
      return messages.resetRequested;
    },

    async checkResetToken(token: string): Promise<{ username: string }> {
      const found = await findActionToken(token, 'reset-password');
      if (!found) throw new InvalidError(messages.resetLinkInvalid);
      return { username: found.user.username };
    },

    async resetPassword(token: string, password: string): Promise<string> {
      const found = await findActionToken(token, 'reset-password');
      if (!found) throw new InvalidError(messages.resetLinkInvalid);
      const passwordHash = await hashPassword(password);
      if (!(await consume(found.token.id))) throw new InvalidError(messages.resetLinkInvalid);
      // The mailed link proves the address, so an unverified account becomes verified.
      await db
        .update(users)
        .set({ passwordHash, verifiedAt: found.user.verifiedAt ?? now(), updatedAt: now() })
        .where(eq(users.id, found.user.id));
      await db
        .update(actionTokens)
        .set({ usedAt: now() })
        .where(
          and(
            eq(actionTokens.userId, found.user.id),
            eq(actionTokens.kind, 'reset-password'),
            isNull(actionTokens.usedAt),
          ),
        );
      await tokens.revokeAllForUser(found.user.id);
      return messages.passwordReset;
    },

    async forgotUsername(email: string): Promise<string> {
      const owners = await db
        .select({ user: users, restaurantName: restaurants.name })
        .from(users)
        .leftJoin(restaurants, eq(users.restaurantId, restaurants.id))
        .where(sql`lower(${users.email}) = lower(${email})`);
      const first = owners[0];
      if (first) {
        const usernames = owners
          .map((row) =>
            row.restaurantName ? `${row.user.username} (${row.restaurantName})` : row.user.username,
          )
          .join(', ');
        await mailer.send('user-forgot-username', first.user.email, {
          ...userVars(first.user, first.restaurantName ?? ''),
          usernames,
          link: `${deps.publicUrl}/login`,
        });
      }
      return messages.usernameReminderSent;
    },

    async updateAccount(
      caller: Caller,
      input: UpdateAccountInput & { username: string; email: string },
    ): Promise<User> {
      const user = await loadUser(caller.userId);
      const isAdmin = user.role === 'ADMIN' || user.role === 'SUPER_ADMIN';
      if (isAdmin && input.username.toLowerCase() !== user.username.toLowerCase()) {
        throw new InvalidError(messages.adminUsernameLocked);
      }
      const companyName = input.company_name?.trim() ?? '';
      if (user.role === 'DMA' && companyName === '') throw new InvalidError(messages.companyNameRequired);
      if (await usernameTaken(input.username, user.id)) throw new InvalidError(messages.usernameTaken);
      try {
        const [updated] = await db
          .update(users)
          .set({
            firstName: input.firstName ?? '',
            lastName: input.lastName ?? '',
            username: isAdmin ? user.username : input.username,
            email: input.email,
            phoneNumber: input.phoneNumber ?? '',
            companyName: user.role === 'DMA' ? companyName : user.companyName,
            updatedAt: now(),
          })
          .where(eq(users.id, user.id))
          .returning();
        if (user.restaurantId) deps.publicMenu.changed(user.restaurantId);
        return presentUser(db, updated!);
      } catch (error) {
        if (isUniqueViolation(error)) throw new InvalidError(messages.usernameTaken);
        throw error;
      }
    },

    /** A new password ends every other session of the account. */
    async updatePassword(
      caller: Caller,
      input: { current_password: string; new_password: string },
    ): Promise<string> {
      const user = await loadUser(caller.userId);
      if (!(await verifyPassword(user.passwordHash, input.current_password)))
        throw new InvalidError(messages.wrongPassword);
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(input.new_password), updatedAt: now() })
        .where(eq(users.id, user.id));
      await tokens.revokeAllForUser(user.id, caller.sessionId);
      return messages.passwordUpdated;
    },

    /** Deleting an owner's account deletes its restaurant and the restaurant's members with it. */
    async deleteAccount(caller: Caller, password: string): Promise<string> {
      const user = await loadUser(caller.userId);
      if (undeletableRoles.includes(user.role)) throw new ForbiddenError(messages.accountCannotBeDeleted);
      if (!(await verifyPassword(user.passwordHash, password)))
        throw new InvalidError(messages.wrongPassword);
      await db.transaction(async (tx) => {
        if (user.role === 'RESTAURANT' && user.restaurantId) {
          const [otherOwner] = await tx
            .select({ id: users.id })
            .from(users)
            .where(
              and(
                eq(users.restaurantId, user.restaurantId),
                eq(users.role, 'RESTAURANT'),
                ne(users.id, user.id),
              ),
            )
            .limit(1);
          if (!otherOwner) {
            await tx
              .delete(users)
              .where(and(eq(users.restaurantId, user.restaurantId), eq(users.role, 'MEMBER')));
            await tx.delete(users).where(eq(users.id, user.id));
            await tx.delete(restaurants).where(eq(restaurants.id, user.restaurantId));
            return;
          }
        }
        await tx.delete(users).where(eq(users.id, user.id));
      });
      if (user.restaurantId) deps.publicMenu.changed(user.restaurantId);
      return messages.accountDeleted;
    },

    /**
     * Moves between linked accounts without a password (decisions §4). Both accounts must be verified
     * under the same email: verification is what proves one person holds them.
     */
    async switchAccount(caller: Caller, accountId: string, refreshToken: string) {
      const current = await loadUser(caller.userId);
      const [target] = await db.select().from(users).where(eq(users.id, accountId));
      if (
        !target ||
        target.id === current.id ||
        target.personId !== current.personId ||
        target.email.toLowerCase() !== current.email.toLowerCase() ||
        !target.verifiedAt ||
        !current.verifiedAt
      ) {
        throw new InvalidError(messages.switchAccountFailed);
      }
      await tokens.revokeSession(refreshToken);
      await tokens.revokeFamily(caller.sessionId);
      return sessionFor(target);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
