import { Pool } from 'pg';
import { PgBoss } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { formatUnixDate } from '../apps/web/src/ui/dates.ts';
import { apiFor, signInApi } from './support/api.ts';
import { desktop, phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { registerVerifiedOwner, signInThroughUi } from './support/owner.ts';
import {
  eventually,
  expectNoHorizontalOverflow,
  expectNoSeriousViolation,
  resize,
  screenshotPath,
  shootBoth,
  toast,
} from './support/page.ts';
import { CLIENT_PASSWORD, resellerWithClient } from './support/reseller.ts';

/**
 * The owner's subscription with the built-in test provider (BILLING_PROVIDER=local, issue 12):
 * subscribe with a promotion code, manage in the test portal, cancel at period end (the banner's
 * date), add a card, and the billing schedule ending the subscription, every menu drafted.
 */

const journey = useJourney({ CAPTCHA: 'off', BILLING_PROVIDER: 'local' });

describe('subscription with the test provider', () => {
  it('subscribes with a promotion code, manages, cancels at period end, and ends by the billing schedule', async () => {
    const owner = await registerVerifiedOwner(journey.server.url, journey.sink, undefined, {
      timeZone: 'Europe/Rome',
    });
    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const page = await context.newPage();
    await signInThroughUi(page, owner.username, owner.password);
    const token = await page.evaluate(() => localStorage.getItem('carte.accessToken'));
    const api = async <T>(method: string, path: string, body?: unknown) => {
      const answer = await fetch(`${journey.server.url}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: answer.status, message: ((await answer.json()) as { message: T }).message };
    };
    const menu = await api<{ _id: string }>('POST', '/menus', { name: 'Lunch' });
    expect((await api('PUT', `/menus/${menu.message._id}`, { draft: false })).status).toBe(402);

    // The plans.
    await page.goto('/subscribe');
    await eventually(() => page.getByRole('button', { name: /Subscribe monthly/ }).isVisible());
    expect(await page.getByText('$19.00').first().isVisible()).toBe(true);
    expect(
      await page.getByText(/Test mode: the checkout is Carte's built-in test checkout/).isVisible(),
    ).toBe(true);
    await expectNoSeriousViolation(page, '/subscribe plans');
    await shootBoth(page, 'subscribe-plans');

    // The test checkout, with a promotion code.
    await page.getByRole('button', { name: /Subscribe monthly/ }).click();
    await page.waitForURL('**/billing/checkout/**');
    expect(await page.getByText('Test checkout — no card is charged').isVisible()).toBe(true);
    await page.getByLabel('Promotion code (optional)').fill('NOPE');
    await page.getByRole('button', { name: 'Apply code' }).click();
    await eventually(() => page.getByRole('alert').filter({ hasText: 'This code is invalid' }).isVisible());
    await page.getByLabel('Promotion code (optional)').fill('WELCOME10');
    await page.getByRole('button', { name: 'Apply code' }).click();
    await eventually(() => page.getByText('10% off (WELCOME10)').isVisible());
    expect(await page.getByText('$17.10').isVisible()).toBe(true);
    await page.getByLabel('Name on card').fill('Wes Workshop');
    await expectNoSeriousViolation(page, 'test checkout');
    await shootBoth(page, 'billing-local-checkout');
    await page.getByRole('button', { name: 'Pay (test)' }).click();

    // Back on /subscribe: subscribed, with the card saved at checkout.
    await page.waitForURL((url) => url.pathname === '/subscribe');
    // "Subscribed successfully" is said once, as a toast; the page keeps the status and renewal date.
    await eventually(() => page.getByText('Subscribed successfully').isVisible());
    await eventually(() => page.getByRole('heading', { name: /^Active — renews \d/ }).isVisible());
    await eventually(() => page.getByText('VISA •••• 4242').isVisible());
    expect(await page.getByText('Default', { exact: true }).isVisible()).toBe(true);
    // The price actually paid, with the code's discount, not the plan's full price.
    expect(await page.getByText(/Monthly plan · \$17\.10 per month \(10% off\)/).isVisible()).toBe(true);
    await expectNoSeriousViolation(page, '/subscribe subscribed');
    await shootBoth(page, 'subscribe-active');
    expect((await api('PUT', `/menus/${menu.message._id}`, { draft: false })).status).toBe(200);
    const receipt = await journey.sink.waitFor(
      (mail) => mail.to.includes(owner.email) && mail.links.some((l) => l.includes('/billing/invoice/')),
    );
    expect(receipt.links.some((link) => link.endsWith('/pdf'))).toBe(true);

    // Add a second card from /subscribe.
    await page.getByRole('button', { name: 'Add payment method' }).click();
    await page.waitForURL('**/billing/setup/**');
    await page.getByLabel('Card number').fill('5555 5555 5555 4444');
    await page.getByLabel('Name on card').fill('Wes Workshop');
    await shootBoth(page, 'billing-local-setup');
    await page.getByRole('button', { name: 'Save card (test)' }).click();
    await page.waitForURL((url) => url.pathname === '/subscribe');
    await toast(page, 'Your card has been saved.');
    await eventually(() => page.getByText('MASTERCARD •••• 4444').isVisible());
    expect(await page.getByText('Payment methods (2)').isVisible()).toBe(true);

    // Manage: the test portal; cancel at period end.
    await page.getByRole('button', { name: 'Manage' }).click();
    await page.waitForURL('**/billing/portal/**');
    expect(await page.getByText('Test billing portal — no card is charged').isVisible()).toBe(true);
    expect(await page.getByText('$17.10 per month').isVisible()).toBe(true);
    await expectNoSeriousViolation(page, 'test portal');
    await shootBoth(page, 'billing-local-portal');
    await page.getByRole('button', { name: 'Cancel subscription at period end' }).click();
    await eventually(() => page.getByText('Cancels at period end').isVisible());
    await page.getByRole('link', { name: 'Back to Carte' }).click();

    // The banner, with the period's end in the viewer's locale (issue 22) and the restaurant's zone.
    await page.waitForURL((url) => url.pathname === '/subscribe');
    const state = await api<{ subscription: { current_period_end: number } }>(
      'GET',
      '/subscription/has-active',
    );
    const locales = await page.evaluate(() => [...navigator.languages]);
    const ends = formatUnixDate(state.message.subscription.current_period_end, 'Europe/Rome', locales);
    await eventually(() => page.getByText(`Your subscription is cancelled and ends on ${ends}.`).isVisible());
    expect(await page.getByRole('heading', { name: `Active — ends ${ends}` }).isVisible()).toBe(true);
    await shootBoth(page, 'subscribe-cancelling');

    // Time passes: the period ends (moved into the past in both records), and the billing schedule's
    // job runs as pg-boss starts it every minute — no request to the server.
    const pool = new Pool({ connectionString: journey.server.databaseUrl });
    const past = Date.now() - 60_000;
    await pool.query(
      `update local_billing_objects set data = jsonb_set(data, '{current_period_end}', to_jsonb($1::bigint)) where kind = 'subscription' and data->>'status' = 'active' and data->>'cancel_at_period_end' = 'true'`,
      [past],
    );
    await pool.query(
      `update subscriptions set current_period_end = to_timestamp($1::double precision / 1000) where status = 'active' and cancel_at_period_end`,
      [past],
    );
    await pool.end();
    const boss = new PgBoss({ connectionString: journey.server.databaseUrl, max: 1 });
    await boss.start();
    await boss.send('billing.lapse', {});
    await boss.stop({ graceful: false });
    await expect
      .poll(async () => (await api<{ draft: boolean }>('GET', `/menus/${menu.message._id}`)).message.draft, {
        timeout: 30_000,
      })
      .toBe(true);
    await page.reload();
    await eventually(() => page.getByRole('button', { name: /Subscribe monthly/ }).isVisible());
    expect((await api('PUT', `/menus/${menu.message._id}`, { draft: false })).status).toBe(402);
    await shootBoth(page, 'subscribe-ended');
    await context.close();
  }, 240_000);

  it('publishing without a subscription shows the prices, pays, and comes back to the menu, published', async () => {
    const owner = await registerVerifiedOwner(journey.server.url, journey.sink);
    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const page = await context.newPage();
    await signInThroughUi(page, owner.username, owner.password);

    // A new menu, published at once: the paywall, with the plan's prices.
    await page.goto('/create-menu');
    await page.getByLabel(/^Menu name/).fill('Dinner');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe required' });
    await eventually(() => dialog.getByText('$19.00').isVisible());
    expect(await dialog.getByText('$190.00').isVisible()).toBe(true);
    expect(await dialog.getByText('per year').isVisible()).toBe(true);
    await expectNoSeriousViolation(page, 'Subscribe required with prices');
    await page.screenshot({ path: screenshotPath('subscribe-required-prices-1280') });
    await resize(page, phone);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: screenshotPath('subscribe-required-prices-390') });
    await resize(page, desktop);

    // Pay for the year from the dialog: the test checkout, then back on this menu.
    await dialog.getByRole('button', { name: 'Subscribe yearly' }).click();
    await page.waitForURL('**/billing/checkout/**');
    expect(await page.getByText('$190.00').first().isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Pay (test)' }).click();
    await page.waitForURL((url) => url.pathname === '/create-menu' && url.searchParams.has('id'));
    const menuId = new URL(page.url()).searchParams.get('id')!;
    await toast(page, 'Subscribed: your menu is published.');
    await eventually(() => page.getByRole('button', { name: /Unpublish/i }).isVisible());
    const api = apiFor(
      journey.server.url,
      await signInApi(journey.server.url, owner.username, owner.password),
    );
    const menu = await api.call<{ name: string; draft: boolean }>('GET', `/api/menus/${menuId}`);
    expect(menu).toMatchObject({ name: 'Dinner', draft: false });
    // The return address is tidied: only the menu's id stays.
    await eventually(async () => !new URL(page.url()).searchParams.has('session_id'));
    await shootBoth(page, 'menu-published-after-checkout');
    await context.close();
  }, 120_000);

  it("a reseller's client's Subscribe names her account manager, with a mail link", async () => {
    const { resellerEmail, clientUsername } = await resellerWithClient(
      journey.server.url,
      journey.sink,
      Date.now().toString(36),
    );
    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const page = await context.newPage();
    await signInThroughUi(page, clientUsername, CLIENT_PASSWORD);
    await page.locator('nav').getByRole('link', { name: 'Subscribe' }).click();
    await page.waitForURL((url) => url.pathname === '/subscribe');
    await eventually(() =>
      page.getByText("It looks like your account subscription isn't set up just yet.").isVisible(),
    );
    expect(await page.getByText('Ask the restaurant owner').count()).toBe(0);
    const mail = page.getByRole('link', { name: `Email ${resellerEmail}` });
    expect(await mail.getAttribute('href')).toBe(`mailto:${resellerEmail}?subject=INQUIRY`);
    await expectNoSeriousViolation(page, "client's /subscribe");
    await shootBoth(page, 'client-subscribe-account-manager');
    await context.close();
  }, 120_000);
});
