import {
  acceptInvitationSchema,
  addClientResultSchema,
  addClientSchema,
  adminDmaListSchema,
  adminDmaQuery,
  adminDmaSchema,
  cancelDmaInvitationQuery,
  cancelInvitationQuery,
  checkPromoCodeResultSchema,
  checkPromoCodeSchema,
  clientShapeshiftSchema,
  clientSubscriptionStatusSchema,
  clientsCreateSubscriptionResultSchema,
  clientsCreateSubscriptionSchema,
  clientsStatisticsSchema,
  deleteClientSchema,
  deleteClientSubscriptionParams,
  deleteClientSubscriptionQuery,
  deleteDmaClientSchema,
  dmaClientPageSchema,
  dmaClientsQuery,
  dmaDeleteSchema,
  dmaRegisterInvitationSchema,
  dmaRegisterSchema,
  dmaTokenQuery,
  idParams,
  invitationVerificationSchema,
  messages,
  paginatedSchema,
  pendingDmaListSchema,
  pendingDmaQuery,
  pendingDmaSchema,
  pendingLicenceListSchema,
  pendingLicenceQuery,
  pendingLicenceSchema,
  productPricesSchema,
  sendDmaRegisterLinkSchema,
  shapeshiftResultSchema,
  singleClientQuery,
  singleClientSchema,
} from '@carte/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Captcha } from '../../adapters/captcha/captcha.ts';
import { InvalidError } from '../../core/errors.ts';
import { callerOf, requireRoles } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import { listHandler, pageDescription } from '../../http/list-page.ts';
import type { ResellerService } from './reseller.service.ts';

/**
 * /api/dma (doc 3 §7.1): the reseller's eighteen calls. Sign-in and role DMA are checked on request,
 * before the body is read; the four calls of the public pages (/dma-register and
 * /dma-client-verify-invitation) are reached with the mailed token instead.
 */
