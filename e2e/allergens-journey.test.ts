import { type Dish, type Ingredient, messages, type WorkshopRestaurant } from '@carte/domain';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFor, signInApi } from './support/api.ts';
import { desktop, phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { registerVerifiedOwner, signInThroughUi } from './support/owner.ts';
import { eventually, expectNoSeriousViolation, screenshotPath, settled, toast } from './support/page.ts';

/**
 * Allergens that stand up to the law (issue 23), as an owner and a diner meet them: the owner
 * declares allergens on ingredients, confirms two dishes and leaves the third undeclared; the check
 * before publishing flags the third and the owner publishes anyway; a diner on a phone avoids milk
 * and sees the milk dishes greyed with their reason and the undeclared one "not declared"; the
 * allergen matrix prints as a PDF that names its date.
 */

const journey = useJourney({ CAPTCHA: 'off', BILLING_PROVIDER: 'off' });

/** The text of a PDF, page after page. */
async function pdfText(bytes: Buffer): Promise<string> {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  const document = await task.promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return pages.join('\n');
  } finally {
    await task.destroy();
  }
}

const dinerRow = (page: Page, name: string) =>
  page.locator('li[data-dish]', { has: page.getByRole('link', { name, exact: true }) });

/** Sets allergens in the ingredient's drawer, from the ingredients list. */
async function declareIngredient(
  page: Page,
  name: string,
  levels: Record<string, 'Contains' | 'May contain'>,
) {
  await page.getByRole('button', { name, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Edit ingredient' });
  await eventually(() => drawer.isVisible());
  for (const [allergen, level] of Object.entries(levels)) {
    await drawer
      .getByRole('radiogroup', { name: allergen, exact: true })
      .getByText(level, { exact: true })
      .click();
  }
  await drawer.getByRole('button', { name: 'Save' }).click();
  await toast(page, messages.ingredientUpdated);
  await eventually(async () => !(await drawer.isVisible()));
}

/** Ticks "I have checked this dish's allergens" in the dish's form and saves. */
async function confirmDish(page: Page, dish: Dish, expected: string) {
  await page.goto(`/update-dish/${dish._id}`);
  const section = page.getByRole('region', { name: 'Allergens' });
  await eventually(() => section.getByText(expected, { exact: true }).isVisible());
  await section.getByRole('checkbox', { name: /I have checked this dish’s allergens/ }).check();
  await page.getByRole('button', { name: 'Update dish' }).click();
  await toast(page, messages.dishUpdated);
}

describe('allergens, from the kitchen to the diner', () => {
  it('declares, confirms, checks before publishing, shows the diner, and prints the matrix', async () => {
    const owner = await registerVerifiedOwner(journey.server.url, journey.sink);
    const token = await signInApi(journey.server.url, owner.username, owner.password);
    const api = apiFor(journey.server.url, token);
    await api.call('POST', '/api/restaurants/update', {
      labelling: { region: 'EU', calories: 'none', usStateNotice: 'none', blockIncomplete: false },
    });
    const menu = await api.call<{ _id: string }>('POST', '/api/menus', { name: 'Dinner' });
    const mains = await api.call<{ _id: string }>('POST', '/api/categories', {
      name: 'Mains',
      menu: menu._id,
    });
    const made = await api.call<{ insertedIngredients: Ingredient[] }>('POST', '/api/ingredients', {
      ingredients: ['Mozzarella', 'Durum flour', 'Pesto'],
    });
    const id = (name: string) => made.insertedIngredients.find((item) => item.name === name)!._id;
    const dish = (name: string, ingredients: string[]) =>
      api.call<Dish>('POST', '/api/dishes', { name, price: '12', category: mains._id, ingredients });
    const margherita = await dish('Margherita', [id('Mozzarella'), id('Durum flour')]);
    const trofie = await dish('Trofie al pesto', [id('Pesto'), id('Durum flour')]);
    await dish('Soup of the day', []);
    const restaurant = (await api.call<WorkshopRestaurant[]>('GET', '/api/restaurants'))[0]!;

    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const page = await context.newPage();
    await signInThroughUi(page, owner.username, owner.password);
    await page.getByRole('button', { name: 'Skip tour' }).click({ timeout: 15_000 });

    // The owner declares on ingredients: every dish made with them follows.
    await page.goto('/create-ingredient');
    await eventually(() => page.getByRole('button', { name: 'Mozzarella', exact: true }).isVisible());
    await declareIngredient(page, 'Mozzarella', { Milk: 'Contains' });
    await declareIngredient(page, 'Durum flour', { 'Cereals containing gluten': 'Contains' });
    await declareIngredient(page, 'Pesto', { Nuts: 'Contains', Milk: 'Contains', Peanuts: 'May contain' });
    await eventually(() =>
      page.getByText('Contains Milk, Tree nuts · May contain Peanuts', { exact: true }).first().isVisible(),
    );
    await page.getByRole('button', { name: 'Pesto', exact: true }).click();
    await eventually(() => page.getByRole('dialog', { name: 'Edit ingredient' }).isVisible());
    await settled(page);
    await expectNoSeriousViolation(page, 'ingredient drawer with allergens', undefined, 'moderate');
    await page.screenshot({ path: screenshotPath('allergens-ingredient-1280') });
    await page.keyboard.press('Escape');

    // Two dishes confirmed; the soup stays undeclared.
    await confirmDish(page, margherita, 'Contains Gluten, Milk');
    await confirmDish(page, trofie, 'Contains Gluten, Milk, Tree nuts · May contain Peanuts');
    await page.goto('/create-dish');
    const row = (name: string) => page.getByRole('row').filter({ hasText: name });
    await eventually(() => row('Soup of the day').getByText('Not declared').isVisible());
    expect(await row('Margherita').getByText('Contains Gluten, Milk').isVisible()).toBe(true);
    await settled(page);
    await page.screenshot({ path: screenshotPath('allergens-dishes-1280') });

    const read = await api.call<Dish>('GET', `/api/dishes/${trofie._id}`);
    expect(read.allergens).toEqual({
      contains: ['gluten', 'milk', 'nuts'],
      mayContain: ['peanuts'],
      declared: true,
    });

    // The check before publishing flags the undeclared soup (EU rules); the owner publishes anyway.
    await page.goto(`/create-menu?id=${menu._id}`);
    await eventually(() => page.getByRole('button', { name: 'Publish', exact: true }).isEnabled());
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const check = page.getByRole('dialog', { name: 'Publish anyway?' });
    await eventually(() => check.getByText('Soup of the day').isVisible());
    expect(await check.getByText('Margherita').count()).toBe(0);
    expect(await check.getByText('Trofie al pesto').count()).toBe(0);
    await settled(page);
    await page.screenshot({ path: screenshotPath('allergens-publish-check-1280') });
    await check.getByRole('button', { name: 'Publish anyway' }).click();
    await toast(page, messages.menuPublished);

    // The kitchen's matrix, and its PDF with the day it was printed.
    await page.goto(`/menus/${menu._id}/allergens`);
    await eventually(() => page.getByRole('heading', { name: 'Allergen matrix — Dinner' }).isVisible());
    await eventually(() => page.getByText('1 of 3 dishes not declared').isVisible());
    await settled(page);
    await page.screenshot({ path: screenshotPath('allergens-matrix-1280') });
    const [pdf, tab] = await Promise.all([
      page.waitForResponse((response) =>
        response.url().includes(`/api/menus/${menu._id}/allergen-matrix.pdf`),
      ),
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Print PDF' }).click(),
    ]);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    await eventually(async () => tab.url().startsWith('blob:'));
    // The bytes the page received are handed to a blob, not kept by the browser: read them again.
    const file = await fetch(pdf.url(), { headers: { authorization: `Bearer ${token}` } });
    const text = await pdfText(Buffer.from(await file.arrayBuffer()));
    const today = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: restaurant.timeZone,
    }).format(new Date());
    expect(text).toContain(`Printed on ${today}`);
    expect(text).toContain('Margherita');
    expect(text).toContain('Soup of the day');
    await context.close();

    // A diner on a phone avoids milk: the milk dishes greyed with their reason, the soup "not declared".
    const phoneContext = await journey.browser.newContext({
      viewport: phone,
      baseURL: journey.server.url,
      isMobile: true,
      hasTouch: true,
    });
    const diner = await phoneContext.newPage();
    await diner.goto(`/menu/${restaurant._id}`);
    await eventually(() => dinerRow(diner, 'Soup of the day').isVisible());
    expect(await dinerRow(diner, 'Soup of the day').locator('.cm-al').innerText()).toBe(
      'Allergens not declared — ask the staff',
    );
    expect(await dinerRow(diner, 'Margherita').locator('.cm-al').innerText()).toMatch(
      /Contains: Gluten, Milk/,
    );
    await diner.locator('.cm-filters > summary').click();
    await diner
      .getByRole('group', { name: 'Avoid allergens' })
      .getByRole('checkbox', { name: 'Milk' })
      .check();
    await expect.poll(() => dinerRow(diner, 'Margherita').getAttribute('aria-disabled')).toBe('true');
    expect(await dinerRow(diner, 'Margherita').locator('.cm-why').innerText()).toBe('Contains Milk');
    expect(await dinerRow(diner, 'Trofie al pesto').locator('.cm-why').innerText()).toBe('Contains Milk');
    expect(await dinerRow(diner, 'Soup of the day').getAttribute('aria-disabled')).toBe('true');
    expect(await dinerRow(diner, 'Soup of the day').locator('.cm-why').innerText()).toBe(
      'Allergens not declared',
    );
    await diner.getByRole('button', { name: 'Apply' }).click();
    await dinerRow(diner, 'Margherita').scrollIntoViewIfNeeded();
    await diner.screenshot({ path: screenshotPath('allergens-diner-avoids-milk-390') });
    await phoneContext.close();
  });
});
