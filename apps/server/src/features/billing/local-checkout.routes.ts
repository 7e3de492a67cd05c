import { addInterval, localCheckoutPath, localSetupPath, type PromotionCoupon, text } from '@carte/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import PDFDocument from 'pdfkit';
import { z } from 'zod';
import {
  DEFAULT_TEST_CARD,
  type LocalInvoice,
  LocalPaymentRefused,
  type LocalPayments,
  type LocalPortalGrant,
  type LocalRefusal,
  localInvoicePath,
  localPortalActions,
  localPortalPath,
} from '../../adapters/payments/index.ts';
import { AppError, NotFoundError } from '../../core/errors.ts';
import { errorForLog, isDatabaseUnavailable } from '../../db/errors.ts';
import { type BillingService, sameOriginPath } from './billing.service.ts';
import {
  checkoutPage,
  checkoutPagesPolicy,
  invoicePage,
  portalPage,
  problemPage,
  setupPage,
} from './local-checkout.pages.ts';

export interface LocalCheckoutRoutesOptions {
  billing: Pick<BillingService, 'restaurantInfo'>;
  payments: LocalPayments;
  now: () => Date;
  /** PUBLIC_URL, for the return address of the portal's "Add a card". */
  publicUrl: string;
}

// Fastify refuses path parameters over 100 characters (414) before these schemas run.
// Ids are looked up in the database: the shared text rule refuses NUL and lone surrogates first.
const sessionParams = z.object({ sessionId: text().min(1).max(100) });
const tokenParams = z.object({ token: text().min(1).max(100) });
const portalQuery = z.object({ back: text().max(2000).optional() });
const invoiceParams = z.object({ invoiceId: text().min(1).max(100) });
/** What the test pages' forms send; every field may be left out (the card then is 4242 4242 4242 4242). */
const cardForm = z
  .object({
    card: text().max(30).optional(),
    name: text().max(100).optional(),
    promotionCode: text().max(40).optional(),
  })
  .nullish();

/** A provider return URL (built by Carte from PUBLIC_URL) as a same-origin path. */
const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://carte.invalid');
  return `${parsed.pathname}${parsed.search}`;
};

/**
 * /billing — the built-in test checkout, card page, billing portal and invoices of BILLING_PROVIDER=local (decisions §2),
 * outside /api because the browser is sent here like to a provider's hosted pages (doc 2 §7). No
 * sign-in: each page works only with its unguessable checkout session id or signed manage token,
 * bound to the restaurant that opened it, for one hour. Forms post back and are redirected (303).
 */
