import {
  messages,
  pendingTransferSchema,
  transferAcceptSchema,
  transferInfoSchema,
  transferRequestSchema,
  transferTokenQuerySchema,
} from '@carte/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import type { OwnershipTransferService } from './ownership-transfer.service.ts';

/**
 * The five transfer calls of doc 2 §7 under /api/restaurants. The owner's three need sign-in (and
 * the owner's role, checked by the service: members get 403); the take-ownership page's two are
 * public and need the mailed token.
 */
export const ownershipTransferRoutes: FastifyPluginAsyncZod<{ transfer: OwnershipTransferService }> = async (
  app,
  { transfer },
) => {
  const tags = ['ownership transfer'];
  const security = [{ bearer: [] }];

  app.post(
    '/request-transfer-ownership',
    {
      onRequest: app.authenticate,
      schema: {
        security,
        tags,
        summary: 'Ask to hand the restaurant over to the owner of an email (the owner only)',
        description: `Needs the owner's password (wrong ones are throttled like sign-ins: 429). Mails a single-use link to /transfer-ownership, valid 7 days; a newer request replaces a pending one. Its locations held by the same owner go with it on acceptance. Answers "${messages.transferRequested}"`,
        body: transferRequestSchema,
        response: responses(z.string(), [400, 401, 403, 417, 429]),
      },
    },
    async (request) => ok(await transfer.request(callerOf(request), request.body, request.ip)),
  );

  app.get(
    '/temporary-transfer-ownership-status',
    {
      onRequest: app.authenticate,
      schema: {
        security,
        tags,
        summary: "The owner's pending transfer request ({email, expiresAt}), or null when none",
        response: responses(pendingTransferSchema, [401, 403, 417]),
      },
    },
    async (request) => ok(await transfer.pending(callerOf(request))),
  );

  app.post(
    '/cancel-transfer-request',
    {
      onRequest: app.authenticate,
      schema: {
        security,
        tags,
        summary: 'Cancel the pending transfer request: its link stops working',
        response: responses(z.string(), [400, 401, 403, 417]),
      },
    },
    async (request) => ok(await transfer.cancel(callerOf(request))),
  );

  app.get(
    '/transfer-ownership-status',
    {
      schema: {
        tags,
        summary: 'What the take-ownership page shows for a mailed token',
        description:
          "The restaurant, its current owner (username, email), the invited email, and `hasAccount` when a verified account already uses that email (the page then asks for its password), `locations` (the restaurant's locations held by the same owner, which change hands with it) and `parentRestaurant` (for a location: its parent, which stays; the location then reads only the parent's published menus).",
        querystring: transferTokenQuerySchema,
        response: responses(transferInfoSchema, [400]),
      },
    },
    async (request) => ok(await transfer.info(request.query.token)),
  );

  app.post(
    '/accept-transfer-request',
    {
      schema: {
        tags,
        summary:
          'Accept a transfer: the restaurant, with its menus, media, members and subscription, changes hands',
        description:
          'A new person sends firstName, lastName, username, phoneNumber, password (and confirm_password); someone with a verified account under the invited email sends a username for the new account and that account’s password (throttled: 429). The old owner’s account of the restaurant is closed and its sessions end; its locations held by the same owner follow (one more account of the new owner each, `{username}.1`, `{username}.2`…), and the old owner is mailed (`transfer-completed`). The link works once.',
        querystring: transferTokenQuerySchema,
        body: transferAcceptSchema,
        response: responses(z.string(), [400, 429]),
      },
    },
    async (request) => ok(await transfer.accept(request.query.token, request.body, request.ip)),
  );
};
