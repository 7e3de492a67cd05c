import { addInterval, localCheckoutPath, text } from '@carte/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type LocalPayments, type LocalPortalGrant, localPortalPath } from '../../adapters/payments/index.ts';
import { AppError, NotFoundError } from '../../core/errors.ts';
import { errorForLog, isDatabaseUnavailable } from '../../db/errors.ts';
import { type BillingService, checkoutReturnPaths, sameOriginPath } from './billing.service.ts';
import { checkoutPage, checkoutPagesPolicy, portalPage, problemPage } from './local-checkout.pages.ts';

export interface LocalCheckoutRoutesOptions {
  billing: BillingService;
  payments: LocalPayments;
  now: () => Date;
}

// Fastify refuses path parameters over 100 characters (414) before these schemas run.
// Ids are looked up in the database: the shared text rule refuses NUL and lone surrogates first.
const sessionParams = z.object({ sessionId: text().min(1).max(100) });
const tokenParams = z.object({ token: text().min(1).max(100) });
const portalQuery = z.object({ back: text().max(2000).optional() });

/**
 * /billing — the built-in test checkout and billing portal of BILLING_PROVIDER=local (decisions §2),
 * outside /api because the browser is sent here like to a provider's hosted pages (doc 2 §7). No
 * sign-in: each page works only with its unguessable checkout session id or signed manage token,
 * bound to the restaurant that opened it, for one hour. Forms post back and are redirected (303).
 */
export const localCheckoutRoutes: FastifyPluginAsyncZod<LocalCheckoutRoutesOptions> = async (
  app,
  options,
) => {
  const { billing } = options;

  // Browsers post these forms url-encoded; the buttons carry no fields, so the body is only parsed.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex');
    // No script, nothing loaded but their one inline style (by its hash), forms posting back here.
    reply.header('content-security-policy', checkoutPagesPolicy);
    return payload;
  });

  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.code(status).type('text/html; charset=utf-8').send(body);

  // These are pages: a bad, used or expired link answers a page too, never the JSON envelope. A
  // malformed request (bad body, wrong type) is the client's (4xx); the database away is a 503.
  app.setErrorHandler((error, request, reply) => {
    const notFound =
      error instanceof NotFoundError || (error as { validation?: unknown }).validation !== undefined;
    if (notFound) return html(reply, problemPage('not-found'), 404);
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: errorForLog(error) }, 'test checkout: database unavailable');
      return html(reply.header('retry-after', '5'), problemPage('failed'), 503);
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) return html(reply, problemPage('invalid'), status);
    if (!(error instanceof AppError)) request.log.error({ err: errorForLog(error) }, 'test checkout failed');
    return html(reply, problemPage('failed'), 500);
  });

  const grantOf = (token: string): LocalPortalGrant => {
    const grant = options.payments.readPortalToken(token);
    if (!grant) throw new NotFoundError();
    return grant;
  };

  const hidden = { hide: true } as const;

  app.get(
    '/checkout/:sessionId',
    { schema: { ...hidden, params: sessionParams } },
    async (request, reply) => {
      const { sessionId } = request.params;
      const { price, restaurant } = await billing.checkout(sessionId);
      return html(
        reply,
        checkoutPage({
          sessionPath: localCheckoutPath(sessionId),
          restaurant,
          price,
          firstPeriodEnd: addInterval(options.now(), price.recurring.interval),
        }),
      );
    },
  );

  app.post(
    '/checkout/:sessionId/complete',
    { schema: { ...hidden, params: sessionParams } },
    async (request, reply) => {
      await billing.completeCheckout(request.params.sessionId);
      return reply.redirect(checkoutReturnPaths.success(request.params.sessionId), 303);
    },
  );

  app.post(
    '/checkout/:sessionId/cancel',
    { schema: { ...hidden, params: sessionParams } },
    async (request, reply) => {
      await billing.cancelCheckout(request.params.sessionId);
      return reply.redirect(checkoutReturnPaths.canceled, 303);
    },
  );

  /** The manage page and its buttons keep the "Back to Carte" path, re-checked on every use. */
  const portalLinks = (token: string, back: string | undefined) => {
    const returnPath = sameOriginPath(back);
    const action = (name: string) =>
      `${localPortalPath(token)}/${name}?back=${encodeURIComponent(returnPath)}`;
    return {
      page: localPortalPath(token, returnPath),
      returnPath,
      actions: { cancel: action('cancel'), resume: action('resume'), end: action('end') },
    };
  };
  const portalSchema = { schema: { ...hidden, params: tokenParams, querystring: portalQuery } };

  app.get('/portal/:token', portalSchema, async (request, reply) => {
    const grant = grantOf(request.params.token);
    const { row, price, restaurant } = await billing.portal(grant);
    const links = portalLinks(request.params.token, request.query.back);
    return html(
      reply,
      portalPage({
        actions: links.actions,
        returnPath: links.returnPath,
        restaurant,
        subscription: row,
        price,
      }),
    );
  });

  app.post('/portal/:token/cancel', portalSchema, async (request, reply) => {
    await billing.setCancelAtPeriodEnd(grantOf(request.params.token), true);
    return reply.redirect(portalLinks(request.params.token, request.query.back).page, 303);
  });

  app.post('/portal/:token/resume', portalSchema, async (request, reply) => {
    await billing.setCancelAtPeriodEnd(grantOf(request.params.token), false);
    return reply.redirect(portalLinks(request.params.token, request.query.back).page, 303);
  });

  app.post('/portal/:token/end', portalSchema, async (request, reply) => {
    await billing.endNow(grantOf(request.params.token));
    return reply.redirect(portalLinks(request.params.token, request.query.back).page, 303);
  });
};
