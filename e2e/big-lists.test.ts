import pg from 'pg';
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { BULK, makeDemoBig, signInDemo } from './support/big-restaurant.ts';
import { desktop } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { eventually, screenshotPath } from './support/page.ts';

/**
 * The owner's screens at a big restaurant's size (issue 21 §6): the demo restaurant with 10,000 more
 * dishes opens its dishes screen in seconds, asks the server one page at a time (never the whole
 * list), pages and sorts there and finds a dish by search; 10,000 ingredients and 600 categories
 * (past the tables' threshold of 500) page on the server too, and so do the admin's Users and
 * Restaurants tables past 600 restaurants and the team table past 600 members.
 */

/**
 * 600 restaurants with an owner each, and 600 members of the demo restaurant (issue 21, more server
 * pages): the admin's Users and Restaurants tables and the team table pass 500 rows.
 */
async function addRestaurantsAndTeam(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const owners = await client.query(
      `WITH made AS (
         INSERT INTO restaurants (id, name, time_zone)
         SELECT substr(md5(random()::text || n::text), 1, 24), 'Bulk bistro ' || n, 'UTC'
         FROM generate_series(1, 600) AS n RETURNING id, name)
       INSERT INTO users (id, username, email, role, person_id, restaurant_id)
       SELECT substr(md5(random()::text || id), 1, 24), 'bulk_owner_' || split_part(name, ' ', 3),
              'bulk_owner_' || split_part(name, ' ', 3) || '@carte.test', 'RESTAURANT',
              substr(md5(random()::text || id || 'p'), 1, 24), id
       FROM made`,
    );
    expect(owners.rowCount).toBe(600);
    const team = await client.query(
      `INSERT INTO users (id, username, email, first_name, last_name, role, person_id, restaurant_id, created_at)
       SELECT substr(md5(random()::text || n::text), 1, 24), 'bulk_member_' || n, 'bulk_member_' || n || '@carte.test',
              'Bulk', 'Member ' || n, 'MEMBER', substr(md5(random()::text || n::text || 'p'), 1, 24), u.restaurant_id,
              now() - make_interval(secs => 600 - n)
       FROM generate_series(1, 600) AS n, (SELECT restaurant_id FROM users WHERE username = 'demo') AS u`,
    );
    expect(team.rowCount).toBe(600);
  } finally {
    await client.end();
  }
}

const journey = useJourney({ SEED_DEMO: 'true', CAPTCHA: 'off' }, { mail: false });

beforeAll(async () => {
  await makeDemoBig(journey.server.databaseUrl);
  await addRestaurantsAndTeam(journey.server.databaseUrl);
}, 120_000);

describe('a restaurant with 10,000 dishes, 10,000 ingredients and 600 categories', () => {
  it('opens the dishes screen in seconds, a page at a time, and finds a dish by search', async () => {
    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
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
    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
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
    await page.getByPlaceholder('Search ingredients').fill('Bulk spice 4242');
    await eventually(async () => (await table.locator('tbody tr').count()) === 1, 10_000);
    await expect.poll(() => table.locator('tbody tr').first().textContent()).toContain('Bulk spice 4242');
    await context.close();
  }, 120_000);

  it('opens the categories screen past 500 categories on a server page and finds one by search', async () => {
    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
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

  it("the admin's Users and Restaurants tables past 500 rows page on the server and find one by search", async () => {
    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const page: Page = await context.newPage();
    const requests: URL[] = [];
    page.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/admin/users' || url.pathname === '/api/admin/restaurants')
        requests.push(url);
    });
    await page.goto('/login');
    await page.getByLabel('Username or email').fill('root@carte.test');
    await page.getByLabel(/^Password/).fill('RootPass123');
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL((url) => url.pathname === '/admin/dashboard', { timeout: 30_000 });

    const restaurants = page.getByRole('region', { name: 'Restaurants' });
    await eventually(() => restaurants.getByText(/^1–10 of 6\d\d$/).isVisible(), 10_000);
    await restaurants.getByRole('textbox').fill('Bulk bistro 321');
    await eventually(async () => (await restaurants.locator('tbody tr').count()) === 1, 10_000);
    await expect
      .poll(() => restaurants.locator('tbody tr').first().textContent())
      .toContain('bulk_owner_321');
    const users = page.getByRole('region', { name: 'Users' });
    await eventually(() => users.getByText(/^1–10 of 6\d\d$/).isVisible(), 10_000);
    await users.getByRole('textbox').fill('bulk_owner_432');
    await eventually(async () => (await users.locator('tbody tr').count()) === 1, 10_000);
    await page.screenshot({ path: screenshotPath('big-lists-admin'), fullPage: false });
    // Never the whole list: every call asked for a page.
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((url) => url.searchParams.has('page'))).toBe(true);
    expect(requests.some((url) => url.searchParams.get('search') === 'Bulk bistro 321')).toBe(true);
    await context.close();
  }, 120_000);

  it('the team table past 500 members pages on the server', async () => {
    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const page: Page = await context.newPage();
    await signInDemo(page);
    const requests: URL[] = [];
    page.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/members') requests.push(url);
    });
    await page.goto('/members');
    await eventually(() => page.getByText(/^1–10 of 6\d\d$/).isVisible(), 10_000);
    await eventually(() => page.getByRole('heading', { name: /^Members \(6\d\d\)$/ }).isVisible(), 10_000);
    const table = page.getByRole('table', { name: 'Members' });
    await page.getByRole('button', { name: 'Next page' }).click();
    await eventually(() => page.getByText(/^11–20 of 6\d\d$/).isVisible(), 10_000);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(10);
    await page.screenshot({ path: screenshotPath('big-lists-members'), fullPage: false });
    expect(requests.every((url) => url.searchParams.has('page'))).toBe(true);
    expect(requests.some((url) => url.searchParams.get('page') === '2')).toBe(true);
    await context.close();
  }, 120_000);
});
