import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../http/envelope.ts';
import type { BillingService } from './billing.service.ts';

export interface WebhookRoutesOptions {
  billing: Pick<BillingService, 'receiveWebhook'>;
}

/** Stripe's events are a few kilobytes; nothing larger is read. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /api/subscription/webhook (issue 12): the payments provider's events. No sign-in — Stripe
 * calls it — so the signature over the exact bytes received (`Stripe-Signature`, checked with
 * STRIPE_WEBHOOK_SECRET, five minutes of tolerance) is what makes it trusted. Its own plugin scope:
 * every content type is read as raw bytes here, since parsing JSON first would change them.
 */
export const webhookRoutes: FastifyPluginAsyncZod<WebhookRoutesOptions> = async (app, options) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/webhook',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ['subscription'],
        summary: "The payments provider's events (Stripe webhook endpoint); signature-checked, no sign-in",
        description:
          'Send `customer.subscription.created`, `customer.subscription.updated`, `customer.subscription.deleted`, `checkout.session.completed`, `invoice.paid` and `invoice.payment_failed`. Each event is stored once by its id (a replay answers 200 and changes nothing) and processed by a job that re-reads the object from Stripe. A bad or missing signature answers 400 and stores nothing.',
        response: responses(z.object({ received: z.literal(true), duplicate: z.boolean() }), [400]),
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      const received = await options.billing.receiveWebhook(
        body,
        typeof signature === 'string' ? signature : undefined,
      );
      return ok({ received: true as const, duplicate: !received.stored });
    },
  );
};
