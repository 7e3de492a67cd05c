import { mkdirSync } from 'node:fs';
import type { TranslationList } from '@carte/domain';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor, signInApi } from './support/api.ts';
import { desktop, phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { signInThroughUi } from './support/owner.ts';
import { expectNoSeriousViolation } from './support/page.ts';

/**
 * The translation screen (issue 24 §3): the demo owner offers French, translates a dish's name on
 * /translations (saved as they type), sees the dashboard's missing count fall, and imports a CSV
 * whose one row names an id of no restaurant (reported, nothing else changes). Screenshots at 1280
 * and 390 px go to SHOTS_DIR when set (looked at by hand, not kept in the repository).
 */
const journey = useJourney({ CAPTCHA: 'off', SEED_DEMO: 'true' }, { mail: false });
let api: Api;
const shots = process.env.SHOTS_DIR;

beforeAll(async () => {
  if (shots) mkdirSync(shots, { recursive: true });
  api = apiFor(journey.server.url, await signInApi(journey.server.url, 'demo', 'Demo1234'));
  const me = await api.call<{ restaurants: { _id: string }[] }>('GET', '/api/users/me');
  // The restaurant offers French (the settings' Languages section is another lane's: written here directly).
  const client = new pg.Client({ connectionString: journey.server.databaseUrl });
  await client.connect();
  await client.query(`update restaurants set languages = $2 where id = $1`, [
    me.restaurants[0]!._id,
    JSON.stringify({ default: 'en', others: ['fr'] }),
  ]);
  await client.end();
});

const missing = async () => (await api.call<TranslationList>('GET', '/api/translations/fr')).counts.missing;

describe('translations', () => {
  it('an owner translates a dish name as they type and the missing count falls', async () => {
    const before = await missing();
    const list = await api.call<TranslationList>('GET', '/api/translations/fr');
    const dish = list.items.find((row) => row.kind === 'dish' && row.field === 'name')!;
    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const page = await context.newPage();
    await signInThroughUi(page, 'demo', 'Demo1234');

    // The dashboard says what is missing, and leads to the screen.
    const line = page.getByRole('link', { name: new RegExp(`French: ${before} missing`) });
    await expect.poll(() => line.isVisible(), { timeout: 20_000 }).toBe(true);
    await line.click();
    await page.waitForURL('**/translations/fr');
    const field = page.getByRole('textbox', { name: `Translation: Name — ${dish.label}` }).first();
    await expect.poll(() => field.isVisible(), { timeout: 20_000 }).toBe(true);
    await field.fill(`${dish.source} (fr)`);
    const row = page.getByTestId('translation-row').filter({ has: field });
    await expect.poll(() => row.getByText('Saved', { exact: true }).isVisible()).toBe(true);
    // Nothing else was saved: only the typed field left the missing ones.
    expect(await missing()).toBe(before - 1);
    await expectNoSeriousViolation(page, 'translations 1280');
    if (shots) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${shots}/translations-1280.png` });
      await page.setViewportSize(phone);
      await page.screenshot({ path: `${shots}/translations-390.png` });
      await page.setViewportSize(desktop);
    }

    // The filter shows only what is missing: the translated name is gone from it.
    await page
      .locator('label')
      .filter({ hasText: /^Missing \d/ })
      .click();
    await expect.poll(() => field.isVisible()).toBe(false);

    // Back on the dashboard, the count fell.
    await page.goto('/');
    await expect
      .poll(() => page.getByRole('link', { name: new RegExp(`French: ${before - 1} missing`) }).isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    await context.close();
  });

  it('imports a CSV: its rows are saved, an unknown id is reported', async () => {
    const list = await api.call<TranslationList>('GET', '/api/translations/fr');
    const category = list.items.find((row) => row.kind === 'category' && row.state === 'missing')!;
    const csv = [
      'kind,id,field,source,translation',
      `category,${category.id},name,${category.source},Entrées maison`,
      `dish,${'f'.repeat(24)},name,Ghost,Fantôme`,
    ].join('\n');
    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const page = await context.newPage();
    await signInThroughUi(page, 'demo', 'Demo1234');
    await page.goto('/translations');
    await page.waitForURL('**/translations/fr');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import translations' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'File' }).click();
    await (await chooser).setFiles({ name: 'fr.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect
      .poll(() => dialog.getByText('1 translation saved.').isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(await dialog.getByText('Line 3').isVisible()).toBe(true);
    expect(await dialog.getByText('No such dish in this restaurant').isVisible()).toBe(true);
    if (shots) await page.screenshot({ path: `${shots}/translations-import-1280.png` });
    const after = await api.call<TranslationList>('GET', '/api/translations/fr');
    expect(after.items.find((row) => row.id === category.id && row.field === 'name')).toMatchObject({
      translation: 'Entrées maison',
      state: 'done',
    });
    await context.close();
  });
});
