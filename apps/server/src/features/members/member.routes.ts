import {
  listMembersQuery,
  memberAcceptResultSchema,
  memberAcceptSchema,
  memberCompleteSchema,
  memberCreatedSchema,
  memberCreateSchema,
  memberDeleteSchema,
  memberInvitationSchema,
  memberResendSchema,
  memberSchema,
  memberTokenQuery,
  memberUpdateSchema,
  messages,
  objectId,
  paginatedSchema,
} from '@carte/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import { listHandler, pageDescription } from '../../http/list-page.ts';
import { requirePermission } from '../../http/permissions.ts';
import type { MemberService } from './member.service.ts';

/**
 * /api/members (doc 2 §7, doc 3 §7.4). Managing the team needs the member flag (doc 2 §6), checked
 * on request before the body is read; resending an invitation is the owner's alone. The two
 * /verify calls are the public complete-member-account page's, reached with the mailed token.
 */
export const memberRoutes: FastifyPluginAsyncZod<{ members: MemberService }> = async (app, { members }) => {
  const tags = ['members'];
  const security = [{ bearer: [] }];
  const manager = { onRequest: [app.authenticate, requirePermission('member')] };

  app.get(
    '/',
    {
      ...manager,
      schema: {
        security,
        tags,
        summary: "The restaurant's members, oldest first",
        description:
          '`state` is "pending" until the member completes the invitation (the Verified column says No), "verified" after. `username` is empty while pending. ' +
          pageDescription('first name, last name or email', 'created (oldest first), name'),
        querystring: listMembersQuery,
        response: responses(
          z.union([z.array(memberSchema), paginatedSchema(memberSchema)]),
          [400, 401, 403, 417],
        ),
      },
    },
    listHandler((caller) => members.list(caller), members.page),
  );

  app.post(
    '/',
    {
      ...manager,
      schema: {
        security,
        tags,
        summary: 'Add a member and mail the invitation',
        description:
          'Makes a pending member and mails a 7-day link to /member-verify-account?token=…: `member-created` (complete a new account), or `member-created-already-verified` when the address already holds an account, whose owner accepts signed in (POST /members/accept). Nobody joins a person before accepting, and the answer is the same for a known and an unknown address (`alreadyVerified` is always false). A flag the caller does not hold cannot be granted (403).',
        body: memberCreateSchema,
        response: responses(memberCreatedSchema, [400, 401, 403, 417]),
      },
    },
    async (request) => ok(await members.create(callerOf(request), request.body)),
  );

  app.put(
    '/:id',
    {
      ...manager,
      schema: {
        security,
        tags,
        summary: "Change a member's names and permission flags",
        description:
          'A flag the caller does not hold keeps the member\'s value; sending another value for it answers 403 "You can only grant permissions you hold yourself.".',
        params: z.object({ id: objectId }),
        body: memberUpdateSchema,
        response: responses(memberSchema, [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await members.update(callerOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/',
    {
      ...manager,
      schema: {
        security,
        tags,
        summary: 'Remove members (all or none); their sessions end at once',
        body: memberDeleteSchema,
        response: responses(z.string(), [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await members.remove(callerOf(request), request.body.ids)),
  );

  app.post(
    '/resend-invitation',
    {
      ...manager,
      schema: {
        security,
        tags,
        summary: "Mail a pending member a new 7-day link (the owner's alone)",
        description:
          'Earlier links of that member stop working. A member gets at most three invitation mails an hour (then 429).',
        body: memberResendSchema,
        response: responses(z.string(), [400, 401, 403, 404, 417, 429]),
      },
    },
    async (request) => ok(await members.resendInvitation(callerOf(request), request.body.member)),
  );

  app.get(
    '/verify',
    {
      schema: {
        tags,
        summary: 'Read an invitation from its mailed link (no sign-in)',
        description: `The names, email and restaurant the invitation was made for; 400 "${messages.verifyLinkInvalid}" when the link is unknown, used, expired, or its account is complete.`,
        querystring: memberTokenQuery,
        response: responses(memberInvitationSchema, [400]),
      },
    },
    async (request) => ok(await members.invitation(request.query.token)),
  );

  app.post(
    '/verify',
    {
      schema: {
        tags,
        summary: 'Complete a member account from its mailed link (no sign-in)',
        description:
          'Sets the names, username, phone number and password; the link works once. The member signs in afterwards.',
        body: memberCompleteSchema,
        response: responses(z.string(), [400]),
      },
    },
    async (request) => ok(await members.complete(request.body)),
  );

  app.post(
    '/accept',
    {
      onRequest: [app.authenticate],
      schema: {
        security,
        tags,
        summary: 'Accept an invitation from a signed-in account under the invited address',
        description: `The pending member account becomes one more account of the signed-in person (its password, names and phone), switchable from the account menu. 400 "${messages.verifyLinkInvalid}" when the link is unknown, used or expired, or the signed-in account is under another address or is staff; 403 from a session acting as another account.`,
        body: memberAcceptSchema,
        response: responses(memberAcceptResultSchema, [400, 401, 403, 417]),
      },
    },
    async (request) => ok(await members.accept(callerOf(request), request.body.token)),
  );
};
