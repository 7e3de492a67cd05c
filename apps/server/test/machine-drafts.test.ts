import { messages, type StoredTranslations } from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTranslator } from '../src/adapters/translate/index.ts';
import { createOffTranslator } from '../src/adapters/translate/off-translator.ts';
import { AppError } from '../src/core/errors.ts';
import { categories, customizations, dishes, ingredients, menus, restaurants } from '../src/db/schema.ts';
import { createMachineDraftService } from '../src/features/translations/machine-drafts.service.ts';
import { startTestApp, type TestApp } from './app.ts';
import { callerOf, locationOwnerWithToken, memberWithToken, ownerWithToken } from './factories.ts';
import { startLibreTranslateStandIn, type TranslateStandIn } from './support/translate-stand-ins.ts';

/** "Translate missing" (issue 24 §4): POST /api/translations/{lang}/machine against a LibreTranslate stand-in. */

let t: TestApp;
let stand: TranslateStandIn;

beforeAll(async () => {
  stand = await startLibreTranslateStandIn();
  t = await startTestApp({
    BILLING_PROVIDER: 'off',
    TRANSLATE_PROVIDER: 'libretranslate',
    LIBRETRANSLATE_URL: stand.url,
  });
});
afterAll(async () => {
  await t?.close();
  await stand?.close();
});
beforeEach(() => {
  stand.mode = 'ok';
  stand.rewrite = null;
});

const db = () => t.runtime.database.db;

/** A restaurant in English with French and German, and one record of every kind with texts. */
async function restaurantWithMenu() {
  const owner = await ownerWithToken(t);
  const restaurantId = owner.restaurant.id;
  await db()
    .update(restaurants)
    .set({
      languages: { default: 'en', others: ['fr', 'de'] },
      description: '<p>Family <em>bistro</em></p>',
      cta: {
        type: 'link',
        label: 'Book a table',
        link: 'https://example.com',
        newTab: true,
        color: '#000000',
        lightText: true,
        enabled: true,
      },
    })
    .where(eq(restaurants.id, restaurantId));
  const [carrot] = await db().insert(ingredients).values({ restaurantId, name: 'Carrot' }).returning();
  const [menu] = await db()
    .insert(menus)
    .values({ restaurantId, name: 'Lunch', description: 'Soups & stews' })
    .returning();
  // A person already translated the category; the dish's French name was made from an older name.
  const [category] = await db()
    .insert(categories)
    .values({
      restaurantId,
      name: 'Mains',
      translations: { fr: { name: { text: 'Plats', source: 'Mains' } } },
    })
    .returning();
  const [dish] = await db()
    .insert(dishes)
    .values({
      restaurantId,
      name: 'Beef stew',
      description: '<p>Slow-cooked <strong>beef</strong></p>',
      translations: { fr: { name: { text: 'Ragoût', source: 'Beef ragout' } } },
      customizations: {
        selected: [],
        custom: [
          {
            _id: 'sides',
            name: 'Sides',
            isCustom: true,
            isFixedPrice: true,
            isAvailable: true,
            options: [
              { _id: 'rice', name: 'Rice', ingredient: null, price: 1, isAvailable: true },
              { _id: 'carrot', name: null, ingredient: carrot!.id, price: 1, isAvailable: true },
            ],
          },
        ],
      },
    })
    .returning();
  const [size] = await db()
    .insert(customizations)
    .values({
      restaurantId,
      name: 'Size',
      options: [
        { _id: 'small', name: 'Small', ingredient: null, price: 0, isAvailable: true },
        { _id: 'large', name: 'Large', ingredient: null, price: 2, isAvailable: true },
      ],
    })
    .returning();
  return { owner, restaurantId, carrot: carrot!, menu: menu!, category: category!, dish: dish!, size: size! };
}

const translationsOf = async (
  table: typeof dishes | typeof menus | typeof categories | typeof ingredients | typeof customizations,
  id: string,
): Promise<StoredTranslations> => {
  const [row] = await db().select({ translations: table.translations }).from(table).where(eq(table.id, id));
  return row!.translations;
};
const restaurantTranslations = async (id: string) => {
  const [row] = await db()
    .select({ translations: restaurants.translations })
    .from(restaurants)
    .where(eq(restaurants.id, id));
  return row!.translations;
};

const translateMissing = (token: string, lang: string, payload: Record<string, unknown> = {}) =>
  t.call<{ drafted: number } | string>({
    method: 'POST',
    url: `/api/translations/${lang}/machine`,
    token,
    payload,
  });

