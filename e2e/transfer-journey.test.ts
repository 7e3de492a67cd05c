import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiFor, signInApi } from './support/api.ts';
import { desktop, phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { registerVerifiedOwner, signInThroughUi } from './support/owner.ts';
import { expectNoSeriousViolation, toast } from './support/page.ts';

/**
 * Ownership transfer (doc 2 §2, §4, §5, §7): the owner asks on /settings, cancels, asks again; the
 * new owner opens the mailed link, sees the restaurant and its current owner, creates an account
 * and lands on sign-in; the old owner's session ends and their account no longer signs in.
 */

const shots = path.resolve(import.meta.dirname, '../test-results/screenshots');
const journey = useJourney({ CAPTCHA: 'off' });

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
});

/** A browser context whose owner has seen the first-sign-in tour (another journey's). */
async function ownerContext(viewport: typeof desktop, userId: string): Promise<BrowserContext> {
  const context = await journey.browser.newContext({
    viewport,
    baseURL: journey.server.url,
    isMobile: viewport === phone,
  });
  await context.addInitScript(
    (key) => localStorage.setItem(key, '2026-01-01T00:00:00.000Z'),
    `carte.tourSeen.${userId}`,
  );
  return context;
}

/** The last transfer link mailed to an address. */
async function transferLink(email: string, after: number): Promise<string> {
  await expect
    .poll(() => journey.sink.messages.filter((mail) => mail.to.includes(email)).length, { timeout: 20_000 })
    .toBeGreaterThan(after);
  const mail = journey.sink.messages.filter((m) => m.to.includes(email)).at(-1)!;
  const link = mail.links.find((href) => href.includes('/transfer-ownership?token='));
  if (!link) throw new Error(`no transfer link in ${mail.subject}`);
  return link;
}

const mailsTo = (email: string) => journey.sink.messages.filter((mail) => mail.to.includes(email)).length;

