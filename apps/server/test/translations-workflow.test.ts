import type {
  StoredTranslations,
  TranslationImportResult,
  TranslationList,
  TranslationSaveResult,
  TranslationSummary,
} from '@carte/domain';
import { withMachineDraft } from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/db/ids.ts';
import {
  categories,
  categoryDishes,
  customizations,
  dishes,
  ingredients,
  menuCategories,
  menus,
  restaurants,
} from '../src/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import { locationOwnerWithToken, memberWithToken, ownerWithToken } from './factories.ts';

/**
 * The translation workflow (issue 24 §3): GET/PUT /api/translations/{lang}, the CSV and XLIFF
 * exports and the import, on the caller's own records only.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.runtime.database.db;

/** An owner offering French, with a "Lunch" menu holding "Mains" with a soup, and a dish on no menu. */
async function restaurantWithFrench() {
  const owner = await ownerWithToken(t);
  const restaurantId = owner.restaurant.id;
  await db()
    .update(restaurants)
    .set({
      languages: { default: 'en', others: ['fr'] },
      description: '<p>Family <strong>kitchen</strong></p>',
    })
    .where(eq(restaurants.id, restaurantId));
  const tag = newId().slice(-6);
  const [lunch] = await db()
    .insert(menus)
    .values({ restaurantId, name: `Lunch ${tag}`, draft: false })
    .returning();
  const [mains] = await db().insert(categories).values({ restaurantId, name: 'Mains' }).returning();
  const [soup] = await db()
    .insert(dishes)
    .values({
      restaurantId,
      name: 'Soup',
      description: '<p>Hot <em>and</em> fresh</p>',
      customizations: {
        selected: [],
        custom: [
          {
            _id: 'c1c1c1c1c1c1c1c1c1c1c1c1',
            name: 'Bread',
            isCustom: true,
            isFixedPrice: true,
            isAvailable: true,
            options: [
              { _id: 'o1o1o1o1o1o1o1o1o1o1o1o1', name: 'Rye', ingredient: null, price: 0, isAvailable: true },
            ],
          },
        ],
      },
    })
    .returning();
  const [stew] = await db().insert(dishes).values({ restaurantId, name: 'Stew' }).returning();
  await db().insert(menuCategories).values({ menuId: lunch!.id, categoryId: mains!.id });
  await db().insert(categoryDishes).values({ categoryId: mains!.id, dishId: soup!.id });
  const [salt] = await db().insert(ingredients).values({ restaurantId, name: 'Salt' }).returning();
  const [size] = await db()
    .insert(customizations)
    .values({ restaurantId, name: 'Size', options: [] })
    .returning();
  return {
    ...owner,
    restaurantId,
    lunch: lunch!,
    mains: mains!,
    soup: soup!,
    stew: stew!,
    salt: salt!,
    size: size!,
  };
}
type World = Awaited<ReturnType<typeof restaurantWithFrench>>;

const list = async (token: string, lang = 'fr') =>
  t.call<TranslationList>({ method: 'GET', url: `/api/translations/${lang}`, token });
const save = async (token: string, items: unknown[], lang = 'fr') =>
  t.call<TranslationSaveResult>({
    method: 'PUT',
    url: `/api/translations/${lang}`,
    token,
    payload: { items },
  });
const rowOf = (answer: TranslationList, kind: string, id: string, field: string) =>
  answer.items.find((row) => row.kind === kind && row.id === id && row.field === field);

async function importFile(token: string, content: string, filename = 'translations.csv') {
  const form = new FormData();
  form.append('file', new Blob([content]), filename);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/translations/fr/import',
    headers: { authorization: `Bearer ${token}` },
    payload: form,
  });
  return { status: response.statusCode, body: response.json() as { message: TranslationImportResult } };
}
const exported = async (token: string, format: 'csv' | 'xliff') =>
  t.app.inject({
    method: 'GET',
    url: `/api/translations/fr/export.${format}`,
    headers: { authorization: `Bearer ${token}` },
  });
