import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFor, everyDay, setMenuTimeline, signInApi } from './support/api.ts';
import { phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { eventually, expectNoSeriousViolation, screenshotPath } from './support/page.ts';

/**
 * A diner with an allergy, on a phone (issue 23 §3): the demo restaurant follows the UK's rules and
 * England's calorie rule; three new dishes of its Dinner menu are declared with milk, declared free
 * of the 14, and not declared. The diner reads the allergens in words, avoids milk with the
 * keyboard (the page's script greys at once, no reload), sees the milk dish greyed with its reason
 * and the undeclared one "not declared", then the dish page with its kcal per portion.
 * Screenshots go to SHOTS_DIR when set, else with the other journeys' (gitignored).
 */
const journey = useJourney({ CAPTCHA: 'off', SEED_DEMO: 'true' }, { mail: false });

const shot = (name: string) =>
  process.env.SHOTS_DIR ? path.join(process.env.SHOTS_DIR, `${name}.png`) : screenshotPath(name);

const row = (page: Page, name: string) =>
  page.locator('li[data-dish]', { has: page.getByRole('link', { name, exact: true }) });

describe('a diner avoids an allergen on a phone', () => {
  it('reads the words, avoids milk from the keyboard, sees the reasons, opens the dish page', async () => {
    const api = apiFor(journey.server.url, await signInApi(journey.server.url, 'demo', 'Demo1234'));
    const me = await api.call<{ restaurants: { _id: string }[] }>('GET', '/api/users/me');
    const restaurantId = me.restaurants[0]!._id;
    const menus = await api.call<{ _id: string; name: string }[]>('GET', '/api/menus');
    const dinner = menus.find((menu) => menu.name === 'Dinner')!;
    await setMenuTimeline(journey.server, api, dinner._id, {
      valid: { ...everyDay, startTime: '00:00', endTime: '00:00' },
      twentyFourHoursMenuAvailable: true,
    });
    await api.call('POST', '/api/restaurants/update', {
      labelling: { region: 'UK', calories: 'england', usStateNotice: 'none', blockIncomplete: false },
    });
    const made = await api.call<{ insertedIngredients: { _id: string }[] }>('POST', '/api/ingredients', {
      ingredients: ['Chihuahua cheese'],
      allergens: { contains: ['milk'], mayContain: [] },
    });
    const cheese = made.insertedIngredients[0]!;
    const dish = (payload: object) => api.call<{ _id: string }>('POST', '/api/dishes', payload);
    const queso = await dish({
      name: 'Queso fundido',
      price: '9',
      calories: 520,
      portion: '250 g',
      ingredients: [cheese._id],
      allergens: { contains: ['gluten'], mayContain: ['nuts'], declared: true },
      customizations: {
        custom: [
          {
            name: 'Extras',
            isCustom: false,
            isFixedPrice: true,
            options: [{ ingredient: cheese._id, price: 1.5 }],
          },
        ],
      },
    });
    const elote = await dish({
      name: 'Elote salad',
      price: '7',
      calories: 240,
      portion: '200 g',
      allergens: { declared: true },
    });
    const special = await dish({ name: 'Chef’s special', price: '12', calories: 610, portion: '400 g' });
    await api.call('POST', '/api/categories', {
      name: 'Specials',
      dishes: [queso._id, elote._id, special._id],
      menu: dinner._id,
    });

    const context = await journey.browser.newContext({
      viewport: phone,
      baseURL: journey.server.url,
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    const diner = await context.newPage();
    await diner.goto(`/menu/${restaurantId}?menu=${dinner._id}`);
    await eventually(() => row(diner, 'Queso fundido').isVisible());
    await expect
      .poll(() => row(diner, 'Queso fundido').locator('.cm-al').innerText())
      .toMatch(/Contains: Gluten, Milk\s+May contain: Tree nuts/);
    expect(await row(diner, 'Elote salad').locator('.cm-al').innerText()).toBe(
      'None of the 14 regulated allergens',
    );
    expect(await row(diner, 'Chef’s special').locator('.cm-al').innerText()).toBe(
      'Allergens not declared — ask the staff',
    );
    expect(await row(diner, 'Queso fundido').innerText()).toContain('520 kcal per 250 g');
    expect(await diner.getByText('Adults need around 2000 kcal a day', { exact: true }).count()).toBe(1);
    await row(diner, 'Queso fundido').scrollIntoViewIfNeeded();
    await diner.screenshot({ path: shot('allergens-menu-phone') });

    // The filters, from the keyboard: open the panel, tick "Milk" among "Avoid allergens" with Space.
    const summary = diner.locator('.cm-filters > summary');
    await summary.focus();
    await diner.keyboard.press('Enter');
    const milk = diner
      .getByRole('group', { name: 'Avoid allergens' })
      .getByRole('checkbox', { name: 'Milk' });
    await milk.focus();
    expect(await diner.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe(
      'milk',
    );
    await diner.keyboard.press('Space');
    await expect.poll(() => new URL(diner.url()).searchParams.get('allergen')).toBe('milk');
    await expect.poll(() => row(diner, 'Queso fundido').getAttribute('aria-disabled')).toBe('true');
    expect(await row(diner, 'Queso fundido').locator('.cm-why').innerText()).toBe('Contains Milk');
    expect(await row(diner, 'Chef’s special').getAttribute('aria-disabled')).toBe('true');
    expect(await row(diner, 'Chef’s special').locator('.cm-why').innerText()).toBe('Allergens not declared');
    expect(await row(diner, 'Elote salad').getAttribute('aria-disabled')).toBeNull();
    await diner.getByRole('group', { name: 'Avoid allergens' }).scrollIntoViewIfNeeded();
    await diner.screenshot({ path: shot('allergens-avoid-panel-phone') });
    await diner.getByRole('button', { name: 'Apply' }).click();
    await row(diner, 'Queso fundido').scrollIntoViewIfNeeded();
    await diner.screenshot({ path: shot('allergens-avoid-greyed-phone') });
    await expectNoSeriousViolation(diner, 'menu avoiding milk');

    // A reload keeps the choice (it is in the address) and the server greys the same dishes.
    await diner.reload();
    await expect.poll(() => row(diner, 'Queso fundido').getAttribute('aria-disabled')).toBe('true');
    expect(await milk.isChecked()).toBe(true);

    // The dish page: the words under "Allergens", the kcal per portion and England's sentence. (A
    // greyed dish's link is followed from the keyboard: Playwright counts aria-disabled as disabled.)
    await row(diner, 'Queso fundido').getByRole('link', { name: 'Queso fundido', exact: true }).focus();
    await diner.keyboard.press('Enter');
    await expect.poll(() => diner.getByRole('heading', { level: 1 }).textContent()).toBe('Queso fundido');
    expect(await diner.getByRole('heading', { name: 'Allergens' }).isVisible()).toBe(true);
    expect(await diner.locator('.cm-why').innerText()).toBe('Contains Milk');
    expect(await diner.locator('.cm-dishpage').innerText()).toContain('520 kcal per 250 g');
    // The option's allergens beside it, in small text.
    expect(await diner.locator('.cm-options li', { hasText: 'Chihuahua cheese' }).innerText()).toMatch(
      /Chihuahua cheese\s+Contains: Milk\s+\+\$1\.50/,
    );
    expect(await diner.getByText('Adults need around 2000 kcal a day', { exact: true }).isVisible()).toBe(
      true,
    );
    await diner.screenshot({ path: shot('allergens-dish-phone'), fullPage: true });
    await context.close();
  });
});
