import { type BillingInterval, formatCents, formatDayMonthYear, type PlanPrice } from '@carte/domain';
import { cspHeader, scriptlessPagePolicy } from '../../http/content-security-policy.ts';
import type { SubscriptionRow } from './subscription.presenter.ts';

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

export interface CheckoutView {
  sessionPath: string;
  restaurant: { name: string; timeZone: string };
  price: PlanPrice;
  /** When the first period would end if paid now. */
  firstPeriodEnd: Date;
}

/** GET /billing/checkout/:sessionId — the plan, the price, "Pay (test)" and "Cancel". */
export function checkoutPage(view: CheckoutView): string {
  const interval = view.price.recurring.interval;
  return page(
    'Test checkout',
    'Test checkout — no card is charged',
    `<h1>Subscribe ${escapeHtml(view.restaurant.name)}</h1>
<p class="muted">Carte ${escapeHtml(planName[interval].toLowerCase())}: publish your menus for your guests.</p>
<div class="price"><span class="amount">${escapeHtml(formatCents(view.price.unit_amount))}</span><span class="muted">per ${per[interval]}</span></div>
<dl>
${row('Plan', planName[interval])}
${row('Renews on', formatDayMonthYear(view.firstPeriodEnd, view.restaurant.timeZone))}
${row('Charged today', '$0.00 (test)')}
</dl>
<div class="actions">
${button(`${view.sessionPath}/complete`, 'Pay (test)', 'primary')}
${button(`${view.sessionPath}/cancel`, 'Cancel', 'secondary')}
</div>
<p class="note">This page stands in for a card payment provider while Carte runs with its built-in test checkout. No card is asked for and nothing is charged. The link works for one hour.</p>`,
  );
}

export interface PortalView {
  /** Where each button posts. */
  actions: { cancel: string; resume: string; end: string };
  /** The same-origin path of "Back to Carte". */
  returnPath: string;
  restaurant: { name: string; timeZone: string };
  subscription: SubscriptionRow;
  price: PlanPrice | undefined;
}

/** GET /billing/portal/:token — the plan, the next renewal date, cancel at period end, end now. */
export function portalPage(view: PortalView): string {
  const { subscription, restaurant } = view;
  const date = (value: Date | null) => (value ? formatDayMonthYear(value, restaurant.timeZone) : '—');
  const active = subscription.status === 'active';
  const ending = active && subscription.cancelAtPeriodEnd;
  const status = !active
    ? '<span class="status ended">Ended</span>'
    : ending
      ? '<span class="status ending">Cancels at period end</span>'
      : '<span class="status active">Active</span>';
  const amount = view.price
    ? `${formatCents(view.price.unit_amount)} per ${per[subscription.interval]}`
    : planName[subscription.interval];
  const details = [
    row('Plan', planName[subscription.interval]),
    row('Price', amount),
    active
      ? row(ending ? 'Ends on' : 'Next renewal date', date(subscription.currentPeriodEnd))
      : row('Ended on', date(subscription.currentPeriodEnd)),
  ].join('\n');
  const actions = active
    ? [
        ending
          ? button(view.actions.resume, 'Keep my subscription', 'primary')
          : button(view.actions.cancel, 'Cancel subscription at period end', 'secondary'),
        button(view.actions.end, 'End subscription now (test)', 'danger'),
      ].join('\n')
    : '';
  const explanation = active
    ? 'Ending the subscription, now or at the end of the period, turns every menu of this restaurant back into a draft.'
    : 'Every menu of this restaurant is a draft again. Subscribe again from Carte to publish.';
  return page(
    'Manage subscription',
    'Test billing portal — no card is charged',
    `<h1>${escapeHtml(restaurant.name)}</h1>
<p class="muted">Your Carte subscription ${status}</p>
<dl>
${details}
</dl>
<p class="note">${escapeHtml(explanation)}</p>
<div class="actions">
${actions}
<a class="link secondary" href="${escapeHtml(view.returnPath)}">Back to Carte</a>
</div>
<p class="note">This page stands in for a card payment provider's billing portal while Carte runs with its built-in test checkout. The link works for one hour.</p>`,
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
