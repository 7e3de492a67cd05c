import type { WorkshopRestaurant } from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurants } from '../src/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import { createLocationOwner, createMember, createOwner, tokenFor } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const read = (token?: string) =>
  t.call<WorkshopRestaurant[]>({ method: 'GET', url: '/api/restaurants', token });

const size = {
  name: 'Size',
  isCustom: true,
  isFixedPrice: true,
  options: [{ name: 'Large', price: 2 }],
};

describe('GET /api/restaurants', () => {
  it('answers 401 without a token', async () => {
    expect((await read()).status).toBe(401);
  });

  it("answers a list whose first item is the caller's restaurant (doc 1 §7)", async () => {
    const owner = await createOwner(t, { restaurantName: 'Chez Test' });
    const token = await tokenFor(t, owner.user.username);
    await t.runtime.database.db
      .update(restaurants)
      .set({ restaurantType: 'FOOD_TRUCK', sideDishesLabel: 'Extras' })
      .where(eq(restaurants.id, owner.restaurant.id));
    const saved = await t.call<unknown[]>({
      method: 'POST',
      url: '/api/restaurants/set-customizations',
      token,
      payload: { customizations: [size] },
    });
    await t.call({
      method: 'POST',
      url: '/api/dishes/update-dietary',
      token,
      payload: { name: 'Zero waste', type: 'other' },
    });

    const { status, body } = await read(token);
    expect(status).toBe(200);
    expect(body.message).toEqual([
      {
        _id: owner.restaurant.id,
        name: 'Chez Test',
        description: '',
        logo: null,
        logoVariants: null,
        restaurantType: 'FOOD_TRUCK',
        timeZone: 'Europe/Paris',
        menu_period_transition: 15,
        sideDishesLabel: 'Extras',
        social: [],
        // Nothing saved yet: the defaults (doc 2 §3, §4: the first QR template; the button off).
        qrSettings: { colorDark: '#000000', colorLight: '#ffffff', backgroundImageAlpha: 0 },
        selectedQrTemplate: 'template_1',
        templateMeta: {},
        cta: {
          type: 'link',
          label: '',
          link: '',
          newTab: true,
          color: 'primary',
          lightText: true,
          enabled: false,
        },
        customizations: saved.body.message,
        dietaryConsiderations: { diets: [], foodTypes: [], other: ['Zero waste'] },
        filterOptions: null,
        // Nothing set yet: no region, no calorie rule (issue 23).
        labelling: { region: 'other', calories: 'none', usStateNotice: 'none', blockIncomplete: false },
        // One language, no machine drafts, nothing translated yet (issue 24).
        languages: { default: 'en', others: [] },
        showMachineTranslations: false,
        translations: {},
        parentRestaurant: null,
      },
    ]);
  });

  it('may be read by a member with no flag at all (the dish form needs it)', async () => {
    const owner = await createOwner(t);
    const member = await createMember(t, owner.restaurant.id, {});
    const { status, body } = await read(await tokenFor(t, member.user.username));
    expect(status).toBe(200);
    expect(body.message[0]!._id).toBe(owner.restaurant.id);
  });

  it('names the parent of a location, whose customizations are its own', async () => {
    const parent = await createOwner(t, { restaurantName: 'Mother House' });
    const parentToken = await tokenFor(t, parent.user.username);
    await t.call({
      method: 'POST',
      url: '/api/restaurants/set-customizations',
      token: parentToken,
      payload: { customizations: [size] },
    });
    const location = await createLocationOwner(t, parent.restaurant.id);
    const { body } = await read(await tokenFor(t, location.user.username));
    expect(body.message[0]).toMatchObject({
      _id: location.restaurant.id,
      parentRestaurant: { _id: parent.restaurant.id, name: 'Mother House', social: [] },
      customizations: [],
    });
  });

  it('shows each restaurant only its own; users without a restaurant get 403', async () => {
    const a = await createOwner(t);
    const b = await createOwner(t);
    const aToken = await tokenFor(t, a.user.username);
    await t.call({
      method: 'POST',
      url: '/api/restaurants/set-customizations',
      token: aToken,
      payload: { customizations: [size] },
    });
    const { body } = await read(await tokenFor(t, b.user.username));
    expect(body.message).toHaveLength(1);
    expect(body.message[0]).toMatchObject({ _id: b.restaurant.id, customizations: [] });

    const admin = await createOwner(t, { role: 'ADMIN' });
    expect((await read(await tokenFor(t, admin.user.username))).status).toBe(403);
  });
});

describe('API docs', () => {
  it('describe the workshop routes with their failure statuses', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<
      string,
      Record<string, { responses: Record<string, unknown> }>
    >;
    const expected: [string, string, string[]][] = [
      ['/api/restaurants', 'get', ['200', '401', '403']],
      ['/api/restaurants/set-customizations', 'post', ['200', '400', '403', '404']],
      ['/api/ingredients', 'get', ['200', '401']],
      ['/api/ingredients', 'post', ['200', '400', '403']],
      ['/api/ingredients/{id}', 'put', ['200', '400', '403', '404']],
      ['/api/ingredients/{id}/clone', 'post', ['200', '404', '412']],
      ['/api/dishes', 'post', ['200', '400', '403']],
      ['/api/dishes/{id}', 'put', ['200', '400', '403', '404']],
      ['/api/dishes/{id}/clone', 'post', ['200', '404', '412']],
      ['/api/dishes', 'delete', ['200', '403', '404']],
      ['/api/dietary', 'get', ['200', '401', '403']],
      ['/api/dishes/update-dietary', 'post', ['200', '400', '403', '404']],
      ['/api/dishes/delete-dietary', 'post', ['200', '400', '403', '404']],
    ];
    for (const [path, method, statuses] of expected) {
      const operation = paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(statuses));
    }
  });
});
