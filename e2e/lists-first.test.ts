import { messages } from '@carte/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Api, apiFor } from './support/api.ts';
import { desktop, phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { signInThroughUi } from './support/owner.ts';
import {
  eventually,
  expectNoHorizontalOverflow,
  expectNoSeriousViolation,
  screenshotPath,
  settled,
  toast,
} from './support/page.ts';

/**
 * Lists first and forms that don't look broken (issue 11 §1, §2, §10), on the demo restaurant with
 * the real anti-bot check (ALTCHA): Dishes, Categories and Ingredients open on their list (search,
 * sort, pages of 10, bulk availability and delete, availability in place); a name opens the record
 * in a drawer and the navigation highlights its section; the unsaved-changes notice never moves the
 * form; a failed submit's button comes back when the user acts; Enter in a tags input never submits;
 * signed-in forms carry no anti-bot check box; the preview beside a form at 1280 px lays itself over
 * the page instead of squeezing it. Screenshots at 1280 and 390 px, axe on every screen.
 */

const journey = useJourney({ CAPTCHA: 'altcha', SEED_DEMO: 'true' }, { mail: false });
let api: Api;
/** Sessions signed in once per viewport (the login's proof of work takes a moment). */
const contexts: Partial<Record<'desktop' | 'phone', BrowserContext>> = {};

async function signedIn(kind: 'desktop' | 'phone'): Promise<Page> {
  let context = contexts[kind];
  if (!context) {
    context = await journey.browser.newContext({
      viewport: kind === 'desktop' ? desktop : phone,
      baseURL: journey.server.url,
    });
    contexts[kind] = context;
    const page = await context.newPage();
    await signInThroughUi(page, 'demo', 'Demo1234');
    // The first sign-in's tour is another journey's: mark it seen.
    await page.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('carte.user') ?? '{}') as { _id?: string };
      localStorage.setItem(`carte.tourSeen.${user._id}`, new Date().toISOString());
    });
    await page.reload();
    if (!api) {
      const token = await page.evaluate(() => localStorage.getItem('carte.accessToken'));
      api = apiFor(journey.server.url, token!);
    }
    return page;
  }
  return context.newPage();
}

const shot = (page: Page, name: string) => page.screenshot({ path: screenshotPath(name), fullPage: false });
const drawer = (page: Page) => page.locator('.mantine-Drawer-content');
const navLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name, exact: true });
const rowNames = (page: Page, table: string) =>
  page
    .getByRole('table', { name: table })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => row.querySelector('a, button.mantine-Anchor-root')?.textContent ?? ''),
    );

interface DishRow {
  _id: string;
  name: string;
  isAvailable: boolean;
}
const dishes = () => api.call<DishRow[]>('GET', '/api/dishes');

