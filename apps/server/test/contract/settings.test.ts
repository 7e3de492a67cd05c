import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memberSession, ownerSession } from './scene.ts';
import {
  expectFail,
  expectSuccess,
  multipart,
  picture,
  type SpecClient,
  startSpecClient,
} from './spec-client.ts';
import { menuCatalog, restaurantProfile, templates } from './spec-shapes.ts';

/**
 * The Settings screen's calls (doc 2 §2, §7): update restaurant (POST or PUT /restaurants/update,
 * multipart: fields, social JSON, qrSettings JSON, logo, cta JSON, templateMeta JSON,
 * selectedQrTemplate, restaurantType), the restaurant read back (GET /restaurants, "the first item of
 * the returned list is used", doc 1 §7), and the templates catalogue (doc 3 §7.4 /restaurants/templates,
 * doc 1 §3 template_meta and the 50 fonts).
 */

let api: SpecClient;
beforeAll(async () => {
  api = await startSpecClient();
});
afterAll(async () => {
  await api?.close();
});

const form = {
  name: 'Taco Wheels',
  description: '<p>Street food, <em>done right</em>.</p>',
  menu_period_transition: 20,
  sideDishesLabel: 'Goes well with',
  social: [
    { media: 'instagram', icon: 'instagram', url: 'instagram.com/tacowheels' },
    { media: 'website', icon: 'website', url: 'https://tacowheels.example' },
  ],
  qrSettings: { colorDark: '#1d3557', colorLight: '#ffffff', backgroundImageAlpha: 0.5 },
  cta: {
    type: 'order_ahead',
    label: 'Order ahead',
    link: 'tacowheels.example/order',
    newTab: true,
    color: 'primary',
    lightText: true,
    enabled: true,
  },
  templateMeta: { template_2: { text_top: 'Scan for the menu', text_bottom: 'Thank you!' } },
  selectedQrTemplate: 'template_2',
  restaurantType: 'FOOD_TRUCK',
};

describe('update restaurant (doc 2 §7)', () => {
  it('takes the multipart form with its JSON fields and logo; GET /restaurants reads it back', async () => {
    const { token, restaurantId } = await ownerSession(api);
    const saved = expectSuccess(
      await api.send('POST', '/restaurants/update', {
        token,
        form: multipart(form, { logo: await picture('logo.png') }),
      }),
      z.unknown(),
    );
    expect(saved).toBeDefined();
    const [restaurant] = expectSuccess(
      await api.send('GET', '/restaurants', { token }),
      z.array(restaurantProfile).min(1),
    );
    expect(restaurant).toMatchObject({
      _id: restaurantId,
      name: 'Taco Wheels',
      restaurantType: 'FOOD_TRUCK',
      menu_period_transition: 20,
      sideDishesLabel: 'Goes well with',
      qrSettings: form.qrSettings,
      selectedQrTemplate: 'template_2',
      templateMeta: form.templateMeta,
      // "Website addresses without http get https:// prefixed" (doc 1 §5).
      cta: { ...form.cta, link: 'https://tacowheels.example/order' },
    });
    expect(restaurant!.description).toContain('<em>done right</em>');
    expect(restaurant!.social).toEqual([
      { media: 'instagram', icon: 'instagram', url: 'https://instagram.com/tacowheels' },
      { media: 'website', icon: 'website', url: 'https://tacowheels.example' },
    ]);
    expect(await api.fetchPicture(restaurant!.logo!)).toMatchObject({
      status: 200,
      contentType: 'image/webp',
    });
  });

  it('PUT takes the same fields as JSON', async () => {
    const { token } = await ownerSession(api);
    expectSuccess(
      await api.send('PUT', '/restaurants/update', {
        token,
        json: { ...form, restaurantType: 'RESTAURANT' },
      }),
      z.unknown(),
    );
    const [restaurant] = expectSuccess(
      await api.send('GET', '/restaurants', { token }),
      z.array(restaurantProfile),
    );
    expect(restaurant).toMatchObject({ name: 'Taco Wheels', restaurantType: 'RESTAURANT' });
  });

  it('refuses an empty name with "{Type} name cannot be empty" (doc 2 §5)', async () => {
    const { token } = await ownerSession(api);
    expectFail(
      await api.send('POST', '/restaurants/update', {
        token,
        form: multipart({ ...form, name: '' }),
      }),
      400,
      'Food truck name cannot be empty',
    );
    expectFail(
      await api.send('POST', '/restaurants/update', {
        token,
        json: { name: '', restaurantType: 'RESTAURANT' },
      }),
      400,
      'Restaurant name cannot be empty',
    );
  });

  it('refuses a picture that is not an allowed image: "File not allowed" (doc 2 §5)', async () => {
    const { token } = await ownerSession(api);
    expectFail(
      await api.send('POST', '/restaurants/update', {
        token,
        form: multipart(
          { name: 'Taco Wheels' },
          { logo: { name: 'logo.png', data: Buffer.from('GIF89a not really'), type: 'image/png' } },
        ),
      }),
      400,
      'File not allowed',
    );
  });

  it('settings need the restaurant permission (doc 2 §6): 403 "Permission denied" otherwise', async () => {
    const { token: ownerToken, restaurantId } = await ownerSession(api);
    const { token } = await memberSession(api, restaurantId, { menu: true, dish: true });
    expectFail(
      await api.send('POST', '/restaurants/update', { token, json: { name: 'Mine now' } }),
      403,
      'Permission denied',
    );
    const [restaurant] = expectSuccess(
      await api.send('GET', '/restaurants', { token: ownerToken }),
      z.array(restaurantProfile),
    );
    expect(restaurant!.name).not.toBe('Mine now');
    const granted = await memberSession(api, restaurantId, { restaurant: true });
    expectSuccess(
      await api.send('PUT', '/restaurants/update', { token: granted.token, json: { name: 'Renamed' } }),
      z.unknown(),
    );
  });
});

describe('the templates catalogue (doc 1 §3)', () => {
  it('lists Classic, Pizza and Sushi with their template_meta, and 50 fonts', async () => {
    const { token } = await ownerSession(api);
    const catalog = expectSuccess(await api.send('GET', '/restaurants/templates', { token }), menuCatalog);
    expect(catalog.templates.map((template) => template.name)).toEqual([...templates]);
    // Theme defaults of doc 1 §3 on the default template.
    expect(catalog.templates[0]!.template_meta.colors.primary.default).toBe('#ff1616');
    expect(catalog.templates[0]!.template_meta.fonts.tertiary.enabled).toBe(false);
  });
});