describe('ownership transfer', () => {
  it('goes from the request on /settings to acceptance by a new person; the old owner is out', async () => {
    const tag = `tr${Date.now().toString(36)}`;
    const owner = await registerVerifiedOwner(journey.server.url, journey.sink, tag);
    const ownerApi = apiFor(
      journey.server.url,
      await signInApi(journey.server.url, owner.username, owner.password),
    );
    const me = await ownerApi.call<{ _id: string }>('GET', '/api/users/me');
    await ownerApi.call('POST', '/api/menus', { name: 'Handed-over dinner' });

    const context = await ownerContext(desktop, me._id);
    const page = await context.newPage();
    await signInThroughUi(page, owner.username, owner.password);
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Ownership' });
    await expect
      .poll(() => section.getByRole('button', { name: 'Transfer ownership' }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: path.join(shots, 'settings-transfer-section-1280.png') });

    // The dialog: the specification's messages, then a wrong password, then the request.
    await section.getByRole('button', { name: 'Transfer ownership' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer ownership' });
    await expect
      .poll(() => dialog.getByLabel(/^New owner's email/).isVisible(), { timeout: 15_000 })
      .toBe(true);
    // Audited once the dialog has finished opening: expectNoSeriousViolation waits for that.
    await expectNoSeriousViolation(page, 'transfer dialog at 1280 px');
    await dialog.getByRole('button', { name: 'Send transfer request' }).click();
    await expect
      .poll(() => dialog.getByText('Email cannot be empty').isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(
      await dialog
        .getByText('For your security, you have to enter your account password in order to continue.')
        .count(),
    ).toBeGreaterThan(0);
    const heirEmail = `heir_${tag}@carte.test`;
    await dialog.getByLabel(/^New owner's email/).fill(heirEmail);
    await dialog.getByLabel(/^Your password/).fill('Wrong1234');
    await dialog.getByRole('button', { name: 'Send transfer request' }).click();
    await expect
      .poll(() => dialog.getByText('The password is not correct.').isVisible(), { timeout: 15_000 })
      .toBe(true);
    await page.screenshot({ path: path.join(shots, 'settings-transfer-dialog-1280.png') });
    await dialog.getByLabel(/^Your password/).fill(owner.password);
    await dialog.getByRole('button', { name: 'Send transfer request' }).click();
    await toast(page, 'Restaurant ownership request has been made successfully.');
    await expect
      .poll(() => section.getByRole('button', { name: 'Cancel ownership' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await section.getByText(heirEmail).isVisible()).toBe(true);
    const firstLink = await transferLink(heirEmail, 0);

    // Cancel: the link dies, the section offers the transfer again; then ask again.
    await section.getByRole('button', { name: 'Cancel ownership' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel ownership transfer?' })
      .getByRole('button', { name: 'Cancel ownership' })
      .click();
    await toast(page, 'Ownership canceled successfully');
    await expect
      .poll(() => section.getByRole('button', { name: 'Transfer ownership' }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    const sent = mailsTo(heirEmail);
    await section.getByRole('button', { name: 'Transfer ownership' }).click();
    await dialog.getByLabel(/^New owner's email/).fill(heirEmail);
    await dialog.getByLabel(/^Your password/).fill(owner.password);
    await dialog.getByRole('button', { name: 'Send transfer request' }).click();
    await toast(page, 'Restaurant ownership request has been made successfully.');
    const link = await transferLink(heirEmail, sent);
    expect(link).not.toBe(firstLink);

    // The canceled link is refused.
    const stranger = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const heirPage = await stranger.newPage();
    await heirPage.goto(firstLink);
    await expect
      .poll(
        () => heirPage.getByText('This ownership transfer link is not valid or has expired.').isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);

    // The new person opens the live link: the restaurant, its owner, then the account form.
    await heirPage.goto(link);
    await expect
      .poll(() => heirPage.getByRole('heading', { name: 'Take ownership' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    for (const text of [owner.restaurantName, owner.username, owner.email]) {
      expect(await heirPage.getByText(text, { exact: true }).first().isVisible(), text).toBe(true);
    }
    expect(await heirPage.getByLabel('Email').inputValue()).toBe(heirEmail);
    await heirPage.screenshot({ path: path.join(shots, 'transfer-ownership-1280.png'), fullPage: true });
    await expectNoSeriousViolation(heirPage, '/transfer-ownership at 1280 px');
    const heir = { username: `heir_${tag}`, password: 'Handover123' };
    await heirPage.getByRole('button', { name: 'Accept ownership' }).click();
    await expect
      .poll(() => heirPage.getByText('Username cannot be empty').isVisible(), { timeout: 15_000 })
      .toBe(true);
    await heirPage.getByLabel('First name').fill('Hana');
    await heirPage.getByLabel('Last name').fill('Heir');
    await heirPage.getByLabel(/^Username/).fill(heir.username);
    await heirPage.getByLabel(/^Phone number/).fill('2025550123');
    await heirPage.getByLabel(/^Password/).fill(heir.password);
    await heirPage.getByLabel(/^Confirm password/).fill(heir.password);
    await heirPage.getByRole('button', { name: 'Accept ownership' }).click();
    await toast(heirPage, 'The restaurant is yours now. Please sign in to continue.');
    await heirPage.waitForURL('**/login');

    // The new owner signs in to the restaurant with its menus.
    await signInThroughUi(heirPage, heir.username, heir.password);
    await expect
      .poll(() => heirPage.getByText(owner.restaurantName).first().isVisible(), { timeout: 15_000 })
      .toBe(true);
    const heirApi = apiFor(
      journey.server.url,
      await signInApi(journey.server.url, heir.username, heir.password),
    );
    const menus = await heirApi.call<{ name: string }[]>('GET', '/api/menus');
    expect(menus.map((menu) => menu.name)).toEqual(['Handed-over dinner']);

    // The old owner's open page: the next request is refused and the app goes to sign-in, where
    // the account no longer exists.
    await page.goto('/settings');
    await page.waitForURL('**/login', { timeout: 20_000 });
    await page.getByLabel('Username or email').fill(owner.username);
    await page.getByLabel(/^Password/).fill(owner.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await expect
      .poll(() => page.getByText('Wrong username or password.').isVisible(), { timeout: 15_000 })
      .toBe(true);
    await stranger.close();
    await context.close();
  });

  it('looks finished at 390 px: the settings section and the take-ownership page', async () => {
    const tag = `tp${Date.now().toString(36)}`;
    const owner = await registerVerifiedOwner(journey.server.url, journey.sink, tag);
    const ownerApi = apiFor(
      journey.server.url,
      await signInApi(journey.server.url, owner.username, owner.password),
    );
    const me = await ownerApi.call<{ _id: string }>('GET', '/api/users/me');
    const heirEmail = `heir_${tag}@carte.test`;
    await ownerApi.call('POST', '/api/restaurants/request-transfer-ownership', {
      email: heirEmail,
      password: owner.password,
    });
    const link = await transferLink(heirEmail, 0);

    const context = await ownerContext(phone, me._id);
    const page = await context.newPage();
    await signInThroughUi(page, owner.username, owner.password);
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Ownership' });
    await expect
      .poll(() => section.getByRole('button', { name: 'Cancel ownership' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: path.join(shots, 'settings-transfer-section-390.png') });
    await expectNoSeriousViolation(page, '/settings with a pending transfer at 390 px');
    await context.close();

    const stranger = await journey.browser.newContext({
      viewport: phone,
      isMobile: true,
      baseURL: journey.server.url,
    });
    const heirPage = await stranger.newPage();
    await heirPage.goto(link);
    await expect
      .poll(() => heirPage.getByRole('heading', { name: 'Take ownership' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await heirPage.screenshot({ path: path.join(shots, 'transfer-ownership-390.png'), fullPage: true });
    await expectNoSeriousViolation(heirPage, '/transfer-ownership at 390 px');
    await heirPage.goto(`${new URL(link).origin}/transfer-ownership?token=not-a-real-token`);
    await expect
      .poll(
        () => heirPage.getByText('This ownership transfer link is not valid or has expired.').isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);
    await heirPage.screenshot({
      path: path.join(shots, 'transfer-ownership-invalid-390.png'),
      fullPage: true,
    });
    await stranger.close();
  });

  it('with locations: they come along, a location’s new owner is told about its parent (1280 and 390 px)', async () => {
    const tag = `tl${Date.now().toString(36)}`;
    const owner = await registerVerifiedOwner(journey.server.url, journey.sink, tag);
    const ownerApi = apiFor(
      journey.server.url,
      await signInApi(journey.server.url, owner.username, owner.password),
    );
    const me = await ownerApi.call<{ restaurants: { _id: string }[] }>('GET', '/api/users/me');
    const annex = await ownerApi.call<{ accessToken: string }>('POST', '/api/restaurants/add', {
      username: `${tag}_annex`,
      restaurantName: `Annex ${tag}`,
      isLocation: true,
      parent: me.restaurants[0]!._id,
    });

    // The parent's transfer: the page names the location that comes along.
    const parentHeir = `heir_${tag}@carte.test`;
    await ownerApi.call('POST', '/api/restaurants/request-transfer-ownership', {
      email: parentHeir,
      password: owner.password,
    });
    const parentLink = await transferLink(parentHeir, 0);
    // The location's own transfer (someone else takes the annex alone): the page names its parent.
    const annexApi = apiFor(journey.server.url, annex.accessToken);
    const annexHeir = `franchise_${tag}@carte.test`;
    await annexApi.call('POST', '/api/restaurants/request-transfer-ownership', {
      email: annexHeir,
      password: owner.password,
    });
    const annexLink = await transferLink(annexHeir, 0);

    for (const [viewport, size] of [
      [desktop, 1280],
      [phone, 390],
    ] as const) {
      const context = await journey.browser.newContext({
        viewport,
        isMobile: viewport === phone,
        baseURL: journey.server.url,
      });
      const page = await context.newPage();
      await page.goto(parentLink);
      await expect
        .poll(() => page.getByText('Its location comes too').isVisible(), { timeout: 15_000 })
        .toBe(true);
      expect(await page.getByText(`Annex ${tag}`, { exact: true }).isVisible()).toBe(true);
      await page.screenshot({
        path: path.join(shots, `transfer-ownership-locations-${size}.png`),
        fullPage: true,
      });
      await expectNoSeriousViolation(page, `/transfer-ownership with a location at ${size} px`);

      await page.goto(annexLink);
      const note = page.getByTestId('transfer-parent-note');
      await expect.poll(() => note.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await note.textContent()).toContain(
        `keeps showing ${owner.restaurantName}'s published menus, and no longer sees its draft menus`,
      );
      await page.screenshot({
        path: path.join(shots, `transfer-ownership-location-${size}.png`),
        fullPage: true,
      });
      await expectNoSeriousViolation(page, `/transfer-ownership of a location at ${size} px`);
      await context.close();
    }
  });
});
