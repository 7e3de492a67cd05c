import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { CustomerMenu, QuickEdit } from '@carte/domain';
import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor, signInApi } from './support/api.ts';
import { desktop, phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { signInThroughUi } from './support/owner.ts';
import { expectNoSeriousViolation, toast } from './support/page.ts';

/**
 * Quick edit (/toggle-list, doc 2 §2, §4): the demo owner switches a dish off with the keyboard and
 * saves; the public page no longer shows it on the next request. Then, with the subscription gone,
 * publishing a menu and switching a dish off in one save: the dish is saved, the menu is not, the
 * toast says "(except menus)" and the "Subscribe required" dialog opens. The page is audited with
 * axe and photographed at 1280 and 390 px into test-results/screenshots/.
 */

const shots = path.resolve(import.meta.dirname, '../test-results/screenshots');
const journey = useJourney({ CAPTCHA: 'off', SEED_DEMO: 'true' }, { mail: false });
let api: Api;
let restaurantId: string;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  api = apiFor(journey.server.url, await signInApi(journey.server.url, 'demo', 'Demo1234'));
  const me = await api.call<{ restaurants: { _id: string }[] }>('GET', '/api/users/me');
  restaurantId = me.restaurants[0]!._id;
  // Only the demo's All Day menu stays published, so the public page shows it at any hour.
  const menus = await api.call<{ _id: string; name: string }[]>('GET', '/api/menus');
  for (const menu of menus.filter((item) => item.name !== 'All Day'))
    await api.call('PUT', `/api/menus/${menu._id}`, { draft: true });
});

const banner = (page: Page) => page.getByText("You haven't saved your changes!");

/** Signs in and opens Quick edit: from the navigation on a desktop, by its address on a phone. */
async function openQuickEdit(context: BrowserContext, fromNavigation = true): Promise<Page> {
  const page = await context.newPage();
  await signInThroughUi(page, 'demo', 'Demo1234');
  if (fromNavigation) {
    await page.getByRole('link', { name: 'Quick edit' }).first().click();
    await page.waitForURL('**/toggle-list');
  } else {
    await page.goto('/toggle-list');
  }
  await expect
    .poll(() => page.getByRole('heading', { name: 'Dishes', level: 2 }).isVisible(), { timeout: 20_000 })
    .toBe(true);
  expect(await banner(page).isVisible()).toBe(false);
  return page;
}

async function publicDishes(): Promise<string[]> {
  const answer = await fetch(`${journey.server.url}/api/menus/customer?restaurantId=${restaurantId}`);
  const menu = ((await answer.json()) as { message: CustomerMenu }).message;
  return menu.menus.flatMap((item) =>
    item.categories.flatMap((category) => category.dishes.map((dish) => dish.name)),
  );
}

type Section = 'Menus' | 'Dishes' | 'Ingredients';
/** A switch of one section (a dish and an ingredient may share a name). */
const switchOf = (page: Page, section: Section, name: string) =>
  page.getByRole('region', { name: section }).getByRole('switch', { name, exact: true });

/** Turns a switch with the keyboard, as a keyboard user would. */
async function flip(page: Page, section: Section, name: string) {
  await switchOf(page, section, name).focus();
  await page.keyboard.press('Space');
}