export const resellerRoutes: FastifyPluginAsyncZod<{ reseller: ResellerService }> = async (
  app,
  { reseller },
) => {
  const tags = ['dma'];
  const security = [{ bearer: [] }];
  const dma = { onRequest: [app.authenticate, requireRoles('DMA')] };
  const denied = [401, 403, 417];

  app.get(
    '/clients-temporary',
    {
      ...dma,
      schema: {
        security,
        tags,
        summary: "The reseller's pending licences (invitations not yet answered), newest first",
        description:
          '`token` of each is the handle POST /dma/client-cancel-invitation takes. `status` filters (pending by default). ' +
          pageDescription('email or username', 'created (newest first)'),
        querystring: pendingLicenceQuery,
        response: responses(z.union([pendingLicenceListSchema, paginatedSchema(pendingLicenceSchema)]), [
          400,
          ...denied,
        ]),
      },
    },
    listHandler((caller, query) => reseller.pendingLicences(caller, query), reseller.pendingLicencesPage),
  );

  app.get(
    '/client-subscription-status',
    {
      ...dma,
      schema: {
        security,
        tags,
        summary: "The reseller's clients split into subscribedClients and unSubscribedClients",
        response: responses(clientSubscriptionStatusSchema, denied),
      },
    },
    async (request) => ok(await reseller.subscriptionStatus(callerOf(request))),
  );

  app.get(
    '/clients-statistics',
    {
      ...dma,
      schema: {
        security,
        tags,
        summary: "The reseller dashboard's counts",
        response: responses(clientsStatisticsSchema, denied),
      },
    },
    async (request) => ok(await reseller.statistics(callerOf(request))),
  );

  app.get(
    '/product-prices',
    {
      ...dma,
      schema: {
        security,
        tags,
        summary: 'The monthly and yearly plans with their prices in cents',
        response: responses(productPricesSchema, [502, ...denied]),
      },
    },
    async (request) => ok(await reseller.productPrices(callerOf(request))),
  );

  app.get(
    '/single-client',
    {
      ...dma,
      schema: {
        security,
        tags,
        summary: 'One client: account, subscription, restaurant, menus, categories, dishes, ingredients',
        description: '404 "This page could not be found." for an unknown id or another reseller\'s client.',
        querystring: singleClientQuery,
        response: responses(singleClientSchema, [400, 404, ...denied]),
      },
    },
    async (request) => ok(await reseller.singleClient(callerOf(request), request.query.id)),
  );

  app.delete(
    '/delete-client/:id',
    {
      ...dma,
      schema: {
        security,
        tags,
        summary:
          "Delete a client with its restaurant data and subscription, confirmed with the reseller's password",
        description: 'Mails `dma-client-deleted` to the client.',
        params: idParams,
        body: deleteClientSchema,
        response: responses(z.string(), [400, 404, 429, ...denied]),
      },
    },
    async (request) =>
      ok(
        await reseller.deleteClient(callerOf(request), request.params.id, request.body.password, request.ip),
      ),
  );

  app.delete(
    '/delete-client-subscription/:subscriptionId',
    {
      ...dma,
      schema: {
        security,
        tags,
        summary: "Cancel a client's subscription at once; every menu of the client goes back to draft",
        params: deleteClientSubscriptionParams,
        querystring: deleteClientSubscriptionQuery,
        response: responses(z.string(), [400, 404, 502, ...denied]),
      },
    },
    async (request) =>
      ok(
        await reseller.cancelClientSubscription(
          callerOf(request),
          request.params.subscriptionId,
          request.query.client_id,
        ),
      ),
  );

  app.post(
    '/client-cancel-invitation',
    {
      ...dma,
      schema: {
        security,
        tags,
        summary: 'Cancel a pending licence (its `token` from GET /dma/clients-temporary)',
        querystring: cancelInvitationQuery,
        response: responses(z.string(), [400, 404, ...denied]),
      },
    },
    async (request) => ok(await reseller.cancelInvitation(callerOf(request), request.query.token)),
  );

  app.post(
    '/client-shapeshift',
    {
      ...dma,
      schema: {
        security,
        tags,
        summary: 'Log in as one of the reseller\'s clients ("Login as this client")',
        description:
          "Answers a session as the client that carries the reseller's id (`impersonator`); the reseller's own session ends. Every changing request is recorded with both identities; POST /admin/return gives the reseller's session back. 400 \"This account has not been verified.\" for an unverified client.",
        body: clientShapeshiftSchema,
        response: responses(shapeshiftResultSchema, [400, 404, ...denied]),
      },
    },
    async (request) => ok(await reseller.shapeshift(callerOf(request), request.body._id)),
  );

  app.get(
    '/client-temporary-verify-token',
    {
      schema: {
        tags,
        summary: 'What the client invitation page shows for a mailed link (public)',
        description:
          '400 "Page url not valid." without a token, "The link is not valid. Please try again or contact the support." for an unknown, used or expired one.',
        querystring: dmaTokenQuery,
        response: responses(invitationVerificationSchema, [400]),
      },
    },
    async (request) => ok(await reseller.verifyInvitation(request.query.token)),
  );

  app.post(
    '/client-accept-invitation',
    {
      schema: {
        tags,
        summary: 'Accept a client invitation from the mailed link (public)',
        description:
          'Makes the client account. `password` is the password of the account the address holds when the verification said hasAccount (checked and throttled), a new password otherwise. Mails `dma-client-accepted-invitation` to the reseller.',
        querystring: dmaTokenQuery,
        body: acceptInvitationSchema,
        response: responses(z.string(), [400, 429]),
      },
    },
    async (request) => ok(await reseller.acceptInvitation(request.query.token, request.body, request.ip)),
  );

  app.post(
    '/client-reject-invitation',
    {
      schema: {
        tags,
        summary: 'Reject a client invitation from the mailed link (public)',
        description: 'Mails `dma-client-rejected-invitation` to the reseller.',
        querystring: dmaTokenQuery,
        response: responses(z.string(), [400]),
      },
    },
    async (request) => ok(await reseller.rejectInvitation(request.query.token)),
  );

  app.get(
    '/verify-token',
    {
      schema: {
        tags,
        summary: 'The address a reseller registration link was sent to (public)',
        description:
          '400 "Something went wrong. Please try again later." for an unknown, used or expired link.',
        querystring: dmaTokenQuery,
        response: responses(dmaRegisterInvitationSchema, [400]),
      },
    },
    async (request) => ok(await reseller.verifyRegisterToken(request.query.token)),
  );

  app.post(
    '/register',
    {
      schema: {
        tags,
        summary: 'Create the reseller account from the mailed link (public)',
        description:
          'The email is the one the link was sent to. Mails `notify-admin-dma-created` to the admins.',
        querystring: dmaTokenQuery,
        body: dmaRegisterSchema,
        response: responses(z.string(), [400]),
      },
    },
    async (request) => ok(await reseller.register(request.query.token, request.body)),
  );

  app.get(
    '/clients',
    {
      ...dma,
      schema: {
        security,
        tags,
        summary: "The reseller's clients, searched by username, email or restaurant, a page at a time",
        description:
          'Always one page (page 1 and 5 rows unless asked): `{data, page, per_page, previous_page, next_page, total, total_pages}`; `per_page` 1 to 100, `search` matches the username, email or restaurant name anywhere (any case), `sort` is created (newest first), username or email and `order` asc or desc. A page past the last answers the last page.',
        querystring: dmaClientsQuery,
        response: responses(dmaClientPageSchema, [400, ...denied]),
      },
    },
    async (request) => ok(await reseller.clients(callerOf(request), request.query)),
  );

  app.post(
    '/add-client',
    {
      ...dma,
      schema: {
        security,
        tags,
        summary: 'The client wizard: step 1 checks the email, step 2 invites the client (`dma-client-added`)',
        description:
          "Both steps answer the restaurants of the reseller's clients. Step 2 takes one of them (`restaurant_id`) or a new restaurant (`restaurant_name`) and the client's unique `username`.",
        body: addClientSchema,
        response: responses(addClientResultSchema, [400, ...denied]),
      },
    },
    async (request) => ok(await reseller.addClient(callerOf(request), request.body)),
  );

  app.post(
    '/clients-create-subscription',
    {
      ...dma,
      schema: {
        security,
        tags,
        summary:
          "Subscribe clients, each paid with one of the reseller's cards (and an optional promotion code)",
        description: 'Answers the clients subscribed and those that failed, each with its reason.',
        body: clientsCreateSubscriptionSchema,
        response: responses(clientsCreateSubscriptionResultSchema, [400, 502, ...denied]),
      },
    },
    async (request) => ok(await reseller.createSubscriptions(callerOf(request), request.body)),
  );

  app.post(
    '/check-promo-code',
    {
      ...dma,
      schema: {
        security,
        tags,
        summary: "A promotion code's coupon, with the plan's price before and after it",
        description: '400 "This code is invalid" for an unknown or inactive code.',
        body: checkPromoCodeSchema,
        response: responses(checkPromoCodeResultSchema, [400, 502, ...denied]),
      },
    },
    async (request) => ok(await reseller.checkPromoCode(callerOf(request), request.body)),
  );
};

