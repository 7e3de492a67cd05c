import { messages } from '@carte/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFor } from './support/api.ts';
import { desktop, phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { signInThroughUi } from './support/owner.ts';
import {
  drawn,
  eventually,
  expectNoHorizontalOverflow,
  expectNoSeriousViolation,
  screenshotPath,
  settled,
  toast,
} from './support/page.ts';

/**
 * The owner's first hour (issue 22, items 1–3): a new owner registers on /register (the ALTCHA widget
 * solves its proof of work in the browser), opens the link from the mail, signs in, and goes menu →
 * categories → dishes → publish in that order, led the same way by the checklist, the category drawer
 * and the empty lists; she is asked to confirm at most once in the whole hour ("…anyway?", the only
 * confirm dialog she meets); and the diner reads the dishes in the order she entered them.
 * Publishing needs no subscription here (BILLING_PROVIDER=off): paying is issue 22 item 5's journey.
 */

// The real anti-bot check on the register and sign-in forms, as an owner meets it.
const journey = useJourney({ CAPTCHA: 'altcha', BILLING_PROVIDER: 'off' });

const checklist = (page: Page) =>
  page.getByRole('region', { name: /Put your menu on the tables|Your menu is on the tables/ });
const stepsDone = (page: Page, done: number) =>
  eventually(() => checklist(page).getByText(`${done} of 5 steps done.`, { exact: false }).isVisible());
const step = (page: Page, title: string) => checklist(page).getByRole('listitem').filter({ hasText: title });

async function backToDashboard(page: Page) {
  await page.goto('/');
  await eventually(() => checklist(page).isVisible());
}

/** The page at both sizes, looked at for overflow; back at the desk size. */
async function shootBoth(page: Page, name: string) {
  await settled(page);
  await page.screenshot({ path: screenshotPath(`${name}-1280`), fullPage: true });
  await page.setViewportSize(phone);
  await settled(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: screenshotPath(`${name}-390`), fullPage: true });
  await page.setViewportSize(desktop);
  await settled(page);
}

/**
 * Every confirm dialog the app shows in this context, whatever page it is on: the "…anyway?" questions
 * and any other confirmation (they all open as a Mantine modal; drawers and the tour are not asked).
 */
