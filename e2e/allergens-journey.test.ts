import { type Dish, type Ingredient, messages } from '@carte/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailSink } from '../apps/server/test/mail-sink.ts';
import { apiFor, signInApi } from './support/api.ts';
import { desktop, launchBrowser } from './support/browser.ts';
import { registerVerifiedOwner, signInThroughUi } from './support/owner.ts';
import { eventually, screenshotPath, settled, toast } from './support/page.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * Allergens that stand up to the law (issue 23), as an owner and a diner meet them: the owner
 * declares allergens on ingredients, confirms two dishes and leaves the third undeclared.
 */

let server: RunningServer;
let sink: Awaited<ReturnType<typeof startMailSink>>;
let browser: Browser;

beforeAll(async () => {
  sink = await startMailSink();
  server = await startServer({ SMTP_URL: sink.url, CAPTCHA: 'off', BILLING_PROVIDER: 'off' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sink?.close();
});

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
  it('declares on ingredients, confirms dishes, and shows each dish’s allergens in the lists', async () => {
    const owner = await registerVerifiedOwner(server.url, sink);
    const api = apiFor(server.url, await signInApi(server.url, owner.username, owner.password));
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

    const context = await browser.newContext({ viewport: desktop, baseURL: server.url });
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
    await context.close();
  });
});