const storedOf = async (world: World) =>
  (
    await db()
      .select({ translations: dishes.translations })
      .from(dishes)
      .where(eq(dishes.restaurantId, world.restaurantId))
  )
    .map((row) => row.translations)
    .concat(
      (
        await db()
          .select({ translations: menus.translations })
          .from(menus)
          .where(eq(menus.restaurantId, world.restaurantId))
      ).map((row) => row.translations),
    );

describe('the list of texts', () => {
  it('lists every text of the restaurant with its menus, all missing at first', async () => {
    const world = await restaurantWithFrench();
    const answer = await list(world.token);
    expect(answer.status).toBe(200);
    const { message } = answer.body;
    expect(message.languages).toEqual({ default: 'en', others: ['fr'] });
    expect(message.menus).toEqual([{ id: world.lunch.id, name: world.lunch.name }]);
    expect(rowOf(message, 'dish', world.soup.id, 'name')).toMatchObject({
      source: 'Soup',
      translation: '',
      state: 'missing',
      menus: [world.lunch.id],
    });
    expect(rowOf(message, 'dish', world.soup.id, 'description')).toMatchObject({ rich: true });
    expect(rowOf(message, 'dish', world.soup.id, 'custom.c1c1c1c1c1c1c1c1c1c1c1c1.name')?.source).toBe(
      'Bread',
    );
    expect(
      rowOf(message, 'dish', world.soup.id, 'custom.c1c1c1c1c1c1c1c1c1c1c1c1.option.o1o1o1o1o1o1o1o1o1o1o1o1')
        ?.source,
    ).toBe('Rye');
    expect(rowOf(message, 'dish', world.stew.id, 'name')?.menus).toEqual([]);
    expect(rowOf(message, 'category', world.mains.id, 'name')?.menus).toEqual([world.lunch.id]);
    expect(rowOf(message, 'ingredient', world.salt.id, 'name')?.state).toBe('missing');
    expect(rowOf(message, 'customization', world.size.id, 'name')?.state).toBe('missing');
    expect(rowOf(message, 'restaurant', world.restaurantId, 'description')?.source).toContain('<strong>');
    expect(message.counts.missing).toBe(message.items.length);
    expect(message.counts.total).toBe(message.items.length);
  });

  it('refuses a language the restaurant does not offer, saying so', async () => {
    const world = await restaurantWithFrench();
    const answer = await t.call<string>({ method: 'GET', url: '/api/translations/de', token: world.token });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('fr');
  });

  it('shows done, stale after the source changes, and machine drafts', async () => {
    const world = await restaurantWithFrench();
    const saved = await save(world.token, [
      { kind: 'dish', id: world.soup.id, field: 'name', text: 'Soupe' },
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body.message.items).toEqual([
      { kind: 'dish', id: world.soup.id, field: 'name', translation: 'Soupe', state: 'done' },
    ]);
    await db()
      .update(dishes)
      .set({
        translations: withMachineDraft(
          { fr: { name: { text: 'Soupe', source: 'Soup' } } },
          'fr',
          'name',
          'Ragoût',
          'Stew',
        ),
      })
      .where(eq(dishes.id, world.stew.id));
    let message = (await list(world.token)).body.message;
    expect(rowOf(message, 'dish', world.soup.id, 'name')?.state).toBe('done');
    expect(rowOf(message, 'dish', world.stew.id, 'name')).toMatchObject({
      translation: 'Ragoût',
      state: 'machine',
    });
    expect(message.counts.done).toBe(1);
    expect(message.counts.machine).toBe(1);

    // The owner renames the soup: its French name is now stale.
    await db().update(dishes).set({ name: 'Tomato soup' }).where(eq(dishes.id, world.soup.id));
    message = (await list(world.token)).body.message;
    expect(rowOf(message, 'dish', world.soup.id, 'name')).toMatchObject({
      source: 'Tomato soup',
      state: 'stale',
    });

    // The summary the dashboard reads.
    const summary = await t.call<TranslationSummary>({
      method: 'GET',
      url: '/api/translations',
      token: world.token,
    });
    expect(summary.body.message.languages).toEqual([
      { language: 'fr', missing: message.counts.missing, stale: 1, machine: 1 },
    ]);
  });
});

describe('saving', () => {
  it('accepts a machine draft as it is and confirms a stale translation', async () => {
    const world = await restaurantWithFrench();
    await db()
      .update(dishes)
      .set({ translations: withMachineDraft({}, 'fr', 'name', 'Ragoût', 'Stew') })
      .where(eq(dishes.id, world.stew.id));
    await save(world.token, [{ kind: 'dish', id: world.soup.id, field: 'name', text: 'Soupe' }]);
    await db().update(dishes).set({ name: 'Tomato soup' }).where(eq(dishes.id, world.soup.id));
    const accepted = await save(world.token, [
      { kind: 'dish', id: world.stew.id, field: 'name', text: '', accept: true },
      { kind: 'dish', id: world.soup.id, field: 'name', text: '', accept: true },
    ]);
    expect(accepted.status).toBe(200);
    expect(accepted.body.message.items.map((row) => [row.translation, row.state])).toEqual([
      ['Ragoût', 'done'],
      ['Soupe', 'done'],
    ]);
    const [stew] = await db().select().from(dishes).where(eq(dishes.id, world.stew.id));
    expect(stew!.translations).toEqual({ fr: { name: { text: 'Ragoût', source: 'Stew' } } });
  });

  it('sanitizes rich text, removes a translation sent empty, and refuses unknown fields', async () => {
    const world = await restaurantWithFrench();
    await save(world.token, [
      {
        kind: 'dish',
        id: world.soup.id,
        field: 'description',
        text: '<p>Chaude <script>x()</script><em>et</em></p>',
      },
    ]);
    let row = rowOf((await list(world.token)).body.message, 'dish', world.soup.id, 'description');
    expect(row?.translation).toContain('<em>et</em>');
    expect(row?.translation).not.toContain('script');
    await save(world.token, [{ kind: 'dish', id: world.soup.id, field: 'description', text: '' }]);
    row = rowOf((await list(world.token)).body.message, 'dish', world.soup.id, 'description');
    expect(row?.state).toBe('missing');
    const unknown = await save(world.token, [
      { kind: 'dish', id: world.soup.id, field: 'calories', text: 'x' },
    ]);
    expect(unknown.status).toBe(400);
  });

  it("refuses another restaurant's records and changes nothing", async () => {
    const world = await restaurantWithFrench();
    const other = await restaurantWithFrench();
    const before = await storedOf(other);
    const answer = await save(world.token, [
      { kind: 'dish', id: world.soup.id, field: 'name', text: 'Soupe' },
      { kind: 'dish', id: other.soup.id, field: 'name', text: 'Volée' },
    ]);
    expect(answer.status).toBe(404);
    expect(await storedOf(other)).toEqual(before);
    // The whole request is one: the caller's own row was not saved either.
    expect(rowOf((await list(world.token)).body.message, 'dish', world.soup.id, 'name')?.state).toBe(
      'missing',
    );
  });

  it("lets a location translate its own records, not its parent's", async () => {
    const parent = await restaurantWithFrench();
    const location = await locationOwnerWithToken(t, parent.restaurantId);
    await db()
      .update(restaurants)
      .set({ languages: { default: 'en', others: ['fr'] } })
      .where(eq(restaurants.id, location.restaurant.id));
    const answer = await list(location.token);
    expect(answer.body.message.items.some((row) => row.id === parent.soup.id)).toBe(false);
    const refused = await save(location.token, [
      { kind: 'dish', id: parent.soup.id, field: 'name', text: 'Soupe' },
    ]);
    expect(refused.status).toBe(403);
  });

  it('needs the restaurant or the menu flag', async () => {
    const world = await restaurantWithFrench();
    const dishOnly = await memberWithToken(t, world.restaurantId, { dish: true });
    expect((await list(dishOnly.token)).status).toBe(403);
    const menuMember = await memberWithToken(t, world.restaurantId, { menu: true });
    expect((await list(menuMember.token)).status).toBe(200);
  });
});

describe('files', () => {
  it('exports CSV and XLIFF that import back after the translations are cleared', async () => {
    const world = await restaurantWithFrench();
    await save(world.token, [
      { kind: 'dish', id: world.soup.id, field: 'name', text: 'Soupe, "maison"' },
      { kind: 'dish', id: world.soup.id, field: 'description', text: '<p>Chaude <em>et</em> fraîche</p>' },
      { kind: 'menu', id: world.lunch.id, field: 'name', text: 'Déjeuner' },
    ]);
    const before = (await list(world.token)).body.message;
    const csv = await exported(world.token, 'csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('kind,id,field,source,translation');
    const xliff = await exported(world.token, 'xliff');
    expect(xliff.body).toContain(
      '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="fr">',
    );
    expect(xliff.body).toContain(`<unit id="dish:${world.soup.id}:description">`);
    expect(xliff.body).toContain(
      '<target>&lt;p&gt;Chaude &lt;em&gt;et&lt;/em&gt; fraîche&lt;/p&gt;</target>',
    );

    for (const [file, name] of [
      [csv.body, 'translations.csv'],
      [xliff.body, 'translations.xliff'],
    ] as const) {
      const clear = async (table: typeof dishes | typeof menus) =>
        db()
          .update(table)
          .set({ translations: {} as StoredTranslations })
          .where(eq(table.restaurantId, world.restaurantId));
      await clear(dishes);
      await clear(menus);
      expect((await list(world.token)).body.message.counts.done).toBe(0);
      const imported = await importFile(world.token, file, name);
      expect(imported.status).toBe(200);
      expect(imported.body.message.saved).toBe(3);
      const after = (await list(world.token)).body.message;
      expect(after.items.map((row) => [row.id, row.field, row.translation, row.state])).toEqual(
        before.items.map((row) => [row.id, row.field, row.translation, row.state]),
      );
    }
  });

  it("reports rows naming another restaurant's records, unknown fields and empty targets, changing nothing for them", async () => {
    const world = await restaurantWithFrench();
    const other = await restaurantWithFrench();
    const before = await storedOf(other);
    const csv = [
      'kind,id,field,source,translation',
      `dish,${other.soup.id},name,Soup,Volée`,
      `dish,${world.soup.id},calories,,12`,
      `dish,${world.stew.id},name,Stew,`,
      `menu,${world.lunch.id},name,Lunch,Déjeuner`,
    ].join('\n');
    const imported = await importFile(world.token, csv);
    expect(imported.status).toBe(200);
    expect(imported.body.message.saved).toBe(1);
    expect(imported.body.message.unmatched.map((entry) => entry.line).sort()).toEqual([2, 3, 4]);
    expect(await storedOf(other)).toEqual(before);

    const xliff = `<?xml version="1.0"?><xliff version="2.0" srcLang="en" trgLang="fr"><file id="f"><unit id="dish:${other.soup.id}:name"><segment><source>Soup</source><target>Volée</target></segment></unit></file></xliff>`;
    const fromXliff = await importFile(world.token, xliff, 'x.xlf');
    expect(fromXliff.body.message).toEqual({
      saved: 0,
      unmatched: [{ unit: `dish:${other.soup.id}:name`, reason: 'No such dish in this restaurant' }],
    });
    expect(await storedOf(other)).toEqual(before);
  });

  it('reads a hostile XLIFF file of unclosed tags promptly, saving nothing', async () => {
    const world = await restaurantWithFrench();
    const hostile = `<xliff version="2.0">${'<unit id="a"><target><![CDATA[<<'.repeat(40_000)}`;
    const started = performance.now();
    const imported = await importFile(world.token, hostile, 'x.xlf');
    expect(imported.body.message).toEqual({ saved: 0, unmatched: [] });
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