export const localCheckoutRoutes: FastifyPluginAsyncZod<LocalCheckoutRoutesOptions> = async (
  app,
  options,
) => {
  const { billing, payments } = options;

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
    // A session used up by a request that ran at the same moment is refused like any used link.
    const notFound =
      error instanceof NotFoundError ||
      error instanceof LocalPaymentRefused ||
      (error as { validation?: unknown }).validation !== undefined;
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
    const grant = payments.readPortalToken(token);
    if (!grant) throw new NotFoundError();
    return grant;
  };

  const hidden = { hide: true } as const;
  const sessionRoute = { schema: { ...hidden, params: sessionParams } };
  const sessionForm = { schema: { ...hidden, params: sessionParams, body: cardForm } };

  /** An open session of the right mode, or 404. */
  const openOf = async (sessionId: string, mode: 'subscription' | 'setup') => {
    const open = await payments.openSession(sessionId);
    if (open?.session.mode !== mode) throw new NotFoundError();
    return open;
  };

  const showCheckout = async (
    reply: FastifyReply,
    sessionId: string,
    form: { card?: string; name?: string; promotionCode?: string } | null | undefined,
    state: { coupon: PromotionCoupon['coupon'] | null; error: LocalRefusal | null },
  ) => {
    const { session, price } = await openOf(sessionId, 'subscription');
    if (!price || !session.restaurant_id) throw new NotFoundError();
    return html(
      reply,
      checkoutPage({
        sessionPath: localCheckoutPath(sessionId),
        restaurant: await billing.restaurantInfo(session.restaurant_id),
        price,
        firstPeriodEnd: addInterval(options.now(), price.recurring.interval),
        card: { number: form?.card ?? DEFAULT_TEST_CARD, name: form?.name ?? '' },
        promotionCode: form?.promotionCode ?? '',
        ...state,
      }),
      state.error ? 400 : 200,
    );
  };

  app.get('/checkout/:sessionId', sessionRoute, async (request, reply) =>
    showCheckout(reply, request.params.sessionId, undefined, { coupon: null, error: null }),
  );

  app.post('/checkout/:sessionId/apply-code', sessionForm, async (request, reply) => {
    const code = request.body?.promotionCode?.trim() ?? '';
    const found = code ? await payments.checkPromotionCode(code) : null;
    return showCheckout(reply, request.params.sessionId, request.body, {
      coupon: found?.coupon ?? null,
      error: found || !code ? null : 'invalid-code',
    });
  });

  app.post('/checkout/:sessionId/complete', sessionForm, async (request, reply) => {
    const { sessionId } = request.params;
    await openOf(sessionId, 'subscription');
    try {
      const next = await payments.payCheckout(
        sessionId,
        { number: request.body?.card ?? '', name: request.body?.name ?? '' },
        request.body?.promotionCode ?? '',
      );
      return reply.redirect(pathOf(next), 303);
    } catch (error) {
      if (!(error instanceof LocalPaymentRefused)) throw error;
      return showCheckout(reply, sessionId, request.body, { coupon: null, error: error.reason });
    }
  });

  app.post('/checkout/:sessionId/cancel', sessionRoute, async (request, reply) => {
    await openOf(request.params.sessionId, 'subscription');
    return reply.redirect(pathOf(await payments.cancelSession(request.params.sessionId)), 303);
  });

  const showSetup = async (
    reply: FastifyReply,
    sessionId: string,
    form: { card?: string; name?: string } | null | undefined,
    error: LocalRefusal | null,
  ) => {
    await openOf(sessionId, 'setup');
    return html(
      reply,
      setupPage({
        sessionPath: localSetupPath(sessionId),
        restaurantName: null,
        card: { number: form?.card ?? DEFAULT_TEST_CARD, name: form?.name ?? '' },
        error,
      }),
      error ? 400 : 200,
    );
  };

  app.get('/setup/:sessionId', sessionRoute, async (request, reply) =>
    showSetup(reply, request.params.sessionId, undefined, null),
  );

  app.post('/setup/:sessionId/complete', sessionForm, async (request, reply) => {
    const { sessionId } = request.params;
    await openOf(sessionId, 'setup');
    try {
      const next = await payments.saveCard(sessionId, {
        number: request.body?.card ?? '',
        name: request.body?.name ?? '',
      });
      return reply.redirect(pathOf(next), 303);
    } catch (error) {
      if (!(error instanceof LocalPaymentRefused)) throw error;
      return showSetup(reply, sessionId, request.body, error.reason);
    }
  });

  app.post('/setup/:sessionId/cancel', sessionRoute, async (request, reply) => {
    await openOf(request.params.sessionId, 'setup');
    return reply.redirect(pathOf(await payments.cancelSession(request.params.sessionId)), 303);
  });

  /** The manage page and its buttons keep the "Back to Carte" path, re-checked on every use. */
  const portalLinks = (token: string, back: string | undefined) => {
    const returnPath = sameOriginPath(back);
    const action = (name: string) =>
      `${localPortalPath(token)}/${name}?back=${encodeURIComponent(returnPath)}`;
    return {
      page: localPortalPath(token, returnPath),
      returnPath,
      actions: {
        cancel: action('cancel'),
        resume: action('resume'),
        end: action('end'),
        failRenewal: action('fail-renewal'),
        addCard: action('add-card'),
      },
    };
  };
  const portalSchema = { schema: { ...hidden, params: tokenParams, querystring: portalQuery } };

  app.get('/portal/:token', portalSchema, async (request, reply) => {
    const grant = grantOf(request.params.token);
    const restaurant = await billing.restaurantInfo(grant.restaurantId);
    const { subscription, paymentMethods, invoices } = await payments.portal(grant);
    const plan = await payments.prices();
    const links = portalLinks(request.params.token, request.query.back);
    return html(
      reply,
      portalPage({
        actions: links.actions,
        returnPath: links.returnPath,
        restaurant,
        subscription,
        price: [plan.monthly_product.price, plan.yearly_product.price].find(
          (price) => price.id === subscription?.price_id,
        ),
        paymentMethods,
        invoices,
        invoicePath: localInvoicePath,
      }),
    );
  });

  for (const action of localPortalActions) {
    app.post(`/portal/:token/${action}`, portalSchema, async (request, reply) => {
      try {
        await payments.portalAction(grantOf(request.params.token), action);
      } catch (error) {
        if (error instanceof LocalPaymentRefused) throw new NotFoundError();
        throw error;
      }
      return reply.redirect(portalLinks(request.params.token, request.query.back).page, 303);
    });
  }

  app.post('/portal/:token/add-card', portalSchema, async (request, reply) => {
    const grant = grantOf(request.params.token);
    const back = `${options.publicUrl}${portalLinks(request.params.token, request.query.back).page}`;
    const session = await payments.createSetupSession({
      customerId: grant.customerId,
      successUrl: back,
      cancelUrl: back,
    });
    return reply.redirect(session.url, 303);
  });

  const invoiceOf = async (invoiceId: string): Promise<LocalInvoice> => {
    const invoice = await payments.invoice(invoiceId);
    if (!invoice) throw new NotFoundError();
    return invoice;
  };

  app.get('/invoice/:invoiceId', { schema: { ...hidden, params: invoiceParams } }, async (request, reply) => {
    const invoice = await invoiceOf(request.params.invoiceId);
    const restaurant = await restaurantOfInvoice(invoice);
    return html(
      reply,
      invoicePage({
        invoice,
        restaurantName: restaurant.name,
        timeZone: restaurant.timeZone,
        pdfPath: `${localInvoicePath(invoice.id)}/pdf`,
      }),
    );
  });

  app.get(
    '/invoice/:invoiceId/pdf',
    { schema: { ...hidden, params: invoiceParams } },
    async (request, reply) => {
      const invoice = await invoiceOf(request.params.invoiceId);
      const restaurant = await restaurantOfInvoice(invoice);
      const pdf = await invoicePdf(invoice, restaurant.name);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="invoice.pdf"')
        .send(pdf);
    },
  );

  async function restaurantOfInvoice(invoice: LocalInvoice) {
    const subscription = invoice.subscription
      ? await payments.retrieveSubscription(invoice.subscription)
      : null;
    return subscription?.restaurantId
      ? billing.restaurantInfo(subscription.restaurantId)
      : { name: invoice.customer_name ?? 'Carte', timeZone: 'UTC' };
  }
};

/** The test invoice as a one-page PDF (pdfkit's built-in Helvetica: plain ASCII text only). */
function invoicePdf(invoice: LocalInvoice, restaurantName: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: 'Carte test invoice' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const ascii = (value: string) => value.replace(/[^\x20-\x7e]/g, '?');
    doc.fontSize(20).text('Invoice (test: nothing was charged)');
    doc.moveDown();
    doc.fontSize(12);
    doc.text(`Restaurant: ${ascii(restaurantName)}`);
    doc.text(`Billed to: ${ascii(invoice.customer_name ?? invoice.customer_email ?? '-')}`);
    doc.text(`Date: ${new Date(invoice.created).toISOString().slice(0, 10)}`);
    doc.text(`Plan: Carte ${invoice.interval === 'year' ? 'yearly' : 'monthly'}`);
    doc.text(`Amount: $${(invoice.amount_due / 100).toFixed(2)}`);
    doc.text(`Status: ${invoice.status === 'paid' ? 'Paid (test)' : 'Not paid'}`);
    doc.end();
  });
}
