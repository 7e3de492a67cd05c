import {
  basePlanSchema,
  checkoutSessionInputSchema,
  hasActiveSchema,
  messages,
  paymentMethodListSchema,
  portalSessionInputSchema,
  portalSessionSchema,
  savePaymentInputSchema,
  savePaymentSchema,
} from '@carte/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Captcha } from '../../adapters/captcha/captcha.ts';
import { InvalidError } from '../../core/errors.ts';
import { callerOf, requireRoles } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import type { BillingService } from './billing.service.ts';

export interface BillingRoutesOptions {
  billing: BillingService;
  captcha: Captcha;
}

/**
 * /api/subscription (doc 2 §7, doc 3 §7.2). Thin routes (STYLE rule 3). Buying and managing need the
 * owner role RESTAURANT (doc 2 §6 "/subscribe needs the owner role"; a reseller's clients are
 * subscribed by their reseller); asking whether the restaurant is subscribed needs only sign-in.
 */
export const billingRoutes: FastifyPluginAsyncZod<BillingRoutesOptions> = async (app, options) => {
  const { billing } = options;
  const tags = ['subscription'];
  const security = [{ bearer: [] }];
  // Sign-in and role are checked on request, before the body is read (decisions: auth before validation).
  const signedIn = { onRequest: [app.authenticate] };
  const owner = { onRequest: [app.authenticate, requireRoles('RESTAURANT')] };
  // A reseller (DMA) keeps its own cards, with which it pays for its clients (issue 14).
  const payer = { onRequest: [app.authenticate, requireRoles('RESTAURANT', 'DMA')] };

  app.get(
    '/base-product',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: 'The plan: monthly and yearly prices in cents',
        description: 'With `local` or `off` the prices come from PRICE_MONTHLY_CENTS and PRICE_YEARLY_CENTS.',
        response: responses(basePlanSchema, [401, 417]),
      },
    },
    async () => ok(await billing.plan()),
  );

  app.get(
    '/has-active',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: "Whether the caller's restaurant has an active subscription, and which",
        description:
          'A subscription set to cancel stays active until `current_period_end` (unix seconds); then it ends and every menu of the restaurant becomes a draft again.',
        response: responses(hasActiveSchema, [401, 403, 417]),
      },
    },
    async (request) => ok(await billing.hasActive(callerOf(request))),
  );

  app.post(
    '/checkout-session',
    {
      ...owner,
      schema: {
        tags,
        security,
        summary: 'Open a checkout for one of the plan’s prices (owner only); answers the session id',
        description:
          'The browser then goes to `/billing/checkout/{id}`: with `stripe` it is sent on to Stripe Checkout; with `local` it is a test checkout that charges nothing. Either comes back to `/subscribe?session_id={id}` or `/subscribe?canceled=true`. The subscription is active once the provider reports it (webhook), not on the return. With `publish_menu_id` (a menu of the caller’s restaurant, else 404) the checkout comes back to that menu (`/create-menu?id={menu}&session_id={id}` or `&checkout=canceled`), and the menu is published once the subscription is active.',
        body: checkoutSessionInputSchema,
        response: responses(z.string(), [400, 401, 403, 404, 417, 502]),
      },
    },
    async (request) => {
      if (!(await options.captcha.verify(request.body.reCaptchaToken, request.ip))) {
        throw new InvalidError(messages.captchaFailed);
      }
      return ok(await billing.startCheckout(callerOf(request), request.body));
    },
  );

  app.post(
    '/customer-portal-session',
    {
      ...payer,
      schema: {
        tags,
        security,
        summary:
          'Open the page that manages the restaurant’s subscription and cards (owner, or a reseller for its own cards)',
        description:
          '`url` is where that page leads back to (only its path is kept). With `local` the page lives at `/billing/portal/{token}` and its link lasts an hour.',
        body: portalSessionInputSchema,
        response: responses(portalSessionSchema, [400, 401, 403, 404, 417, 502]),
      },
    },
    async (request) => ok(await billing.openPortal(callerOf(request), request.body)),
  );

  app.get(
    '/customer-payment-methods',
    {
      ...payer,
      schema: {
        tags,
        security,
        summary: 'The saved cards of the restaurant (owner) or of the reseller (DMA), the default first',
        description: 'A list with a data array (doc 3 §7.2); empty before the first card is saved.',
        response: responses(paymentMethodListSchema, [401, 403, 417, 502]),
      },
    },
    async (request) => ok(await billing.paymentMethods(callerOf(request))),
  );

  app.post(
    '/save-payment',
    {
      ...payer,
      schema: {
        tags,
        security,
        summary: 'Open a hosted page that saves a card (owner or reseller); answers its id and url',
        description:
          '`url` is where that page leads back to (only its path is kept; `setup=done` or `setup=canceled` is added). With `stripe` it is a Checkout Session in setup mode (a SetupIntent); the saved card becomes the default once Stripe reports the session completed.',
        body: savePaymentInputSchema,
        response: responses(savePaymentSchema, [400, 401, 403, 417, 502]),
      },
    },
    async (request) => ok(await billing.savePayment(callerOf(request), request.body)),
  );
};
