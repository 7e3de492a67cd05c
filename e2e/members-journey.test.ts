import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { messages } from '@carte/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiFor, signInApi } from './support/api.ts';
import { desktop, phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { registerVerifiedOwner, signInThroughUi } from './support/owner.ts';
import { expectNoSeriousViolation, toast } from './support/page.ts';

/**
 * The team (doc 2 §2 Members, §4, §6; issue 10 "done when"): the owner invites a member with the
 * dish and category flags; the member opens the mailed link, completes the account, signs in, sees
 * only the screens those flags allow, edits a dish and is refused a menu edit by the server; the
 * owner removes the member and the member's next request is refused. /members (with its dialog) and
 * /member-verify-account are audited with axe and photographed at 1280 and 390 px.
 */

const shots = path.resolve(import.meta.dirname, '../test-results/screenshots');
const journey = useJourney({ CAPTCHA: 'off', BILLING_PROVIDER: 'off' });

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
});

/** Waits (up to 15 s: a fresh context loads the app's chunks) until something is visible. */
const shows = (visible: () => Promise<boolean>) => expect.poll(visible, { timeout: 15_000 }).toBe(true);

const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, name), fullPage: true });

const noOverflow = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

const phoneContext = () =>
  journey.browser.newContext({
    viewport: phone,
    baseURL: journey.server.url,
    isMobile: true,
    hasTouch: true,
  });

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

/**
 * The main navigation's top-level entries, each with whether the user may follow it: an entry the
 * user's flags do not allow stays listed but locked, its link kept on the current page (doc 3 §6).
 */
const navEntries = async (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((link) => ({
        name: (link.getAttribute('aria-label') ?? link.textContent ?? '').trim(),
        allowed: link.getAttribute('aria-disabled') !== 'true',
      })),
    );

