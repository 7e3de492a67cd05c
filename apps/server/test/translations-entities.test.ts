import {
  type Category,
  type Customization,
  type Dish,
  dishCustomPrefix,
  type Ingredient,
  type Menu,
  type StoredTranslations,
  translationState,
  type WorkshopRestaurant,
} from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, customizations, dishes, ingredients, menus, restaurants } from '../src/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import { ownerWithToken } from './factories.ts';

/**
 * Translations on every entity's answer and write (issue 24 §1–2): a round trip per entity, a source
 * edit turns a translation stale (the stored source no longer matches), languages the restaurant
 * does not offer are ignored, and no restaurant writes another's translations.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Owner = Awaited<ReturnType<typeof ownerWithToken>>;

const db = () => t.runtime.database.db;

/** An owner whose restaurant offers French and German besides English. */
async function frenchOwner(): Promise<Owner> {
  const owner = await ownerWithToken(t);
  const saved = await t.call<WorkshopRestaurant>({
    method: 'POST',
    url: '/api/restaurants/update',
    token: owner.token,
    payload: { languages: { default: 'en', others: ['fr', 'de'] } },
  });
  expect(saved.status).toBe(200);
  return owner;
}

const stateOf = (stored: StoredTranslations, lang: string, field: string, source: string) =>
  translationState(stored[lang]?.[field], source);

