import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type Api, apiFor } from './support/api.ts';
import { desktop, phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';

/**
 * The Content-Security-Policy in a real browser (docs/security.md, "Headers"): the owner app signs
 * in through the login page with the ALTCHA widget solving (a Web Worker from a blob: URL), opens the
 * dashboard with the menu preview and the dish form with its rich text editor and image cropper; a
 * diner opens the demo's public menu, which hydrates, opens the filters and a dish page; Swagger UI
 * and the test billing portal load too. Any `securitypolicyviolation` event (how the browser reports
 * a refusal to the page), any console error and any uncaught error fails the journey. Each page first
 * proves that a policy is enforced there and that a violation would be seen: an injected inline
 * script does not run and is reported.
 */

// The real anti-bot check and the demo food truck (its All Day menu is served at any hour).
const journey = useJourney({ CAPTCHA: 'altcha', SEED_DEMO: 'true' }, { mail: false });
let token: string;
let api: Api;
let restaurantId: string;

/** What went wrong in a context: violations reported by the pages, console errors, page errors. */
interface Watch {
  context: BrowserContext;
  violations: string[];
  consoleErrors: string[];
  pageErrors: string[];
}

async function watchedContext(options: Parameters<Browser['newContext']>[0]): Promise<Watch> {
  const context = await journey.browser.newContext({ baseURL: journey.server.url, ...options });
  const watch: Watch = { context, violations: [], consoleErrors: [], pageErrors: [] };
  // A binding outlives navigations, unlike anything kept in a page.
  await context.exposeBinding('__cspViolation', (_source, text: string) => {
    watch.violations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __cspViolation: (text: string) => void }).__cspViolation;
      report(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  context.on('console', (message) => {
    if (message.type() === 'error') watch.consoleErrors.push(message.text());
  });
  context.on('weberror', (error) => watch.pageErrors.push(String(error.error())));
  return watch;
}

/** Nothing was refused, no error was logged, nothing threw. */
function expectClean(watch: Watch) {
  expect(watch.violations).toEqual([]);
  expect(watch.consoleErrors).toEqual([]);
  expect(watch.pageErrors).toEqual([]);
}

/**
 * The page's answer carries a policy, and it is enforced and watched: an inline script put into the
 * page does not run and is reported. The report is then forgotten, so only real ones remain.
 */
async function expectEnforced(page: Page, response: Response | null, watch: Watch, directive: RegExp) {
  expect(response?.headers()['content-security-policy']).toMatch(directive);
  // An inline script that is let in runs as it is inserted; one that is refused raises the
  // page's violation event: the answer is known at either.
  const ran = await page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const injectedRan = () => (window as unknown as { __injectedRan?: boolean }).__injectedRan === true;
        document.addEventListener('securitypolicyviolation', () => resolve(injectedRan()), { once: true });
        const script = document.createElement('script');
        script.textContent = 'window.__injectedRan = true;';
        document.body.append(script);
        if (injectedRan()) resolve(true);
      }),
  );
  expect(ran).toBe(false);
  await expect.poll(() => watch.violations.length).toBe(1);
  expect(watch.violations[0]).toMatch(/^script-src(-elem)? blocked inline/);
  watch.violations.length = 0;
  watch.consoleErrors.length = 0;
}

