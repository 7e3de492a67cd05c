import { billingMessages, messages } from '@carte/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFor, signInApi } from './support/api.ts';
import { desktop, phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { registerVerifiedOwner } from './support/owner.ts';
import {
  drawn,
  eventually,
  expectNoHorizontalOverflow,
  expectNoSeriousViolation,
  resize,
  screenshotPath,
  toast,
} from './support/page.ts';

/**
 * The admin area (issue 13 "done when"): the super admin creates an admin, who completes the account
 * from the mailed link, signs in without an Admins section, adds a user with the subscribe step, logs
 * in as that user, edits a dish and returns; edits `user-verify-account` and the next registration
 * mail carries the new text; edits the platform dietary list and a new restaurant sees it. Every
 * admin screen is audited with axe and photographed at 1280 and 390 px.
 */

const journey = useJourney({ CAPTCHA: 'off', BILLING_PROVIDER: 'local' });

const tag = Date.now().toString(36);
const PASSWORD = 'Admin1234!';

const shoot = (page: Page, name: string) => page.screenshot({ path: screenshotPath(name), fullPage: true });

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL((url) => url.pathname === '/admin/dashboard', { timeout: 30_000 });
}

/**
 * Submits the dietary lists and waits for the server's answer: the toast of an earlier save may
 * still be showing, so the toast alone does not tell that this one is stored.
 */
async function submitDietary(page: Page) {
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/admin/dietary/create') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  expect((await saved).status()).toBe(200);
  await toast(page, messages.dietarySaved);
}

const linkIn = async (address: string, page: string) => {
  const mail = await journey.sink.waitFor((m) => m.to.includes(address), 20_000);
  const link = mail.links.find((href) => href.includes(page));
  if (!link) throw new Error(`no ${page} link in ${mail.links.join(', ')}`);
  return new URL(link);
};