/** The admin's DMA calls of doc 3 §7.4, under /api/admin beside the admin feature's own. */
export const resellerAdminRoutes: FastifyPluginAsyncZod<{
  reseller: ResellerService;
  captcha: Captcha;
}> = async (app, { reseller, captcha }) => {
  const tags = ['admin'];
  const security = [{ bearer: [] }];
  const staff = { onRequest: [app.authenticate, requireRoles('ADMIN', 'SUPER_ADMIN')] };
  const denied = [401, 403, 417];

  app.get(
    '/dma-list',
    {
      ...staff,
      schema: {
        security,
        tags,
        summary: 'Every reseller with its clients',
        description: pageDescription(
          'username, email or company name',
          'created (newest first), username, email',
        ),
        querystring: adminDmaQuery,
        response: responses(z.union([adminDmaListSchema, paginatedSchema(adminDmaSchema)]), [400, ...denied]),
      },
    },
    listHandler((caller) => reseller.adminList(caller), reseller.adminListPage),
  );

  app.get(
    '/dma-list-pending',
    {
      ...staff,
      schema: {
        security,
        tags,
        summary: 'Reseller registration links not yet used, cancelled or expired',
        description: pageDescription('address', 'created (newest first)'),
        querystring: pendingDmaQuery,
        response: responses(z.union([pendingDmaListSchema, paginatedSchema(pendingDmaSchema)]), [
          400,
          ...denied,
        ]),
      },
    },
    listHandler((caller) => reseller.adminPending(caller), reseller.adminPendingPage),
  );

  app.delete(
    '/dma-delete/:id',
    {
      ...staff,
      schema: {
        security,
        tags,
        summary: "Delete a reseller, confirmed with the admin's password (`dma-deleted`)",
        description:
          'The subscriptions it paid for end now; its clients stay as owners paying for themselves.',
        params: idParams,
        body: dmaDeleteSchema,
        response: responses(z.string(), [400, 404, 429, ...denied]),
      },
    },
    async (request) =>
      ok(await reseller.deleteDma(callerOf(request), request.params.id, request.body.password, request.ip)),
  );

  app.post(
    '/send-dma-register-link',
    {
      ...staff,
      schema: {
        security,
        tags,
        summary: 'Invite a reseller: mails `dma-register` with a 7-day link to /dma-register',
        description:
          'Body `{email, reCaptchaToken}` (doc 2 §9): the anti-bot token is checked as on the other forms that send mail; a failed check answers 400 with the catalogue message and sends nothing.',
        body: sendDmaRegisterLinkSchema,
        response: responses(z.string(), [400, ...denied]),
      },
    },
    async (request) => {
      if (!(await captcha.verify(request.body.reCaptchaToken, request.ip))) {
        throw new InvalidError(messages.captchaFailed);
      }
      return ok(await reseller.sendRegisterLink(callerOf(request), request.body.email));
    },
  );

  app.post(
    '/cancel-dma-invitation',
    {
      ...staff,
      schema: {
        security,
        tags,
        summary: 'Cancel a pending reseller registration link (its `token` from GET /admin/dma-list-pending)',
        querystring: cancelDmaInvitationQuery,
        response: responses(z.string(), [400, 404, ...denied]),
      },
    },
    async (request) => ok(await reseller.cancelRegisterLink(callerOf(request), request.query.token)),
  );

  app.post(
    '/delete-dma-client',
    {
      ...staff,
      schema: {
        security,
        tags,
        summary:
          "Delete a reseller's client with its data and subscription, confirmed with the admin's password",
        body: deleteDmaClientSchema,
        response: responses(z.string(), [400, 404, 429, ...denied]),
      },
    },
    async (request) => ok(await reseller.adminDeleteClient(callerOf(request), request.body, request.ip)),
  );
};
