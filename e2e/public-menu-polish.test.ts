import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor, everyDay, setMenuTimeline, signInApi } from './support/api.ts';
import { desktop, phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import {
  eventually,
  expectNoHorizontalOverflow,
  expectNoSeriousViolation,
  screenshotPath,
} from './support/page.ts';

/**
 * The diner's page, polished (issue 11 §5, §8), in a real browser on the demo food truck: the menu's
 * web font is fetched from this server and applied (no other host is asked for anything); the
 * category bar marks the section in view as the diner scrolls; a link to a closed menu says when it
 * is served and offers what is open; a dead restaurant link gets a friendly page. Screenshots at
 * 390 and 1280 px.
 */
const journey = useJourney({ CAPTCHA: 'off', SEED_DEMO: 'true' }, { mail: false });
let api: Api;
let restaurantId: string;
let dinner: { _id: string; name: string };
let lunch: { _id: string; name: string };
let lunchHours: string;

beforeAll(async () => {
  api = apiFor(journey.server.url, await signInApi(journey.server.url, 'demo', 'Demo1234'));
  const me = await api.call<{ restaurants: { _id: string }[] }>('GET', '/api/users/me');
  restaurantId = me.restaurants[0]!._id;
  const menus = await api.call<{ _id: string; name: string }[]>('GET', '/api/menus');
  lunch = menus.find((menu) => menu.name === 'Lunch')!;
  dinner = menus.find((menu) => menu.name === 'Dinner')!;
  // Dinner is served all day in the Classic template, drawn in Playfair Display and Lato.
  await api.call('PUT', `/api/menus/${dinner._id}`, {
    selectedTemplate: 'Classic Template',
    fonts: { primary: 'Playfair Display', secondary: 'Lato', tertiary: 'Lato' },
  });
  await setMenuTimeline(journey.server, api, dinner._id, {
    valid: { ...everyDay, startTime: '00:00', endTime: '00:00' },
    twentyFourHoursMenuAvailable: true,
  });
  // Lunch is served for an hour, two hours from now on the truck's clock: closed now.
  const customer = await (
    await fetch(`${journey.server.url}/api/menus/customer?restaurantId=${restaurantId}`)
  ).json();
  const zone = (customer as { message: { restaurant: { timeZone: string } } }).message.restaurant.timeZone;
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(
      new Date(),
    ),
  );
  const at = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
  await setMenuTimeline(journey.server, api, lunch._id, {
    valid: { ...everyDay, startTime: at(hour + 2), endTime: at(hour + 3) },
    twentyFourHoursMenuAvailable: false,
  });
  lunchHours = `${at(hour + 2)}–${at(hour + 3)}`;
});