describe('under the Content-Security-Policy', () => {
  it('the owner signs in with ALTCHA, sees the dashboard and its preview, and writes in the dish form', async () => {
    const watch = await watchedContext({ viewport: desktop });
    const page = await watch.context.newPage();

    const login = await page.goto('/login');
    await page.getByLabel('Username or email').waitFor();
    await expectEnforced(page, login, watch, /script-src 'self'(;|$)/);
    await page.getByLabel('Username or email').fill('demo');
    await page.getByLabel(/^Password/).fill('Demo1234');
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
    // ALTCHA solved in its worker: the server accepted the proof.
    token = (await page.evaluate(() => localStorage.getItem('carte.accessToken'))) ?? '';
    expect(token).not.toBe('');
    api = apiFor(journey.server.url, token);
    restaurantId = (await api.call<{ restaurants: { _id: string }[] }>('GET', '/api/users/me'))
      .restaurants[0]!._id;

    // The dashboard, and the preview drawing the selected menu with its own <style>.
    await expect
      .poll(() => page.getByText('Al Pastor Taco').first().isVisible(), { timeout: 30_000 })
      .toBe(true);
    // The first sign-in's tour comes first.
    await page.getByRole('button', { name: 'Skip tour' }).click();
    await page
      .getByRole('button', { name: /^Preview( menu)?$/ })
      .first()
      .click();
    await expect.poll(() => page.getByText('Guest preview').isVisible()).toBe(true);

    // The dish form: the rich text editor and the image cropper (a picked file shown from blob:).
    await page.goto('/create-dish?new');
    const editor = page.locator('.ProseMirror');
    await editor.click();
    await page.keyboard.type('Slow-cooked and ');
    await page.keyboard.press('Control+B');
    await page.keyboard.type('smoky');
    await expect.poll(() => editor.locator('strong').textContent()).toBe('smoky');
    const picture = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2a9d8f' } })
      .jpeg()
      .toBuffer();
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'taco.jpg', mimeType: 'image/jpeg', buffer: picture });
    const crop = page.getByRole('dialog', { name: 'Crop image' });
    await expect
      .poll(() =>
        crop
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(400);
    await crop.getByRole('button', { name: 'Use image' }).click();
    await expect.poll(() => crop.isVisible(), { timeout: 15_000 }).toBe(false);

    expectClean(watch);
    await watch.context.close();
  });

  it('a diner opens the public menu, which hydrates, filters and opens a dish', async () => {
    await api.call('POST', '/api/restaurants/set-filter', { enabled: true });
    const allDay = (await api.call<{ _id: string; name: string }[]>('GET', '/api/menus')).find(
      (menu) => menu.name === 'All Day',
    )!;
    const watch = await watchedContext({ viewport: phone, isMobile: true, hasTouch: true });
    const diner = await watch.context.newPage();

    const response = await diner.goto(`/menu/${restaurantId}?menu=${allDay._id}`);
    expect(response?.status()).toBe(200);
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain(`script-src ${journey.server.url}/public-menu/;`);
    expect(policy).toContain('frame-ancestors *');
    await diner.waitForFunction(() => document.documentElement.classList.contains('cm-js'));
    await expectEnforced(diner, response, watch, /default-src 'none'/);

    // The filters, drawn by the script: the address follows the choice without a reload.
    await diner.locator('summary', { hasText: 'Filters' }).click();
    await diner.getByRole('checkbox', { name: 'Vegan' }).check();
    await expect.poll(() => new URL(diner.url()).searchParams.getAll('diet')).toEqual(['Vegan']);
    await diner.getByRole('checkbox', { name: 'Vegan' }).uncheck();
    await expect.poll(() => new URL(diner.url()).searchParams.getAll('diet')).toEqual([]);
    await diner.locator('summary', { hasText: 'Filters' }).click();

    // A dish page, opened by the script.
    await diner.getByRole('link', { name: 'Al Pastor Taco', exact: true }).click();
    await expect.poll(() => new URL(diner.url()).pathname).toMatch(/\/dish\//);
    await expect.poll(() => diner.getByRole('heading', { level: 1 }).textContent()).toBe('Al Pastor Taco');

    expectClean(watch);
    await watch.context.close();
  });

  it('Swagger UI and the test billing portal load under their own policies', async () => {
    const watch = await watchedContext({ viewport: desktop });
    const page = await watch.context.newPage();

    const docs = await page.goto('/api/docs');
    await expect.poll(() => page.getByText('Carte API').first().isVisible(), { timeout: 30_000 }).toBe(true);
    await expectEnforced(page, docs, watch, /script-src 'self'/);

    const { url } = await api.call<{ url: string }>('POST', '/api/subscription/customer-portal-session', {
      url: '/subscribe',
    });
    const portal = await page.goto(url);
    expect(portal?.status()).toBe(200);
    await expect.poll(() => page.getByText('Back to Carte').isVisible()).toBe(true);
    await expectEnforced(page, portal, watch, /default-src 'none'/);

    expectClean(watch);
    await watch.context.close();
  });
});
