import { billingMessages, messages } from '@carte/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFor, signInApi } from './support/api.ts';
import { desktop, phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import {
  eventually,
  expectNoHorizontalOverflow,
  expectNoSeriousViolation,
  screenshotPath,
  settled,
  toast,
} from './support/page.ts';
import { resellerWithClient } from './support/reseller.ts';

/**
 * Resellers (issue 14 "done when", doc 3 §2.2, §2.3, §2.4, §2.8, §4) with the built-in test provider:
 * an admin sends the reseller link → registration from the mailed link → the reseller adds a licence
 * for a new restaurant → the client accepts from the mail and sets a password → the reseller adds a
 * card, applies a promotion code and subscribes the client → acts as the client, publishes a menu,
 * returns → cancels the subscription and the menu is a draft again → deletes the client. The
 * dashboard, the wizards, the client page and the three public pages are audited with axe and
 * photographed at 1280 and 390 px.
 */

const journey = useJourney({ CAPTCHA: 'off', BILLING_PROVIDER: 'local' });

const PASSWORD = 'Reseller123';

async function signIn(page: Page, username: string, password: string, home: string) {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL((url) => url.pathname === home, { timeout: 30_000 });
}

/** The page at 1280 px and at 390 px (no sideways scrolling), both audited and saved. */
async function shootBoth(page: Page, name: string, selector?: string) {
  await expectNoSeriousViolation(page, `${name} at 1280 px`, selector);
  await page.screenshot({ path: screenshotPath(`${name}-1280`), fullPage: true });
  await page.setViewportSize(phone);
  await settled(page);
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolation(page, `${name} at 390 px`, selector);
  await page.screenshot({ path: screenshotPath(`${name}-390`), fullPage: true });
  await page.setViewportSize(desktop);
  await settled(page);
}

/** A request sent from the page itself, with the session the web app stored. */
const fromPage = (page: Page, method: string, url: string, body?: unknown) =>
  page.evaluate(
    async ({ method, url, body }) => {
      const token = localStorage.getItem('carte.accessToken');
      const response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as { message: unknown } };
    },
    { method, url, body },
  );

const pathOf = (link: string) => new URL(link).pathname + new URL(link).search;

