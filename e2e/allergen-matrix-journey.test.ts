import { describe, expect, it } from 'vitest';
import { desktop, phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { registerVerifiedOwner, signInThroughUi } from './support/owner.ts';
import {
  eventually,
  expectNoHorizontalOverflow,
  expectNoSeriousViolation,
  resize,
  toast,
} from './support/page.ts';

const journey = useJourney({ CAPTCHA: 'off' });

type Own = { contains: string[]; mayContain: string[]; declared: boolean };

describe('allergen records (issue 23 §6, §7)', () => {
  it('maps the dishes’ food types to allergens, shows them in the menu’s matrix and in the dish’s history', async () => {
    const owner = await registerVerifiedOwner(journey.server.url, journey.sink);
    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const page = await context.newPage();
    await signInThroughUi(page, owner.username, owner.password);
    const token = await page.evaluate(() => localStorage.getItem('carte.accessToken'));
    const api = async <T>(method: string, path: string, body?: unknown) => {
      const answer = await fetch(`${journey.server.url}/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const json = (await answer.json()) as { message: T };
      expect(answer.status, JSON.stringify(json)).toBe(200);
      return json.message;
    };
    const tags = (foodTypes: string[]) => ({
      selected: { diets: [], foodTypes: [], other: [] },
      admin: { diets: [], foodTypes, other: [] },
    });
    const menu = await api<{ _id: string }>('POST', '/menus', { name: 'Dinner' });
    const category = await api<{ _id: string }>('POST', '/categories', { name: 'Mains', menu: menu._id });
    const lasagne = await api<{ _id: string }>('POST', '/dishes', {
      name: 'Lasagne',
      price: '14',
      category: category._id,
      dietaryConsiderations: tags(['Gluten', 'Milk']),
    });
    const prawns = await api<{ _id: string }>('POST', '/dishes', {
      name: 'Garlic prawns',
      price: '16',
      category: category._id,
      dietaryConsiderations: tags(['Crustaceans']),
    });

    // The ingredients page leads to the mapping screen, which proposes a row per tag and allergen.
    await page.getByRole('link', { name: 'Ingredients' }).click();
    await page.getByRole('link', { name: 'Map food types' }).click();
    await page.waitForURL('**/allergens/food-types');
    const row = (label: string) => page.getByRole('checkbox', { name: label });
    await eventually(() => row('Lasagne: Gluten → Contains Gluten').isVisible());
    expect(await row('Lasagne: Milk → Contains Milk').isChecked()).toBe(true);
    // Held to the every-screen suite's bar: not even a moderate violation.
    await expectNoSeriousViolation(page, 'food types to allergens', undefined, 'moderate');
    // The owner leaves the prawns for later.
    await row('Garlic prawns: Crustaceans → Contains Crustaceans').uncheck();
    await page.getByText('2 of 3 chosen, for 1 dish').waitFor();
    await page.getByRole('button', { name: 'Add to the dishes' }).click();
    await toast(page, 'Allergens added to 1 dish');
    // Added to the dish's own "contains", not declared: the owner still confirms the dish.
    expect((await api<{ ownAllergens: Own }>('GET', `/dishes/${lasagne._id}`)).ownAllergens).toEqual({
      contains: ['gluten', 'milk'],
      mayContain: [],
      declared: false,
    });
    expect((await api<{ ownAllergens: Own }>('GET', `/dishes/${prawns._id}`)).ownAllergens.contains).toEqual(
      [],
    );
    // What was added is proposed no more; the prawns' row stays.
    await eventually(async () => (await page.getByRole('checkbox', { name: /^Lasagne/ }).count()) === 0);
    expect(await row('Garlic prawns: Crustaceans → Contains Crustaceans').isVisible()).toBe(true);

    // The dashboard's menu row leads to the matrix.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('link', { name: 'Allergen matrix of Dinner' }).click();
    await page.waitForURL(`**/menus/${menu._id}/allergens`);
    await page.getByRole('heading', { name: 'Allergen matrix — Dinner' }).waitFor();
    const lasagneRow = page.getByRole('row', { name: /Lasagne/ });
    // Each cell says its state in words, not by its mark or colour alone.
    expect(await lasagneRow.getByRole('cell', { name: 'Contains: Gluten' }).count()).toBe(1);
    expect(await lasagneRow.getByRole('cell', { name: 'Contains: Milk' }).count()).toBe(1);
    expect(await lasagneRow.getByRole('cell', { name: 'Not declared: Eggs' }).count()).toBe(1);
    expect(await page.getByText('2 of 2 dishes not declared').isVisible()).toBe(true);
    expect(await lasagneRow.getByText(owner.username).isVisible()).toBe(true);
    await expectNoSeriousViolation(page, 'allergen matrix', undefined, 'moderate');

    // The owner confirms the lasagne; the matrix then reads "free" for the rest of the 14.
    await api('PUT', `/dishes/${lasagne._id}`, {
      allergens: { contains: ['gluten', 'milk'], mayContain: [], declared: true },
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Allergen matrix — Dinner' }).waitFor();
    expect(await lasagneRow.getByRole('cell', { name: 'Free: Eggs' }).count()).toBe(1);
    expect(await page.getByText('1 of 2 dishes not declared').isVisible()).toBe(true);

    // A phone scrolls the table, not the page.
    await resize(page, phone);
    await page.getByText('Swipe the table sideways').waitFor();
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousViolation(page, 'allergen matrix on a phone', undefined, 'moderate');

    // The dish's history tells both changes in words, newest first.
    await resize(page, desktop);
    await page.goto(`/update-dish/${lasagne._id}`);
    await page.getByRole('button', { name: 'Show history' }).click();
    const history = page.getByRole('list', { name: 'Declaration changes, newest first' });
    await history.waitFor();
    const items = await history.getByRole('listitem').allTextContents();
    expect(items).toHaveLength(2);
    expect(items[0]).toContain(
      `${owner.username} changed allergens: contains Gluten, Milk (not declared) → contains Gluten, Milk (declared)`,
    );
    expect(items[1]).toContain(
      `${owner.username} changed allergens: no allergens (not declared) → contains Gluten, Milk (not declared)`,
    );
    await context.close();
  });
});
