import { type Menu, messages } from '@carte/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor, signInApi } from './support/api.ts';
import { desktop, phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { signInThroughUi } from './support/owner.ts';
import { eventually, expectNoSeriousViolation, screenshotPath, settled, toast } from './support/page.ts';

/**
 * Labelling rules and the check before publishing (issue 23 §4–5): the demo owner sets the EU region
 * and England's calorie rule in Settings › Labelling; publishing a menu with an undeclared dish then
 * lists what it lacks and asks "Publish anyway?"; with "Don't publish an incomplete menu" on, the
 * dialog refuses and leads to the settings. Photographed at 1280 and 390 px.
 */

const journey = useJourney({ CAPTCHA: 'off', SEED_DEMO: 'true', BILLING_PROVIDER: 'off' }, { mail: false });
let api: Api;

beforeAll(async () => {
  api = apiFor(journey.server.url, await signInApi(journey.server.url, 'demo', 'Demo1234'));
});

async function signedIn(viewport: {
  width: number;
  height: number;
}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await journey.browser.newContext({ viewport, baseURL: journey.server.url });
  const page = await context.newPage();
  await signInThroughUi(page, 'demo', 'Demo1234');
  return { context, page };
}

/** A draft menu of one category: "Soup" undeclared, "Risotto" declared with calories and portion. */
async function draftMenu(name: string): Promise<Menu> {
  const menu = await api.call<Menu>('POST', '/api/menus', { name });
  const category = await api.call<{ _id: string }>('POST', '/api/categories', {
    name: `${name} mains`,
    menu: menu._id,
  });
  await api.call('POST', '/api/dishes', { name: `${name} soup`, price: '6', category: category._id });
  await api.call('POST', '/api/dishes', {
    name: `${name} risotto`,
    price: '14',
    category: category._id,
    allergens: { contains: ['milk'], declared: true },
    calories: 520,
    portion: '350 g',
  });
  return menu;
}

const isDraft = async (id: string) => (await api.call<Menu>('GET', `/api/menus/${id}`)).draft;

describe('labelling journey', () => {
  it('sets the rules in Settings › Labelling and saves them with the form', async () => {
    const { context, page } = await signedIn(desktop);
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Labelling', exact: true }).click();
    const section = page.getByRole('region', { name: 'Labelling' });
    await eventually(() => section.isVisible());
    await section.getByText('EU', { exact: true }).click();
    await section.getByRole('radio', { name: /England’s rule/ }).check();
    await eventually(() => section.getByText('Adults need around 2000 kcal a day').isVisible());
    await page.getByRole('button', { name: 'Update' }).first().click();
    await toast(page, messages.restaurantUpdated);
    const [restaurant] = await api.call<{ labelling: Record<string, unknown> }[]>('GET', '/api/restaurants');
    expect(restaurant?.labelling).toMatchObject({
      region: 'EU',
      calories: 'england',
      blockIncomplete: false,
    });

    await page.goto('/settings#labelling');
    await eventually(() => section.isVisible());
    await settled(page);
    await expectNoSeriousViolation(page, 'settings labelling', '#labelling');
    await section.screenshot({ path: screenshotPath('labelling-settings-1280') });
    await context.close();

    const small = await signedIn(phone);
    await small.page.goto('/settings#labelling');
    const phoneSection = small.page.getByRole('region', { name: 'Labelling' });
    await eventually(() => phoneSection.isVisible());
    await settled(small.page);
    await phoneSection.screenshot({ path: screenshotPath('labelling-settings-390') });
    // Above the phone's sticky save bar.
    await phoneSection.getByRole('switch').evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await small.page.screenshot({ path: screenshotPath('labelling-settings-390-switch') });
    await small.context.close();
  }, 120_000);

  it('lists what the menu lacks before publishing and publishes anyway', async () => {
    const menu = await draftMenu('Supper');
    const { context, page } = await signedIn(desktop);
    await page.goto(`/create-menu?id=${menu._id}`);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish anyway?' });
    await eventually(() => dialog.isVisible());
    await eventually(() =>
      dialog.getByText('No allergen declaration · No calories · No portion size').isVisible(),
    );
    expect(await dialog.getByText('Supper risotto').count()).toBe(0);
    await settled(page);
    await expectNoSeriousViolation(page, 'publish dialog', '[role="dialog"]');
    await page.screenshot({ path: screenshotPath('publish-check-1280') });
    await dialog.getByRole('button', { name: 'Publish anyway' }).click();
    await toast(page, messages.menuPublished);
    expect(await isDraft(menu._id)).toBe(false);
    await context.close();

    // The same question on a phone; "Cancel" leaves the menu a draft.
    const other = await draftMenu('Tea');
    const small = await signedIn(phone);
    await small.page.goto(`/create-menu?id=${other._id}`);
    await small.page.getByRole('button', { name: 'Publish', exact: true }).click();
    const phoneDialog = small.page.getByRole('dialog', { name: 'Publish anyway?' });
    await eventually(() => phoneDialog.getByText('Tea soup').isVisible());
    await settled(small.page);
    await small.page.screenshot({ path: screenshotPath('publish-check-390') });
    await phoneDialog.getByRole('button', { name: 'Cancel' }).click();
    await eventually(async () => !(await phoneDialog.isVisible()));
    expect(await isDraft(other._id)).toBe(true);
    await small.context.close();
  }, 120_000);

  it('refuses when the settings forbid an incomplete menu, and leads to them', async () => {
    const menu = await draftMenu('Brunch');
    await api.call('POST', '/api/restaurants/update', {
      labelling: { region: 'EU', calories: 'england', usStateNotice: 'none', blockIncomplete: true },
    });
    const { context, page } = await signedIn(phone);
    await page.goto(`/create-menu?id=${menu._id}`);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'This menu cannot be published yet' });
    await eventually(() => dialog.isVisible());
    await eventually(() => dialog.getByText('Brunch soup').isVisible());
    await settled(page);
    await page.screenshot({ path: screenshotPath('publish-check-blocked-390') });
    await dialog.getByRole('button', { name: 'Open labelling settings' }).click();
    await page.waitForURL('**/settings#labelling');
    await eventually(() => page.getByRole('region', { name: 'Labelling' }).isVisible());
    expect(await isDraft(menu._id)).toBe(true);
    await context.close();
  }, 120_000);
});