describe('restaurant languages', () => {
  it('are saved and answered: default, others (the default never among them, none twice), the machine switch', async () => {
    const owner = await ownerWithToken(t);
    const before = await t.call<WorkshopRestaurant[]>({
      method: 'GET',
      url: '/api/restaurants',
      token: owner.token,
    });
    expect(before.body.message[0]).toMatchObject({
      languages: { default: 'en', others: [] },
      showMachineTranslations: false,
      translations: {},
    });

    const saved = await t.call<WorkshopRestaurant>({
      method: 'POST',
      url: '/api/restaurants/update',
      token: owner.token,
      payload: {
        languages: { default: 'fr', others: ['en', 'fr', 'es', 'en'] },
        showMachineTranslations: true,
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toMatchObject({
      languages: { default: 'fr', others: ['en', 'es'] },
      showMachineTranslations: true,
    });
    const read = await t.call<WorkshopRestaurant[]>({
      method: 'GET',
      url: '/api/restaurants',
      token: owner.token,
    });
    expect(read.body.message[0]!.languages).toEqual({ default: 'fr', others: ['en', 'es'] });
  });

  it('refuses a language outside the list (400, nothing saved)', async () => {
    const owner = await ownerWithToken(t);
    const refused = await t.call({
      method: 'POST',
      url: '/api/restaurants/update',
      token: owner.token,
      payload: { languages: { default: 'en', others: ['xx'] } },
    });
    expect(refused.status).toBe(400);
    const [row] = await db().select().from(restaurants).where(eq(restaurants.id, owner.restaurant.id));
    expect(row!.languages).toEqual({ default: 'en', others: [] });
  });

  it("carry the restaurant's own texts; taking a language out keeps them, adding it back brings them back", async () => {
    const owner = await frenchOwner();
    const saved = await t.call<WorkshopRestaurant>({
      method: 'POST',
      url: '/api/restaurants/update',
      token: owner.token,
      payload: {
        description: '<p>Fresh pasta</p>',
        cta: JSON.stringify({ label: 'Book a table', link: 'https://example.com', enabled: true }),
        translations: {
          fr: { description: '<p>Pâtes fraîches</p>', 'cta.label': 'Réserver' },
          it: { description: 'x' },
        },
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message.translations).toEqual({
      fr: { description: '<p>Pâtes fraîches</p>', 'cta.label': 'Réserver' },
    });

    // French out: the answer still carries what is stored; French back: nothing was lost.
    await t.call({
      method: 'POST',
      url: '/api/restaurants/update',
      token: owner.token,
      payload: { languages: { default: 'en', others: ['de'] } },
    });
    const back = await t.call<WorkshopRestaurant>({
      method: 'POST',
      url: '/api/restaurants/update',
      token: owner.token,
      payload: { languages: { default: 'en', others: ['de', 'fr'] } },
    });
    expect(back.body.message.translations.fr).toEqual({
      description: '<p>Pâtes fraîches</p>',
      'cta.label': 'Réserver',
    });

    // A new description leaves the French one stale.
    await t.call({
      method: 'POST',
      url: '/api/restaurants/update',
      token: owner.token,
      payload: { description: '<p>Fresh pasta, every day</p>' },
    });
    const [row] = await db().select().from(restaurants).where(eq(restaurants.id, owner.restaurant.id));
    expect(stateOf(row!.translations, 'fr', 'description', row!.description)).toBe('stale');
    expect(stateOf(row!.translations, 'fr', 'cta.label', 'Book a table')).toBe('done');
  });

  it('sanitizes a translated description like its source', async () => {
    const owner = await frenchOwner();
    const saved = await t.call<WorkshopRestaurant>({
      method: 'POST',
      url: '/api/restaurants/update',
      token: owner.token,
      payload: {
        description: '<p>Hello</p>',
        translations: { fr: { description: '<p>Bonjour<script>alert(1)</script></p>' } },
      },
    });
    expect(saved.body.message.translations.fr!.description).not.toContain('<script');
  });
});

describe('menus', () => {
  it('round trip, stale after a rename, other languages ignored, copied by a copy', async () => {
    const owner = await frenchOwner();
    const created = await t.call<Menu>({
      method: 'POST',
      url: '/api/menus',
      token: owner.token,
      payload: {
        name: 'Lunch',
        description: 'Noon to three',
        translations: {
          fr: { name: 'Déjeuner', description: 'De midi à trois heures' },
          es: { name: 'Almuerzo' },
        },
      },
    });
    expect(created.status).toBe(200);
    const id = created.body.message._id;
    expect(created.body.message.translations).toEqual({
      fr: { name: 'Déjeuner', description: 'De midi à trois heures' },
    });

    const updated = await t.call<Menu>({
      method: 'PUT',
      url: `/api/menus/${id}`,
      token: owner.token,
      payload: { translations: { de: { name: 'Mittagessen' } } },
    });
    expect(updated.body.message.translations).toEqual({
      fr: { name: 'Déjeuner', description: 'De midi à trois heures' },
      de: { name: 'Mittagessen' },
    });
    const read = await t.call<Menu>({ method: 'GET', url: `/api/menus/${id}`, token: owner.token });
    expect(read.body.message.translations.de).toEqual({ name: 'Mittagessen' });

    await t.call({
      method: 'PUT',
      url: `/api/menus/${id}`,
      token: owner.token,
      payload: { name: 'Lunch menu' },
    });
    const [row] = await db().select().from(menus).where(eq(menus.id, id));
    expect(stateOf(row!.translations, 'fr', 'name', row!.name)).toBe('stale');
    expect(stateOf(row!.translations, 'fr', 'description', row!.description)).toBe('done');
    // The text itself stays until someone changes it.
    expect(row!.translations.fr!.name!.text).toBe('Déjeuner');

    const copy = await t.call<Menu>({
      method: 'POST',
      url: `/api/menus/${id}/copy`,
      token: owner.token,
      payload: {},
    });
    expect(copy.status).toBe(200);
    expect(copy.body.message.translations.fr).toEqual({
      name: 'Déjeuner',
      description: 'De midi à trois heures',
    });
  });

  it('a multipart form sends translations as JSON text', async () => {
    const owner = await frenchOwner();
    const boundary = 'carte-boundary';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const created = await t.call<Menu>({
      method: 'POST',
      url: '/api/menus',
      token: owner.token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${part('name', 'Dinner')}${part('translations', JSON.stringify({ fr: { name: 'Dîner' } }))}--${boundary}--\r\n`,
    });
    expect(created.status).toBe(200);
    expect(created.body.message.translations).toEqual({ fr: { name: 'Dîner' } });
  });
});

describe('categories', () => {
  it('round trip, stale after a rename, an empty text removes one, copied by a clone', async () => {
    const owner = await frenchOwner();
    const created = await t.call<Category>({
      method: 'POST',
      url: '/api/categories',
      token: owner.token,
      payload: { name: 'Starters', translations: { fr: { name: 'Entrées' }, de: { name: 'Vorspeisen' } } },
    });
    expect(created.status).toBe(200);
    const id = created.body.message._id;
    expect(created.body.message.translations).toEqual({
      fr: { name: 'Entrées' },
      de: { name: 'Vorspeisen' },
    });

    const renamed = await t.call<Category>({
      method: 'PUT',
      url: `/api/categories/${id}`,
      token: owner.token,
      payload: { name: 'First courses', translations: { de: { name: '' } } },
    });
    expect(renamed.body.message.translations).toEqual({ fr: { name: 'Entrées' } });
    const [row] = await db().select().from(categories).where(eq(categories.id, id));
    expect(stateOf(row!.translations, 'fr', 'name', row!.name)).toBe('stale');

    const clone = await t.call<Category>({
      method: 'POST',
      url: `/api/categories/${id}/clone`,
      token: owner.token,
      payload: {},
    });
    expect(clone.body.message.translations).toEqual({ fr: { name: 'Entrées' } });
  });
});

describe('ingredients', () => {
  it('round trip, stale after a rename, other languages ignored, copied by a clone', async () => {
    const owner = await frenchOwner();
    const created = await t.call<{ insertedIngredients: Ingredient[] }>({
      method: 'POST',
      url: '/api/ingredients',
      token: owner.token,
      payload: { ingredients: ['Basil'], translations: { fr: { name: 'Basilic' }, ja: { name: 'バジル' } } },
    });
    expect(created.status).toBe(200);
    const basil = created.body.message.insertedIngredients[0]!;
    expect(basil.translations).toEqual({ fr: { name: 'Basilic' } });

    const renamed = await t.call<Ingredient>({
      method: 'PUT',
      url: `/api/ingredients/${basil._id}`,
      token: owner.token,
      payload: { name: 'Thai basil', translations: { de: { name: 'Thai-Basilikum' } } },
    });
    expect(renamed.body.message.translations).toEqual({
      fr: { name: 'Basilic' },
      de: { name: 'Thai-Basilikum' },
    });
    const [row] = await db().select().from(ingredients).where(eq(ingredients.id, basil._id));
    expect(stateOf(row!.translations, 'fr', 'name', row!.name)).toBe('stale');
    expect(stateOf(row!.translations, 'de', 'name', row!.name)).toBe('done');

    const clone = await t.call<Ingredient>({
      method: 'POST',
      url: `/api/ingredients/${basil._id}/clone`,
      token: owner.token,
      payload: {},
    });
    expect(clone.body.message.translations).toEqual({
      fr: { name: 'Basilic' },
      de: { name: 'Thai-Basilikum' },
    });
  });
});

describe('restaurant-wide customizations', () => {
  it('round trip per customization and option; a renamed option turns stale; a save without translations keeps them', async () => {
    const owner = await frenchOwner();
    const first = await t.call<Customization[]>({
      method: 'POST',
      url: '/api/restaurants/set-customizations',
      token: owner.token,
      payload: {
        customizations: [
          { name: 'Size', isCustom: true, isFixedPrice: true, options: [{ name: 'Large', price: 2 }] },
        ],
      },
    });
    expect(first.status).toBe(200);
    const size = first.body.message[0]!;
    const large = size.options[0]!;
    expect(size.translations).toEqual({});

    const translated = await t.call<Customization[]>({
      method: 'POST',
      url: '/api/restaurants/set-customizations',
      token: owner.token,
      payload: {
        customizations: [
          {
            ...size,
            translations: { fr: { name: 'Taille', [`option.${large._id}`]: 'Grande' }, nl: { name: 'Maat' } },
          },
        ],
      },
    });
    expect(translated.status).toBe(200);
    expect(translated.body.message[0]!.translations).toEqual({
      fr: { name: 'Taille', [`option.${large._id}`]: 'Grande' },
    });

    // The /customizations screen sends its list without translations: they stay; the option renamed.
    const renamed = await t.call<Customization[]>({
      method: 'POST',
      url: '/api/restaurants/set-customizations',
      token: owner.token,
      payload: {
        customizations: [
          {
            _id: size._id,
            name: 'Size',
            isCustom: true,
            isFixedPrice: true,
            options: [{ _id: large._id, name: 'Big', price: 2 }],
          },
        ],
      },
    });
    expect(renamed.body.message[0]!.translations.fr).toEqual({
      name: 'Taille',
      [`option.${large._id}`]: 'Grande',
    });
    const [row] = await db().select().from(customizations).where(eq(customizations.id, size._id));
    expect(stateOf(row!.translations, 'fr', `option.${large._id}`, 'Big')).toBe('stale');
    expect(stateOf(row!.translations, 'fr', 'name', 'Size')).toBe('done');

    const read = await t.call<WorkshopRestaurant[]>({
      method: 'GET',
      url: '/api/restaurants',
      token: owner.token,
    });
    expect(read.body.message[0]!.customizations[0]!.translations.fr!.name).toBe('Taille');
  });
});

describe('dishes', () => {
  it("round trip with its own customizations' texts; stale after an edit; other languages ignored; a clone keeps them under new ids", async () => {
    const owner = await frenchOwner();
    const created = await t.call<Dish>({
      method: 'POST',
      url: '/api/dishes',
      token: owner.token,
      payload: {
        name: 'Soup',
        description: '<p>Hot</p>',
        price: '5',
        customizations: {
          custom: [
            {
              name: 'Bread',
              isCustom: true,
              isFixedPrice: true,
              options: [{ name: 'Rye', price: 1 }],
              translations: { fr: { name: 'Pain' } },
            },
          ],
        },
        translations: { fr: { name: 'Soupe', description: '<p>Chaude</p>' }, pt: { name: 'Sopa' } },
      },
    });
    expect(created.status).toBe(200);
    const dish = created.body.message;
    const bread = dish.customizations.custom[0]!;
    const rye = bread.options[0]!;
    const prefix = dishCustomPrefix(bread._id);
    expect(dish.translations).toEqual({
      fr: { name: 'Soupe', description: '<p>Chaude</p>', [`${prefix}name`]: 'Pain' },
    });
    expect(bread.translations).toEqual({ fr: { name: 'Pain' } });

    // The option's translation through the dish's own keys; the form's save without translations keeps them.
    const updated = await t.call<Dish>({
      method: 'PUT',
      url: `/api/dishes/${dish._id}`,
      token: owner.token,
      payload: { translations: { fr: { [`${prefix}option.${rye._id}`]: 'Seigle' } } },
    });
    expect(updated.body.message.customizations.custom[0]!.translations).toEqual({
      fr: { name: 'Pain', [`option.${rye._id}`]: 'Seigle' },
    });
    const edited = await t.call<Dish>({
      method: 'PUT',
      url: `/api/dishes/${dish._id}`,
      token: owner.token,
      payload: { name: 'Soup of the day', price: '6' },
    });
    expect(edited.body.message.translations.fr!.name).toBe('Soupe');
    const read = await t.call<Dish>({ method: 'GET', url: `/api/dishes/${dish._id}`, token: owner.token });
    expect(read.body.message.translations.fr).toMatchObject({ name: 'Soupe', description: '<p>Chaude</p>' });
    const [row] = await db().select().from(dishes).where(eq(dishes.id, dish._id));
    expect(stateOf(row!.translations, 'fr', 'name', row!.name)).toBe('stale');
    expect(stateOf(row!.translations, 'fr', 'description', row!.description)).toBe('done');

    const clone = await t.call<Dish>({
      method: 'POST',
      url: `/api/dishes/${dish._id}/clone`,
      token: owner.token,
      payload: {},
    });
    expect(clone.status).toBe(200);
    const copied = clone.body.message.customizations.custom[0]!;
    expect(copied._id).not.toBe(bread._id);
    expect(copied.translations).toEqual({
      fr: { name: 'Pain', [`option.${copied.options[0]!._id}`]: 'Seigle' },
    });
    expect(clone.body.message.translations.fr!.description).toBe('<p>Chaude</p>');
  });
});

describe('isolation', () => {
  it('another restaurant cannot write translations to your records (404, nothing changed)', async () => {
    const owner = await frenchOwner();
    const other = await frenchOwner();
    const menu = (
      await t.call<Menu>({ method: 'POST', url: '/api/menus', token: owner.token, payload: { name: 'Mine' } })
    ).body.message;
    const category = (
      await t.call<Category>({
        method: 'POST',
        url: '/api/categories',
        token: owner.token,
        payload: { name: 'Mine' },
      })
    ).body.message;
    const dish = (
      await t.call<Dish>({
        method: 'POST',
        url: '/api/dishes',
        token: owner.token,
        payload: { name: 'Mine', price: '1' },
      })
    ).body.message;
    const ingredient = (
      await t.call<{ insertedIngredients: Ingredient[] }>({
        method: 'POST',
        url: '/api/ingredients',
        token: owner.token,
        payload: { ingredients: ['Mine'] },
      })
    ).body.message.insertedIngredients[0]!;
    const wide = (
      await t.call<Customization[]>({
        method: 'POST',
        url: '/api/restaurants/set-customizations',
        token: owner.token,
        payload: {
          customizations: [
            { name: 'Mine', isCustom: true, isFixedPrice: true, options: [{ name: 'A', price: 1 }] },
          ],
        },
      })
    ).body.message[0]!;

    const fr = { fr: { name: 'Piraté' } };
    const attempts = [
      { method: 'PUT', url: `/api/menus/${menu._id}`, payload: { translations: fr } },
      { method: 'PUT', url: `/api/categories/${category._id}`, payload: { name: 'Mine', translations: fr } },
      { method: 'PUT', url: `/api/dishes/${dish._id}`, payload: { translations: fr } },
      {
        method: 'PUT',
        url: `/api/ingredients/${ingredient._id}`,
        payload: { name: 'Mine', translations: fr },
      },
    ] as const;
    for (const attempt of attempts) {
      const answer = await t.call({ ...attempt, token: other.token });
      expect(answer.status, attempt.url).toBe(404);
    }
    const stolen = await t.call({
      method: 'POST',
      url: '/api/restaurants/set-customizations',
      token: other.token,
      payload: { customizations: [{ ...wide, translations: fr }] },
    });
    expect(stolen.status).toBe(404);

    for (const table of [menus, categories, dishes, ingredients, customizations] as const) {
      const rows = await db()
        .select({ translations: table.translations })
        .from(table)
        .where(eq(table.restaurantId, owner.restaurant.id));
      for (const row of rows) expect(row.translations).toEqual({});
    }
  });
});