describe('lists first at 1280 px', () => {
  it('dishes: search, sort, pages of 10, availability in place and in bulk, bulk delete, open by name', async () => {
    const page = await signedIn('desktop');
    for (let index = 1; index <= 12; index += 1) {
      const name = `Lf Dish ${String(index).padStart(2, '0')}`;
      // Dish 04 has a plain-text description, as a CSV import leaves it.
      const description = index === 4 ? 'Slow-cooked, in plain words.' : '';
      await api.call('POST', '/api/dishes', { name, price: index, description });
    }
    await page.goto('/');

    // The nav's Dishes leads to the list, not to an empty form.
    await navLink(page, 'Dishes').click();
    await page.waitForURL('**/create-dish');
    await eventually(() => page.getByRole('heading', { name: 'Dishes', level: 1 }).isVisible());
    await eventually(() => page.getByRole('table', { name: 'Dishes' }).isVisible());
    expect(await page.getByLabel(/^Dish name/).count()).toBe(0);
    await eventually(async () => (await navLink(page, 'Dishes').getAttribute('data-active')) === 'true');
    await shot(page, 'lists-dishes-1280');
    await expectNoSeriousViolation(page, 'dishes list 1280');

    // Search, then ten rows a page with the specification's pager.
    await page.getByPlaceholder('Search dishes').fill('Lf Dish');
    await expect.poll(() => rowNames(page, 'Dishes').then((names) => names.length)).toBe(10);
    await expect.poll(() => page.getByText('1–10 of 12').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => rowNames(page, 'Dishes').then((names) => names.length)).toBe(2);

    // Sort by name, Z to A: back on page 1, Lf Dish 12 first.
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Name Z–A' }).click();
    await expect.poll(() => rowNames(page, 'Dishes').then((names) => names[0])).toBe('Lf Dish 12');
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Price: low to high' }).click();
    await expect.poll(() => rowNames(page, 'Dishes').then((names) => names[0])).toBe('Lf Dish 01');

    // The column headers sort too, and say how: Price again (high to low), then Name A–Z.
    const table = page.getByRole('table', { name: 'Dishes' });
    const priceHeader = table.getByRole('columnheader', { name: /Price/ });
    expect(await priceHeader.getAttribute('aria-sort')).toBe('ascending');
    await priceHeader.getByRole('button').click();
    await expect.poll(() => rowNames(page, 'Dishes').then((names) => names[0])).toBe('Lf Dish 12');
    expect(await priceHeader.getAttribute('aria-sort')).toBe('descending');
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('Price: high to low');
    const nameHeader = table.getByRole('columnheader', { name: /Name/ });
    await nameHeader.getByRole('button').click();
    await expect.poll(() => rowNames(page, 'Dishes').then((names) => names[0])).toBe('Lf Dish 01');
    expect(await nameHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(await priceHeader.getAttribute('aria-sort')).toBe('none');
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Price: low to high' }).click();
    await expect.poll(() => rowNames(page, 'Dishes').then((names) => names[0])).toBe('Lf Dish 01');

    // Availability switched in place.
    await page.getByRole('switch', { name: 'Lf Dish 01 available' }).click();
    await toast(page, messages.dishUpdated);
    await expect
      .poll(async () => (await dishes()).find((dish) => dish.name === 'Lf Dish 01')?.isAvailable)
      .toBe(false);

    // Two selected: unavailable at once, then deleted at once.
    await page.getByRole('checkbox', { name: 'Select Lf Dish 02' }).click();
    await page.getByRole('checkbox', { name: 'Select Lf Dish 03' }).click();
    await expect.poll(() => page.getByText('2 selected').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Make unavailable' }).click();
    await toast(page, messages.changesMade);
    await expect
      .poll(async () =>
        (await dishes())
          .filter((dish) => ['Lf Dish 02', 'Lf Dish 03'].includes(dish.name))
          .map((dish) => dish.isAvailable),
      )
      .toEqual([false, false]);
    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /delete/i })
      .click();
    await toast(page, messages.dishDeleted);
    await expect
      .poll(async () => (await dishes()).filter((dish) => dish.name.startsWith('Lf Dish')).length)
      .toBe(10);

    // A name opens the dish in a drawer; the navigation still highlights Dishes.
    await page.getByRole('link', { name: 'Lf Dish 04', exact: true }).click();
    await page.waitForURL(/\/update-dish\/[0-9a-f]{24}$/);
    await eventually(async () => (await page.getByLabel(/^Dish name/).inputValue()) === 'Lf Dish 04');
    await eventually(async () => (await navLink(page, 'Dishes').getAttribute('data-active')) === 'true');
    // Opening the editor changes nothing: the form is not "unsaved" (rich-text editor, issue 11 §1).
    await eventually(() => page.getByText('Slow-cooked, in plain words.').isVisible());
    await settled(page);
    expect(await page.getByText("You haven't saved your changes!").isVisible()).toBe(false);
    await shot(page, 'lists-dish-edit-1280');
    await expectNoSeriousViolation(page, 'dish drawer 1280');

    // Typing: the notice shows once, floating; the field does not move.
    const name = page.getByLabel(/^Dish name/);
    const before = await name.boundingBox();
    await name.press('End');
    await name.pressSequentially(' special');
    await eventually(() => page.getByText("You haven't saved your changes!").isVisible());
    expect(await page.getByText("You haven't saved your changes!").count()).toBe(1);
    expect(await name.boundingBox()).toEqual(before);

    // A failed submit: the error stays beside its field, the button comes back when the user acts.
    await name.fill('');
    const update = page.getByRole('button', { name: 'Update dish' });
    await update.click();
    await eventually(() => page.getByText(messages.dishNameRequired).isVisible());
    expect(await update.isDisabled()).toBe(true);
    await page.getByLabel(/^Price/).fill('4.50');
    await expect.poll(() => update.isDisabled()).toBe(false);
    expect(await page.getByText(messages.dishNameRequired).isVisible()).toBe(true);
    await name.fill('Lf Dish 04 special');
    await update.click();
    // A dish without ingredients asks first (doc 1 §5).
    const ask = page.getByRole('dialog').filter({ hasText: messages.noIngredientsSelected });
    await eventually(() => ask.isVisible());
    await ask.getByRole('button').last().click();
    await toast(page, messages.dishUpdated);
    // Saved, the drawer closes on the list.
    await page.waitForURL('**/create-dish');
    await expect
      .poll(async () => (await dishes()).some((dish) => dish.name === 'Lf Dish 04 special'))
      .toBe(true);

    // "Create dish" opens an empty form over the list; closing it comes back to the list.
    await page.getByRole('link', { name: 'Create dish' }).click();
    await page.waitForURL('**/create-dish?new');
    await eventually(() => page.getByLabel(/^Dish name/).isVisible());
    await shot(page, 'lists-dish-create-1280');
    await page.keyboard.press('Escape');
    await page.waitForURL('**/create-dish');
    await eventually(async () => (await drawer(page).count()) === 0);
    await page.close();
  });

  it('categories: open by name in a drawer, availability in place and in bulk, nav highlight', async () => {
    const page = await signedIn('desktop');
    await page.goto('/create-category');
    await eventually(() => page.getByRole('table', { name: 'Categories' }).isVisible());
    expect(await page.getByLabel(/^Category name/).count()).toBe(0);
    await shot(page, 'lists-categories-1280');
    await expectNoSeriousViolation(page, 'categories list 1280');

    await eventually(async () => Boolean((await rowNames(page, 'Categories'))[0]));
    const [first] = await rowNames(page, 'Categories');
    await page.getByRole('switch', { name: `${first} available` }).click();
    await toast(page, messages.categoryUpdated);
    const categories = () => api.call<DishRow[]>('GET', '/api/categories');
    await expect
      .poll(async () => (await categories()).find((c) => c.name === first)?.isAvailable)
      .toBe(false);
    await page.getByRole('checkbox', { name: `Select ${first}` }).click();
    await page.getByRole('button', { name: 'Make available' }).click();
    // One row selected: the toast names it as a single update.
    await expect.poll(() => page.getByText(messages.categoryUpdated).count()).toBeGreaterThan(0);
    await expect.poll(async () => (await categories()).find((c) => c.name === first)?.isAvailable).toBe(true);

    await page.getByRole('link', { name: first!, exact: true }).click();
    await page.waitForURL(/\/update-category\/[0-9a-f]{24}$/);
    await eventually(async () => (await page.getByLabel(/^Category name/).inputValue()) === first);
    await eventually(async () => (await navLink(page, 'Categories').getAttribute('data-active')) === 'true');
    await shot(page, 'lists-category-edit-1280');
    await expectNoSeriousViolation(page, 'category drawer 1280');

    await page.goto('/create-category?new');
    await eventually(() => page.getByLabel(/^Category name/).isVisible());
    await shot(page, 'lists-category-create-1280');
    await page.close();
  });

  it('ingredients: Enter in the tags input never submits; add in a drawer; edit by name', async () => {
    const page = await signedIn('desktop');
    await page.goto('/create-ingredient');
    await eventually(() => page.getByRole('table', { name: 'Ingredients' }).isVisible());
    await shot(page, 'lists-ingredients-1280');
    await expectNoSeriousViolation(page, 'ingredients list 1280');

    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/ingredients') posts += 1;
    });
    await page.getByRole('link', { name: 'Add ingredients' }).click();
    await page.waitForURL('**/create-ingredient?new');
    const names = page.getByPlaceholder(/e\.g\. Tomato|Add another/);
    await names.click();
    await names.press('Enter');
    await names.fill('Saffron');
    await names.press('Enter');
    await names.press('Enter');
    await settled(page);
    expect(posts).toBe(0);
    expect(await page.getByText(messages.ingredientRequired).isVisible()).toBe(false);
    await shot(page, 'lists-ingredient-create-1280');
    await page.getByRole('button', { name: 'Add ingredient', exact: true }).click();
    await toast(page, messages.ingredientCreated);
    expect(posts).toBe(1);
    await page.waitForURL('**/create-ingredient');

    await page.getByPlaceholder('Search ingredients').fill('Saffron');
    await page.getByRole('button', { name: 'Saffron', exact: true }).click();
    await eventually(async () => (await page.getByLabel(/^Name/).inputValue()) === 'Saffron');
    await shot(page, 'lists-ingredient-edit-1280');
    await expectNoSeriousViolation(page, 'ingredient drawer 1280');
    await page.close();
  });

  it('signed-in forms carry no anti-bot check box, and still save', async () => {
    const page = await signedIn('desktop');
    await page.goto('/update-account');
    const firstName = page.getByLabel('First name');
    await eventually(() => firstName.isVisible());
    for (const widget of await page.locator('altcha-widget').all())
      expect(await widget.isVisible()).toBe(false);
    for (const text of await page.getByText(/not a robot/i).all()) expect(await text.isVisible()).toBe(false);
    await firstName.fill('Dana');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, messages.accountUpdated);
    await page.close();
  });

  it('the preview beside a form lays itself over the page instead of squeezing it', async () => {
    const page = await signedIn('desktop');
    const [menu] = await api.call<{ _id: string }[]>('GET', '/api/menus');
    await page.goto(`/create-menu?id=${menu!._id}`);
    await eventually(() => page.getByLabel(/^Menu name/).isVisible());
    const main = page.locator('main');
    const width = (await main.boundingBox())!.width;
    await page.getByRole('button', { name: /^Preview/ }).click();
    await eventually(() => page.getByRole('button', { name: 'Close preview' }).isVisible());
    expect((await main.boundingBox())!.width).toBe(width);
    await shot(page, 'lists-menu-form-preview-1280');
    await page.getByRole('button', { name: 'Close preview' }).click();
    await page.close();
  });
});