describe('a reseller and its client', () => {
  it('invited by an admin → registers → licenses, subscribes, acts as, cancels and deletes a client', async () => {
    const tag = Date.now().toString(36);
    const resellerEmail = `agency_${tag}@carte.test`;
    const resellerUsername = `agency_${tag}`;
    const clientEmail = `bistro_${tag}@carte.test`;
    const clientUsername = `bistro_${tag}`;
    const restaurantName = `Bistro ${tag}`;

    // The super admin sends the reseller registration link ("Add DMA").
    const adminContext = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, 'root@carte.test', 'RootPass123', '/admin/dashboard');
    await adminPage.getByRole('button', { name: 'Add DMA' }).click();
    const addDma = adminPage.getByRole('dialog', { name: 'Add DMA' });
    await addDma.getByLabel(/^Email/).fill(resellerEmail);
    await addDma.getByRole('button', { name: 'Send registration link' }).click();
    await toast(adminPage, messages.dmaRegisterLinkSent);
    const pendingDma = adminPage.getByRole('region', { name: 'Pending DMA-S' });
    await eventually(() => pendingDma.getByText(resellerEmail).isVisible());
    await expectNoSeriousViolation(adminPage, 'admin dashboard with pending DMA-S');
    await adminPage.screenshot({ path: screenshotPath('admin-dma-pending-1280'), fullPage: true });

    // The three public pages' failure states.
    const publicContext = await journey.browser.newContext({
      viewport: desktop,
      baseURL: journey.server.url,
    });
    const publicPage = await publicContext.newPage();
    await publicPage.goto('/dma-register?token=not-a-token');
    await eventually(() => publicPage.getByText(messages.dmaRegisterLinkInvalid).isVisible());
    await publicPage.goto('/dma-client-verify-invitation');
    await eventually(() => publicPage.getByText(messages.pageUrlNotValid).isVisible());
    await publicPage.goto('/dma-client-verify-invitation?token=not-a-token');
    await eventually(() => publicPage.getByText(messages.invitationLinkInvalid).isVisible());
    await shootBoth(publicPage, 'dma-client-verify-invitation-invalid');

    // Registration from the mailed link: email read-only, +1, the DMA rules.
    const registerMail = await journey.sink.waitFor((mail) => mail.to.includes(resellerEmail), 20_000);
    const registerLink = registerMail.links.find((href) => href.includes('/dma-register?token='));
    expect(registerLink, registerMail.links.join(', ')).toBeDefined();
    await publicPage.goto(pathOf(registerLink!));
    await eventually(() => publicPage.getByRole('heading', { name: 'Become a Carte reseller' }).isVisible());
    const email = publicPage.getByLabel(/^Email/);
    expect(await email.inputValue()).toBe(resellerEmail);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    expect(await publicPage.getByRole('combobox', { name: 'Country' }).inputValue()).toBe('US +1');
    await shootBoth(publicPage, 'dma-register');
    await publicPage.getByLabel(/^Username/).fill('abc');
    await publicPage.getByLabel(/^Username/).blur();
    await eventually(() => publicPage.getByText(messages.usernameTooShort).isVisible());
    // Submit waits while errors show (doc 3 §5).
    expect(await publicPage.getByRole('button', { name: 'Register' }).isDisabled()).toBe(true);
    await publicPage.getByLabel(/^Company name/).fill('  ');
    await publicPage.getByLabel(/^Company name/).blur();
    await eventually(() => publicPage.getByText(messages.companyNameRequired).isVisible());
    await publicPage.getByLabel('First name').fill('Ada');
    await publicPage.getByLabel('Last name').fill('Agency');
    await publicPage.getByLabel(/^Company name/).fill('Menu Partners');
    await publicPage.getByLabel(/^Username/).fill(resellerUsername);
    await publicPage.getByLabel(/^Phone number/).fill('202 555 0143');
    await publicPage.getByLabel(/^Password/).fill(PASSWORD);
    await publicPage.getByLabel(/^Confirm password/).fill(PASSWORD);
    await publicPage.getByRole('button', { name: 'Register' }).click();
    await toast(publicPage, messages.dmaRegistered);
    await publicPage.waitForURL('**/login');

    // The admin now lists the reseller.
    await adminPage.reload();
    const dmaTable = adminPage.getByRole('region', { name: 'DMA-S' });
    await eventually(() => dmaTable.getByText(resellerEmail).isVisible());
    expect(await adminPage.getByRole('region', { name: 'Pending DMA-S' }).count()).toBe(0);
    await expectNoSeriousViolation(adminPage, 'admin dashboard with DMA-S');
    await adminPage.screenshot({ path: screenshotPath('admin-dma-1280'), fullPage: true });
    await adminContext.close();

    // The reseller signs in: an empty dashboard with the card prompt.
    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const page = await context.newPage();
    await signIn(page, resellerUsername, PASSWORD, '/dma/dashboard');
    await eventually(() => page.getByRole('heading', { name: 'Pending licenses (0)' }).isVisible());
    await eventually(() => page.getByText('Add a payment method', { exact: true }).isVisible());
    expect(await page.getByRole('button', { name: 'Subscribe for all' }).count()).toBe(0);
    await eventually(() => page.getByText(messages.noLicenses).first().isVisible());

    // The reseller's account shows the company name.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Account' })
      .click();
    await page.waitForURL((url) => url.pathname === '/dma/update-account');
    await expect
      .poll(() => page.getByLabel(/^Company name/).inputValue(), { timeout: 15_000 })
      .toBe('Menu Partners');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await page.waitForURL((url) => url.pathname === '/dma/dashboard');

    // "Add license": the modal's text, then the client wizard.
    await page.getByRole('button', { name: /Add license/ }).click();
    const license = page.getByRole('dialog', { name: 'Add a license' });
    await eventually(() => license.getByText(/cannot be published/).isVisible());
    await license.getByRole('button', { name: 'Continue' }).click();
    await license.getByLabel(/^Client email/).fill(clientEmail);
    await license.getByRole('button', { name: 'Next' }).click();
    await eventually(() => license.getByLabel(/^Restaurant name/).isVisible());
    await license.getByRole('button', { name: 'Send invitation' }).click();
    await eventually(() => license.getByText(messages.selectOrAddRestaurant).isVisible());
    await license.getByLabel(/^Restaurant name/).fill(restaurantName);
    await license.getByLabel(/^Username/).fill(clientUsername);
    await shootBoth(page, 'dma-add-license-wizard', '[role="dialog"]');
    await license.getByRole('button', { name: 'Send invitation' }).click();
    await eventually(() => license.getByText(`The invitation is on its way to ${clientEmail}.`).isVisible());
    await license.getByRole('button', { name: 'Done' }).click();
    const pending = page.getByRole('region', { name: /Pending licenses/ });
    await eventually(() => page.getByRole('heading', { name: 'Pending licenses (1)' }).isVisible());
    expect(await pending.getByText(clientEmail).isVisible()).toBe(true);

    // The client accepts from the mail and sets a password.
    const clientMail = await journey.sink.waitFor((mail) => mail.to.includes(clientEmail), 20_000);
    const invitationLink = clientMail.links.find((href) =>
      href.includes('/dma-client-verify-invitation?token='),
    );
    expect(invitationLink, clientMail.links.join(', ')).toBeDefined();
    const clientContext = await journey.browser.newContext({
      viewport: desktop,
      baseURL: journey.server.url,
    });
    const clientPage = await clientContext.newPage();
    await clientPage.goto(pathOf(invitationLink!));
    await eventually(() => clientPage.getByRole('heading', { name: 'You are invited to Carte' }).isVisible());
    expect(await clientPage.getByText('Menu Partners', { exact: true }).isVisible()).toBe(true);
    expect(await clientPage.getByText(restaurantName, { exact: true }).isVisible()).toBe(true);
    await shootBoth(clientPage, 'dma-client-verify-invitation');
    await clientPage.getByLabel(/^Choose a password/).fill('short');
    await clientPage.getByRole('button', { name: 'Accept' }).click();
    await toast(clientPage, messages.passwordPattern);
    await clientPage.getByLabel(/^Choose a password/).fill('Bistro1234');
    await clientPage.getByRole('button', { name: 'Accept' }).click();
    await toast(clientPage, messages.invitationAccepted);
    await clientPage.waitForURL('**/login');
    await clientContext.close();

    // The reseller adds a card with the test provider.
    await page.reload();
    await eventually(() => page.getByRole('heading', { name: 'Pending licenses (0)' }).isVisible());
    await eventually(() => page.getByRole('tab', { name: 'Unsubscribed clients (1)' }).isVisible());
    await page.getByRole('button', { name: 'Add payment method' }).first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/billing/setup/'), { timeout: 30_000 });
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Name on card').fill('Ada Agency');
    await page.getByRole('button', { name: 'Save card (test)' }).click();
    await page.waitForURL((url) => url.pathname === '/dma/dashboard', { timeout: 30_000 });
    await toast(page, billingMessages.paymentMethodSaved);
    await eventually(() => page.getByRole('heading', { name: 'Payment methods (1)' }).isVisible());
    expect(await page.getByText('•••• •••• •••• 4242').isVisible()).toBe(true);
    await eventually(() => page.getByRole('button', { name: 'Subscribe for all' }).isVisible());
    await shootBoth(page, 'dma-dashboard');

    // "Add a client card": choose the client, the plan, the card, a promotion code.
    await page.getByRole('button', { name: /Add a client card/ }).click();
    const wizard = page.getByRole('dialog', { name: 'Add card for client' });
    await wizard.getByRole('button', { name: 'Next' }).click();
    await eventually(() => wizard.getByText(messages.chooseAtLeastOneClient).isVisible());
    await wizard.getByRole('checkbox', { name: new RegExp(restaurantName) }).check();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await eventually(() => wizard.getByText(messages.selectAnPlan).isVisible());
    await wizard.getByText('Monthly', { exact: true }).click();
    await shootBoth(page, 'dma-subscription-wizard-plan', '[role="dialog"]');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await eventually(() => wizard.getByRole('radio', { name: /4242/ }).isChecked());
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Apply' }).click();
    await eventually(() => wizard.getByText(billingMessages.enterPromotionCode).isVisible());
    await wizard.getByLabel('Promotion code').fill('NOPE');
    await wizard.getByRole('button', { name: 'Apply' }).click();
    await eventually(() => wizard.getByText(billingMessages.invalidPromotionCode).isVisible());
    await wizard.getByLabel('Promotion code').fill('WELCOME10');
    await wizard.getByRole('button', { name: 'Apply' }).click();
    await eventually(() => wizard.getByText('10% off').isVisible());
    await shootBoth(page, 'dma-subscription-wizard-promotion', '[role="dialog"]');
    await wizard.getByRole('button', { name: 'Subscribe' }).click();
    await eventually(() => wizard.getByText('1 subscribed').isVisible());
    expect(await wizard.getByText(new RegExp(`${restaurantName} \\(${clientUsername}\\)`)).isVisible()).toBe(
      true,
    );
    await shootBoth(page, 'dma-subscription-wizard-complete', '[role="dialog"]');
    await wizard.getByRole('button', { name: 'Done' }).click();
    await eventually(() =>
      page.getByRole('tab', { name: 'Subscribed clients (1)', exact: true }).isVisible(),
    );

    // The client page.
    await page.getByRole('link', { name: restaurantName }).first().click();
    await page.waitForURL((url) => url.pathname === '/dma/client');
    await eventually(() => page.getByRole('heading', { name: restaurantName, level: 1 }).isVisible());
    const subscriptionTable = page.getByRole('table', { name: 'Subscription' });
    await eventually(() => subscriptionTable.getByText('4242 - visa').isVisible());
    expect(await subscriptionTable.getByText('10%').isVisible()).toBe(true);
    expect(await subscriptionTable.getByText(/^\d\d\/\d\d\/\d{4}$/).count()).toBe(2);
    await shootBoth(page, 'dma-client');
    const clientUrl = new URL(page.url()).pathname + new URL(page.url()).search;

    // Acting as the client: the owner's area with the banner, a menu published, then back.
    await page.getByRole('button', { name: 'Login as this client' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    await eventually(() => page.getByText(messages.actingAs(clientUsername)).isVisible());
    await expectNoSeriousViolation(page, 'acting as the client', '[role="status"]');
    await page.screenshot({ path: screenshotPath('dma-acting-as-client-1280') });
    const menu = await fromPage(page, 'POST', '/api/menus', { name: 'Dinner' });
    expect(menu.status).toBe(200);
    const menuId = (menu.body.message as { _id: string })._id;
    const published = await fromPage(page, 'PUT', `/api/menus/${menuId}`, { draft: false });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    await page.getByRole('button', { name: messages.returnToReseller }).click();
    await page.waitForURL((url) => url.pathname === '/dma/dashboard', { timeout: 30_000 });

    // Cancelling the subscription drafts the menu again.
    await page.goto(clientUrl);
    await eventually(() => page.getByRole('table', { name: 'Menus' }).getByText('Dinner').isVisible());
    expect(await page.getByRole('table', { name: 'Menus' }).getByRole('cell', { name: 'Yes' }).count()).toBe(
      1,
    );
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel subscription' })
      .getByRole('button', { name: 'Cancel subscription' })
      .click();
    await toast(page, messages.clientSubscriptionCanceled);
    await page.waitForURL((url) => url.pathname === '/dma/dashboard');
    await page.goto(clientUrl);
    const menus = page.getByRole('table', { name: 'Menus' });
    await eventually(() => menus.getByText('Dinner').isVisible());
    expect(await menus.getByRole('cell', { name: 'No', exact: true }).count()).toBe(1);
    expect(await page.getByText(/no active subscription/).isVisible()).toBe(true);

    // The client, signed in on its own, cannot publish now: the dialog sends it to its account manager.
    const ownContext = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const ownPage = await ownContext.newPage();
    await signIn(ownPage, clientUsername, 'Bistro1234', '/');
    await ownPage.goto(`/create-menu?id=${menuId}`);
    await eventually(() => ownPage.getByRole('button', { name: 'Publish', exact: true }).first().isEnabled());
    await ownPage.getByRole('button', { name: 'Publish', exact: true }).first().click();
    const required = ownPage.getByRole('dialog', { name: messages.subscribeRequiredTitle });
    await eventually(() => required.getByText(messages.subscribeRequiredClient).isVisible());
    // It names the account manager: the reseller's address, as a mail link.
    expect(await required.getByRole('link', { name: resellerEmail }).getAttribute('href')).toMatch(
      new RegExp(`^mailto:${resellerEmail}`),
    );
    await ownContext.close();

    // Deleting the client, with the reseller's password.
    await page.getByRole('button', { name: 'Delete client' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await eventually(() => confirm.getByText(messages.adminPasswordRequired).isVisible());
    await confirm.getByLabel('Your password').fill(PASSWORD);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, messages.clientDeleted);
    await page.waitForURL((url) => url.pathname === '/dma/dashboard');
    await eventually(() =>
      page.getByRole('tab', { name: 'Subscribed clients (0)', exact: true }).isVisible(),
    );
    await page.goto(clientUrl);
    await eventually(() => page.getByText(messages.pageCouldNotBeFound).isVisible());
    await context.close();
    await publicContext.close();
  }, 240_000);
  it("the admin's DMA-S table: view licenses, remove one, login as the reseller, delete the reseller", async () => {
    const tag = `a${Date.now().toString(36)}`;
    // A reseller with one accepted client, made through the API as people make them.
    const { resellerEmail, resellerUsername, clientUsername } = await resellerWithClient(
      journey.server.url,
      journey.sink,
      tag,
    );

    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const page = await context.newPage();
    await signIn(page, 'root@carte.test', 'RootPass123', '/admin/dashboard');

    // A registration link the admin thinks better of: cancelled from Pending DMA-S, which then goes.
    const unwanted = `maybe_${tag}@carte.test`;
    const rootApi = apiFor(
      journey.server.url,
      await signInApi(journey.server.url, 'root@carte.test', 'RootPass123'),
    );
    await rootApi.call('POST', '/api/admin/send-dma-register-link', { email: unwanted });
    await page.reload();
    const pendingDmas = page.getByRole('region', { name: 'Pending DMA-S' });
    await eventually(() => pendingDmas.getByText(unwanted).isVisible());
    await pendingDmas.getByRole('button', { name: `Cancel the invitation of ${unwanted}` }).click();
    await toast(page, messages.invitationCanceled);
    await eventually(async () => (await page.getByRole('region', { name: 'Pending DMA-S' }).count()) === 0);

    const table = page.getByRole('region', { name: 'DMA-S' });
    await eventually(() => table.getByText(resellerEmail).isVisible());
    // The pointer left over a Users row would draw its hover background under the menu link.
    await page.mouse.move(0, 0);
    await shootBoth(page, 'admin-dma-table');
    // On a phone the row keeps its actions inside the screen.
    await page.setViewportSize(phone);
    const loginAs = table.getByRole('button', { name: `Login as ${resellerUsername}` });
    await eventually(async () => {
      const box = await loginAs.boundingBox();
      return box !== null && box.x + box.width <= phone.width;
    });
    await page.setViewportSize(desktop);

    // View licenses: the client, removable with the admin's password.
    await table.getByRole('button', { name: `View licenses of ${resellerUsername}` }).click();
    const licenses = page.getByRole('dialog', { name: `Licenses of ${resellerUsername}` });
    await eventually(() => licenses.getByText(`Cafe ${tag}`).isVisible());
    await shootBoth(page, 'admin-dma-licenses', '[role="dialog"]');
    await licenses.getByRole('button', { name: `Remove the licence of ${clientUsername}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete the client ${clientUsername}?` });
    await confirm.getByLabel('Your password').fill('RootPass123');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, messages.clientDeleted);
    await eventually(() => licenses.getByText(messages.noLicenses).isVisible());
    await page.keyboard.press('Escape');

    // Login as the reseller, and back.
    await table.getByRole('button', { name: `Login as ${resellerUsername}` }).click();
    await page.waitForURL((url) => url.pathname === '/dma/dashboard', { timeout: 30_000 });
    await eventually(() => page.getByText(messages.actingAs(resellerUsername)).isVisible());
    await page.getByRole('button', { name: messages.returnToAdmin }).click();
    await page.waitForURL((url) => url.pathname === '/admin/dashboard', { timeout: 30_000 });

    // Delete the reseller with the admin's password.
    // The whole admin dashboard reloads after the way back: give a busy machine time.
    await eventually(() => table.getByText(resellerEmail).first().isVisible(), 30_000);
    await table.getByRole('button', { name: `Delete ${resellerUsername}` }).click();
    const remove = page.getByRole('dialog', { name: `Delete the reseller ${resellerUsername}?` });
    await remove.getByLabel('Your password').fill('RootPass123');
    await remove.getByRole('button', { name: 'Delete' }).click();
    await toast(page, messages.dmaDeleted);
    await eventually(async () => (await table.getByText(resellerEmail).count()) === 0);
    await context.close();
  });
});
