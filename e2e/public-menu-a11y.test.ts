import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor, everyDay, setMenuTimeline, signInApi } from './support/api.ts';
import { phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';

/**
 * Accessibility of the public menu (issue: "axe finds no serious or critical violation on the public
 * menu, the chooser and the dish page"), at phone size, on the demo food truck's real content:
 * pictures, dietary tags, customizations, side dishes. The demo's Lunch and Dinner keep their
 * hours on the truck's clock, so here they are served all day (and a copy of Lunch with them), one
 * menu per template; the diner's filter panel is on, and the menu pages are read filtered to Vegan,
 * so the open panel and greyed dishes are checked too. Every rule axe runs by default is checked;
 * serious and critical violations fail, the others are printed.
 */

const journey = useJourney({ CAPTCHA: 'off', SEED_DEMO: 'true' }, { mail: false });
let context: BrowserContext;
let api: Api;
let restaurantId: string;
const templates = ['Classic Template', 'Pizza Restaurant', 'Sushi Restaurant'] as const;
const menuOf = new Map<(typeof templates)[number], { _id: string; name: string }>();

interface MenuRow {
  _id: string;
  name: string;
}

beforeAll(async () => {
  context = await journey.browser.newContext({
    viewport: phone,
    baseURL: journey.server.url,
    isMobile: true,
    hasTouch: true,
  });

  api = apiFor(journey.server.url, await signInApi(journey.server.url, 'demo', 'Demo1234'));
  const me = await api.call<{ restaurants: { _id: string }[] }>('GET', '/api/users/me');
  restaurantId = me.restaurants[0]!._id;
  const menus = await api.call<MenuRow[]>('GET', '/api/menus');
  const lunch = menus.find((menu) => menu.name === 'Lunch')!;
  const dinner = menus.find((menu) => menu.name === 'Dinner')!;
  const copy = await api.call<MenuRow>('POST', `/api/menus/${lunch._id}/copy`, { name: 'Late lunch' });
  const chosen = [lunch, dinner, copy];
  for (const [index, template] of templates.entries()) {
    const menu = chosen[index]!;
    await api.call('PUT', `/api/menus/${menu._id}`, { selectedTemplate: template, draft: false });
    await setMenuTimeline(journey.server, api, menu._id, {
      valid: { ...everyDay, startTime: '00:00', endTime: '00:00' },
      twentyFourHoursMenuAvailable: true,
    });
    menuOf.set(template, { _id: menu._id, name: menu.name });
  }
  await api.call('POST', '/api/restaurants/set-filter', {
    enabled: true,
    sort: { price: true, calories: true, alcoholPercentage: false },
  });
});

afterAll(async () => {
  await context?.close();
});

/** Opens an address, waits for the script to take over, and runs axe on the whole page. */
async function audit(page: Page, address: string, label: string) {
  const response = await page.goto(address);
  expect(response?.status(), address).toBe(200);
  await page.waitForFunction(() => document.documentElement.classList.contains('cm-js'));
  const results = await new AxeBuilder({ page }).analyze();
  const failing = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const others = results.violations.filter((violation) => !failing.includes(violation));
  const describe = (violation: (typeof results.violations)[number]) =>
    `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes.length}×: ${violation.nodes
      .slice(0, 3)
      .map((node) => node.target.join(' '))
      .join(' | ')})`;
  console.info(
    `axe ${label}: ${results.passes.length} rules pass, ${results.violations.length} violated, ${
      results.incomplete.length
    } to review by hand (${results.incomplete.map((item) => `${item.id} ${item.nodes.length}×`).join(', ') || 'none'})${
      results.violations.length ? `\n${results.violations.map(describe).join('\n')}` : ''
    }`,
  );
  expect(failing.map(describe), `${label}: serious or critical violations`).toEqual([]);
  return { others, results };
}

describe('the public menu passes axe at phone size (no serious or critical violation)', () => {
  it('the chooser', async () => {
    const page = await context.newPage();
    await audit(page, `/menu/${restaurantId}`, 'chooser');
    expect(await page.getByText('Choose a menu:').isVisible()).toBe(true);
    for (const menu of menuOf.values()) {
      expect(await page.getByRole('link', { name: menu.name }).first().isVisible()).toBe(true);
    }
    await page.close();
  });

  for (const template of templates) {
    it(`a menu in ${template}, filtered to Vegan (panel open, dishes greyed)`, async () => {
      const page = await context.newPage();
      const menu = menuOf.get(template)!;
      await audit(page, `/menu/${restaurantId}?menu=${menu._id}&diet=Vegan`, template);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(menu.name);
      expect(await page.locator('li[aria-disabled="true"]').count()).toBeGreaterThan(0);
      await page.close();
    });
  }

  it('a dish page with a picture, ingredients, customizations and side dishes', async () => {
    const lunch = menuOf.get('Classic Template')!;
    const answer = await (
      await fetch(`${journey.server.url}/api/menus/customer?restaurantId=${restaurantId}`)
    ).json();
    const dishes = (
      answer.message.menus as {
        _id: string;
        categories: {
          dishes: {
            _id: string;
            name: string;
            image: unknown;
            customizations: unknown[];
            sideDishes: unknown[];
          }[];
        }[];
      }[]
    )
      .find((menu) => menu._id === lunch._id)!
      .categories.flatMap((category) => category.dishes);
    const richest = [...dishes].sort(
      (a, b) =>
        Number(Boolean(b.image)) * 4 +
        b.customizations.length +
        b.sideDishes.length -
        (Number(Boolean(a.image)) * 4 + a.customizations.length + a.sideDishes.length),
    )[0]!;
    const page = await context.newPage();
    await audit(
      page,
      `/menu/${restaurantId}/dish/${richest._id}/menuSelected/${lunch._id}`,
      `dish "${richest.name}"`,
    );
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(richest.name);
    await page.close();
  });
});
