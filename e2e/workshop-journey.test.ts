import { messages } from '@carte/domain';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { desktop } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { registerVerifiedOwner, signInThroughUi } from './support/owner.ts';
import { eventually, toast } from './support/page.ts';

const journey = useJourney({ CAPTCHA: 'off' });

/** The category names of the dashboard's board, top to bottom (dish handles left out). */
const boardOrder = async (page: Page) =>
  (
    await page
      .getByRole('button', { name: /^Move / })
      .evaluateAll((handles) =>
        handles.map((handle) => handle.getAttribute('aria-label')!.replace(/^Move /, '')),
      )
  ).filter((name) => name === 'Starters' || name === 'Mains');

describe('an owner builds a menu from nothing', () => {
  it('ingredients → menu → categories → dish with image and customization → drag to reorder → order kept', async () => {
    const owner = await registerVerifiedOwner(journey.server.url, journey.sink);
    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const page = await context.newPage();
    await signInThroughUi(page, owner.username, owner.password);

    // Ingredients, several at once: the list first, "Add ingredients" opens the form.
    await page.goto('/create-ingredient');
    await page.getByRole('link', { name: 'Add ingredients' }).click();
    const names = page.getByPlaceholder(/e\.g\. Tomato|Add another/);
    for (const name of ['Tomato', 'Mozzarella', 'Basil']) {
      await names.fill(name);
      await names.press('Enter');
    }
    await page.getByRole('button', { name: 'Add 3 ingredients' }).click();
    await toast(page, 'Ingredient(s) created successfully');

    // A menu (saved as a draft: publishing needs a subscription).
    await page.goto('/create-menu');
    // The Menus section is open; none of its entries is cut off.
    await eventually(() => page.getByRole('link', { name: 'Customizations', exact: true }).isVisible());
    const clipped = await page
      .getByRole('navigation', { name: 'Main navigation' })
      .locator('.mantine-NavLink-label')
      .evaluateAll((labels) =>
        labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent),
      );
    expect(clipped).toEqual([]);
    await page.getByLabel(/^Menu name/).fill('Dinner');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Menu created successfully');
    // Editing it now: the navigation highlights Menus, not its "Create menu" entry.
    await page.waitForURL(/\/create-menu\?id=[0-9a-f]{24}$/);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect
      .poll(() => nav.getByRole('link', { name: 'Menus', exact: true }).getAttribute('data-active'))
      .toBe('true');
    await expect
      .poll(() => nav.locator('a[data-active="true"]').filter({ hasText: 'Create menu' }).count())
      .toBe(0);

    // The font picker draws each family in its own self-hosted face.
    await page
      .getByRole('textbox', { name: 'Primary font' })
      .or(page.getByRole('combobox', { name: 'Primary font' }))
      .first()
      .click();
    const lobster = page.getByRole('option', { name: 'Lobster', exact: true });
    await lobster.scrollIntoViewIfNeeded();
    await eventually(() =>
      lobster.evaluate(() =>
        [...document.fonts].some(
          (face) => face.family.replace(/"/g, '') === 'Lobster' && face.status === 'loaded',
        ),
      ),
    );
    expect(await lobster.locator('span').evaluate((span) => getComputedStyle(span).fontFamily)).toMatch(
      /^"?Lobster/,
    );
    await page.keyboard.press('Escape');

    // Two categories in that menu, without dishes yet: with no dish to choose, the form does not ask
    // (issue 22: categories come before dishes).
    for (const category of ['Starters', 'Mains']) {
      await page.goto('/create-category');
      // The page's own button; the empty table offers the same action as a link below it.
      await page.getByRole('link', { name: 'Create category' }).first().click();
      await page.getByLabel(/^Category name/).fill(category);
      await page.getByRole('button', { name: 'Create category' }).click();
      await toast(page, 'Category created successfully');
      expect(await page.getByRole('dialog').filter({ hasText: messages.noDishSelected }).count()).toBe(0);
      // Created, the drawer closes on the list, which shows the new category.
      await page.waitForURL('**/create-category');
      await expect
        .poll(() => page.getByRole('table', { name: 'Categories' }).getByText(category).isVisible())
        .toBe(true);
    }

    // A dish with an image and a dish-specific customization, in Mains.
    await page.goto('/create-dish');
    await page.getByRole('link', { name: 'Create dish' }).click();
    await page.getByLabel(/^Dish name/).fill('Margherita');
    await page.getByLabel(/^Price/).fill('12.50');
    await page.getByLabel('Category', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Mains' }).click();
    await page.getByPlaceholder('Search ingredients').click();
    await page.getByRole('option', { name: 'Tomato' }).click();
    await page.getByRole('option', { name: 'Mozzarella' }).click();
    await page.keyboard.press('Escape');
    const picture = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#d9482b' } })
      .jpeg()
      .toBuffer();
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'margherita.jpg', mimeType: 'image/jpeg', buffer: picture });
    await page.getByRole('dialog', { name: 'Crop image' }).getByRole('button', { name: 'Use image' }).click();
    await page.getByRole('button', { name: 'Add a dish customization' }).click();
    const custom = page.getByRole('dialog', { name: 'Dish customizations' });
    await custom.getByLabel(/^Customization name/).fill('Size');
    await custom.getByLabel('Option 1 name').fill('Large');
    await custom.getByLabel('Option 1 price').fill('3');
    await custom.getByRole('button', { name: 'Apply to dish' }).click();
    await expect.poll(() => page.getByText('Size', { exact: true }).first().isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Create dish' }).click();
    await toast(page, 'Dish created successfully');

    // The dish is stored with its image variants and its customization.
    const token = await page.evaluate(() => localStorage.getItem('carte.accessToken'));
    const dishes = (
      await (
        await fetch(`${journey.server.url}/api/dishes`, { headers: { authorization: `Bearer ${token}` } })
      ).json()
    ).message as Array<{
      name: string;
      image: string | null;
      imageVariants: { thumb: string } | null;
      customizations: { custom: Array<{ name: string }> };
    }>;
    const margherita = dishes.find((dish) => dish.name === 'Margherita');
    expect(margherita?.image).toMatch(/^\/media\//);
    expect(margherita?.customizations.custom.map((c) => c.name)).toEqual(['Size']);
    const thumb = await fetch(`${journey.server.url}${margherita!.imageVariants!.thumb}`);
    expect(thumb.headers.get('content-type')).toBe('image/webp');

    // The dashboard shows the menu's categories in order; drag Mains above Starters.
    await page.goto('/');
    await expect.poll(() => boardOrder(page), { timeout: 15_000 }).toEqual(['Starters', 'Mains']);
    // The getting-started checklist sits above the board: scroll the board's handles into view
    // (a mouse drag happens where the owner can see it), once the checklist has settled.
    await expect.poll(() => page.getByText('Put your menu on the tables').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Move Mains' }).scrollIntoViewIfNeeded();
    const from = await page.getByRole('button', { name: 'Move Mains' }).boundingBox();
    const to = await page.getByRole('button', { name: 'Move Starters' }).boundingBox();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/menus/reorder') && r.status() === 200);
    await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
    await page.mouse.down();
    await page.mouse.move(from!.x + from!.width / 2, from!.y - 10, { steps: 8 });
    await page.mouse.move(to!.x + to!.width / 2, to!.y - 4, { steps: 8 });
    await page.mouse.up();
    await saved;
    await expect.poll(() => boardOrder(page)).toEqual(['Mains', 'Starters']);

    // The order survives a reload, and Margherita sits in Mains.
    await page.reload();
    await expect.poll(() => boardOrder(page), { timeout: 15_000 }).toEqual(['Mains', 'Starters']);
    await expect.poll(() => page.getByText('Margherita').first().isVisible()).toBe(true);
    await context.close();
  });
});