describe('Translate missing', () => {
  it('fills every missing field with a draft marked machine; rich text keeps its markup; a person’s work stays', async () => {
    const scene = await restaurantWithMenu();
    const answer = await translateMissing(scene.owner.token, 'fr');
    expect(answer.status).toBe(200);
    // restaurant: description, call to action; menu: name, description; dish: description, its own
    // customization's name and named option; ingredient; customization: name and two options.
    expect(answer.body.message).toEqual({ drafted: 11 });

    const dish = await translationsOf(dishes, scene.dish.id);
    expect(dish.fr?.description).toEqual({
      text: '<p>[fr] Slow-cooked <strong>[fr] beef</strong></p>',
      source: '<p>Slow-cooked <strong>beef</strong></p>',
      machine: true,
    });
    expect(dish.fr?.['custom.sides.name']).toEqual({ text: '[fr] Sides', source: 'Sides', machine: true });
    expect(dish.fr?.['custom.sides.option.rice']).toMatchObject({ text: '[fr] Rice', machine: true });
    // The stale name is left for the owner unless asked.
    expect(dish.fr?.name).toEqual({ text: 'Ragoût', source: 'Beef ragout' });
    expect(dish.de).toBeUndefined();

    expect((await translationsOf(categories, scene.category.id)).fr?.name).toEqual({
      text: 'Plats',
      source: 'Mains',
    });
    expect((await translationsOf(menus, scene.menu.id)).fr).toEqual({
      name: { text: '[fr] Lunch', source: 'Lunch', machine: true },
      // Plain text goes as text: nothing is escaped.
      description: { text: '[fr] Soups & stews', source: 'Soups & stews', machine: true },
    });
    expect((await translationsOf(ingredients, scene.carrot.id)).fr?.name).toMatchObject({
      text: '[fr] Carrot',
      machine: true,
    });
    expect((await translationsOf(customizations, scene.size.id)).fr).toMatchObject({
      name: { text: '[fr] Size', machine: true },
      'option.small': { text: '[fr] Small', machine: true },
      'option.large': { text: '[fr] Large', machine: true },
    });
    expect(await restaurantTranslations(scene.restaurantId)).toEqual({
      fr: {
        description: {
          text: '<p>[fr] Family <em>[fr] bistro</em></p>',
          source: '<p>Family <em>bistro</em></p>',
          machine: true,
        },
        'cta.label': { text: '[fr] Book a table', source: 'Book a table', machine: true },
      },
    });

    // Nothing is missing any more; stale fields are drafted only when asked.
    expect((await translateMissing(scene.owner.token, 'fr')).body.message).toEqual({ drafted: 0 });
    expect((await translateMissing(scene.owner.token, 'fr', { includeStale: true })).body.message).toEqual({
      drafted: 1,
    });
    expect((await translationsOf(dishes, scene.dish.id)).fr?.name).toEqual({
      text: '[fr] Beef stew',
      source: 'Beef stew',
      machine: true,
    });
  });

  it('writes nothing when the service fails, answers garbage or refuses the connection, and says so clearly', async () => {
    const scene = await restaurantWithMenu();
    for (const fail of ['503', 'garbled'] as const) {
      stand.mode = fail;
      const answer = await translateMissing(scene.owner.token, 'de');
      expect(answer.status).toBe(502);
      expect(answer.body.message).toBe(messages.translationUnavailable);
    }
    stand.mode = 'ok';
    await stand.down();
    try {
      const answer = await translateMissing(scene.owner.token, 'de');
      expect(answer.status).toBe(502);
      expect(answer.body.message).toBe(messages.translationUnavailable);
    } finally {
      await stand.up();
    }
    // Nothing was written, nothing was lost: the person's translations are as they were.
    expect((await translationsOf(dishes, scene.dish.id)).de).toBeUndefined();
    expect((await translationsOf(dishes, scene.dish.id)).fr?.name).toEqual({
      text: 'Ragoût',
      source: 'Beef ragout',
    });
    expect(await restaurantTranslations(scene.restaurantId)).toEqual({});
    // The service back: the same action works (German has no translation at all: 11 + category + dish name).
    expect((await translateMissing(scene.owner.token, 'de')).body.message).toEqual({ drafted: 13 });
  });

  it('holds a service’s HTML to what the description editor allows', async () => {
    const scene = await restaurantWithMenu();
    stand.rewrite = (text) =>
      text.startsWith('<p>') ? `${text}<script>alert(1)</script><img src=x onerror="alert(2)">` : text;
    expect((await translateMissing(scene.owner.token, 'fr')).status).toBe(200);
    expect((await translationsOf(dishes, scene.dish.id)).fr?.description?.text).toBe(
      '<p>[fr] Slow-cooked <strong>[fr] beef</strong></p>',
    );
  });

  it('takes only one of the restaurant’s other languages', async () => {
    const scene = await restaurantWithMenu();
    for (const lang of ['es', 'en', 'xx-not-a-language']) {
      const answer = await translateMissing(scene.owner.token, lang);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(messages.translationLanguageNotOffered);
    }
    expect((await translateMissing(scene.owner.token, 'fr', { includeStale: 'yes' })).status).toBe(400);
    expect((await translationsOf(menus, scene.menu.id)).fr).toBeUndefined();
  });

  it('drafts the caller’s own records only: another restaurant’s and a parent’s stay untouched', async () => {
    const a = await restaurantWithMenu();
    const b = await restaurantWithMenu();
    expect((await translateMissing(a.owner.token, 'fr')).status).toBe(200);
    expect((await translationsOf(menus, b.menu.id)).fr).toBeUndefined();
    expect(await restaurantTranslations(b.restaurantId)).toEqual({});

    // A location reads its parent's records but drafts only its own.
    const location = await locationOwnerWithToken(t, b.restaurantId);
    await db()
      .update(restaurants)
      .set({ languages: { default: 'en', others: ['fr'] } })
      .where(eq(restaurants.id, location.restaurant.id));
    const [own] = await db()
      .insert(menus)
      .values({ restaurantId: location.restaurant.id, name: 'Terrace' })
      .returning();
    expect((await translateMissing(location.token, 'fr')).body.message).toEqual({ drafted: 1 });
    expect((await translationsOf(menus, own!.id)).fr?.name).toMatchObject({ text: '[fr] Terrace' });
    expect((await translationsOf(menus, b.menu.id)).fr).toBeUndefined();
  });

  it('needs the menu flag, as the translation screen does', async () => {
    const scene = await restaurantWithMenu();
    const reader = await memberWithToken(t, scene.restaurantId, { dish: true });
    expect((await translateMissing(reader.token, 'fr')).status).toBe(403);
    expect((await translationsOf(menus, scene.menu.id)).fr).toBeUndefined();
    const editor = await memberWithToken(t, scene.restaurantId, { menu: true });
    expect((await translateMissing(editor.token, 'fr')).body.message).toEqual({ drafted: 11 });
  });

  it('keeps what a person did while the service was working', async () => {
    const scene = await restaurantWithMenu();
    const service = createMachineDraftService({
      db: db(),
      translator: {
        kind: 'libretranslate',
        async translate(texts, _from, to) {
          // Meanwhile, the owner translates the menu's name and rewrites the dish's description.
          await db()
            .update(menus)
            .set({ translations: { fr: { name: { text: 'Déjeuner', source: 'Lunch' } } } })
            .where(eq(menus.id, scene.menu.id));
          await db()
            .update(dishes)
            .set({ description: '<p>Braised beef</p>' })
            .where(eq(dishes.id, scene.dish.id));
          return texts.map((text) => `[${to}] ${text}`);
        },
      },
      publicMenu: { changed: () => undefined },
    });
    const result = await service.draft(callerOf(scene.owner.user), 'fr', { includeStale: false });
    expect(result).toEqual({ drafted: 9 });
    expect((await translationsOf(menus, scene.menu.id)).fr?.name).toEqual({
      text: 'Déjeuner',
      source: 'Lunch',
    });
    // The translation of the old description would be wrong for the new one: the field stays missing.
    expect((await translationsOf(dishes, scene.dish.id)).fr?.description).toBeUndefined();
  });

  it('drops the public menu’s cache after drafting, and only then', async () => {
    const scene = await restaurantWithMenu();
    const dropped: string[] = [];
    const service = createMachineDraftService({
      db: db(),
      translator: createTranslator({
        translate: { provider: 'libretranslate', url: stand.url, apiKey: null },
      }),
      publicMenu: { changed: (id) => dropped.push(id) },
    });
    const caller = callerOf(scene.owner.user);
    stand.mode = '503';
    await expect(service.draft(caller, 'fr', { includeStale: false })).rejects.toThrow(
      messages.translationUnavailable,
    );
    expect(dropped).toEqual([]);
    stand.mode = 'ok';
    expect(await service.draft(caller, 'fr', { includeStale: false })).toEqual({ drafted: 11 });
    expect(dropped).toEqual([scene.restaurantId]);
  });

  it('answers 409 with a clear message when no provider is set, and the web app learns the provider', async () => {
    const scene = await restaurantWithMenu();
    const off = createMachineDraftService({
      db: db(),
      translator: createOffTranslator(),
      publicMenu: { changed: () => undefined },
    });
    const error = await off.draft(callerOf(scene.owner.user), 'fr', { includeStale: false }).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 409, message: messages.translationOff });

    const config = await t.call<{ translateProvider: string }>({ method: 'GET', url: '/api/config' });
    expect(config.body.message.translateProvider).toBe('libretranslate');
  });
});
