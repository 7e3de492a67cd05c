import { text } from '@carte/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BillingService } from './billing.service.ts';
import { checkoutReturnPaths } from './billing.service.ts';

export interface StripeCheckoutRoutesOptions {
  billing: Pick<BillingService, 'checkoutUrl'>;
}

const sessionParams = z.object({ sessionId: text().min(1).max(100) });

/**
 * GET /billing/checkout/{id} with BILLING_PROVIDER=stripe: the web app sends the browser here with
 * the session id the API answered (doc 3 §7.2 "message is the session id"), and this sends it on to
 * Stripe Checkout. A session that is no longer open leads back to /subscribe.
 */
export const stripeCheckoutRoutes: FastifyPluginAsyncZod<StripeCheckoutRoutesOptions> = async (
  app,
  options,
) => {
  app.get(
    '/checkout/:sessionId',
    { schema: { hide: true, params: sessionParams } },
    async (request, reply) => {
      const url = await options.billing.checkoutUrl(request.params.sessionId).catch(() => null);
      reply.header('cache-control', 'no-store');
      return reply.redirect(url ?? checkoutReturnPaths.canceled, 303);
    },
  );
};
