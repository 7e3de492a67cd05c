import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiFor, signInApi } from './support/api.ts';
import { desktop, phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { signInThroughUi } from './support/owner.ts';
import { eventually, expectNoSeriousViolation, screenshotPath, settled } from './support/page.ts';

/**
 * Where sessions end and addresses lead nowhere (issue 11 §9): a session the server ends says so on
 * /login and returns to the page the user was on; a signed-out visit to a private page returns there
 * after signing in; an unknown address, signed in, stays inside the app's shell and says 404 once; an
 * admin opening an owner's page reads words meant for staff.
 */

const journey = useJourney(
  {
    CAPTCHA: 'off',
    SEED_DEMO: 'true',
    SUPER_ADMIN_EMAIL: 'root@carte.test',
    SUPER_ADMIN_PASSWORD: 'Admin12345',
  },
  { mail: false },
);
let tourKey: string;

beforeAll(async () => {
  const api = apiFor(journey.server.url, await signInApi(journey.server.url, 'demo', 'Demo1234'));
  tourKey = `carte.tourSeen.${(await api.call<{ _id: string }>('GET', '/api/users/me'))._id}`;
});

const sessionEndedText = 'Your session has ended. Please sign in again.';
const count = async (page: Page, text: string) =>
  ((await page.locator('body').innerText()).match(new RegExp(text, 'g')) ?? []).length;

async function newPage(viewport = desktop): Promise<Page> {
  const context = await journey.browser.newContext({ viewport, baseURL: journey.server.url });
  // The demo owner's first-visit tour belongs to another journey.
  await context.addInitScript((key) => localStorage.setItem(key, '2026-01-01T00:00:00.000Z'), tourKey);
  return context.newPage();
}

describe('sessions', () => {
  it('a session the server ends says so on /login and leads back to the page after signing in', async () => {
    const page = await newPage();
    await signInThroughUi(page, 'demo', 'Demo1234');
    await page.goto('/settings?tab=profile');
    await eventually(() => page.getByRole('heading', { name: 'Business profile' }).isVisible(), 20_000);

    // The server no longer knows the session: its tokens are refused, the refresh fails.
    await page.evaluate(() => {
      localStorage.setItem('carte.accessToken', 'revoked.access.token');
      localStorage.setItem('carte.refreshToken', 'revoked-refresh-token');
    });
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 });
    await eventually(() => page.getByText(sessionEndedText, { exact: true }).isVisible());
    expect(await page.getByRole('status').filter({ hasText: sessionEndedText }).count()).toBe(1);
    await page.screenshot({ path: screenshotPath('login-session-ended-1280') });

    await page.getByLabel('Username or email').fill('demo');
    await page.getByLabel(/^Password/).fill('Demo1234');
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL((url) => url.pathname === '/settings', { timeout: 30_000 });
    expect(new URL(page.url()).search).toBe('?tab=profile');
    await eventually(() => page.getByRole('heading', { name: 'Business profile' }).isVisible(), 20_000);
    await page.context().close();
  });

  it('signing out on purpose says nothing about an ended session, and signing in goes home', async () => {
    const page = await newPage();
    await signInThroughUi(page, 'demo', 'Demo1234');
    await page.goto('/media-section');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await settled(page);
    expect(await page.getByText(sessionEndedText).count()).toBe(0);
    await signInThroughUi(page, 'demo', 'Demo1234');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });

  it('a signed-out visit to a private page returns there after signing in', async () => {
    const page = await newPage();
    await page.goto('/media-section');
    await page.waitForURL((url) => url.pathname === '/login');
    // Nobody's session ended here: no such notice.
    expect(await page.getByText(sessionEndedText).count()).toBe(0);
    await page.getByLabel('Username or email').fill('demo');
    await page.getByLabel(/^Password/).fill('Demo1234');
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL((url) => url.pathname === '/media-section', { timeout: 30_000 });
    await page.context().close();
  });
});

describe('dead ends of the app', () => {
  for (const [size, viewport] of [
    ['1280', desktop],
    ['390', phone],
  ] as const) {
    it(`an unknown address, signed in, stays in the shell and says 404 once (${size} px)`, async () => {
      const page = await newPage(viewport);
      await signInThroughUi(page, 'demo', 'Demo1234');
      await page.goto('/no-such-page');
      await eventually(() => page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).isVisible());
      expect(await count(page, '404')).toBe(1);
      // The app's shell is there: its header names the restaurant, the menu button or navigation.
      await eventually(() => page.getByText('Carte Street Kitchen').first().isVisible());
      await page.getByRole('link', { name: 'Back to home' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto('/no-such-page');
      await eventually(() => page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).isVisible());
      await page.screenshot({ path: screenshotPath(`not-found-signed-in-${size}`) });
      await expectNoSeriousViolation(page, `404 signed in at ${size} px`);
      await page.context().close();
    });
  }

  it('signed out, the 404 page stands alone and leads to sign-in', async () => {
    const page = await newPage();
    await page.goto('/no-such-page');
    await eventually(() => page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).isVisible());
    expect(await count(page, '404')).toBe(1);
    expect(await page.getByRole('link', { name: 'Go to sign in' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('an admin opening an owner page reads words meant for staff', async () => {
    const page = await newPage();
    await page.goto('/login');
    await page.getByLabel('Username or email').fill('admin');
    await page.getByLabel(/^Password/).fill('Admin12345');
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL((url) => url.pathname === '/admin/dashboard', { timeout: 30_000 });
    await page.goto('/settings');
    await eventually(() => page.getByText(/open its owner from the admin area/).isVisible());
    expect(await page.getByText('Ask the restaurant owner').count()).toBe(0);
    await page.getByRole('link', { name: 'Back to the admin dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/dashboard');
    await page.context().close();
  });
});