describe('quick edit', () => {
  it('a dish switched off and saved leaves the public page on the next request', async () => {
    const shownBefore = await publicDishes();
    const dish = shownBefore[0]!;
    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const page = await openQuickEdit(context);

    // The diner's page, read before the change (the public menu's cache holds it).
    const diner = await context.newPage();
    await diner.goto(`/menu/${restaurantId}`);
    expect(await diner.getByText(dish, { exact: true }).first().isVisible()).toBe(true);

    await page.getByLabel('Search by name').fill(dish);
    const control = switchOf(page, 'Dishes', dish);
    expect(await control.isChecked()).toBe(true);
    await flip(page, 'Dishes', dish);
    expect(await control.isChecked()).toBe(false);
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    expect(await page.getByText('1 unsaved change').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Changes have been made successfully');
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    expect(await control.isChecked()).toBe(false);

    await diner.reload();
    expect(await diner.getByText(dish, { exact: true }).count()).toBe(0);
    expect(await publicDishes()).not.toContain(dish);

    // Back on, for the next journey's public page.
    await flip(page, 'Dishes', dish);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    await diner.reload();
    expect(await diner.getByText(dish, { exact: true }).first().isVisible()).toBe(true);
    await context.close();
  });

  it('shows "Failed to load data" when the switches cannot be read', async () => {
    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const page = await context.newPage();
    await signInThroughUi(page, 'demo', 'Demo1234');
    await page.route('**/api/settings/quick-edit*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, confirmation: 'Fail', message: 'Something went wrong.' }),
      }),
    );
    await page.goto('/toggle-list');
    await expect
      .poll(() => page.getByText('Failed to load data').isVisible(), { timeout: 20_000 })
      .toBe(true);
    await page.unroute('**/api/settings/quick-edit*');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Dishes', level: 2 }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByText('Failed to load data').isVisible()).toBe(false);
    await context.close();
  });

  it('passes axe and is photographed at 1280 px', async () => {
    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const page = await openQuickEdit(context);
    await expectNoSeriousViolation(page, 'quick edit 1280');
    await page.screenshot({ path: path.join(shots, 'toggle-list-1280.png'), fullPage: true });
    await context.close();
  });

  it('passes axe and is photographed at 390 px, with a change waiting', async () => {
    const context = await journey.browser.newContext({
      viewport: phone,
      baseURL: journey.server.url,
      hasTouch: true,
    });
    const page = await openQuickEdit(context, false);
    const quick = await api.call<QuickEdit>('GET', '/api/settings/quick-edit');
    await flip(page, 'Ingredients', quick.ingredients![0]!.name);
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    await expectNoSeriousViolation(page, 'quick edit 390');
    await page.screenshot({ path: path.join(shots, 'toggle-list-390.png'), fullPage: true });
    await page.screenshot({ path: path.join(shots, 'toggle-list-390-viewport.png') });
    // Nothing scrolls sideways at phone width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });

  it('without a subscription, publishing fails: the rest is saved, the toast says so and the dialog opens', async () => {
    // The subscription ends (as the billing portal would leave it), the published menu stays published.
    const client = new pg.Client({ connectionString: journey.server.databaseUrl });
    await client.connect();
    await client.query(`update subscriptions set status = 'canceled' where restaurant_id = $1`, [
      restaurantId,
    ]);
    await client.end();

    const quick = await api.call<QuickEdit>('GET', '/api/settings/quick-edit');
    const draft = quick.menus!.find((menu) => !menu.checked)!;
    const dish = (await publicDishes())[0]!;

    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const page = await openQuickEdit(context);
    await flip(page, 'Menus', draft.name);
    await flip(page, 'Dishes', dish);
    expect(await page.getByText('2 unsaved changes').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    await toast(page, 'Changes have been made successfully (except menus)');
    const dialog = page.getByRole('dialog', { name: 'Subscribe required' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(
      await dialog
        .getByText('In order to publish this menu, you have to subscribe to the product.')
        .isVisible(),
    ).toBe(true);
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // The dish is saved, the menu is not: the page shows what the server holds.
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    expect(await switchOf(page, 'Menus', draft.name).isChecked()).toBe(false);
    expect(await switchOf(page, 'Dishes', dish).isChecked()).toBe(false);
    const after = await api.call<QuickEdit>('GET', '/api/settings/quick-edit');
    expect(after.menus!.find((menu) => menu._id === draft._id)?.checked).toBe(false);
    expect(await publicDishes()).not.toContain(dish);

    // The dialog shows the plan's prices (issue 22); with no single menu to come back to, a plan
    // leads to /subscribe.
    await flip(page, 'Menus', draft.name);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText('per month').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Subscribe monthly' }).click();
    await page.waitForURL('**/subscribe');
    await context.close();
  });
});
