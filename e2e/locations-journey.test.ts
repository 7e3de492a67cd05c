import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiFor, signInApi } from './support/api.ts';
import { desktop, phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { registerVerifiedOwner, signInThroughUi } from './support/owner.ts';
import { expectNoSeriousViolation, toast } from './support/page.ts';

/**
 * Add restaurant (doc 2 §2; decisions §4 inheritance): the owner adds a location from the browser,
 * lands in it signed in, sees the parent's menu locked, clones it and edits the clone, switches
 * between the two accounts; an edit made at the parent shows on the location's public page.
 */

const shots = path.resolve(import.meta.dirname, '../test-results/screenshots');
// Publishing needs no subscription here: the journey is about the location.
const journey = useJourney({ CAPTCHA: 'off', BILLING_PROVIDER: 'off' });

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
});

describe('a location', () => {
  it('is added from the journey.browser, inherits the parent’s menu locked, clones and edits it, and shows the parent’s edits', async () => {
    const owner = await registerVerifiedOwner(
      journey.server.url,
      journey.sink,
      `loc${Date.now().toString(36)}`,
    );
    const parentApi = apiFor(
      journey.server.url,
      await signInApi(journey.server.url, owner.username, owner.password),
    );
    const dish = await parentApi.call<{ _id: string }>('POST', '/api/dishes', {
      name: 'Tomato soup',
      price: 6,
    });
    const category = await parentApi.call<{ _id: string }>('POST', '/api/categories', {
      name: 'Starters',
      dishes: [dish._id],
    });
    await parentApi.call('POST', '/api/menus', {
      name: 'House lunch',
      categories: [{ category: category._id }],
      draft: false,
    });

    const parentUser = await parentApi.call<{ _id: string }>('GET', '/api/users/me');
    const tourKey = `carte.tourSeen.${parentUser._id}`;
    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    // The parent's first-sign-in tour is another journey's; the location's is met below.
    await context.addInitScript((key) => localStorage.setItem(key, '2026-01-01T00:00:00.000Z'), tourKey);
    const page = await context.newPage();
    await signInThroughUi(page, owner.username, owner.password);

    // "Add Location" for a restaurant (doc 2 §2).
    await page.getByRole('link', { name: 'Add Location' }).click();
    await page.waitForURL('**/add-restaurant');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
      .toBe('Add Location');
    expect(await page.getByRole('radio', { name: /A new location/ }).isChecked()).toBe(true);
    await page.screenshot({ path: path.join(shots, 'add-restaurant-1280.png'), fullPage: true });
    await expectNoSeriousViolation(page, '/add-restaurant at 1280 px');

    // The form's own checks first, in the specification's words.
    await page.getByRole('button', { name: 'Add location' }).click();
    await expect
      .poll(() => page.getByText('Restaurant name cannot be empty').isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByText('Username cannot be empty').isVisible()).toBe(true);

    const locationUser = `${owner.username}_river`;
    await page.getByLabel(/^Restaurant name/).fill('Riverside');
    await page.getByLabel(/^Username of the new account/).fill(locationUser);
    await page.getByRole('button', { name: 'Add location' }).click();
    await toast(page, 'Riverside is ready. You are now signed in to it.');
    await page.waitForURL((url) => url.pathname === '/');
    // A new account: its first visit starts the tour.
    await page.getByRole('button', { name: 'Skip tour' }).click({ timeout: 15_000 });

    // Signed in to the location: the parent's menu is there, locked.
    // The lock's label is part of the row's name: "House lunch Read-only".
    const inherited = page.getByRole('button', { name: /^House lunch Read-only$/ });
    await expect.poll(() => inherited.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByLabel('Read-only').first().isVisible()).toBe(true);
    await inherited.click();
    await expect
      .poll(() => page.getByRole('link', { name: 'View menu' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByRole('link', { name: 'Edit menu' }).count()).toBe(0);

    // Clone it: the copy is the location's own, without a lock, and can be edited.
    await page.getByRole('button', { name: 'Clone House lunch' }).click();
    await toast(page, 'Menu created successfully');
    const copy = page.getByRole('button', { name: 'House lunch (copy)', exact: true });
    await expect.poll(() => copy.isVisible(), { timeout: 15_000 }).toBe(true);
    await copy.click();
    await page.getByRole('link', { name: 'Edit menu' }).click();
    await page.waitForURL('**/create-menu?id=*');
    await page.getByLabel(/^Menu name/).fill('Riverside lunch');
    await page.getByRole('button', { name: 'Update', exact: true }).first().click();
    // The copy is a draft: saving it says so.
    await toast(page, 'Menu saved successfully');

    // The switch-account dialog moves back to the parent, and again to the location.
    const switchTo = async (restaurantName: string) => {
      await page
        .getByRole('button', { name: /Account menu/ })
        .first()
        .click();
      await page.getByRole('menuitem', { name: 'Switch account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Switch account' });
      await dialog.getByRole('button', { name: new RegExp(restaurantName) }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(false);
    };
    await switchTo(owner.restaurantName);
    await expect
      .poll(() => page.getByRole('button', { name: 'House lunch', exact: true }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Riverside lunch', exact: true }).count()).toBe(0);
    expect(await page.getByLabel('Read-only').count()).toBe(0);
    await switchTo('Riverside');
    await expect
      .poll(() => page.getByRole('button', { name: 'Riverside lunch', exact: true }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);

    // The parent changes its dish: the location's public page shows it on the next request.
    const locationId = await page.evaluate(
      () => JSON.parse(localStorage.getItem('carte.user') ?? '{}').restaurants[0]._id as string,
    );
    const publicPage = await context.newPage();
    await publicPage.goto(`/menu/${locationId}`);
    await expect
      .poll(() => publicPage.getByText('Tomato soup').first().isVisible(), { timeout: 15_000 })
      .toBe(true);
    await parentApi.call('PUT', `/api/dishes/${dish._id}`, { name: 'Tomato chowder', price: '7' });
    await publicPage.reload();
    await expect
      .poll(() => publicPage.getByText('Tomato chowder').first().isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await publicPage.getByText('Tomato soup').count()).toBe(0);

    // At phone size, from the parent's account.
    const mobile = await journey.browser.newContext({
      viewport: phone,
      baseURL: journey.server.url,
      isMobile: true,
    });
    await mobile.addInitScript((key) => localStorage.setItem(key, '2026-01-01T00:00:00.000Z'), tourKey);
    const small = await mobile.newPage();
    await signInThroughUi(small, owner.username, owner.password);
    await small.goto('/add-restaurant');
    await expect
      .poll(() => small.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
      .toBe('Add Location');
    await small.screenshot({ path: path.join(shots, 'add-restaurant-390.png'), fullPage: true });
    await expectNoSeriousViolation(small, '/add-restaurant at 390 px');
    await mobile.close();
    await context.close();
  });
});
