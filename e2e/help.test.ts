import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { desktop, phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { registerVerifiedOwner, signInThroughUi } from './support/owner.ts';
import { expectNoSeriousViolation } from './support/page.ts';

/**
 * The help pop-up of doc 1 §2 in a real browser: it sits in the owner app's header, opens the six
 * help pages Carte serves (by mouse and by keyboard), and its two mail links go to SUPPORT_EMAIL
 * with the subjects ISSUE REPORT and INQUIRY. The pages are readable signed out too, pass axe (no
 * serious or critical violation) and run under the app's Content-Security-Policy without a
 * violation, a console error or an uncaught error.
 */

const SUPPORT = 'help@carte.test';
const topics = [
  { name: 'Help', path: '/help' },
  { name: 'Side Dishes', path: '/help/side-dishes' },
  { name: 'CSV Documents', path: '/help/csv-documents' },
  { name: 'Uploading Images', path: '/help/uploading-images' },
  { name: 'Using Customizations', path: '/help/using-customizations' },
  { name: 'QR Codes', path: '/help/qr-codes' },
];

const journey = useJourney({ CAPTCHA: 'off', SUPPORT_EMAIL: SUPPORT });

/** A context whose CSP violations, console errors and page errors are collected. */
async function watchedContext(options: Parameters<Browser['newContext']>[0]) {
  const context = await journey.browser.newContext({ baseURL: journey.server.url, ...options });
  const problems: string[] = [];
  await context.exposeBinding('__cspViolation', (_source, text: string) => {
    problems.push(`CSP: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __cspViolation: (text: string) => void }).__cspViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  context.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  context.on('weberror', (error) => problems.push(`page: ${String(error.error())}`));
  return { context, problems };
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
/** The page's title, once its lazily loaded chunk has drawn it. */
const expectTitle = (page: Page, title: string) =>
  expect.poll(() => heading(page).textContent(), { timeout: 15_000 }).toBe(title);
/** The address, once the router has moved. */
const expectPath = (page: Page, path: string) =>
  expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(path);

async function openHelpMenu(page: Page) {
  await page.getByRole('button', { name: 'Help', exact: true }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu;
}

/** A mail link's address and fields. */
function mailto(href: string | null) {
  const url = new URL(href ?? '');
  return {
    protocol: url.protocol,
    to: decodeURIComponent(url.pathname),
    subject: url.searchParams.get('subject'),
    body: url.searchParams.get('body'),
  };
}

let context: BrowserContext | undefined;
afterAll(async () => {
  await context?.close();
});

describe('the help pop-up', () => {
  it('opens from the header, lists the six help pages and the two mail links to the support address', async () => {
    const owner = await registerVerifiedOwner(journey.server.url, journey.sink);
    const watch = await watchedContext({ viewport: desktop });
    context = watch.context;
    const page = await context.newPage();
    await signInThroughUi(page, owner.username, owner.password);
    await page.goto('/create-ingredient');
    await heading(page).waitFor();

    const menu = await openHelpMenu(page);
    const items = await menu.getByRole('menuitem').allTextContents();
    expect(items.map((text) => text.trim())).toEqual([
      ...topics.map((topic) => topic.name),
      'Report an issue',
      'Send an inquiry',
    ]);

    const report = mailto(await menu.getByRole('menuitem', { name: 'Report an issue' }).getAttribute('href'));
    expect(report).toMatchObject({ protocol: 'mailto:', to: SUPPORT, subject: 'ISSUE REPORT' });
    // The report names the page it was sent from.
    expect(report.body).toContain(`${journey.server.url}/create-ingredient`);
    const inquiry = mailto(
      await menu.getByRole('menuitem', { name: 'Send an inquiry' }).getAttribute('href'),
    );
    expect(inquiry).toMatchObject({ protocol: 'mailto:', to: SUPPORT, subject: 'INQUIRY', body: null });

    // Each page, from the pop-up, in the app's shell.
    await page.keyboard.press('Escape');
    for (const topic of topics) {
      const opened = await openHelpMenu(page);
      await opened.getByRole('menuitem', { name: topic.name, exact: true }).click();
      await expectPath(page, topic.path);
      await expectTitle(page, topic.name);
      // Written help: sections under the title, and the mail links at the foot.
      expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(2);
      expect(
        mailto(await page.getByRole('link', { name: 'Send an inquiry' }).getAttribute('href')),
      ).toMatchObject({ to: SUPPORT, subject: 'INQUIRY' });
      // Still signed in, in the owner's shell.
      expect(await page.getByRole('button', { name: 'Account menu' }).isVisible()).toBe(true);
    }

    expect(watch.problems).toEqual([]);
  });

  it('is reachable by keyboard: open with Enter, move with the arrows, follow with Enter', async () => {
    const page = await context!.newPage();
    await page.goto('/create-ingredient');
    await heading(page).waitFor();
    await page.getByRole('button', { name: 'Help', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    for (let i = 0; i < 10 && (await focused()) !== 'Using Customizations'; i++) {
      await page.keyboard.press('ArrowDown');
    }
    expect(await focused()).toBe('Using Customizations');
    await page.keyboard.press('Enter');
    await expectPath(page, '/help/using-customizations');
    await expectTitle(page, 'Using Customizations');
    await page.close();
  });

  it('the CSV page links to the real templates, which download', async () => {
    const page = await context!.newPage();
    await page.goto('/help/csv-documents');
    await heading(page).waitFor();
    for (const kind of ['ingredients', 'categories', 'dishes']) {
      const link = page.getByRole('link', { name: `${kind}.csv` });
      expect(await link.getAttribute('href')).toBe(`/templates/${kind}.csv`);
      const response = await fetch(`${journey.server.url}/templates/${kind}.csv`);
      expect(response.status).toBe(200);
      expect((await response.text()).split('\n')[0]).toMatch(/^name,/);
    }
    await page.close();
  });
});

describe('help without signing in', () => {
  it('the sign-in page links to help, and every help page reads on a phone with its own pop-up', async () => {
    const watch = await watchedContext({ viewport: phone, isMobile: true, hasTouch: true });
    const page = await watch.context.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Help', exact: true }).click();
    await expectPath(page, '/help');
    await expectTitle(page, 'Help');

    for (const topic of topics.slice(1)) {
      const menu = await openHelpMenu(page);
      await menu.getByRole('menuitem', { name: topic.name, exact: true }).click();
      await expectTitle(page, topic.name);
      // Nothing wider than the phone but the tables, which scroll on their own.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, topic.path).toBeLessThanOrEqual(0);
    }
    const menu = await openHelpMenu(page);
    expect(
      mailto(await menu.getByRole('menuitem', { name: 'Report an issue' }).getAttribute('href')),
    ).toMatchObject({ to: SUPPORT, subject: 'ISSUE REPORT' });
    await page.keyboard.press('Escape');

    expect(await page.getByRole('link', { name: 'Sign in', exact: true }).isVisible()).toBe(true);
    expect(watch.problems).toEqual([]);
    await watch.context.close();
  });

  it('axe finds no serious or critical violation on a help page, on a phone and on a desktop', async () => {
    for (const viewport of [phone, desktop]) {
      const audited = await journey.browser.newContext({ baseURL: journey.server.url, viewport });
      const page = await audited.newPage();
      await page.goto('/help/csv-documents');
      await expectTitle(page, 'CSV Documents');
      await expectNoSeriousViolation(page, `/help/csv-documents at ${viewport.width} px`);
      await audited.close();
    }
  });

  it('an unknown help page says so and leads back to help', async () => {
    const page = await journey.browser.newPage({ baseURL: journey.server.url, viewport: desktop });
    await page.goto('/help/nothing-here');
    await expectTitle(page, 'Page not found');
    await page.getByRole('link', { name: 'See all help' }).click();
    await expectTitle(page, 'Help');
    await page.close();
  });
});
