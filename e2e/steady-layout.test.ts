import { beforeAll, describe, expect, it } from 'vitest';
import { demoIds, openScreen, ownerScreens } from './every-screen-routes.ts';
import { desktop, phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { layoutShift, watchLayoutShifts } from './support/layout-shift.ts';
import { signInThroughUi } from './support/owner.ts';
import { eventually, screenshotPath } from './support/page.ts';

/**
 * A dashboard that does not jump (issue 22, item 7): the demo owner's dashboard and settings, each
 * opened afresh at 1280×800 and 390×844, shift their layout by less than 0.1 in all while their
 * data loads (skeletons of the final size, counts only once known), and the long pages offer jump
 * links to their sections.
 */

const journey = useJourney({ CAPTCHA: 'off', SEED_DEMO: 'true', BILLING_PROVIDER: 'local' }, { mail: false });
let userId: string;
let token: string;

beforeAll(async () => {
  const login = await fetch(`${journey.server.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'Demo1234' }),
  });
  const session = ((await login.json()) as { message: { accessToken: string; user: { _id: string } } })
    .message;
  userId = session.user._id;
  token = session.accessToken;
});

const pages = [
  { name: 'dashboard', url: '/', links: 'Dashboard sections' },
  { name: 'settings', url: '/settings', links: 'Settings sections' },
];

describe('owner pages that do not jump', () => {
  for (const viewport of [desktop, phone]) {
    it(`the dashboard and settings shift by less than 0.1 at ${viewport.width} px`, async () => {
      const context = await journey.browser.newContext({ viewport, baseURL: journey.server.url });
      // The first sign-in's tour is another journey's (e2e/tour.test.ts).
      await context.addInitScript(
        (key) => localStorage.setItem(key, '2026-01-01T00:00:00.000Z'),
        `carte.tourSeen.${userId}`,
      );
      await watchLayoutShifts(context);
      const page = await context.newPage();
      await signInThroughUi(page, 'demo', 'Demo1234');
      for (const screen of pages) {
        await openScreen(page, screen);
        const shift = await layoutShift(page);
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        console.info(
          `layout shift ${screen.url} at ${viewport.width} px: ${shift.total.toFixed(3)} (page ${height} px)${
            shift.shifts.length ? `\n  ${shift.shifts.join('\n  ')}` : ''
          }`,
        );
        await page.screenshot({
          path: screenshotPath(`steady-${screen.name}-${viewport.width}`),
          fullPage: true,
        });
        expect
          .soft(shift.total, `${screen.url} at ${viewport.width} px: ${shift.shifts.join('; ')}`)
          .toBeLessThan(0.1);
        // The long page's jump links reach their last section, below the pinned header.
        const last = page.getByRole('navigation', { name: screen.links }).getByRole('link').last();
        const id = ((await last.getAttribute('href')) ?? '').slice(1);
        await last.click();
        await eventually(() =>
          page.evaluate((target) => {
            const top = document.getElementById(target)?.getBoundingClientRect().top ?? -1;
            // Scrolled down to it, and it shows below the header (the last one may sit low: the page ends).
            return window.scrollY > 0 && top >= 60 && top < window.innerHeight - 40;
          }, id),
        );
      }
      await context.close();
    });
  }

  // Every owner screen of the route table (e2e/every-screen-routes.ts), opened afresh at both sizes.
  for (const viewport of [desktop, phone]) {
    it(`every owner screen shifts by less than 0.1 at ${viewport.width} px`, {
      timeout: 600_000,
    }, async () => {
      const screens = ownerScreens(await demoIds(journey.server.url, token));
      const context = await journey.browser.newContext({ viewport, baseURL: journey.server.url });
      await context.addInitScript(
        (key) => localStorage.setItem(key, '2026-01-01T00:00:00.000Z'),
        `carte.tourSeen.${userId}`,
      );
      await watchLayoutShifts(context);
      const page = await context.newPage();
      await signInThroughUi(page, 'demo', 'Demo1234');
      const jumps: string[] = [];
      const figures: string[] = [];
      for (const screen of screens) {
        await openScreen(page, screen);
        const shift = await layoutShift(page);
        figures.push(`${screen.url} ${shift.total.toFixed(3)}`);
        if (shift.total >= 0.1)
          jumps.push(`${screen.url}: ${shift.total.toFixed(3)} (${shift.shifts.join('; ')})`);
      }
      console.info(`layout shift at ${viewport.width} px: ${figures.join(', ')}`);
      await context.close();
      expect(jumps).toEqual([]);
    });
  }
});
