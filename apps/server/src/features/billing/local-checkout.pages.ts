import {
  type BillingInterval,
  discountedCents,
  formatCents,
  formatDayMonthYear,
  type PaymentMethod,
  type PlanPrice,
  type PromotionCoupon,
} from '@carte/domain';
import type { LocalInvoice, LocalRefusal, LocalSubscription } from '../../adapters/payments/index.ts';
import { cspHeader, scriptlessPagePolicy } from '../../http/content-security-policy.ts';

/**
 * The HTML of the built-in test checkout and billing portal (BILLING_PROVIDER=local, decisions §2).
 * Plain server-rendered pages with forms and no script: they stand in for a card provider's hosted
 * pages and say on every screen that nothing is charged.
 */

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

const per: Record<BillingInterval, string> = { month: 'month', year: 'year' };
const planName: Record<BillingInterval, string> = { month: 'Monthly plan', year: 'Yearly plan' };

const styles = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;
    background:#f4f5f7;color:#1f2328;font:16px/1.5 Inter,ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
  main{width:100%;max-width:460px;background:#fff;border:1px solid #e3e5e8;border-radius:16px;
    box-shadow:0 8px 28px rgba(16,24,40,.08);overflow:hidden}
  .banner{background:#fff4d6;color:#6b4d00;border-bottom:1px solid #f1dd9c;padding:12px 24px;font-weight:600;
    display:flex;gap:8px;align-items:center}
  .badge{background:#6b4d00;color:#fff4d6;border-radius:999px;padding:2px 8px;font-size:12px;letter-spacing:.04em}
  .body{padding:24px}
  h1{font-size:22px;line-height:1.3;margin:0 0 4px}
  .muted{color:#5f6670;font-size:14px;margin:0}
  .price{display:flex;align-items:baseline;gap:6px;margin:20px 0 4px}
  .amount{font-size:36px;font-weight:700;letter-spacing:-.02em}
  dl{margin:20px 0;border-top:1px solid #eceef1}
  dl div{display:flex;justify-content:space-between;gap:16px;padding:10px 0;border-bottom:1px solid #eceef1;font-size:15px}
  dt{color:#5f6670} dd{margin:0;font-weight:600;text-align:right}
  .actions{display:flex;flex-direction:column;gap:10px;margin-top:24px}
  form{margin:0}
  button,.link{display:block;width:100%;border-radius:10px;padding:12px 16px;font:inherit;font-weight:600;
    text-align:center;cursor:pointer;text-decoration:none;border:1px solid transparent}
  button:focus-visible,.link:focus-visible{outline:3px solid #ff9e9e;outline-offset:2px}
  .primary{background:#e60c0c;color:#fff} .primary:hover{background:#c20a0a}
  .secondary{background:#fff;color:#1f2328;border-color:#d0d4d9} .secondary:hover{background:#f6f7f9}
  .danger{background:#fff;color:#b42318;border-color:#f1b5ae} .danger:hover{background:#fef3f2}
  .note{margin:20px 0 0;font-size:13px;color:#5f6670}
  .status{display:inline-block;border-radius:999px;padding:2px 10px;font-size:13px;font-weight:600}
  .active{background:#e6f6ec;color:#146c2e} .ending{background:#fff4d6;color:#6b4d00} .ended{background:#eceef1;color:#3d434b}
  label{display:block;font-size:14px;font-weight:600;margin:14px 0 6px}
  input{display:block;width:100%;font:inherit;padding:10px 12px;border:1px solid #c4c9d0;border-radius:10px;background:#fff;color:#1f2328}
  input:focus-visible{outline:3px solid #ff9e9e;outline-offset:1px;border-color:#e60c0c}
  .hint{font-size:13px;color:#5f6670;margin:6px 0 0}
  .error{background:#fef3f2;color:#b42318;border:1px solid #f1b5ae;border-radius:10px;padding:10px 12px;margin:16px 0 0;font-weight:600}
  .ok{background:#e6f6ec;color:#146c2e;border-radius:10px;padding:10px 12px;margin:16px 0 0;font-weight:600}
  h2{font-size:16px;margin:24px 0 4px}
  ul.list{list-style:none;margin:8px 0 0;padding:0;border-top:1px solid #eceef1}
  ul.list li{display:flex;justify-content:space-between;gap:12px;padding:10px 0;border-bottom:1px solid #eceef1;font-size:15px}
  ul.list a{color:#b40a0a;font-weight:600}
  .tag{font-size:12px;background:#eceef1;border-radius:999px;padding:1px 8px;margin-left:6px;color:#3d434b}
  .total{font-weight:700}
`;

/** These pages' Content-Security-Policy: no script, nothing loaded, only their `<style>`, forms to here. */
export const checkoutPagesPolicy = cspHeader(scriptlessPagePolicy(styles));

function page(title: string, banner: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Carte</title>
<style>${styles}</style>
</head>
<body>
<main>
<div class="banner" role="note"><span class="badge">TEST</span>${escapeHtml(banner)}</div>
<div class="body">
${content}
</div>
</main>
</body>
</html>`;
}

const button = (action: string, label: string, kind: 'primary' | 'secondary' | 'danger') =>
  `<form method="post" action="${escapeHtml(action)}"><button type="submit" class="${kind}">${escapeHtml(label)}</button></form>`;

const row = (label: string, value: string) =>
  `<div><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd></div>`;

/** What the test pages say when they refuse what was typed. */
export const refusalTexts: Record<LocalRefusal, string> = {
  declined: 'Your card was declined.',
  'invalid-card': 'Your card number is incomplete.',
  'invalid-code': 'This code is invalid',
};

const cardFields = (card: { number: string; name: string }) => `<label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="off" value="${escapeHtml(card.number)}" maxlength="23">
<p class="hint">Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; 4000 0000 0000 0341 is saved but fails when charged.</p>
<label for="name">Name on card</label>
<input id="name" name="name" autocomplete="off" value="${escapeHtml(card.name)}" maxlength="100">`;

export interface CheckoutView {
  sessionPath: string;
  restaurant: { name: string; timeZone: string };
  price: PlanPrice;
  /** When the first period would end if paid now. */
  firstPeriodEnd: Date;
  card: { number: string; name: string };
  promotionCode: string;
  /** The coupon of a code that was checked, to show the price after it. */
  coupon: PromotionCoupon['coupon'] | null;
  error: LocalRefusal | null;
}

/** GET /billing/checkout/:sessionId — the plan, the price, a test card, a promotion code, "Pay (test)", "Cancel". */
export function checkoutPage(view: CheckoutView): string {
  const interval = view.price.recurring.interval;
  const total = discountedCents(view.price.unit_amount, view.coupon);
  const discount = view.coupon
    ? view.coupon.percent_off !== null
      ? `${view.coupon.percent_off}% off`
      : `${formatCents(view.coupon.amount_off ?? 0)} off`
    : null;
  return page(
    'Test checkout',
    'Test checkout — no card is charged',
    `<h1>Subscribe ${escapeHtml(view.restaurant.name)}</h1>
<p class="muted">Carte ${escapeHtml(planName[interval].toLowerCase())}: publish your menus for your guests.</p>
<div class="price"><span class="amount">${escapeHtml(formatCents(view.price.unit_amount))}</span><span class="muted">per ${per[interval]}</span></div>
<dl>
${row('Plan', planName[interval])}
${discount ? row('Promotion', `${discount} (${view.promotionCode.toUpperCase()})`) : ''}
${discount ? row('Due today', formatCents(total)) : ''}
${row('Renews on', formatDayMonthYear(view.firstPeriodEnd, view.restaurant.timeZone))}
${row('Charged today', '$0.00 (test)')}
</dl>
<form method="post" action="${escapeHtml(view.sessionPath)}/complete">
${cardFields(view.card)}
<label for="promo">Promotion code (optional)</label>
<input id="promo" name="promotionCode" autocomplete="off" value="${escapeHtml(view.promotionCode)}" maxlength="40">
${view.error ? `<p class="error" role="alert">${escapeHtml(refusalTexts[view.error])}</p>` : ''}
<div class="actions">
<button type="submit" class="primary">Pay (test)</button>
<button type="submit" class="secondary" formaction="${escapeHtml(view.sessionPath)}/apply-code">Apply code</button>
</div>
</form>
<div class="actions">${button(`${view.sessionPath}/cancel`, 'Cancel', 'secondary')}</div>
<p class="note">This page stands in for a card payment provider while Carte runs with its built-in test checkout. No card is asked for and nothing is charged. The link works for one hour.</p>`,
  );
}

export interface SetupView {
  sessionPath: string;
  restaurantName: string | null;
  card: { number: string; name: string };
  error: LocalRefusal | null;
}

/** GET /billing/setup/:sessionId — save a test card for later charges. */
export function setupPage(view: SetupView): string {
  return page(
    'Add a card',
    'Test checkout — no card is charged',
    `<h1>Add a card</h1>
<p class="muted">${view.restaurantName ? `For ${escapeHtml(view.restaurantName)}. ` : ''}The card is saved for the next payments and becomes the default one.</p>
<form method="post" action="${escapeHtml(view.sessionPath)}/complete">
${cardFields(view.card)}
${view.error ? `<p class="error" role="alert">${escapeHtml(refusalTexts[view.error])}</p>` : ''}
<div class="actions"><button type="submit" class="primary">Save card (test)</button></div>
</form>
<div class="actions">${button(`${view.sessionPath}/cancel`, 'Cancel', 'secondary')}</div>
<p class="note">This page stands in for a card payment provider while Carte runs with its built-in test checkout. Nothing is charged. The link works for one hour.</p>`,
  );
}

export interface PortalView {
  /** Where each button posts. */
  actions: { cancel: string; resume: string; end: string; failRenewal: string; addCard: string };
  /** The same-origin path of "Back to Carte". */
  returnPath: string;
  restaurant: { name: string; timeZone: string };
  subscription: LocalSubscription | null;
  price: PlanPrice | undefined;
  paymentMethods: PaymentMethod[];
  invoices: LocalInvoice[];
  invoicePath: (id: string) => string;
}

/** GET /billing/portal/:token — the plan, the next renewal date, cancel at period end, end now, cards, invoices. */
export function portalPage(view: PortalView): string {
  const { subscription, restaurant } = view;
  const date = (value: number) => formatDayMonthYear(new Date(value), restaurant.timeZone);
  const active = subscription?.status === 'active';
  const ending = active && subscription.cancel_at_period_end;
  const status = !subscription
    ? '<span class="status ended">None</span>'
    : !active
      ? '<span class="status ended">Ended</span>'
      : ending
        ? '<span class="status ending">Cancels at period end</span>'
        : '<span class="status active">Active</span>';
  const details = subscription
    ? [
        row('Plan', planName[subscription.interval]),
        row(
          'Price',
          view.price
            ? `${formatCents(discountedCents(view.price.unit_amount, subscription.coupon))} per ${per[subscription.interval]}`
            : planName[subscription.interval],
        ),
        active
          ? row(ending ? 'Ends on' : 'Next renewal date', date(subscription.current_period_end))
          : row('Ended on', date(subscription.current_period_end)),
      ].join('\n')
    : '';
  const actions = active
    ? [
        ending
          ? button(view.actions.resume, 'Keep my subscription', 'primary')
          : button(view.actions.cancel, 'Cancel subscription at period end', 'secondary'),
        button(view.actions.end, 'End subscription now (test)', 'danger'),
      ].join('\n')
    : '';
  // Issue 22: what a refused card does at renewal, now instead of in a month.
  const testRenewal = active
    ? `<h2>Try a failed renewal</h2>
<p class="note">Renews now with a payment that fails, as a refused card would: you get the mail about the failed payment, and the subscription ends, every menu back to draft.</p>
<div class="actions">${button(view.actions.failRenewal, 'Simulate a failed renewal', 'danger')}</div>`
    : '';
  const explanation = active
    ? 'Ending the subscription, now or at the end of the period, turns every menu of this restaurant back into a draft.'
    : 'Every menu of this restaurant is a draft. Subscribe again from Carte to publish.';
  const cards = view.paymentMethods.length
    ? `<ul class="list">${view.paymentMethods
        .map(
          (method) =>
            `<li><span>${escapeHtml(method.card.brand.toUpperCase())} •••• ${escapeHtml(method.card.last4)}${method.isDefault ? '<span class="tag">Default</span>' : ''}</span><span class="muted">${String(method.card.exp_month).padStart(2, '0')}/${method.card.exp_year}</span></li>`,
        )
        .join('')}</ul>`
    : '<p class="muted">No card saved.</p>';
  const invoices = view.invoices.length
    ? `<ul class="list">${view.invoices
        .map(
          (invoice) =>
            `<li><span>${escapeHtml(date(invoice.created))} · ${escapeHtml(formatCents(invoice.amount_due))} · ${invoice.status === 'paid' ? 'Paid' : 'Not paid'}</span><a href="${escapeHtml(view.invoicePath(invoice.id))}">View</a></li>`,
        )
        .join('')}</ul>`
    : '<p class="muted">No invoice yet.</p>';
  return page(
    'Manage subscription',
    'Test billing portal — no card is charged',
    `<h1>${escapeHtml(restaurant.name)}</h1>
<p class="muted">Your Carte subscription ${status}</p>
${details ? `<dl>\n${details}\n</dl>` : ''}
<p class="note">${escapeHtml(explanation)}</p>
<div class="actions">
${actions}
</div>
${testRenewal}
<h2>Payment methods</h2>
${cards}
<div class="actions">${button(view.actions.addCard, 'Add a card', 'secondary')}</div>
<h2>Invoices</h2>
${invoices}
<div class="actions"><a class="link secondary" href="${escapeHtml(view.returnPath)}">Back to Carte</a></div>
<p class="note">This page stands in for a card payment provider's billing portal while Carte runs with its built-in test checkout. The link works for one hour.</p>`,
  );
}

/** GET /billing/invoice/:id — a test invoice, as a provider's hosted invoice page. */
export function invoicePage(view: {
  invoice: LocalInvoice;
  restaurantName: string;
  timeZone: string;
  pdfPath: string;
}): string {
  const { invoice } = view;
  return page(
    'Invoice',
    'Test invoice — nothing was charged',
    `<h1>Invoice</h1>
<p class="muted">${escapeHtml(view.restaurantName)} · Carte ${escapeHtml(planName[invoice.interval].toLowerCase())}</p>
<dl>
${row('Date', formatDayMonthYear(new Date(invoice.created), view.timeZone))}
${row('Billed to', invoice.customer_name ?? invoice.customer_email ?? '—')}
${row('Card', invoice.card)}
${row('Amount', formatCents(invoice.amount_due))}
${row('Status', invoice.status === 'paid' ? 'Paid (test)' : 'Not paid')}
</dl>
<div class="actions"><a class="link secondary" href="${escapeHtml(view.pdfPath)}">Download PDF</a></div>`,
  );
}

/** Unknown, used or expired links, and failures. */
export function problemPage(kind: 'not-found' | 'invalid' | 'failed'): string {
  const [title, text]: [string, string] = {
    'not-found': [
      'This link is no longer valid',
      'Test checkout and manage links work once and for one hour. Go back to Carte and start again.',
    ],
    invalid: ['This request could not be handled', 'Go back to Carte and start again.'],
    failed: ['Something went wrong', 'Something went wrong. Please try again later'],
  }[kind] as [string, string];
  return page(
    title,
    'Test checkout — no card is charged',
    `<h1>${escapeHtml(title)}</h1>
<p class="muted">${escapeHtml(text)}</p>
<div class="actions"><a class="link primary" href="/subscribe">Back to Carte</a></div>`,
  );
}
