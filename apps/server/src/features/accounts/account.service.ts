import {
  type LoginResult,
  messages,
  type RegisterInput,
  type RestaurantType,
  restaurantTypeLabels,
  type UpdateAccountInput,
  type User,
  undeletableRoles,
  type VerifyResult,
} from '@carte/domain';
import { and, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { type AccountRemovalDeps, removeAccount } from '../../core/account-removal.ts';
import type { Caller } from '../../core/caller.ts';
import { ForbiddenError, InvalidError, TooManyRequestsError, UnauthorizedError } from '../../core/errors.ts';
import type { PublicMenuChanges } from '../../core/public-menu-changes.ts';
import { usernameTaken } from '../../core/usernames.ts';
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
import type { AccountMailRequest, AccountMailRequests } from './account-mail.queue.ts';
import { presentUser } from './user.presenter.ts';

/** Link lifetimes of decisions §4. */
export const LINK_HOURS: Record<ActionTokenKind, number> = {
  'verify-account': 24,
  'reset-password': 1,
  'resend-verification': 24,
  'change-email': 24,
  // Issued and read by restaurants' ownership transfer (TRANSFER_LINK_DAYS).
  'transfer-ownership': 7 * 24,
  'member-invitation': 7 * 24,
  'admin-invitation': 7 * 24,
};

/**
 * What accounts need of the mail feature: a template name, a recipient and its placeholders
 * (`sample`: the values are samples, see Mailer.send).
 */
export interface MailSender {
  send(
    template: string,
    to: string,
    vars: Record<string, string>,
    options?: { sample?: boolean },
  ): Promise<unknown>;
}

export interface AccountDeps {
  db: Db;
  tokens: TokenService;
  mailer: MailSender;
  throttle: LoginThrottle;
  /** Queues the mails asked for by address, so the answer does not depend on the address. */
  mailRequests: AccountMailRequests;
  publicUrl: string;
  now: () => Date;
  /** The public menu links to its owner's email, and a deleted restaurant's menu goes. */
  publicMenu: PublicMenuChanges;
  /** Ends a restaurant's subscription at once when its last owner account is deleted. */
  endSubscription: AccountRemovalDeps['endSubscription'];
  /**
   * A reseller deleting its account lets its clients go first (issue 14): the subscriptions it pays
   * for end, and the clients become owners paying for themselves.
   */
  releaseResellerClients?: (resellerId: string) => Promise<void>;
}

type UserRow = typeof users.$inferSelect;

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  (error as { code: unknown }).code === '23505';

/** The throttle's name of an account: its id, so a username and an email share one count. */
const accountKey = (userId: string) => `user:${userId}`;

export function createAccountService(deps: AccountDeps) {
  const { db, tokens, mailer, throttle, mailRequests, now } = deps;

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

  async function createActionToken(
    userId: string,
    kind: ActionTokenKind,
    newEmail: string | null = null,
  ): Promise<string> {
    const token = newOpaqueToken();
    await db.insert(actionTokens).values({
      userId,
      kind,
      tokenHash: hashToken(token),
      newEmail,
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

  /**
   * A current-password check (change password, delete account, email change; later the admin's and
   * reseller's confirmations), throttled like a sign-in of that account from that address.
   */
  async function confirmPassword(user: UserRow, password: string, clientIp: string): Promise<void> {
    const attempt = { accounts: [accountKey(user.id)], address: clientIp };
    const wait = await throttle.wait(attempt);
    if (wait > 0)
      throw new TooManyRequestsError(messages.tooManyPasswordAttempts(Math.ceil(wait / 60)), wait);
    if (!(await verifyPassword(user.passwordHash, password))) {
      await throttle.failed(attempt);
      throw new InvalidError(messages.wrongPassword);
    }
    await throttle.succeeded(accountKey(user.id), clientIp);
  }

  /** Account mails are limited per address they go to and per client asking (docs/security.md, 4). */
  async function allowMail(target: string, clientIp: string): Promise<void> {
    const wait = await throttle.mailRequest(target, clientIp);
    if (wait > 0) throw new TooManyRequestsError(messages.tooManyRequests, wait);
  }

  /** A verified sibling's person under `email`: the accounts an address has proven to hold (decisions §4). */
  async function verifiedPersonOf(email: string, exceptUserId: string): Promise<string | null> {
    const [sibling] = await db
      .select({ personId: users.personId })
      .from(users)
      .where(
        and(
          sql`lower(${users.email}) = lower(${email})`,
          isNotNull(users.verifiedAt),
          ne(users.id, exceptUserId),
        ),
      )
      .limit(1);
    return sibling?.personId ?? null;
  }

  /** Once an account's address is verified, it joins the verified accounts under that address. */
  async function markVerified(user: UserRow, changes: Partial<typeof users.$inferInsert> = {}) {
    const personId = user.verifiedAt ? null : await verifiedPersonOf(user.email, user.id);
    await db
      .update(users)
      .set({
        verifiedAt: user.verifiedAt ?? now(),
        updatedAt: now(),
        ...(personId ? { personId } : {}),
        ...changes,
      })
      .where(eq(users.id, user.id));
  }

  async function sendResetLinks(email: string): Promise<void> {
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
  }

  async function sendUsernames(email: string): Promise<void> {
    const owners = await db
      .select({ user: users, restaurantName: restaurants.name })
      .from(users)
      .leftJoin(restaurants, eq(users.restaurantId, restaurants.id))
      .where(sql`lower(${users.email}) = lower(${email})`);
    const first = owners[0];
    if (!first) return;
    const usernames = owners
      .map((row) => (row.restaurantName ? `${row.user.username} (${row.restaurantName})` : row.user.username))
      .join(', ');
    await mailer.send('user-forgot-username', first.user.email, {
      ...userVars(first.user, first.restaurantName ?? ''),
      usernames,
      link: `${deps.publicUrl}/login`,
    });
  }

  /**
   * Ends pending email changes: replaced by a newer one, or cut off by a new password (the notice to
   * the old address tells its owner to change the password if the change was not theirs).
   */
  async function cancelEmailChanges(userId: string): Promise<void> {
    await db
      .update(actionTokens)
      .set({ usedAt: now() })
      .where(
        and(
          eq(actionTokens.userId, userId),
          eq(actionTokens.kind, 'change-email'),
          isNull(actionTokens.usedAt),
        ),
      );
  }

  /**
   * An email change waits for the new address (docs/security.md, 5): a 24-hour link goes there, and
   * the current address is told. A newer request replaces an older one.
   */
  async function requestEmailChange(user: UserRow, newEmail: string): Promise<void> {
    await cancelEmailChanges(user.id);
    const token = await createActionToken(user.id, 'change-email', newEmail);
    const vars = { ...userVars(user, await restaurantNameOf(user)), newEmail };
    await mailer.send('email-change-verify', newEmail, {
      ...vars,
      link: link('/user-verify-email', token),
      token,
      expiresIn: '24 hours',
    });
    await mailer.send('email-change-notice', user.email, { ...vars, link: `${deps.publicUrl}/login` });
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
      user: await presentUser(db, user, now()),
    };
  }

  return {
    /** Registration (doc 2 §3): an owner and the restaurant, unverified until the mailed link is opened. */
    async register(
      input: RegisterInput & {
        restaurantName: string;
        restaurantType: RestaurantType;
        timeZone: string;
        password: string;
        username: string;
        email: string;
      },
    ): Promise<string> {
      if (await usernameTaken(db, input.username)) throw new InvalidError(messages.usernameTaken);
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
              // Linked to the other accounts of its address once verified (markVerified), not before.
              personId: newId(),
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
      await markVerified(found.user);
      return { decoded_token: { require_enter_password: false, ...decoded } };
    },

    async verifyAndSetPassword(token: string, password: string): Promise<string> {
      const found = await findActionToken(token, 'verify-account');
      if (!found || found.user.verifiedAt) throw new InvalidError(messages.verifyLinkInvalid);
      const passwordHash = await hashPassword(password);
      if (!(await consume(found.token.id))) throw new InvalidError(messages.verifyLinkInvalid);
      await markVerified(found.user, { passwordHash });
      return messages.accountVerified;
    },

    /** The resend link offered after an unverified sign-in: a fresh 24 h verification mail. */
    async resendVerification(token: string, clientIp: string): Promise<string> {
      const found = await findActionToken(token, 'resend-verification');
      if (!found || found.user.verifiedAt) throw new InvalidError(messages.verifyLinkInvalid);
      await allowMail(found.user.email, clientIp);
      if (!(await consume(found.token.id))) throw new InvalidError(messages.verifyLinkInvalid);
      await sendVerification(found.user);
      return messages.verificationResent;
    },

    /**
     * Sign-in (doc 2 §4): tokens, the multiple-accounts choice, the unverified answer, or a message.
     * Throttled per account (by id) and address before any password is checked (login-throttle.ts).
     */
    async login(input: { username: string; password: string }, clientIp: string): Promise<LoginResult> {
      const identifier = input.username.trim();
      const byEmail = identifier.includes('@');
      const candidates = await db
        .select()
        .from(users)
        .where(
          byEmail
            ? sql`lower(${users.email}) = lower(${identifier})`
            : sql`lower(${users.username}) = lower(${identifier})`,
        );
      // An unknown name is throttled under that name, so it answers exactly like a known one.
      const attempt = {
        accounts: candidates.length
          ? candidates.map((candidate) => accountKey(candidate.id))
          : [`name:${identifier.toLowerCase()}`],
        address: clientIp,
      };
      const wait = await throttle.wait(attempt);
      if (wait > 0) throw new TooManyRequestsError(messages.tooManyAttempts(Math.ceil(wait / 60)), wait);

      const matching: UserRow[] = [];
      if (candidates.length === 0) await verifyPassword(null, input.password);
      for (const candidate of candidates) {
        if (await verifyPassword(candidate.passwordHash, input.password)) matching.push(candidate);
      }
      if (matching.length === 0) {
        await throttle.failed(attempt);
        throw new InvalidError(messages.invalidCredentials);
      }
      for (const user of matching) await throttle.succeeded(accountKey(user.id), clientIp);

      // Several verified accounts share the email: name them, only once the password of one of them
      // proved who asks. Unverified accounts under it prove nothing and are never named.
      const verifiedMatch = matching.find((user) => user.verifiedAt);
      const verified = candidates.filter((user) => user.verifiedAt);
      if (byEmail && verifiedMatch && verified.length > 1) {
        const list = await db
          .select({ username: users.username, restaurantName: restaurants.name })
          .from(users)
          .leftJoin(restaurants, eq(users.restaurantId, restaurants.id))
          .where(and(sql`lower(${users.email}) = lower(${identifier})`, isNotNull(users.verifiedAt)));
        return {
          multipleAccounts: list.map((row) => ({
            username: row.username,
            restaurantName: row.restaurantName,
          })),
        };
      }
      const user = verifiedMatch ?? matching[0]!;
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
      return presentUser(db, await loadUser(caller.userId), now());
    },

    /** The signed-in user's current password, throttled (for other features' confirmations). */
    async confirmPassword(caller: Caller, password: string, clientIp: string): Promise<void> {
      await confirmPassword(await loadUser(caller.userId), password, clientIp);
    },

    /**
     * Opening the link mailed to a new address: the account takes that address, verified, and joins
     * the verified accounts already under it (or none: it leaves the old address's).
     */
    async confirmEmailChange(token: string): Promise<string> {
      const found = await findActionToken(token, 'change-email');
      const newEmail = found?.token.newEmail;
      if (!found || !newEmail) throw new InvalidError(messages.emailChangeLinkInvalid);
      if (!(await consume(found.token.id))) throw new InvalidError(messages.emailChangeLinkInvalid);
      await db
        .update(users)
        .set({
          email: newEmail,
          verifiedAt: found.user.verifiedAt ?? now(),
          personId: (await verifiedPersonOf(newEmail, found.user.id)) ?? newId(),
          updatedAt: now(),
        })
        .where(eq(users.id, found.user.id));
      // The public menu shows its owner's contact address.
      if (found.user.restaurantId) deps.publicMenu.changed(found.user.restaurantId);
      return messages.emailChanged;
    },

    /**
     * Reset links (1 h) go to every account under the email. The request only queues the job
     * (handleMailRequest), so the answer is the same, in the same time, whether or not one exists.
     */
    async requestNewPassword(email: string, clientIp: string): Promise<string> {
      await allowMail(email, clientIp);
      await mailRequests.enqueue({ kind: 'reset-password', email });
      return messages.resetRequested;
    },

    async checkResetToken(token: string): Promise<{ username: string }> {
      const found = await findActionToken(token, 'reset-password');
      if (!found) throw new InvalidError(messages.resetLinkInvalid);
      return { username: found.user.username };
    },

    async resetPassword(token: string, password: string, clientIp: string): Promise<string> {
      const found = await findActionToken(token, 'reset-password');
      if (!found) throw new InvalidError(messages.resetLinkInvalid);
      const passwordHash = await hashPassword(password);
      if (!(await consume(found.token.id))) throw new InvalidError(messages.resetLinkInvalid);
      // The mailed link proves the address, so an unverified account becomes verified.
      await markVerified(found.user, { passwordHash });
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
      await cancelEmailChanges(found.user.id);
      // Whoever holds the mailbox is the owner: lift the account's back-off and this address's count.
      await throttle.cleared(accountKey(found.user.id), clientIp);
      return messages.passwordReset;
    },

    /** Like requestNewPassword: queued, so the answer never depends on the address. */
    async forgotUsername(email: string, clientIp: string): Promise<string> {
      await allowMail(email, clientIp);
      await mailRequests.enqueue({ kind: 'forgot-username', email });
      return messages.usernameReminderSent;
    },

    /** The job behind requestNewPassword and forgotUsername: mail when accounts use the address. */
    async handleMailRequest(request: AccountMailRequest): Promise<void> {
      if (request.kind === 'reset-password') await sendResetLinks(request.email);
      else await sendUsernames(request.email);
    },

    /**
     * Personal information. A new email needs the current password and takes effect only once the
     * link mailed to it is opened (confirmEmailChange); until then the account keeps its address.
     */
    async updateAccount(
      caller: Caller,
      input: UpdateAccountInput & { username: string; email: string },
      clientIp: string,
    ): Promise<User> {
      const user = await loadUser(caller.userId);
      const isAdmin = user.role === 'ADMIN' || user.role === 'SUPER_ADMIN';
      if (isAdmin && input.username.toLowerCase() !== user.username.toLowerCase()) {
        throw new InvalidError(messages.adminUsernameLocked);
      }
      const companyName = input.company_name?.trim() ?? '';
      if (user.role === 'DMA' && companyName === '') throw new InvalidError(messages.companyNameRequired);
      if (await usernameTaken(db, input.username, user.id)) throw new InvalidError(messages.usernameTaken);
      // Same mailbox when only the case differs: no proof needed.
      const emailChanges = input.email.toLowerCase() !== user.email.toLowerCase();
      if (emailChanges) {
        if (!input.current_password) throw new InvalidError(messages.emailChangePasswordRequired);
        await confirmPassword(user, input.current_password, clientIp);
        await allowMail(input.email, clientIp);
      }
      try {
        const [updated] = await db
          .update(users)
          .set({
            firstName: input.firstName ?? '',
            lastName: input.lastName ?? '',
            username: isAdmin ? user.username : input.username,
            email: emailChanges ? user.email : input.email,
            phoneNumber: input.phoneNumber ?? '',
            companyName: user.role === 'DMA' ? companyName : user.companyName,
            updatedAt: now(),
          })
          .where(eq(users.id, user.id))
          .returning();
        if (user.restaurantId) deps.publicMenu.changed(user.restaurantId);
        if (emailChanges) await requestEmailChange(updated!, input.email);
        return presentUser(db, updated!, now());
      } catch (error) {
        if (isUniqueViolation(error)) throw new InvalidError(messages.usernameTaken);
        throw error;
      }
    },

    /** A new password ends every other session of the account. */
    async updatePassword(
      caller: Caller,
      input: { current_password: string; new_password: string },
      clientIp: string,
    ): Promise<string> {
      const user = await loadUser(caller.userId);
      await confirmPassword(user, input.current_password, clientIp);
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(input.new_password), updatedAt: now() })
        .where(eq(users.id, user.id));
      await tokens.revokeAllForUser(user.id, caller.sessionId);
      await cancelEmailChanges(user.id);
      return messages.passwordUpdated;
    },

    /** Deleting an owner's account deletes its restaurant and the restaurant's members with it. */
    async deleteAccount(caller: Caller, password: string, clientIp: string): Promise<string> {
      const user = await loadUser(caller.userId);
      if (undeletableRoles.includes(user.role)) throw new ForbiddenError(messages.accountCannotBeDeleted);
      await confirmPassword(user, password, clientIp);
      if (user.role === 'DMA') await deps.releaseResellerClients?.(user.id);
      await removeAccount({ db, publicMenu: deps.publicMenu, endSubscription: deps.endSubscription }, user);
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
