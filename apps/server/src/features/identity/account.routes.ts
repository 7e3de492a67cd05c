import {
  deleteAccountSchema,
  emailChangeTokenSchema,
  emailRequestSchema,
  loginRequestSchema,
  loginResultSchema,
  messages,
  refreshSchema,
  registerSchema,
  resetPasswordSchema,
  switchAccountSchema,
  tokenSchema,
  tokensSchema,
  updateAccountSchema,
  updatePasswordSchema,
  userSchema,
  verifyAndSetPasswordSchema,
  verifyResultSchema,
} from '@carte/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Captcha } from '../../adapters/captcha/captcha.ts';
import { InvalidError } from '../../core/errors.ts';
import { callerOf } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import type { AccountService } from './account.service.ts';

/**
 * /api/users/* (doc 3 §7.4). Thin routes (STYLE rule 3): parse, authorize, call the service, wrap.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ accounts: AccountService; captcha: Captcha }> = async (
  app,
  { accounts, captcha },
) => {
  const tags = ['users'];
  // Authentication runs on request, before the body is read, so a stranger gets 401, never a validation answer.
  const authed = { onRequest: app.authenticate, schema: { security: [{ bearer: [] }] } } as const;

  /** The anti-bot token sent with login, register, password request and reset, account updates. */
  const requireHuman = async (request: FastifyRequest, token: string | undefined) => {
    if (!(await captcha.verify(token, request.ip))) throw new InvalidError(messages.captchaFailed);
  };

  app.post(
    '/register',
    {
      schema: {
        tags,
        summary: 'Create an owner account and its restaurant; mails the verification link (24 h)',
        body: registerSchema,
        response: responses(z.string(), [400, 429]),
      },
    },
    async (request) => {
      await requireHuman(request, request.body.reCaptchaToken);
      return ok(await accounts.register(request.body));
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Sign in by username or email (told apart by @; sent as `username` or `email`)',
        description:
          'Answers tokens and the user; or `multipleAccounts` when the email holds several accounts; or `account_unverified` with a token for /resend-email-account-verification. Repeated failures answer 429.',
        body: loginRequestSchema,
        response: responses(loginResultSchema, [400, 429]),
      },
    },
    async (request) => {
      await requireHuman(request, request.body.reCaptchaToken);
      return ok(await accounts.login(request.body, request.ip));
    },
  );

  app.post(
    '/token',
    {
      schema: {
        tags,
        summary: 'Rotate a refresh token; a reused one ends every session of its family',
        body: refreshSchema,
        response: responses(z.object({ accessToken: z.string(), newRefreshToken: z.string() }), [400, 401]),
      },
    },
    async (request) => ok(await accounts.refresh(request.body.refreshToken)),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags,
        summary: 'End the session of a refresh token',
        body: refreshSchema,
        response: responses(z.string()),
      },
    },
    async (request) => ok(await accounts.logout(request.body.refreshToken)),
  );

  app.get(
    '/me',
    {
      ...authed,
      schema: {
        ...authed.schema,
        tags,
        summary: 'The signed-in user',
        response: responses(userSchema, [401, 417]),
      },
    },
    async (request) => ok(await accounts.me(callerOf(request))),
  );

  app.post(
    '/email-verification',
    {
      schema: {
        tags,
        summary: 'Verify an account from its mailed link',
        description:
          'When the account has no password yet, `require_enter_password` is true and nothing changes.',
        body: tokenSchema,
        response: responses(verifyResultSchema),
      },
    },
    async (request) => ok(await accounts.verifyEmail(request.body.token)),
  );

  app.post(
    '/verify-account-and-enter-password',
    {
      schema: {
        tags,
        summary: 'Verify an account and set its password in one step',
        body: verifyAndSetPasswordSchema,
        response: responses(z.string()),
      },
    },
    async (request) => ok(await accounts.verifyAndSetPassword(request.body.token, request.body.password)),
  );

  app.post(
    '/resend-email-account-verification',
    {
      schema: {
        tags,
        summary: 'Send a new verification mail, with the token of an unverified sign-in',
        description: 'Mails to one address, and from one client, are limited per hour (429).',
        body: tokenSchema,
        response: responses(z.string(), [400, 429]),
      },
    },
    async (request) => ok(await accounts.resendVerification(request.body.token, request.ip)),
  );

  app.post(
    '/request-new-password',
    {
      schema: {
        tags,
        summary: 'Mail a password reset link (1 h)',
        description:
          'The same answer whether or not an account uses the email; the mail is sent by a background job. Requests for one address, and from one client, are limited per hour (429).',
        body: emailRequestSchema,
        response: responses(z.string(), [400, 429]),
      },
    },
    async (request) => {
      await requireHuman(request, request.body.reCaptchaToken);
      return ok(await accounts.requestNewPassword(request.body.email, request.ip));
    },
  );

  app.get(
    '/reset-password-check-token/:token',
    {
      schema: {
        tags,
        summary: 'Is a reset link still valid?',
        params: z.object({ token: z.string().min(1).max(512) }),
        response: responses(z.object({ username: z.string() })),
      },
    },
    async (request) => ok(await accounts.checkResetToken(request.params.token)),
  );

  app.post(
    '/reset-password/:token',
    {
      schema: {
        tags,
        summary: 'Set a new password from a reset link; ends every session',
        params: z.object({ token: z.string().min(1).max(512) }),
        body: resetPasswordSchema,
        response: responses(z.string()),
      },
    },
    async (request) => {
      await requireHuman(request, request.body.reCaptchaToken);
      return ok(await accounts.resetPassword(request.params.token, request.body.password, request.ip));
    },
  );

  app.post(
    '/forgot-username',
    {
      schema: {
        tags,
        summary: 'Mail the usernames held under an email',
        description:
          'The same answer whether or not an account uses the email; the mail is sent by a background job. Requests for one address, and from one client, are limited per hour (429).',
        body: emailRequestSchema,
        response: responses(z.string(), [400, 429]),
      },
    },
    async (request) => {
      await requireHuman(request, request.body.reCaptchaToken);
      return ok(await accounts.forgotUsername(request.body.email, request.ip));
    },
  );

  app.put(
    '/update-account',
    {
      ...authed,
      schema: {
        ...authed.schema,
        tags,
        summary: 'Update the personal information of the signed-in account',
        description:
          'A new email needs `current_password`; it is mailed a 24-hour link and replaces the current one only when the link is opened (POST /email-change-verification). Until then the answer shows it as `pendingEmail`, and the current address is told.',
        body: updateAccountSchema,
        response: responses(userSchema, [400, 401, 417, 429]),
      },
    },
    async (request) => {
      await requireHuman(request, request.body.reCaptchaToken);
      return ok(await accounts.updateAccount(callerOf(request), request.body, request.ip));
    },
  );

  app.post(
    '/email-change-verification',
    {
      schema: {
        tags,
        summary: 'Confirm a new email address from the link mailed to it (24 h, once)',
        body: emailChangeTokenSchema,
        response: responses(z.string()),
      },
    },
    async (request) => ok(await accounts.confirmEmailChange(request.body.token)),
  );

  app.put(
    '/update-account-password',
    {
      ...authed,
      schema: {
        ...authed.schema,
        tags,
        summary: 'Change the password; other sessions end',
        description: 'Wrong current passwords are throttled like sign-ins (429).',
        body: updatePasswordSchema,
        response: responses(z.string(), [400, 401, 417, 429]),
      },
    },
    async (request) => {
      await requireHuman(request, request.body.reCaptchaToken);
      return ok(await accounts.updatePassword(callerOf(request), request.body, request.ip));
    },
  );

  app.delete(
    '/delete',
    {
      ...authed,
      schema: {
        ...authed.schema,
        tags,
        summary: 'Delete the signed-in account (password confirmed; not for SUPER_ADMIN or DMA_CLIENT)',
        body: deleteAccountSchema,
        response: responses(z.string(), [400, 401, 403, 417, 429]),
      },
    },
    async (request) => ok(await accounts.deleteAccount(callerOf(request), request.body.password, request.ip)),
  );

  app.post(
    '/switch-account',
    {
      ...authed,
      schema: {
        ...authed.schema,
        tags,
        summary: 'Move to a linked account without a password',
        body: switchAccountSchema,
        response: responses(tokensSchema.extend({ user: userSchema }), [400, 401, 417]),
      },
    },
    async (request) =>
      ok(await accounts.switchAccount(callerOf(request), request.body.accountID, request.body.refreshToken)),
  );

  app.get(
    '/test',
    {
      ...authed,
      schema: {
        ...authed.schema,
        tags,
        summary: 'Checks a token: answers the username',
        response: responses(z.string(), [401, 417]),
      },
    },
    async (request) => ok(`Signed in as ${callerOf(request).username}`),
  );
};