async function open(viewport: typeof phone, address: string) {
  const context = await journey.browser.newContext({
    viewport,
    baseURL: journey.server.url,
    ...(viewport === phone ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const response = await page.goto(address);
  return { page, response, requests, close: () => context.close() };
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.classList.contains('cm-js'));

describe('the menu in its own web font', () => {
  it('loads the chosen fonts from this server only, applies them, and swaps them in', async () => {
    for (const [viewport, name] of [
      [phone, 'menu-web-font-390'],
      [desktop, 'menu-web-font-1280'],
    ] as const) {
      const { page, response, requests, close } = await open(
        viewport,
        `/menu/${restaurantId}?menu=${dinner._id}`,
      );
      expect(response?.status()).toBe(200);
      await hydrated(page);
      await page.evaluate(() => document.fonts.ready);
      const fonts = await page.evaluate(() => ({
        loaded: [...document.fonts]
          .filter((face) => face.status === 'loaded')
          .map((face) => `${face.family.replaceAll('"', '')} ${face.weight}`),
        title: getComputedStyle(document.querySelector('.cm-title')!).fontFamily,
        text: getComputedStyle(document.querySelector('.cm-lede, .cm-desc')!).fontFamily,
        playfair: document.fonts.check('700 32px "Playfair Display"'),
        lato: document.fonts.check('400 16px Lato'),
      }));
      expect(fonts.title.startsWith('"Playfair Display"')).toBe(true);
      expect(fonts.text.startsWith('Lato')).toBe(true);
      expect(fonts.loaded).toContain('Playfair Display 700');
      expect(fonts.loaded).toContain('Lato 400');
      expect(fonts.playfair && fonts.lato).toBe(true);
      const fontFiles = requests.filter((url) => url.endsWith('.woff2'));
      expect(fontFiles.length).toBeGreaterThan(0);
      expect(
        fontFiles.every((url) => url.startsWith(`${journey.server.url}/public-menu/assets/fonts/`)),
      ).toBe(true);
      // Nothing from any other host: no font service, no CDN.
      expect(
        requests.filter((url) => !url.startsWith(journey.server.url) && !url.startsWith('data:')),
      ).toEqual([]);
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: screenshotPath(name), fullPage: false });
      await close();
    }
  });

  it('marks the section in view in the category bar, without moving anything', async () => {
    const { page, close } = await open(phone, `/menu/${restaurantId}?menu=${dinner._id}`);
    await hydrated(page);
    const links = page.locator('.cm-catnav a');
    expect(await links.count()).toBeGreaterThan(1);
    const second = links.nth(1);
    const before = await second.boundingBox();
    const target = (await second.getAttribute('href'))!.slice(1);
    await page.evaluate((id) => {
      const section = document.getElementById(id)!;
      window.scrollTo({
        top: section.getBoundingClientRect().top + window.scrollY - 40,
        behavior: 'instant',
      });
    }, target);
    await eventually(async () => (await second.getAttribute('aria-current')) === 'location');
    expect(await page.locator('.cm-catnav a[aria-current="location"]').count()).toBe(1);
    const after = await second.boundingBox();
    expect(after?.width).toBe(before?.width);
    expect(after?.height).toBe(before?.height);
    const colours = await second.evaluate((link) => getComputedStyle(link).backgroundColor);
    expect(colours).not.toBe('rgb(255, 255, 255)');
    await page.screenshot({ path: screenshotPath('menu-category-highlight-390') });
    await close();
  });
});

describe("the diner's dead ends", () => {
  it('a closed menu says when it is served and offers what is open now', async () => {
    for (const [viewport, name] of [
      [phone, 'closed-menu-390'],
      [desktop, 'closed-menu-1280'],
    ] as const) {
      const { page, response, close } = await open(viewport, `/menu/${restaurantId}?menu=${lunch._id}`);
      expect(response?.status()).toBe(200);
      await hydrated(page);
      await expect
        .poll(() => page.getByText(`Lunch is served ${lunchHours}, every day.`).isVisible())
        .toBe(true);
      expect(await page.getByText('Here is what we are serving right now.').isVisible()).toBe(true);
      expect(
        await page
          .getByRole('link', { name: /Dinner/ })
          .first()
          .isVisible(),
      ).toBe(true);
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: screenshotPath(name), fullPage: true });
      if (viewport === phone) {
        await expectNoSeriousViolation(page, 'closed menu');
        // The card leads to the open menu (its own page: the chooser's data holds cards only).
        await page
          .getByRole('link', { name: /Dinner/ })
          .first()
          .click();
        await page.waitForURL((url) => url.searchParams.get('menu') === dinner._id);
        await expect
          .poll(() => page.getByRole('heading', { level: 1, name: 'Dinner' }).isVisible())
          .toBe(true);
      }
      await close();
    }
  });

  it('a dead restaurant link answers 404 with a friendly page in the menu look', async () => {
    for (const [viewport, name] of [
      [phone, 'dead-link-390'],
      [desktop, 'dead-link-1280'],
    ] as const) {
      const { page, response, close } = await open(viewport, '/menu/0123456789abcdef01234567');
      expect(response?.status()).toBe(404);
      expect(await page.getByRole('heading', { level: 1, name: 'No menu found' }).isVisible()).toBe(true);
      expect(await page.getByText('Ask a member of staff for the current menu').isVisible()).toBe(true);
      const look = await page.evaluate(() => {
        const title = getComputedStyle(document.querySelector('.cm-title')!);
        return { size: Number.parseFloat(title.fontSize), align: title.textAlign };
      });
      expect(look.size).toBeGreaterThanOrEqual(32);
      expect(look.align).toBe('center');
      await expectNoHorizontalOverflow(page);
      if (viewport === phone) await expectNoSeriousViolation(page, 'dead link');
      await page.screenshot({ path: screenshotPath(name), fullPage: true });
      await close();
    }
  });
});
