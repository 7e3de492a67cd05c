import { readFileSync } from 'node:fs';
import type { BrowserContext, Download, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeImage } from '../apps/server/test/qr-decode.ts';
import { type Api, apiFor, signInApi } from './support/api.ts';
import { desktop, phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { registerVerifiedOwner, signInThroughUi } from './support/owner.ts';
import {
  eventually,
  expectNoHorizontalOverflow,
  expectNoSeriousViolation,
  screenshotPath,
  toast,
} from './support/page.ts';

/**
 * Menu displays (issue 15): the owner builds the restaurant's layout in the editor — a zone
 * "Terrace" with two displays — by mouse and by keyboard, is refused a menu twice in one display,
 * renames a display, reloads and finds it saved; the display's public address shows only its menus
 * and its downloaded QR code leads there. The editor is photographed at 1280 and 390 px and checked
 * with axe. Then (issue 22) the owner adds a location and lays out its displays in the same editor:
 * the location's own menu goes only to its displays, the parent's menu too.
 */

const journey = useJourney({ CAPTCHA: 'off', BILLING_PROVIDER: 'off' });
let owner: Awaited<ReturnType<typeof registerVerifiedOwner>>;
let api: Api;
let userId: string;

/** A published menu with one category of one dish, named `name` (the owner's unless `as` says). */
async function publishedMenu(name: string, as: Api = api) {
  const dish = await as.call<{ _id: string }>('POST', '/api/dishes', { name: `${name} special`, price: 12 });
  const category = await as.call<{ _id: string }>('POST', '/api/categories', {
    name: `${name} plates`,
    dishes: [dish._id],
  });
  await as.call('POST', '/api/menus', { name, categories: [{ category: category._id }], draft: false });
}

beforeAll(async () => {
  owner = await registerVerifiedOwner(journey.server.url, journey.sink, `disp${Date.now().toString(36)}`);
  api = apiFor(journey.server.url, await signInApi(journey.server.url, owner.username, owner.password));
  userId = (await api.call<{ _id: string }>('GET', '/api/users/me'))._id;
  for (const name of ['Lunch', 'Dinner', 'Brunch']) await publishedMenu(name);
});

async function ownerPage(viewport: {
  width: number;
  height: number;
}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await journey.browser.newContext({
    viewport,
    baseURL: journey.server.url,
    acceptDownloads: true,
  });
  // The first sign-in's tour belongs to another journey.
  await context.addInitScript(
    (key) => localStorage.setItem(key, '2026-01-01T00:00:00.000Z'),
    `carte.tourSeen.${userId}`,
  );
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: journey.server.url });
  const page = await context.newPage();
  await signInThroughUi(page, owner.username, owner.password);
  return { context, page };
}

/** Drags with the mouse, as a person does: press, move a little, move over the target, release. */
async function dragWithMouse(page: Page, source: Locator, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 + 6, { steps: 4 });
  await page.mouse.move(to.x + 24, to.y + 16, { steps: 12 });
  await page.mouse.move(to.x + 26, to.y + 18, { steps: 2 });
  await page.mouse.up();
}

/** The announcement dnd-kit makes for screen readers (its live region). */
const announced = (page: Page) =>
  page.locator('[id^="DndLiveRegion"]').first().textContent({ timeout: 2_000 });

/**
 * Drags with the keyboard: focus the item, Space to pick it up, the arrow keys until the screen
 * reader hears it is over the target, Space to drop.
 */
async function dragWithKeyboard(page: Page, source: Locator, targetName: string) {
  await source.focus();
  await page.keyboard.press('Space');
  await eventually(async () => (await announced(page))?.startsWith('Picked up') ?? false);
  for (let step = 0; step < 8; step += 1) {
    const before = await announced(page);
    await page.keyboard.press('ArrowDown');
    // Each press jumps to the next target, which the live region announces.
    await eventually(async () => (await announced(page)) !== before);
    if ((await announced(page))?.includes(`is over ${targetName}.`)) break;
  }
  expect(await announced(page)).toContain(`is over ${targetName}.`);
  await page.keyboard.press('Space');
  await eventually(async () => (await announced(page))?.includes(`dropped on ${targetName}`) ?? false);
}

const saved = (page: Page) =>
  eventually(() => page.getByText('All changes saved', { exact: true }).isVisible());

const menusOf = async (display: Locator) =>
  (await display.getByRole('list').getByRole('listitem').allInnerTexts()).map((text) => text.trim());