describe('lists first at 390 px', () => {
  it.each([
    ['/create-dish', 'Dishes', 'dishes'],
    ['/create-category', 'Categories', 'categories'],
    ['/create-ingredient', 'Ingredients', 'ingredients'],
  ] as const)(
    '%s: the list, its create drawer, no sideways scrolling',
    async (path, table, label) => {
      const page = await signedIn('phone');
      await page.goto(path);
      await eventually(() => page.getByRole('table', { name: table }).isVisible());
      await expectNoHorizontalOverflow(page);
      await shot(page, `lists-${label}-390`);
      await expectNoSeriousViolation(page, `${label} list 390`);
      await page.goto(`${path}?new`);
      await eventually(() => drawer(page).isVisible());
      await settled(page);
      await shot(page, `lists-${label}-create-390`);
      await expectNoSeriousViolation(page, `${label} create 390`);
      await page.close();
    },
    180_000,
  );

  it('a dish opens full screen; the preview covers the page', async () => {
    const page = await signedIn('phone');
    await page.goto('/create-dish');
    await eventually(async () => Boolean((await rowNames(page, 'Dishes'))[0]));
    const [first] = await rowNames(page, 'Dishes');
    await page.getByRole('link', { name: first!, exact: true }).click();
    await eventually(async () => (await page.getByLabel(/^Dish name/).inputValue()) === first);
    await settled(page);
    await shot(page, 'lists-dish-edit-390');

    const [menu] = await api.call<{ _id: string }[]>('GET', '/api/menus');
    await page.goto(`/create-menu?id=${menu!._id}`);
    await eventually(() => page.getByLabel(/^Menu name/).isVisible());
    await page.getByRole('button', { name: 'Preview menu' }).click();
    await eventually(() => page.getByRole('button', { name: 'Close preview' }).isVisible());
    await shot(page, 'lists-menu-form-preview-390');
    await page.close();
  }, 180_000);
});
