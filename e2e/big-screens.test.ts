import pg from 'pg';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK, makeDemoBig, signInDemo } from './support/big-restaurant.ts';
import { desktop, launchBrowser } from './support/browser.ts';
import { eventually, screenshotPath } from './support/page.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * The owner's screens at a big restaurant's size (issue 21 §6, decisions "Owner screens at 10,000
 * dishes"): quick edit opens in under a second and saves one switch; the dish form finds a side dish
 * by search on the server; the ingredients screen finds one. The whole dish list is never asked for.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'true', CAPTCHA: 'off' });
  browser = await launchBrowser();
  await makeDemoBig(server.databaseUrl);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Every /api read (GET) the page makes, to prove no whole big list was read. */
function recordApi(page: Page): URL[] {
  const urls: URL[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) urls.push(url);
  });
  return urls;
}

async function dishAvailable(name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const result = await client.query('SELECT is_available FROM dishes WHERE name = $1', [name]);
    return result.rows[0].is_available as boolean;
  } finally {
    await client.end();
  }
}

describe(`a restaurant with ${BULK.toLocaleString('en')} more dishes and ingredients`, () => {
  it('opens quick edit in under a second, and saves one switch', async () => {
    const context = await browser.newContext({ viewport: desktop, baseURL: server.url });
    const page = await context.newPage();
    await signInDemo(page);
    // From a light screen, as an owner moves through the app: the navigation link, then the rows.
    await page.goto('/create-ingredient');
    await eventually(() => page.getByRole('table', { name: 'Ingredients' }).isVisible(), 15_000);
    const requests = recordApi(page);

    const started = Date.now();
    await page.getByRole('link', { name: 'Quick edit' }).first().click();
    const dishes = page.getByRole('region', { name: 'Dishes' });
    await dishes.getByRole('switch').first().waitFor({ state: 'visible', timeout: 15_000 });
    const opened = Date.now() - started;
    console.info(
      `big screens: quick edit of ${BULK.toLocaleString('en')} dishes showed its first row in ${opened} ms`,
    );
    expect(opened).toBeLessThan(1_000);
    // Each section is one page of 50 with its pager; the count is the whole section's.
    expect(await dishes.getByRole('switch').count()).toBe(50);
    expect(await dishes.getByText(/^10,?0\d\d$/).isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('big-screens-quick-edit'), fullPage: false });

    // Found by search on the server, switched off, saved: only that switch is sent.
    await page.getByPlaceholder('Search by name').fill('Bulk dish 9876');
    const target = dishes.getByRole('switch', { name: 'Bulk dish 9876', exact: true });
    await target.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await dishes.getByRole('switch').count()).toBe(1);
    await target.focus();
    await page.keyboard.press('Space');
    await eventually(() => page.getByText('1 unsaved change').isVisible(), 5_000);
    const saved = page.waitForRequest(
      (request) => request.method() === 'PUT' && request.url().endsWith('/api/settings/quick-edit'),
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const body = (await saved).postDataJSON() as { dishes: unknown[]; ingredients: unknown[] };
    expect(body.dishes).toHaveLength(1);
    expect(body.ingredients).toEqual([]);
    await eventually(() => page.getByText('Changes have been made successfully').isVisible(), 10_000);
    expect(await dishAvailable('Bulk dish 9876')).toBe(false);
    await eventually(async () => !(await target.isChecked()), 10_000);

    // The whole answer was never asked for: every read named a section's page.
    const reads = requests.filter((url) => url.pathname === '/api/settings/quick-edit');
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.filter((url) => !url.searchParams.has('page'))).toEqual([]);
    await context.close();
  }, 120_000);

  it('finds a side dish by search in the dish form, never reading the whole dish list', async () => {
    const context = await browser.newContext({ viewport: desktop, baseURL: server.url });
    const page = await context.newPage();
    await signInDemo(page);
    const requests = recordApi(page);
    await page.goto('/create-dish?new');
    const form = page.getByRole('dialog', { name: 'Create dish' });
    await eventually(() => form.getByText(/dishes: type a name to find one faster/).isVisible(), 15_000);
    await form.getByPlaceholder('Search dishes').fill('Bulk dish 4321');
    const side = form.getByRole('checkbox', { name: 'Bulk dish 4321', exact: true });
    await side.waitFor({ state: 'visible', timeout: 10_000 });
    await side.click();
    await eventually(() => form.getByText('Chosen (1)').isVisible(), 5_000);
    // The chosen dish is still shown by name when the search is cleared and "Chosen" is picked.
    await form.getByPlaceholder('Search dishes').fill('');
    await form.getByText('Chosen (1)').click();
    await eventually(() => side.isVisible(), 10_000);
    await page.screenshot({ path: screenshotPath('big-screens-side-dishes'), fullPage: false });
    const dishReads = requests.filter((url) => url.pathname === '/api/dishes');
    expect(dishReads.some((url) => url.searchParams.get('search') === 'Bulk dish 4321')).toBe(true);
    expect(dishReads.filter((url) => !url.searchParams.has('page'))).toEqual([]);
    await context.close();
  }, 120_000);

  it('finds an ingredient by search on the ingredients screen', async () => {
    const context = await browser.newContext({ viewport: desktop, baseURL: server.url });
    const page = await context.newPage();
    await signInDemo(page);
    const started = Date.now();
    await page.goto('/create-ingredient');
    const table = page.getByRole('table', { name: 'Ingredients' });
    await eventually(() => page.getByText(/^1–10 of 10,?0\d\d$/).isVisible(), 10_000);
    console.info(
      `big screens: the ingredients screen loaded and showed its first page in ${Date.now() - started} ms`,
    );
    await page.getByPlaceholder('Search ingredients').fill('Bulk spice 9876');
    await eventually(async () => (await table.locator('tbody tr').count()) === 1, 10_000);
    await expect.poll(() => table.locator('tbody tr').first().textContent()).toContain('Bulk spice 9876');
    await context.close();
  }, 120_000);
});