describe('the admin area', () => {
  let rootContext: BrowserContext;
  let adminContext: BrowserContext;
  const newAdmin = { email: `ada_${tag}@carte.test`, username: `ada_${tag}` };
  const user = { email: `nina_${tag}@carte.test`, username: `nina_${tag}`, restaurant: `Nina's ${tag}` };

  it('the super admin adds an admin, who completes the account from the mailed link', async () => {
    rootContext = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const page = await rootContext.newPage();
    await signIn(page, 'root@carte.test', 'RootPass123');
    await eventually(() => page.getByRole('region', { name: 'Admins' }).isVisible());
    await eventually(() => page.getByRole('region', { name: 'Users' }).getByRole('table').isVisible());
    await expectNoSeriousViolation(page, '/admin/dashboard (super admin)');
    await shoot(page, 'admin-dashboard-super-1280');

    await page.getByRole('button', { name: 'Add admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add admin' });
    await dialog.getByLabel('First name').fill('Ada');
    await dialog.getByLabel('Last name').fill('Lovelace');
    await dialog.getByLabel(/^Email/).fill(newAdmin.email);
    await shoot(page, 'admin-add-admin-1280');
    await dialog.getByRole('button', { name: 'Add admin' }).click();
    await toast(page, messages.adminCreated);
    const admins = page.getByRole('region', { name: 'Admins' });
    await eventually(() => admins.getByText(newAdmin.email).isVisible());
    await eventually(() =>
      admins.getByRole('button', { name: `Resend the invitation to ${newAdmin.email}` }).isVisible(),
    );

    // The new admin opens the mailed link.
    const link = await linkIn(newAdmin.email, '/admin-complete-account');
    adminContext = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const adminPage = await adminContext.newPage();
    await adminPage.goto(`${link.pathname}${link.search}`);
    const email = adminPage.getByLabel('Email');
    await eventually(async () => (await email.inputValue()) === newAdmin.email);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    await expectNoSeriousViolation(adminPage, '/admin-complete-account');
    await shoot(adminPage, 'admin-complete-account-1280');
    await adminPage.getByLabel(/^Username/).fill(newAdmin.username);
    await adminPage.getByLabel(/^Password/).fill(PASSWORD);
    await adminPage.getByLabel(/^Confirm password/).fill(PASSWORD);
    await adminPage.getByRole('button', { name: 'Complete account' }).click();
    await toast(adminPage, messages.adminAccountCompleted);
    await adminPage.waitForURL((url) => url.pathname === '/login');

    // The link is used: opening it again says so.
    await adminPage.goto(`${link.pathname}${link.search}`);
    await toast(adminPage, messages.adminLinkInvalid);
  });

  it('the new admin sees no Admins section, adds a user with the subscribe step, acts as the user and returns', async () => {
    const page = await adminContext.newPage();
    await signIn(page, newAdmin.username, PASSWORD);
    await eventually(() => page.getByRole('region', { name: 'Users' }).isVisible());
    expect(await page.getByRole('region', { name: 'Admins' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add admin' }).count()).toBe(0);
    await shoot(page, 'admin-dashboard-admin-1280');

    // Add user: the form, then the subscribe step, then the checkout.
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByLabel(/^Username/).fill(user.username);
    await dialog.getByLabel(/^Restaurant name/).fill(user.restaurant);
    await dialog.getByLabel(/^Email/).fill('not-an-email');
    await dialog.getByLabel(/^Email/).blur();
    // Checked on leaving the field; the button waits for the user's next change (doc 3 §5, issue 11 §1).
    await eventually(() => dialog.getByText(messages.emailInvalid).isVisible());
    expect(await dialog.getByRole('button', { name: 'Add user' }).isDisabled()).toBe(true);
    await dialog.getByLabel(/^Email/).fill(user.email);
    await dialog.getByLabel('First name').fill('Nina');
    await shoot(page, 'admin-add-user-1280');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await toast(page, messages.userAdded);
    await eventually(() => dialog.getByText('Subscribe', { exact: true }).first().isVisible());
    await eventually(() => dialog.getByRole('radio').first().isVisible());
    await shoot(page, 'admin-add-user-subscribe-1280');
    await dialog.getByRole('radio').first().check();
    await dialog.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/billing/checkout/'), { timeout: 30_000 });
    await page.getByRole('button', { name: 'Pay (test)' }).click();
    // Back on the admin's own dashboard, not the owner's /subscribe.
    await page.waitForURL((url) => url.pathname === '/admin/dashboard', { timeout: 30_000 });
    await toast(page, billingMessages.adminCheckoutDone);

    // The user sets a password from the mailed link.
    const link = await linkIn(user.email, '/user-verify-account');
    const token = link.searchParams.get('token');
    const verified = await fetch(`${journey.server.url}/api/users/verify-account-and-enter-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, password: PASSWORD, confirm_password: PASSWORD }),
    });
    expect(verified.status, await verified.text()).toBe(200);
    const userApi = apiFor(journey.server.url, await signInApi(journey.server.url, user.username, PASSWORD));
    const dish = await userApi.call<{ _id: string }>('POST', '/api/dishes', { name: 'Soup', price: 6 });

    // The subscription shows in the restaurant's information.
    await page.goto('/admin/dashboard');
    const restaurants = page.getByRole('region', { name: 'Restaurants' });
    await restaurants.getByRole('textbox').fill(user.restaurant);
    await restaurants.getByRole('button', { name: `View more about ${user.restaurant}` }).click();
    const info = page.getByRole('dialog', { name: 'Restaurant information' });
    await eventually(() => info.getByText(user.username, { exact: true }).isVisible());
    await eventually(() => info.getByText(/active/).isVisible());
    await shoot(page, 'admin-restaurant-information-1280');
    await page.keyboard.press('Escape');

    // Login as the user: the banner names both, the dish form works, and the way back needs no password.
    const users = page.getByRole('region', { name: 'Users' });
    await users.getByRole('textbox').fill(user.username);
    await users.getByRole('button', { name: `Login as ${user.username}` }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await eventually(() => page.getByText(messages.actingAs(user.username)).isVisible());
    await expectNoSeriousViolation(page, 'acting banner', '[role="status"]');
    await shoot(page, 'admin-acting-as-user-1280');
    await page.goto(`/update-dish/${dish._id}`);
    const name = page.getByLabel(/^Dish name/);
    await eventually(async () => (await name.inputValue()) === 'Soup');
    await name.fill('Tomato soup');
    await page.getByRole('button', { name: 'Update dish' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Continue anyway' }).click();
    await toast(page, messages.dishUpdated);
    const dishes = await userApi.call<{ _id: string; name: string }[]>('GET', '/api/dishes');
    expect(dishes.find((entry) => entry._id === dish._id)?.name).toBe('Tomato soup');

    await page.getByRole('button', { name: messages.returnToAdmin }).click();
    await page.waitForURL((url) => url.pathname === '/admin/dashboard');
    await eventually(() => page.getByRole('region', { name: 'Users' }).isVisible());
    expect(await page.getByText(messages.actingAs(user.username)).count()).toBe(0);
  });

  it('an edited user-verify-account template is the text of the next registration mail', async () => {
    const page = await rootContext.newPage();
    await page.goto('/admin/email-templates');
    await eventually(() => page.getByRole('link', { name: 'Edit Verify your account' }).isVisible());
    await expectNoSeriousViolation(page, '/admin/email-templates');
    await shoot(page, 'admin-email-templates-1280');
    await page.getByRole('link', { name: 'Edit Verify your account' }).click();
    const subject = page.getByLabel(/^Subject/);
    await eventually(async () => (await subject.inputValue()) !== '');
    await subject.fill('Welcome to Carte, ');
    await page.getByRole('button', { name: /User first name/ }).click();
    expect(await subject.inputValue()).toBe('Welcome to Carte, {{user.firstName}}');
    const body = page.getByRole('textbox', { name: 'Body' });
    await body.click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('Freshly edited by the platform team. ');
    const preview = page.getByRole('region', { name: 'Preview' });
    await eventually(() => preview.getByText(/Freshly edited by the platform team\. Hello Ann/).isVisible());
    await expectNoSeriousViolation(page, '/admin/edit-email-template');
    await shoot(page, 'admin-edit-email-template-1280');
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast(page, messages.templateUpdated);

    const owner = await registerVerifiedOwner(journey.server.url, journey.sink, `mail${tag}`);
    const mail = journey.sink.messages.find(
      (m) => m.to.includes(owner.email) && m.subject.startsWith('Welcome to Carte'),
    );
    expect(mail?.subject).toBe(`Welcome to Carte, ${owner.firstName}`);
    expect(mail?.text).toContain('Freshly edited by the platform team.');
  });

  it('the edited platform dietary list is what a new restaurant sees', async () => {
    const page = await rootContext.newPage();
    await page.goto('/admin/dietary-considerations');
    const diets = page.locator('#dietary-diets');
    await eventually(() => diets.isVisible());
    await diets.fill('Flexitarian');
    await diets.press('Enter');
    await expectNoSeriousViolation(page, '/admin/dietary-considerations');
    await shoot(page, 'admin-dietary-considerations-1280');
    await submitDietary(page);

    const owner = await registerVerifiedOwner(journey.server.url, journey.sink, `diet${tag}`);
    const ownerApi = apiFor(
      journey.server.url,
      await signInApi(journey.server.url, owner.username, owner.password),
    );
    const dietary = await ownerApi.call<{ dietaryConsiderations: { admin: { diets: string[] } } }>(
      'GET',
      '/api/dietary',
    );
    expect(dietary.dietaryConsiderations.admin.diets).toContain('Flexitarian');

    // Renaming a tag (issue 22): the dialog, the pending rename above Submit, then the dishes follow.
    await page.getByRole('button', { name: 'Rename a tag in Diets' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename a Diets tag' });
    await eventually(() => rename.isVisible());
    await rename.getByLabel(/^Tag/).fill('Flexitarian');
    await page.getByRole('option', { name: 'Flexitarian', exact: true }).click();
    await rename.getByLabel(/^New name/).fill('Flexitarian diet');
    await expectNoSeriousViolation(page, 'rename a dietary tag dialog');
    await shoot(page, 'admin-dietary-rename-dialog-1280');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await eventually(() => page.getByText('Diets: Flexitarian → Flexitarian diet').isVisible());
    await shoot(page, 'admin-dietary-rename-pending-1280');
    await resize(page, phone);
    await shoot(page, 'admin-dietary-rename-pending-390');
    await resize(page, desktop);
    await submitDietary(page);
    // Sent: the pending rename is no longer listed.
    await eventually(
      async () => !(await page.getByText('Diets: Flexitarian → Flexitarian diet').isVisible()),
    );
    const renamed = await ownerApi.call<{ dietaryConsiderations: { admin: { diets: string[] } } }>(
      'GET',
      '/api/dietary',
    );
    expect(renamed.dietaryConsiderations.admin.diets).toContain('Flexitarian diet');
    expect(renamed.dietaryConsiderations.admin.diets).not.toContain('Flexitarian');
  });

  it('the other admin screens are finished at 1280 px', async () => {
    const page = await rootContext.newPage();
    for (const [path, name, ready] of [
      ['/admin/logs', 'admin-logs', 'Developer logs'],
      ['/admin/analytics', 'admin-analytics', 'Analytics'],
      ['/admin/update-profile', 'admin-update-profile', 'Account'],
    ] as const) {
      await page.goto(path);
      await eventually(() => page.getByRole('heading', { name: ready, level: 1 }).isVisible());
      await drawn(page);
      await expectNoSeriousViolation(page, path);
      await shoot(page, `${name}-1280`);
    }
  });

  it('every admin screen fits a phone (390 px)', async () => {
    const phoneContext = await journey.browser.newContext({
      viewport: phone,
      baseURL: journey.server.url,
      isMobile: true,
      hasTouch: true,
    });
    const page = await phoneContext.newPage();
    await signIn(page, 'root@carte.test', 'RootPass123');
    for (const [path, name, ready] of [
      ['/admin/dashboard', 'admin-dashboard-super', 'Welcome, Admin'],
      ['/admin/dietary-considerations', 'admin-dietary-considerations', 'Dietary considerations'],
      ['/admin/email-templates', 'admin-email-templates', 'Email templates'],
      [
        '/admin/edit-email-template?template=user-verify-account',
        'admin-edit-email-template',
        'Verify your account',
      ],
      ['/admin/logs', 'admin-logs', 'Developer logs'],
      ['/admin/analytics', 'admin-analytics', 'Analytics'],
      ['/admin/update-profile', 'admin-update-profile', 'Account'],
    ] as const) {
      await page.goto(path);
      await eventually(() => page.getByRole('heading', { name: ready, level: 1 }).isVisible());
      await drawn(page);
      await expectNoHorizontalOverflow(page);
      await expectNoSeriousViolation(page, `${path} at 390 px`);
      await shoot(page, `${name}-390`);
    }
    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: 'Add user' }).click();
    await eventually(() => page.getByRole('dialog', { name: 'Add user' }).isVisible());
    await shoot(page, 'admin-add-user-390');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add admin' }).click();
    await eventually(() => page.getByRole('dialog', { name: 'Add admin' }).isVisible());
    await shoot(page, 'admin-add-admin-390');

    const publicPage = await (
      await journey.browser.newContext({ viewport: phone, baseURL: journey.server.url })
    ).newPage();
    await publicPage.goto('/admin-complete-account?token=not-a-real-token');
    await eventually(() => publicPage.getByText(messages.adminLinkInvalid).isVisible());
    await expectNoHorizontalOverflow(publicPage);
    await shoot(publicPage, 'admin-complete-account-invalid-390');
  });
});
