import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor, signInApi } from './support/api.ts';
import { desktop, phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { signInThroughUi } from './support/owner.ts';
import {
  expectNoHorizontalOverflow,
  expectNoSeriousViolation,
  screenshotPath,
  toast,
} from './support/page.ts';

/**
 * The Settings screen (doc 2 §2, §4): the demo owner changes the profile in the browser, the update
 * lands on /settings with "Restaurant updated successfully!", and the public menu shows it. The page
 * is audited with axe at desktop and phone size (serious or critical violations fail) and
 * photographed at 1280 and 390 px wide into test-results/screenshots/.
 */

const journey = useJourney({ CAPTCHA: 'off', SEED_DEMO: 'true' }, { mail: false });
let api: Api;
let restaurantId: string;

beforeAll(async () => {
  api = apiFor(journey.server.url, await signInApi(journey.server.url, 'demo', 'Demo1234'));
  const me = await api.call<{ restaurants: { _id: string }[] }>('GET', '/api/users/me');
  restaurantId = me.restaurants[0]!._id;
  // Only the demo's All Day menu stays published, so the public page shows it at any hour.
  const menus = await api.call<{ _id: string; name: string }[]>('GET', '/api/menus');
  for (const menu of menus.filter((item) => item.name !== 'All Day'))
    await api.call('PUT', `/api/menus/${menu._id}`, { draft: true });
});

async function openSettings(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await signInThroughUi(page, 'demo', 'Demo1234');
  await page.goto('/settings');
  await expect
    .poll(() => page.getByRole('heading', { name: 'Business profile' }).isVisible(), { timeout: 20_000 })
    .toBe(true);
  // Nothing changed yet: no warning, nothing to save.
  await expect
    .poll(() => page.getByText('Everything is saved.').filter({ visible: true }).first().isVisible())
    .toBe(true);
  expect(await page.getByText("You haven't saved your changes!").isVisible()).toBe(false);
  return page;
}

describe('the Settings screen', () => {
  it('an owner updates the profile; the public menu shows the logo, description, button and social link', async () => {
    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const page = await openSettings(context);

    const name = page.getByRole('textbox', { name: 'Food truck name' });
    expect(await name.inputValue()).not.toBe('');
    // The update button waits for a change; an empty name disables it with the type's message.
    const update = page.getByRole('button', { name: 'Update', exact: true });
    expect(await update.isDisabled()).toBe(true);
    await name.fill('');
    await name.blur();
    await expect.poll(() => page.getByText('Food truck name cannot be empty').isVisible()).toBe(true);
    expect(await update.isDisabled()).toBe(true);
    await name.fill('Rolling Tacos');

    // Logo from a file, description in the rich-text editor.
    const logo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#e4572e' } })
      .png()
      .toBuffer();
    await page.locator('input[type="file"]').first().setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: logo,
    });
    const crop = page.getByRole('dialog', { name: 'Crop image' });
    await expect.poll(() => crop.isVisible()).toBe(true);
    await crop.getByRole('button', { name: 'Use image' }).click();
    const editor = page.getByRole('textbox', { name: 'Description' });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Tacos al pastor from the trompo, every day.');

    // The call to action: on, order online, a link without https.
    await page.getByRole('switch', { name: 'Enabled' }).check({ force: true });
    await page.getByLabel('Button type', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Order online' }).click();
    await page.getByLabel('Ordering page').fill('order.rollingtacos.example');
    await page.getByLabel('Instagram').fill('instagram.com/rollingtacos');

    await expect.poll(() => update.isDisabled()).toBe(false);
    await update.click();
    await toast(page, 'Restaurant updated successfully!');
    expect(new URL(page.url()).pathname).toBe('/settings');
    await expect.poll(() => page.getByText("You haven't saved your changes!").isVisible()).toBe(false);

    const diner = await context.newPage();
    await diner.goto(`/menu/${restaurantId}`);
    const button = diner.locator('a.cm-cta');
    expect(await button.textContent()).toBe('Order online');
    expect(await button.getAttribute('href')).toBe('https://order.rollingtacos.example');
    expect(await diner.locator('a[href="https://instagram.com/rollingtacos"]').count()).toBe(1);
    expect(await diner.getByText('Tacos al pastor from the trompo, every day.').isVisible()).toBe(true);
    const logoSrc = await diner.locator('img.cm-logo').first().getAttribute('src');
    expect(logoSrc).toMatch(/^\/media\/logo\//);
    await context.close();
  });

  it('passes axe and is photographed at 1280 px', async () => {
    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const page = await openSettings(context);
    await expectNoSeriousViolation(page, 'settings at 1280 px');
    await page.screenshot({ path: screenshotPath('settings-1280'), fullPage: true });
    await context.close();
  });

  it('passes axe and is photographed at 390 px', async () => {
    const context = await journey.browser.newContext({
      viewport: phone,
      baseURL: journey.server.url,
      isMobile: true,
      hasTouch: true,
    });
    const page = await openSettings(context);
    await expectNoSeriousViolation(page, 'settings at 390 px');
    await page.screenshot({ path: screenshotPath('settings-390'), fullPage: true });
    // Half-way down the form, the Update button is still on screen (the bar at the foot).
    await page.getByRole('heading', { name: 'Call to action' }).scrollIntoViewIfNeeded();
    const update = page.getByRole('button', { name: 'Update', exact: true });
    const box = await update.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeLessThanOrEqual(phone.height);
    expect(box!.y).toBeGreaterThan(phone.height / 2);
    await page.screenshot({ path: screenshotPath('settings-390-scrolled') });
    // Nothing wider than the phone.
    await expectNoHorizontalOverflow(page);
    await context.close();
  });
});
