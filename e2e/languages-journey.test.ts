import { type Category, type Dish, type Menu, messages, type TranslationList } from '@carte/domain';
import { describe, expect, it } from 'vitest';
import { apiFor, signInApi } from './support/api.ts';
import { desktop, phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { registerVerifiedOwner, signInThroughUi } from './support/owner.ts';
import { eventually, expectNoSeriousViolation, screenshotPath, settled, toast } from './support/page.ts';

/**
 * Menus in the guests' languages (issue 24), as the owner and a diner meet them: the owner adds
 * French in settings, translates the menu partly on the translation screen (saved as typed), sees
 * the missing and stale counts on the dashboard, and imports the rest from a CSV; a diner's phone
 * with `Accept-Language: fr` opens the menu's QR address and reads French, with English where a
 * field is missing or stale, switches to English, and the choice stays on the dish page.
 */

const journey = useJourney({ CAPTCHA: 'off', BILLING_PROVIDER: 'off' });

describe('a menu in French', () => {
  it('is translated partly by hand, the rest by CSV, and read in French on a diner’s phone', async () => {
    const owner = await registerVerifiedOwner(journey.server.url, journey.sink);
    const api = apiFor(
      journey.server.url,
      await signInApi(journey.server.url, owner.username, owner.password),
    );
    const menu = await api.call<Menu>('POST', '/api/menus', { name: 'Dinner' });
    const soups = await api.call<Category>('POST', '/api/categories', { name: 'Soups', menu: menu._id });
    const dish = (name: string, description: string) =>
      api.call<Dish>('POST', '/api/dishes', { name, description, price: '9', category: soups._id });
    const onion = await dish('Onion soup', '<p>With a cheese crust.</p>');
    const leek = await dish('Leek soup', '<p>Potatoes and leeks.</p>');
    await api.call('PUT', `/api/menus/${menu._id}`, { name: 'Dinner', draft: false });
    const me = await api.call<{ restaurants: { _id: string }[] }>('GET', '/api/users/me');
    const restaurantId = me.restaurants[0]!._id;

    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const page = await context.newPage();
    await signInThroughUi(page, owner.username, owner.password);
    await page.getByRole('button', { name: 'Skip tour' }).click({ timeout: 15_000 });

    // Settings › Languages: French, chosen by its own name.
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Languages', exact: true }).click();
    const section = page.getByRole('region', { name: 'Languages' });
    await eventually(() => section.isVisible());
    const others = section.getByPlaceholder('Add a language');
    await others.click();
    await others.fill('fran');
    await page.getByRole('option', { name: /Français/ }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Update' }).first().click();
    await toast(page, messages.restaurantUpdated);

    // The translation screen: the menu's name, the category and one dish name, typed and saved.
    await page.goto('/translations/fr');
    const field = (label: string) => page.getByRole('textbox', { name: `Translation: ${label}` }).first();
    const type = async (label: string, text: string) => {
      await eventually(() => field(label).isVisible(), 20_000);
      await field(label).fill(text);
      const row = page.getByTestId('translation-row').filter({ has: field(label) });
      await eventually(() => row.getByText('Saved', { exact: true }).isVisible());
    };
    await type('Name — Dinner', 'Dîner');
    await type('Category name — Soups', 'Soupes');
    await type('Name — Onion soup', 'Soupe à l’oignon');
    await settled(page);
    await expectNoSeriousViolation(page, 'translation screen', undefined, 'moderate');
    await page.screenshot({ path: screenshotPath('languages-translation-screen-1280') });

    // The owner renames the onion soup: its French name is now stale. The dashboard counts both.
    await api.call('PUT', `/api/dishes/${onion._id}`, { name: 'French onion soup' });
    const counts = (await api.call<TranslationList>('GET', '/api/translations/fr')).counts;
    expect(counts.stale).toBe(1);
    expect(counts.missing).toBeGreaterThan(0);
    await page.goto('/');
    await eventually(
      () =>
        page
          .getByRole('link', { name: new RegExp(`French: ${counts.missing} missing · 1 stale`) })
          .isVisible(),
      20_000,
    );

    // The rest from a CSV: the leek soup's name and description.
    const csv = [
      'kind,id,field,source,translation',
      `dish,${leek._id},name,Leek soup,Soupe aux poireaux`,
      `dish,${leek._id},description,<p>Potatoes and leeks.</p>,<p>Pommes de terre et poireaux.</p>`,
    ].join('\n');
    await page.goto('/translations/fr');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import translations' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'File' }).click();
    await (await chooser).setFiles({ name: 'fr.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await eventually(() => dialog.getByText('2 translations saved.').isVisible(), 20_000);
    await context.close();

    // A diner's phone in French opens the QR address (the menu's own address, no ?lang).
    const diner = await journey.browser.newContext({
      viewport: phone,
      baseURL: journey.server.url,
      isMobile: true,
      hasTouch: true,
      locale: 'fr-FR',
      extraHTTPHeaders: { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' },
    });
    const guest = await diner.newPage();
    const answer = await guest.goto(`/menu/${restaurantId}`);
    expect(answer?.status()).toBe(200);
    expect(await guest.getAttribute('html', 'lang')).toBe('fr');
    await eventually(() => guest.getByRole('heading', { name: 'Soupes' }).isVisible());
    const body = await guest.locator('body').innerText();
    expect(body).toContain('Dîner');
    expect(body).toContain('Soupe aux poireaux');
    expect(body).toContain('Pommes de terre et poireaux.');
    // Stale and missing fields read in English.
    expect(body).toContain('French onion soup');
    expect(body).not.toContain('Soupe à l’oignon');
    expect(body).toContain('With a cheese crust.');
    expect(await guest.locator('link[rel="alternate"][hreflang="x-default"]').count()).toBe(1);
    await settled(guest);
    await expectNoSeriousViolation(guest, 'public menu in French');
    await guest.screenshot({ path: screenshotPath('languages-menu-fr-390'), fullPage: true });

    // Switching to English keeps the choice on the dish page.
    await guest
      .getByRole('navigation', { name: /langue|language/i })
      .getByRole('link', { name: 'English' })
      .click();
    await eventually(() => guest.getByRole('heading', { name: 'Soups' }).isVisible());
    expect(await guest.getAttribute('html', 'lang')).toBe('en');
    await guest.getByRole('link', { name: 'Leek soup', exact: true }).click();
    await eventually(
      async () => (await guest.getByRole('heading', { level: 1 }).textContent()) === 'Leek soup',
    );
    expect(new URL(guest.url()).searchParams.get('lang')).toBe('en');
    expect(await guest.getAttribute('html', 'lang')).toBe('en');
    expect(await guest.locator('body').innerText()).toContain('Potatoes and leeks.');
    await expectNoSeriousViolation(guest, 'dish page in English');
    await diner.close();
  });
});
