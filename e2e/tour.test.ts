import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFor, signInApi } from './support/api.ts';
import { desktop, phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { registerVerifiedOwner, signInThroughUi } from './support/owner.ts';
import { eventually, expectNoSeriousViolation, screenshotPath, settled } from './support/page.ts';

/**
 * The first-login tour (doc 1 §2; issue 22, item 4): it starts on a new owner's first visit of the
 * dashboard, about a second after the dashboard shows; it shows only the steps that the user's
 * permissions and the restaurant's state make useful; it never blocks the page (no backdrop, no
 * focus trap: the page's controls answer while a step is open); and axe finds nothing serious with
 * it open, at 1280 and 390 px.
 */

const journey = useJourney({ CAPTCHA: 'off', BILLING_PROVIDER: 'local' });

const tour = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Skip tour' }) });

/** The titles of every step, read by going through the tour with "Next" to its "Done". */
async function walkTour(page: Page): Promise<string[]> {
  const titles: string[] = [];
  for (let step = 0; step < 20; step++) {
    await settled(page);
    titles.push((await tour(page).locator('.mantine-Tour-title').textContent()) ?? '');
    const done = tour(page).getByRole('button', { name: 'Done', exact: true });
    if (await done.isVisible()) {
      await done.click();
      break;
    }
    await tour(page).getByRole('button', { name: 'Next', exact: true }).click();
  }
  await eventually(async () => (await tour(page).count()) === 0);
  return titles;
}

/** Signs in and answers how long after the dashboard's address the tour's first step showed. */
async function signInAndMeetTour(page: Page, username: string, password: string): Promise<number> {
  await signInThroughUi(page, username, password);
  const start = Date.now();
  await eventually(() => tour(page).isVisible(), 20_000);
  return Date.now() - start;
}

describe('the first-login tour', () => {
  it('starts on a new owner’s first visit, never blocks the page, and passes axe (1280 px)', async () => {
    const owner = await registerVerifiedOwner(journey.server.url, journey.sink, undefined, {
      timeZone: 'UTC',
    });
    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const page = await context.newPage();
    const took = await signInAndMeetTour(page, owner.username, owner.password);
    console.info(`tour shown ${took} ms after the dashboard's address (new owner, 1280 px)`);

    // It starts at the checklist, with what is left of it.
    expect(await tour(page).getByText('Start here').isVisible()).toBe(true);
    expect(
      await tour(page).getByText('Six steps left to a menu on your tables.', { exact: false }).isVisible(),
    ).toBe(true);
    // No backdrop over the page, and the step's element is outlined instead.
    expect(await page.locator('.mantine-Tour-overlay').count()).toBe(0);
    expect(await page.locator('[data-tour-current]').getAttribute('data-tour')).toBe('getting-started');
    await expectNoSeriousViolation(page, 'dashboard with the tour open at 1280 px');
    await page.screenshot({ path: screenshotPath('tour-new-owner-1280') });

    // The page answers while the tour is open: the help pop-up opens and closes, the tour stays.
    await page.getByRole('button', { name: 'Help' }).click();
    await eventually(() => page.getByRole('menuitem', { name: 'Report an issue' }).isVisible());
    await page.getByRole('button', { name: 'Help' }).click();
    await eventually(
      async () => (await page.getByRole('menuitem', { name: 'Report an issue' }).count()) === 0,
    );
    expect(await tour(page).isVisible()).toBe(true);

    // Only the steps with something to point at for a new owner: no tables or board yet.
    const titles = await walkTour(page);
    expect(titles[0]).toBe('Start here');
    expect(titles).toEqual(
      expect.arrayContaining(['Create a menu', 'Members', 'Settings', 'Subscribe', 'Report an issue']),
    );
    for (const absent of ['Add categories', 'Add dishes', 'Add ingredients', 'Print menus'])
      expect(titles).not.toContain(absent);
    expect(await page.locator('[data-tour-current]').count()).toBe(0);

    // Once per user: remembered when it started.
    const user = await page.evaluate(
      () => JSON.parse(localStorage.getItem('carte.user') ?? '{}')._id as string,
    );
    expect(await page.evaluate((id) => localStorage.getItem(`carte.tourSeen.${id}`), user)).not.toBeNull();
    await context.close();
  });

  it('on a phone it starts too, leaves the closed navigation out, and points at Help', async () => {
    const owner = await registerVerifiedOwner(journey.server.url, journey.sink, undefined, {
      timeZone: 'UTC',
    });
    const api = apiFor(
      journey.server.url,
      await signInApi(journey.server.url, owner.username, owner.password),
    );
    // A menu with a dish in a category: the board, the tables and the public menu card show.
    const menu = await api.call<{ _id: string }>('POST', '/api/menus', { name: 'Lunch' });
    const dish = await api.call<{ _id: string }>('POST', '/api/dishes', {
      name: 'Tomato soup',
      price: '6.50',
    });
    await api.call('POST', '/api/categories', { name: 'Soups', dishes: [dish._id], menu: menu._id });

    const context = await journey.browser.newContext({ viewport: phone, baseURL: journey.server.url });
    const page = await context.newPage();
    const took = await signInAndMeetTour(page, owner.username, owner.password);
    console.info(`tour shown ${took} ms after the dashboard's address (owner with a menu, 390 px)`);
    expect(await tour(page).getByText('Three steps left', { exact: false }).isVisible()).toBe(true);
    await expectNoSeriousViolation(page, 'dashboard with the tour open at 390 px');
    await page.screenshot({ path: screenshotPath('tour-owner-390') });
    const titles = await walkTour(page);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Start here',
        'Add categories',
        'Add dishes',
        'Print menus',
        'Report an issue',
      ]),
    );
    // The side navigation is in a closed drawer on a phone: its steps are left out.
    for (const absent of ['Menus', 'Members', 'Settings', 'Subscribe']) expect(titles).not.toContain(absent);
    await context.close();
  });

  it('an invited member with dish permission only sees the steps that concern dishes', async () => {
    const owner = await registerVerifiedOwner(journey.server.url, journey.sink, undefined, {
      timeZone: 'UTC',
    });
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
    const address = `mira_${Date.now().toString(36)}@carte.test`;
    await ownerApi.call('POST', '/api/members', {
      email: address,
      firstName: 'Mira',
      lastName: 'Stone',
      permissions: { dish: true },
    });
    const mail = await journey.sink.waitFor((m) => m.to.includes(address), 20_000);
    const token = new URL(
      mail.links.find((href) => href.includes('/member-verify-account?token='))!,
    ).searchParams.get('token');
    const username = `mira_${Date.now().toString(36)}`;
    const completed = await fetch(`${journey.server.url}/api/members/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token,
        username,
        phoneNumber: '+12025550143',
        password: 'Welcome123',
        confirm_password: 'Welcome123',
      }),
    });
    expect(completed.status, await completed.clone().text()).toBe(200);

    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const page = await context.newPage();
    await signInAndMeetTour(page, username, 'Welcome123');
    await page.screenshot({ path: screenshotPath('tour-member-1280') });
    const titles = await walkTour(page);
    expect(titles).toEqual(expect.arrayContaining(['Add dishes', 'Media', 'Quick edit', 'Report an issue']));
    for (const absent of [
      'Start here',
      'Create a menu',
      'Add ingredients',
      'Members',
      'Settings',
      'Subscribe',
      'Account',
    ])
      expect(titles).not.toContain(absent);
    await context.close();
  });
});
