import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK, makeDemoBig, signInDemo } from './support/big-restaurant.ts';
import { desktop, launchBrowser } from './support/browser.ts';
import { eventually, screenshotPath } from './support/page.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * The owner's screens at a big restaurant's size (issue 21 §6): the demo restaurant with 10,000 more
 * dishes opens its dishes screen in seconds, asks the server one page at a time (never the whole
 * list), pages and sorts there and finds a dish by search; 10,000 ingredients and 600 categories
 * (past the tables' threshold of 500) page on the server too.
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

describe('a restaurant with 10,000 dishes, 10,000 ingredients and 600 categories', () => {
  it('opens the dishes screen in seconds, a page at a time, and finds a dish by search', async () => {
    const context = await browser.newContext({ viewport: desktop, baseURL: server.url });
    const page: Page = await context.newPage();
    await signInDemo(page);

    const dishRequests: URL[] = [];
    page.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/dishes') dishRequests.push(url);
    });

    const started = Date.now();
    await page.goto('/create-dish');
    const table = page.getByRole('table', { name: 'Dishes' });
    // The footer counts every dish (the demo's own and the 10,000): the list is large.
    await eventually(() => page.getByText(/^1–10 of 10,?0\d\d$/).isVisible(), 10_000);
    await eventually(async () => (await table.locator('tbody tr').count()) === 10, 10_000);
    const opened = Date.now() - started;
    console.info(
      `big lists: the dishes screen of ${BULK.toLocaleString('en')} dishes showed its first page in ${opened} ms`,
    );
    expect(opened).toBeLessThan(5_000);
    // Newest first (the table's default order): the last bulk dish leads.
    await expect.poll(() => table.locator('tbody tr').first().textContent()).toContain('Bulk dish 10000');
    await page.screenshot({ path: screenshotPath('big-lists-dishes'), fullPage: false });

    // The pager and the column headers ask the server for the page and the order.
    await page.getByRole('button', { name: 'Next page' }).click();
    await eventually(() => page.getByText(/^11–20 of 10,?0\d\d$/).isVisible(), 10_000);
    await table.getByRole('button', { name: /^Name/ }).click();
    await eventually(
      async () =>
        dishRequests.some(
          (url) => url.searchParams.get('sort') === 'name' && url.searchParams.get('order') === 'asc',
        ),
      10_000,
    );
    await eventually(() => page.getByText(/^1–10 of 10,?0\d\d$/).isVisible(), 10_000);

    await page.getByPlaceholder('Search dishes').fill('bulk dish 7777');
    await eventually(
      () => page.getByRole('link', { name: 'Bulk dish 7777', exact: true }).isVisible(),
      10_000,
    );
    await eventually(async () => (await table.locator('tbody tr').count()) === 1, 10_000);

    // Every request for the list named a page: the whole list was never asked for.
    expect(dishRequests.length).toBeGreaterThan(0);
    expect(dishRequests.filter((url) => !url.searchParams.has('page'))).toEqual([]);
    expect(dishRequests.some((url) => url.searchParams.get('search') === 'bulk dish 7777')).toBe(true);
    await context.close();
  }, 120_000);

  it('opens the ingredients screen of 10,000 more ingredients on a server page and finds one by search', async () => {
    const context = await browser.newContext({ viewport: desktop, baseURL: server.url });
    const page: Page = await context.newPage();
    await signInDemo(page);
    const started = Date.now();
    await page.goto('/create-ingredient');
    const table = page.getByRole('table', { name: 'Ingredients' });
    await eventually(() => page.getByText(/^1–10 of 10,?0\d\d$/).isVisible(), 10_000);
    const opened = Date.now() - started;
    console.info(
      `big lists: the ingredients screen of ${BULK.toLocaleString('en')} ingredients showed its first page in ${opened} ms`,
    );
    expect(opened).toBeLessThan(5_000);
    await page.getByPlaceholder('Search ingredients').fill('Bulk spice 4242');
    await eventually(async () => (await table.locator('tbody tr').count()) === 1, 10_000);
    await expect.poll(() => table.locator('tbody tr').first().textContent()).toContain('Bulk spice 4242');
    await context.close();
  }, 120_000);

  it('opens the categories screen past 500 categories on a server page and finds one by search', async () => {
    const context = await browser.newContext({ viewport: desktop, baseURL: server.url });
    const page: Page = await context.newPage();
    await signInDemo(page);
    const requests: URL[] = [];
    page.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/categories') requests.push(url);
    });
    await page.goto('/create-category');
    const table = page.getByRole('table', { name: 'Categories' });
    await eventually(() => page.getByText(/^1–10 of 6\d\d$/).isVisible(), 10_000);
    await page.getByPlaceholder('Search categories').fill('Bulk section 321');
    await eventually(async () => (await table.locator('tbody tr').count()) === 1, 10_000);
    await expect.poll(() => table.locator('tbody tr').first().textContent()).toContain('Bulk section 321');
    expect(requests.some((url) => url.searchParams.get('search') === 'Bulk section 321')).toBe(true);
    await context.close();
  }, 120_000);
});