async function countConfirmations(context: BrowserContext): Promise<string[]> {
  const asked: string[] = [];
  await context.exposeFunction('carteConfirmationShown', (text: string) => {
    asked.push(text);
  });
  await context.addInitScript(() => {
    const seen = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const dialog of document.querySelectorAll('[role="dialog"].mantine-Modal-content')) {
        if (seen.has(dialog)) continue;
        seen.add(dialog);
        (window as unknown as { carteConfirmationShown: (text: string) => void }).carteConfirmationShown(
          dialog.textContent ?? '',
        );
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return asked;
}

/**
 * A new owner through /register as she would: names, phone, username, email, the restaurant's name
 * and the password twice; the form's ALTCHA widget solves the anti-bot check itself. Then the link
 * from the mail verifies the address and leads to the sign-in page.
 */
async function registerThroughUi(page: Page) {
  const tag = Date.now().toString(36);
  const owner = {
    username: `hour_${tag}`,
    email: `hour_${tag}@carte.test`,
    password: 'Firsthour123',
    restaurantName: `Ramen ${tag}`,
  };
  await page.goto('/register');
  await eventually(() => page.getByLabel('First name').isVisible());
  await page.getByLabel('First name').fill('Hana');
  await page.getByLabel('Last name').fill('Hour');
  await page.getByLabel('Phone number').fill('2025550143');
  await page.getByLabel('Username').fill(owner.username);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Restaurant name').fill(owner.restaurantName);
  await page.getByLabel(/^Password/).fill(owner.password);
  await page.getByLabel('Confirm password').fill(owner.password);
  await shootBoth(page, 'first-hour-register');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/email_confirmation_sent=true/, { timeout: 60_000 });
  await eventually(() => page.getByText(owner.email).first().isVisible());
  await shootBoth(page, 'first-hour-register-sent');

  // The mail, waited for; its link opened in the browser verifies the account.
  const mail = await journey.sink.waitFor((m) => m.to.includes(owner.email), 20_000);
  const link = mail.links.find((href) => href.includes('/user-verify-account?token='));
  expect(link, mail.links.join(', ')).toBeTruthy();
  const { pathname, search } = new URL(link!);
  await page.goto(`${pathname}${search}`);
  await eventually(() => page.getByText('Account verified').first().isVisible());
  await page.waitForURL(/\/login$/, { timeout: 15_000 });
  return owner;
}

describe('the owner’s first hour', () => {
  it('goes menu → categories → dishes → publish with one question, and the diner reads the dishes in order', async () => {
    // The browser's time zone becomes the restaurant's (decisions §4): UTC, like the machine's.
    const context = await journey.browser.newContext({
      viewport: desktop,
      baseURL: journey.server.url,
      timezoneId: 'UTC',
    });
    const asked = await countConfirmations(context);
    const page = await context.newPage();
    const owner = await registerThroughUi(page);
    await signInThroughUi(page, owner.username, owner.password);
    await eventually(() => page.getByText('Start here', { exact: true }).isVisible());
    await page.getByRole('button', { name: 'Skip tour' }).click();

    // The checklist reads in the first hour's order.
    await stepsDone(page, 0);
    const titles = await checklist(page)
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.querySelector('p')?.firstChild?.textContent ?? ''));
    expect(titles).toEqual([
      'Create a menu',
      'Add categories',
      'Add dishes',
      'Publish your menu',
      'Share the QR code',
    ]);
    await shootBoth(page, 'first-hour-checklist-new');

    // A category before any menu: the drawer says what comes first and offers it, at the top.
    await page.goto('/create-category');
    await eventually(() => page.getByText('No categories yet. Create a menu first.').isVisible());
    await shootBoth(page, 'first-hour-categories-empty');
    await page.getByRole('link', { name: 'Create category' }).first().click();
    const drawer = page.getByRole('dialog', { name: 'Create category' });
    const first = drawer.getByRole('region', { name: 'Create a menu first' });
    await eventually(() => first.isVisible());
    expect(await drawer.getByLabel(/^Category name/).count()).toBe(0);
    expect(await first.getByRole('link', { name: 'Create menu' }).isVisible()).toBe(true);
    const drawerTop = (await drawer.locator('.mantine-Drawer-body').boundingBox())!.y;
    expect((await first.boundingBox())!.y - drawerTop).toBeLessThan(40);
    await expectNoSeriousViolation(page, 'category drawer without a menu');
    await shootBoth(page, 'first-hour-category-before-menu');

    // 1. The menu, from the drawer's own action.
    await first.getByRole('link', { name: 'Create menu' }).click();
    await page.waitForURL('**/create-menu');
    await page.getByLabel(/^Menu name/).fill('Ramen bar');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, messages.menuCreated);
    await backToDashboard(page);
    await stepsDone(page, 1);

    // 2. Two categories, from the checklist's next step; with no dish to choose, nothing is asked.
    await backToDashboard(page);
    await step(page, 'Add categories').getByRole('link', { name: 'Create category' }).click();
    for (const name of ['Ramen', 'Sides']) {
      if (name === 'Sides') await page.getByRole('link', { name: 'Create category' }).first().click();
      await page.waitForURL('**/create-category?new');
      await eventually(() => page.getByLabel(/^Category name/).isVisible());
      expect(await page.getByRole('combobox', { name: 'Menu' }).inputValue()).toBe('Ramen bar');
      await page.getByLabel(/^Category name/).fill(name);
      await page.getByRole('button', { name: 'Create category' }).click();
      await toast(page, messages.categoryCreated);
      await page.waitForURL('**/create-category');
    }
    await backToDashboard(page);
    await stepsDone(page, 2);

    // 3. Dishes, entered Tonkotsu, Shoyu, Veggie Miso; the empty list leads to the form.
    await step(page, 'Add dishes').getByRole('link', { name: 'Add dish' }).click();
    await page.waitForURL('**/create-dish');
    await eventually(() => page.getByText(/^No dishes yet\. Give each dish a name and a price/).isVisible());
    await shootBoth(page, 'first-hour-dishes-empty');
    const dishes: [string, string][] = [
      ['Tonkotsu', 'Ramen'],
      ['Shoyu', 'Ramen'],
      ['Veggie Miso', 'Ramen'],
      ['Gyoza', 'Sides'],
    ];
    for (const [index, [name, category]] of dishes.entries()) {
      await page.getByRole('link', { name: 'Create dish' }).first().click();
      await page.waitForURL('**/create-dish?new');
      await eventually(() => page.getByLabel(/^Dish name/).isVisible());
      // The form is filled once drawn (its lists read), so nothing it loads afterwards resets it.
      await drawn(page);
      await page.getByLabel(/^Dish name/).fill(name);
      await page.getByLabel(/^Price/).fill('12');
      await page.getByLabel('Category', { exact: true }).first().click();
      await page.getByRole('option', { name: category }).click();
      await eventually(async () => (await page.getByLabel(/^Dish name/).inputValue()) === name);
      await eventually(
        async () => (await page.getByLabel('Category', { exact: true }).first().inputValue()) === category,
      );
      await page.getByRole('button', { name: 'Create dish' }).last().click();
      if (index === 0) {
        // The one question of the hour, in calm words, with "Don't ask again".
        const question = page.getByRole('dialog', { name: messages.noIngredientsSelected });
        await eventually(() => question.isVisible());
        expect(await question.getByText(messages.dishAnyway(true)).isVisible()).toBe(true);
        expect(await question.getByRole('checkbox', { name: "Don't ask again" }).isVisible()).toBe(true);
        await shootBoth(page, 'first-hour-question');
        await question.getByRole('button', { name: 'Continue anyway' }).click();
      }
      // The drawer closes once this dish is saved (an earlier dish's toast may still be showing).
      await page.waitForURL('**/create-dish', { timeout: 30_000 });
      await toast(page, messages.dishCreated);
    }
    await backToDashboard(page);
    await stepsDone(page, 3);

    // 4. Publish.
    await step(page, 'Publish your menu').getByRole('link', { name: 'Open menu' }).click();
    await page.waitForURL('**/create-menu?id=*');
    await eventually(() => page.getByRole('button', { name: 'Publish', exact: true }).isEnabled());
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await toast(page, messages.menuPublished);
    await backToDashboard(page);
    await stepsDone(page, 4);
    await shootBoth(page, 'first-hour-dashboard');

    // At most one confirmation in the whole hour, and it is the ingredients question.
    expect(asked.length).toBeLessThanOrEqual(1);
    expect(asked).toEqual([expect.stringContaining(messages.noIngredientsSelected)]);

    // The diner reads the dishes in the order they were entered, the categories in theirs.
    const token = await page.evaluate(() => localStorage.getItem('carte.accessToken'));
    const me = await apiFor(journey.server.url, token!).call<{
      phoneNumber: string;
      restaurants: { _id: string; name: string; timeZone: string }[];
    }>('GET', '/api/users/me');
    // What the register form took: the phone as one E.164 number, the restaurant with its name.
    expect(me.phoneNumber).toBe('+12025550143');
    expect(me.restaurants[0]!.name).toBe(owner.restaurantName);
    expect(me.restaurants[0]!.timeZone).toBe('UTC');
    const diner = await context.newPage();
    await diner.goto(`/menu/${me.restaurants[0]!._id}`);
    await eventually(() => diner.getByText('Veggie Miso').first().isVisible());
    const names = ['Ramen', 'Tonkotsu', 'Shoyu', 'Veggie Miso', 'Sides', 'Gyoza'];
    const headings = await diner.locator('main').getByRole('heading').allInnerTexts();
    expect(headings.map((heading) => heading.trim()).filter((heading) => names.includes(heading))).toEqual(
      names,
    );
    await context.close();
  });
});