async function rename(page: Page, scope: Locator, from: string, to: string) {
  await scope
    .getByRole('button', { name: `Rename ${from}`, exact: true })
    .first()
    .click();
  const field = scope.getByRole('textbox').first();
  await field.fill(to);
  await field.press('Enter');
  await saved(page);
}

describe('the layout editor', () => {
  it('builds a zone with two displays by mouse and keyboard, refuses a duplicate, renames, and keeps it all', async () => {
    const { context, page } = await ownerPage(desktop);
    await page.getByRole('link', { name: 'Menu displays' }).click();
    await page.waitForURL('**/menu-display');
    await eventually(() => page.getByRole('heading', { name: 'Display Types' }).isVisible());
    // doc 2 §2: the editor collapses the navigation and takes the full width.
    expect(await page.getByRole('button', { name: 'Expand navigation' }).isVisible()).toBe(true);
    // Group and Shared are shown, disabled.
    expect(await page.locator('[aria-disabled="true"]', { hasText: 'Group' }).isVisible()).toBe(true);
    expect(await page.locator('[aria-disabled="true"]', { hasText: 'Shared' }).isVisible()).toBe(true);

    const location = page.getByRole('region', { name: `Location ${owner.restaurantName}` });
    await eventually(() => location.getByText('No zones yet.', { exact: false }).isVisible());

    // A zone by mouse, renamed Terrace.
    await dragWithMouse(page, page.getByRole('button', { name: /^Zone:/ }), location);
    await saved(page);
    await rename(page, location, 'Zone 1', 'Terrace');
    const terrace = page.getByRole('region', { name: 'Zone Terrace' });
    await eventually(() => terrace.isVisible());

    // Two displays: one by mouse, one by keyboard.
    await dragWithMouse(page, page.getByRole('button', { name: /^Menu Display:/ }), terrace);
    await saved(page);
    await dragWithKeyboard(page, page.getByRole('button', { name: /^Menu Display:/ }), 'zone Terrace');
    await saved(page);
    const table1 = page.getByRole('region', { name: 'Menu display Table 1' });
    const table2 = page.getByRole('region', { name: 'Menu display Table 2' });
    await eventually(() => table2.isVisible());

    // Menus: Lunch by keyboard, Dinner by mouse; Lunch again is refused with the specification's text.
    await dragWithKeyboard(page, page.getByRole('button', { name: /^Menu Lunch:/ }), 'menu display Table 1');
    await saved(page);
    await dragWithMouse(page, page.getByRole('button', { name: /^Menu Dinner:/ }), table1);
    await saved(page);
    await eventually(async () => (await menusOf(table1)).length === 2);
    expect(await menusOf(table1)).toEqual(['Lunch', 'Dinner']);
    await dragWithMouse(page, page.getByRole('button', { name: /^Menu Lunch:/ }), table1);
    await toast(page, 'Menu already exists in this map');
    expect(await menusOf(table1)).toEqual(['Lunch', 'Dinner']);

    // Brunch on Table 2, then Table 2 renamed.
    await dragWithMouse(page, page.getByRole('button', { name: /^Menu Brunch:/ }), table2);
    await saved(page);
    await rename(page, table2, 'Table 2', 'Window table');
    const window = page.getByRole('region', { name: 'Menu display Window table' });

    // Everything was saved: a reload shows it as it was left.
    await page.reload();
    await eventually(() => page.getByRole('region', { name: 'Zone Terrace' }).isVisible());
    expect(await menusOf(table1)).toEqual(['Lunch', 'Dinner']);
    expect(await menusOf(window)).toEqual(['Brunch']);

    // The display's address: copied, it opens a public menu of its own menus only.
    await table1.getByRole('button', { name: 'Copy Menu URL' }).click();
    await toast(page, 'Menu URL has been copied successfully to clipboard');
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toMatch(new RegExp(`^${journey.server.url}/menu/[0-9a-f]{24}/[0-9a-f]{24}$`));

    // Its QR code, downloaded, decodes to that address.
    await table1.getByRole('button', { name: 'Download or Print' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('menuitem', { name: 'PNG image' }).click(),
    ]);
    const png = readFileSync((await (download as Download).path())!);
    expect(await decodeImage(png)).toBe(url);

    const diner = await context.newPage();
    await diner.goto(url);
    await eventually(() => diner.getByText('Choose a menu:').isVisible());
    const names = await diner.locator('body').innerText();
    expect(names).toContain('Lunch');
    expect(names).toContain('Dinner');
    expect(names).not.toContain('Brunch');
    await diner.close();

    await expectNoSeriousViolation(page, 'menu displays editor 1280');
    await page.screenshot({ path: screenshotPath('menu-displays-1280'), fullPage: true });
    await context.close();
  });

  it('reads and works at 390 px', async () => {
    const { context, page } = await ownerPage(phone);
    await page.goto('/menu-display');
    await eventually(() => page.getByRole('region', { name: 'Zone Terrace' }).isVisible());
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousViolation(page, 'menu displays editor 390');
    await page.screenshot({ path: screenshotPath('menu-displays-390'), fullPage: true });
    // The panel folds away, leaving the layout.
    await page.getByRole('button', { name: 'Hide display types and menus' }).click();
    await eventually(() => page.getByRole('button', { name: 'Show display types and menus' }).isVisible());
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: screenshotPath('menu-displays-390-panel-hidden'), fullPage: true });
    await context.close();
  });

  it("lays out a location's displays under the parent, with the location's own menus (issue 22)", async () => {
    const me = await api.call<{ restaurants: { _id: string }[] }>('GET', '/api/users/me');
    const tag = Date.now().toString(36);
    const locationName = `Downtown ${tag}`;
    const added = await api.call<{ accessToken: string }>('POST', '/api/restaurants/add', {
      username: `disp_loc_${tag}`,
      restaurantName: locationName,
      isLocation: true,
      parent: me.restaurants[0]!._id,
    });
    const locationApi = apiFor(journey.server.url, added.accessToken);
    await publishedMenu('Oysters', locationApi);

    const { context, page } = await ownerPage(desktop);
    await page.goto('/menu-display');
    const location = page.getByRole('region', { name: `Location ${locationName}` });
    await eventually(() => location.isVisible());
    expect(
      await page.getByRole('heading', { name: `Locations of ${owner.restaurantName}` }).isVisible(),
    ).toBe(true);
    // The panel offers the location's own menu in a group of its own.
    const group = page.getByRole('group', { name: `Menus of ${locationName}` });
    expect(await group.getByRole('button', { name: /^Menu Oysters:/ }).isVisible()).toBe(true);

    // A zone by mouse, a display by keyboard, the location's menu by keyboard (only its displays take
    // it, so the arrow keys go straight there), the parent's Lunch by mouse.
    await dragWithMouse(page, page.getByRole('button', { name: /^Zone:/ }), location);
    await saved(page);
    await dragWithKeyboard(
      page,
      page.getByRole('button', { name: /^Menu Display:/ }),
      `zone Zone 1 at ${locationName}`,
    );
    await saved(page);
    await dragWithKeyboard(
      page,
      page.getByRole('button', { name: /^Menu Oysters:/ }),
      `menu display Table 1 at ${locationName}`,
    );
    await saved(page);
    const table = location.getByRole('region', { name: 'Menu display Table 1' });
    await dragWithMouse(page, page.getByRole('button', { name: /^Menu Lunch:/ }), table);
    await saved(page);
    await eventually(async () => (await menusOf(table)).length === 2);
    expect((await menusOf(table)).map((text) => text.split('\n')[0])).toEqual(['Oysters', 'Lunch']);

    // The location's own account sees the same tree, and its display's page shows both menus.
    const own = await locationApi.call<{
      locations: { _id: string; zones: { maps: { url: string; menus: { menu: { name: string } }[] }[] }[] }[];
    }>('GET', '/api/maps');
    expect(own.locations).toHaveLength(1);
    const display = own.locations[0]!.zones[0]!.maps[0]!;
    expect(display.menus.map((entry) => entry.menu.name)).toEqual(['Oysters', 'Lunch']);
    expect(display.url).toContain(`/menu/${own.locations[0]!._id}/`);
    const publicPage = await (await fetch(display.url)).text();
    expect(publicPage).toContain('Oysters');
    expect(publicPage).toContain('Lunch');

    await expectNoSeriousViolation(page, 'menu displays editor with a location 1280');
    // From the top: a full-page picture of a scrolled page draws the fixed header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath('menu-displays-location-1280'), fullPage: true });
    await context.close();

    const phoneView = await ownerPage(phone);
    await phoneView.page.goto('/menu-display');
    await eventually(() =>
      phoneView.page.getByRole('region', { name: `Location ${locationName}` }).isVisible(),
    );
    await expectNoHorizontalOverflow(phoneView.page);
    await expectNoSeriousViolation(phoneView.page, 'menu displays editor with a location 390');
    await phoneView.page.screenshot({ path: screenshotPath('menu-displays-location-390'), fullPage: true });
    await phoneView.context.close();
  });
});