describe('the team', () => {
  it('invite with dish and category → complete from the mail → only those screens → removal ends the session', async () => {
    const owner = await registerVerifiedOwner(journey.server.url, journey.sink);
    const ownerApi = apiFor(
      journey.server.url,
      await signInApi(journey.server.url, owner.username, owner.password),
    );
    const menu = await ownerApi.call<{ _id: string }>('POST', '/api/menus', { name: 'Lunch' });
    const dish = await ownerApi.call<{ _id: string }>('POST', '/api/dishes', {
      name: 'Fish tacos',
      price: 11,
    });
    await ownerApi.call('POST', '/api/categories', { name: 'Mains', dishes: [dish._id], menu: menu._id });

    // The owner opens Members from the navigation: nobody yet.
    const ownerContext = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const ownerPage = await ownerContext.newPage();
    await signInThroughUi(ownerPage, owner.username, owner.password);
    await ownerPage
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Members' })
      .click();
    await ownerPage.waitForURL('**/members');
    await shows(() => ownerPage.getByText(messages.membersEmpty).isVisible());

    // "Add member" with dish and category only.
    const address = `noor_${Date.now().toString(36)}@carte.test`;
    await ownerPage.getByRole('button', { name: 'Add member' }).first().click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Add member' });
    await dialog.getByLabel('First name').fill('Noor');
    await dialog.getByLabel('Last name').fill('Haddad');
    await dialog.getByLabel(/^Email/).fill(address);
    // "All permissions" switches every flag the owner holds; then keep dish and category only.
    await dialog.getByRole('switch', { name: 'All permissions' }).check();
    for (const flag of ['Restaurant', 'Menu', 'Ingredient', 'Dish', 'Category', 'Member']) {
      expect(await dialog.getByRole('checkbox', { name: flag }).isChecked(), flag).toBe(true);
    }
    await dialog.getByRole('switch', { name: 'All permissions' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Dish' }).check();
    await dialog.getByRole('checkbox', { name: 'Category' }).check();
    await expectNoSeriousViolation(ownerPage, 'members dialog at 1280 px');
    await shoot(ownerPage, 'members-modal-1280.png');
    await dialog.getByRole('button', { name: 'Add member' }).click();
    await toast(ownerPage, messages.memberCreated);
    const row = ownerPage.getByRole('row', { name: /Noor/ });
    await shows(() => row.getByText('No', { exact: true }).isVisible());
    expect(await row.getByText('Dish', { exact: true }).isVisible()).toBe(true);
    expect(await row.getByText('Category', { exact: true }).isVisible()).toBe(true);
    expect(await row.getByRole('button', { name: 'Resend invitation to Noor Haddad' }).isVisible()).toBe(
      true,
    );
    await expectNoSeriousViolation(ownerPage, 'members at 1280 px');
    await shoot(ownerPage, 'members-1280.png');

    // The invitation mail holds the link to the complete-member-account page.
    const mail = await journey.sink.waitFor((m) => m.to.includes(address), 20_000);
    const link = mail.links.find((href) => href.includes('/member-verify-account?token='));
    expect(link, mail.links.join(', ')).toBeDefined();
    const pathAndQuery = new URL(link!).pathname + new URL(link!).search;

    // The page on a phone (read only: opening it spends nothing).
    const phoneInvitee = await phoneContext();
    const phonePage = await phoneInvitee.newPage();
    await phonePage.goto(pathAndQuery);
    await shows(() => phonePage.getByRole('heading', { name: 'Complete your account' }).isVisible());
    await expectNoSeriousViolation(phonePage, 'member-verify-account at 390 px');
    await noOverflow(phonePage);
    await shoot(phonePage, 'member-verify-account-390.png');
    await phoneInvitee.close();

    // The member completes the account at 1280 px: email read-only, phone +1 by default.
    const memberContext = await journey.browser.newContext({
      viewport: desktop,
      baseURL: journey.server.url,
    });
    const memberPage = await memberContext.newPage();
    await memberPage.goto(pathAndQuery);
    await shows(() => memberPage.getByRole('heading', { name: 'Complete your account' }).isVisible());
    const email = memberPage.getByLabel(/^Email/);
    expect(await email.inputValue()).toBe(address);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    expect(await memberPage.getByLabel('First name').inputValue()).toBe('Noor');
    expect(await memberPage.getByRole('combobox', { name: 'Country' }).inputValue()).toBe('US +1');
    await expectNoSeriousViolation(memberPage, 'member-verify-account at 1280 px');
    await shoot(memberPage, 'member-verify-account-1280.png');
    const username = `noor_${Date.now().toString(36)}`;
    await memberPage.getByLabel(/^Username/).fill(username);
    await memberPage.getByLabel(/^Phone number/).fill('202 555 0143');
    await memberPage.getByLabel(/^Password/).fill('Welcome123');
    await memberPage.getByLabel(/^Confirm password/).fill('Welcome124');
    await memberPage.getByLabel(/^Confirm password/).blur();
    await shows(() => memberPage.getByText(messages.passwordMismatch).isVisible());
    await memberPage.getByLabel(/^Confirm password/).fill('Welcome123');
    await memberPage.getByRole('button', { name: 'Complete account' }).click();
    await toast(memberPage, messages.memberAccountCompleted);
    await memberPage.waitForURL('**/login');

    // The link is spent.
    await memberPage.goto(pathAndQuery);
    await shows(() => memberPage.getByText(messages.verifyLinkInvalid).isVisible());

    // The member signs in and sees only what dish and category allow.
    await signInThroughUi(memberPage, username, 'Welcome123');
    const nav = memberPage.getByRole('navigation', { name: 'Main navigation' });
    await shows(() => nav.getByRole('link', { name: 'Dishes' }).isVisible());
    const entries = await navEntries(memberPage);
    const allowed = entries.filter((entry) => entry.allowed).map((entry) => entry.name);
    expect(allowed).toEqual(expect.arrayContaining(['Dashboard', 'Categories', 'Dishes', 'Media']));
    for (const denied of ['Menus', 'Ingredients', 'Members', 'Settings', 'Subscribe', 'Account']) {
      expect(allowed, denied).not.toContain(denied);
    }
    // A locked entry's link stays on the current page.
    expect(await nav.getByRole('link', { name: 'Members' }).getAttribute('href')).toBe('/');
    await memberPage.goto('/members');
    await shows(() => memberPage.getByText(messages.permissionDenied).first().isVisible());

    // Edits the dish through its form.
    await memberPage.goto(`/update-dish/${dish._id}`);
    const name = memberPage.getByLabel(/^Dish name/);
    await expect.poll(() => name.inputValue(), { timeout: 15_000 }).toBe('Fish tacos');
    await name.fill('Baja fish tacos');
    await memberPage.getByRole('button', { name: 'Update dish' }).click();
    // The dish has no ingredients: the form asks first (doc 1 §5).
    await memberPage.getByRole('dialog').getByRole('button', { name: 'Continue anyway' }).click();
    await toast(memberPage, messages.dishUpdated);
    const dishes = await ownerApi.call<{ _id: string; name: string }[]>('GET', '/api/dishes');
    expect(dishes.find((entry) => entry._id === dish._id)?.name).toBe('Baja fish tacos');

    // A menu edit sent from the page is refused by the server, and nothing changes.
    const refused = await fromPage(memberPage, 'PUT', `/api/menus/${menu._id}`, { name: 'Brunch' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(messages.permissionDenied);
    const menus = await ownerApi.call<{ _id: string; name: string }[]>('GET', '/api/menus');
    expect(menus.find((entry) => entry._id === menu._id)?.name).toBe('Lunch');
    expect((await fromPage(memberPage, 'GET', '/api/dishes')).status).toBe(200);

    // The owner sees the member verified, and removes them.
    await ownerPage.reload();
    await shows(() => row.getByText('Yes', { exact: true }).isVisible());
    expect(await row.getByRole('button', { name: /Resend invitation/ }).count()).toBe(0);
    await row.getByRole('button', { name: 'Delete Noor Haddad' }).click();
    await ownerPage.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await toast(ownerPage, messages.membersDeleted);
    await shows(() => ownerPage.getByText(messages.membersEmpty).isVisible());

    // The member's very next request, with the access token still unexpired, is refused…
    const after = await fromPage(memberPage, 'GET', '/api/dishes');
    expect(after.status).toBe(401);
    // …and the web app, on its next call, signs the member out.
    await memberPage.goto('/create-dish');
    await memberPage.waitForURL('**/login', { timeout: 15_000 });

    await memberContext.close();
    await ownerContext.close();
  });

  it('/members and its dialog at 390 px', async () => {
    const owner = await registerVerifiedOwner(
      journey.server.url,
      journey.sink,
      `p${Date.now().toString(36)}`,
    );
    const ownerApi = apiFor(
      journey.server.url,
      await signInApi(journey.server.url, owner.username, owner.password),
    );
    await ownerApi.call('POST', '/api/members', {
      firstName: 'Sam',
      lastName: 'Rivera',
      email: `sam_${Date.now().toString(36)}@carte.test`,
      permissions: { menu: true, category: true, dish: true },
    });
    await ownerApi.call('POST', '/api/members', {
      firstName: 'Alexandra',
      lastName: 'Montgomery-Fitzgerald',
      email: `alex_${Date.now().toString(36)}@carte.test`,
      permissions: {
        restaurant: true,
        menu: true,
        category: true,
        dish: true,
        ingredient: true,
        member: true,
      },
    });
    const context = await phoneContext();
    const page = await context.newPage();
    await signInThroughUi(page, owner.username, owner.password);
    await page.goto('/members');
    await shows(() => page.getByRole('heading', { name: 'Members (2)' }).isVisible());
    await expectNoSeriousViolation(page, 'members at 390 px');
    await noOverflow(page);
    await shoot(page, 'members-390.png');

    await page.getByRole('button', { name: 'Edit Sam Rivera' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update member' });
    await shows(() => dialog.isVisible());
    expect(await dialog.getByLabel(/^Email/).isDisabled()).toBe(true);
    await expectNoSeriousViolation(page, 'members dialog at 390 px');
    await shoot(page, 'members-modal-390.png');
    await dialog.getByRole('checkbox', { name: 'Ingredient' }).check();
    await dialog.getByRole('button', { name: 'Update member' }).click();
    await toast(page, messages.memberUpdated);
    await context.close();
  });
  it('a member who manages the team can grant only the flags they hold', async () => {
    const owner = await registerVerifiedOwner(
      journey.server.url,
      journey.sink,
      `g${Date.now().toString(36)}`,
    );
    const ownerApi = apiFor(
      journey.server.url,
      await signInApi(journey.server.url, owner.username, owner.password),
    );
    const address = `lead_${Date.now().toString(36)}@carte.test`;
    await ownerApi.call('POST', '/api/members', {
      firstName: 'Lee',
      lastName: 'Lead',
      email: address,
      permissions: { member: true, dish: true },
    });
    const mail = await journey.sink.waitFor((m) => m.to.includes(address), 20_000);
    const token = new URL(
      mail.links.find((href) => href.includes('/member-verify-account'))!,
    ).searchParams.get('token');
    const username = `lee_${Date.now().toString(36)}`;
    const completed = await fetch(`${journey.server.url}/api/members/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, username, password: 'Welcome123', confirm_password: 'Welcome123' }),
    });
    expect(completed.status).toBe(200);

    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const page = await context.newPage();
    await signInThroughUi(page, username, 'Welcome123');
    await page.goto('/members');
    await shows(() => page.getByRole('heading', { name: 'Members (1)' }).isVisible());
    // Not the owner: no Verified column, no resend.
    expect(await page.getByRole('columnheader', { name: 'Verified' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Add member' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add member' });
    await shows(() => dialog.isVisible());
    for (const flag of ['Restaurant', 'Menu', 'Category', 'Ingredient']) {
      expect(await dialog.getByRole('checkbox', { name: flag }).isDisabled(), flag).toBe(true);
    }
    await dialog.getByRole('switch', { name: 'All permissions' }).check();
    expect(await dialog.getByRole('checkbox', { name: 'Dish' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Member' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Menu' }).isChecked()).toBe(false);
    await expectNoSeriousViolation(page, 'members dialog of a member at 1280 px');
    await shoot(page, 'members-modal-member-1280.png');
    await dialog.getByLabel(/^Email/).fill(`cook_${Date.now().toString(36)}@carte.test`);
    await dialog.getByRole('button', { name: 'Add member' }).click();
    await toast(page, messages.memberCreated);
    // The server refuses a flag the member lacks, whatever a client sends.
    const refused = await fromPage(page, 'POST', '/api/members', {
      email: `chef_${Date.now().toString(36)}@carte.test`,
      permissions: { menu: true },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(messages.grantOnlyOwnPermissions);
    await context.close();
  });

  it('an invitation opened signed out offers "Sign in to accept", which comes back to it signed in with "Join"', async () => {
    const owner = await registerVerifiedOwner(
      journey.server.url,
      journey.sink,
      `inviter_${Date.now().toString(36)}`,
    );
    const ownerApi = apiFor(
      journey.server.url,
      await signInApi(journey.server.url, owner.username, owner.password),
    );
    const address = `sam_${Date.now().toString(36)}@carte.test`;
    await ownerApi.call('POST', '/api/members', { email: address, firstName: 'Sam', permissions: {} });
    const mail = await journey.sink.waitFor((m) => m.to.includes(address), 20_000);
    const link = new URL(mail.links.find((href) => href.includes('/member-verify-account?token='))!);
    const pathAndQuery = link.pathname + link.search;
    // Someone who already has a Carte account opens the link signed out.
    const visitor = await registerVerifiedOwner(
      journey.server.url,
      journey.sink,
      `visitor_${Date.now().toString(36)}`,
    );

    const context = await phoneContext();
    const page = await context.newPage();
    await page.goto(pathAndQuery);
    await shows(() => page.getByRole('heading', { name: 'Complete your account' }).isVisible());
    await shows(() => page.getByText(`Already have a Carte account under ${address}?`).isVisible());
    await page.getByRole('link', { name: 'Sign in to accept' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Username or email').fill(visitor.username);
    await page.getByLabel(/^Password/).fill(visitor.password);
    await page.getByRole('button', { name: /sign in/i }).click();

    // Back on the invitation, signed in: join with this account, or make a separate one.
    await page.waitForURL((url) => url.pathname + url.search === pathAndQuery);
    await shows(() => page.getByRole('heading', { name: 'Join the team' }).isVisible());
    expect(await page.getByLabel('Invitation sent to').inputValue()).toBe(address);
    expect(await page.getByRole('button', { name: `Join ${owner.restaurantName}` }).isVisible()).toBe(true);
    await expectNoSeriousViolation(page, 'member invitation signed in at 390 px');
    await noOverflow(page);
    await shoot(page, 'member-invitation-signed-in-390.png');
    await page.getByRole('button', { name: 'Create a separate account instead' }).click();
    await shows(() => page.getByRole('heading', { name: 'Complete your account' }).isVisible());
    expect(await page.getByLabel('First name').inputValue()).toBe('Sam');
    expect(await page.getByText('Sign in to accept').count()).toBe(0);
    await page.getByRole('button', { name: 'Join with your account instead' }).click();
    await shows(() => page.getByRole('button', { name: `Join ${owner.restaurantName}` }).isVisible());
    await context.close();
  });
  it('the invited address joins from its own session: "Join", the toast, then "Switch account" leads to the team account', async () => {
    const owner = await registerVerifiedOwner(
      journey.server.url,
      journey.sink,
      `host_${Date.now().toString(36)}`,
    );
    const ownerApi = apiFor(
      journey.server.url,
      await signInApi(journey.server.url, owner.username, owner.password),
    );
    // The invitee already runs a restaurant of their own under the invited address.
    const invitee = await registerVerifiedOwner(
      journey.server.url,
      journey.sink,
      `guest_${Date.now().toString(36)}`,
    );
    await ownerApi.call('POST', '/api/members', { email: invitee.email, permissions: { dish: true } });
    const mail = await journey.sink.waitFor(
      (m) =>
        m.to.includes(invitee.email) &&
        m.links.some((href) => href.includes('/member-verify-account?token=')),
      20_000,
    );
    const link = new URL(mail.links.find((href) => href.includes('/member-verify-account?token='))!);

    const inviteeApi = apiFor(
      journey.server.url,
      await signInApi(journey.server.url, invitee.username, invitee.password),
    );
    const me = (await inviteeApi.raw('GET', '/api/users/me')).body as { message: { _id: string } };
    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    // The invitee's first-sign-in tour is another journey's.
    await context.addInitScript(
      (key) => localStorage.setItem(key, '2026-01-01T00:00:00.000Z'),
      `carte.tourSeen.${me.message._id}`,
    );
    const page = await context.newPage();
    await signInThroughUi(page, invitee.username, invitee.password);
    await page.goto(link.pathname + link.search);
    await page.getByRole('button', { name: `Join ${owner.restaurantName}` }).click();
    await toast(page, messages.memberInvitationAccepted);
    // The toast sits over the account menu until it is closed.
    await page.getByRole('alert').getByRole('button').first().click();
    // The new account is one more of the person's: the account menu offers the switch to it.
    await page
      .getByRole('button', { name: /Account menu/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Switch account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch account' });
    await dialog.getByRole('button', { name: new RegExp(owner.restaurantName) }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // Signed in as the member of the host's restaurant now.
    await shows(() => page.getByText(owner.restaurantName).first().isVisible());
    await context.close();
  });
});
