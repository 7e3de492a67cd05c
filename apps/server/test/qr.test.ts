import {
  MM_PER_PT,
  messages,
  QR_CARD,
  QR_CARD_SINGLE_SCALE,
  QR_MAX_BACKGROUND_ALPHA,
  type QrDesignAnswer,
  type qrTemplates,
} from '@carte/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurants } from '../src/db/schema.ts';
import { storeImage } from '../src/features/media/index.ts';
import { startTestApp, type TestApp } from './app.ts';
import { memberWithToken, ownerWithToken } from './factories.ts';
import { crop, decode, decodeImage, pixelsOf, renderPdfPage } from './qr-decode.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const menuUrlOf = (restaurantId: string) => `http://carte.test/menu/${restaurantId}`;

/** A download: the raw answer (a file on success, the envelope on failure). */
async function download(url: string, token?: string) {
  const response = await t.app.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    status: response.statusCode,
    type: String(response.headers['content-type'] ?? ''),
    disposition: String(response.headers['content-disposition'] ?? ''),
    body: response.rawPayload,
    json: () => response.json() as { statusCode: number; confirmation: string; message: string },
  };
}

const saveDesign = (restaurantId: string, values: Partial<typeof restaurants.$inferInsert>) =>
  t.runtime.database.db.update(restaurants).set(values).where(eq(restaurants.id, restaurantId));

/** A logo as the settings form stores it (WebP variants under a key), dark so it shows behind a code. */
async function giveLogo(restaurantId: string) {
  const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#111111' } })
    .png()
    .toBuffer();
  const key = await storeImage(
    t.runtime.storage,
    { field: 'logo', filename: 'logo.png', mimetype: 'image/png', size: png.length, buffer: png },
    'logo',
  );
  await saveDesign(restaurantId, { logo: key });
}

describe('GET /api/restaurants/qr-templates', () => {
  it('answers 401 without a token', async () => {
    expect((await t.call({ method: 'GET', url: '/api/restaurants/qr-templates' })).status).toBe(401);
  });

  it('lists the four templates of doc 2 §3 with exactly their fields', async () => {
    const { token } = await ownerWithToken(t);
    const { status, body } = await t.call<typeof qrTemplates>({
      method: 'GET',
      url: '/api/restaurants/qr-templates',
      token,
    });
    expect(status).toBe(200);
    expect(body.message.map((template) => [template.slug, template.name])).toEqual([
      ['template_1', 'Template 1'],
      ['template_2', 'Template 2'],
      ['template_3', 'Template 3'],
      ['template_4', 'Template 4'],
    ]);
    expect(body.message.map((template) => template.fields.map((field) => field.key))).toEqual([
      ['title', 'text_top', 'text_bottom', 'wifi_name', 'wifi_password', 'logo'],
      ['text_top', 'text_bottom'],
      ['title', 'text_top', 'wifi_name', 'wifi_password', 'logo'],
      ['title', 'text_box_1', 'text_box_2', 'text_box_3', 'wifi_name', 'wifi_password', 'logo'],
    ]);
    const logo = body.message[0]!.fields.find((field) => field.key === 'logo')!;
    expect(logo).toMatchObject({ label: 'Logo', type: 'file' });
    expect(body.message[0]!.fields[0]).toMatchObject({
      label: 'Title',
      type: 'text',
      placeholder: expect.any(String),
    });
  });

  it('may be read by a member without any flag, not by an admin without a restaurant', async () => {
    const owner = await ownerWithToken(t);
    const member = await memberWithToken(t, owner.restaurant.id, {});
    const admin = await ownerWithToken(t, { role: 'ADMIN' });
    const url = '/api/restaurants/qr-templates';
    expect((await t.call({ method: 'GET', url, token: member.token })).status).toBe(200);
    const refused = await t.call({ method: 'GET', url, token: admin.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(messages.permissionDenied);
  });
});

describe('GET /api/restaurants/qr-settings', () => {
  it('answers the defaults and the public menu address of a new restaurant', async () => {
    const owner = await ownerWithToken(t);
    const { status, body } = await t.call<QrDesignAnswer>({
      method: 'GET',
      url: '/api/restaurants/qr-settings',
      token: owner.token,
    });
    expect(status).toBe(200);
    expect(body.message).toEqual({
      menuUrl: menuUrlOf(owner.restaurant.id),
      qrSettings: { colorDark: '#000000', colorLight: '#ffffff', backgroundImageAlpha: 0 },
      selectedQrTemplate: 'template_1',
      templateMeta: {},
      logo: null,
    });
  });

  it('answers what was saved, and the logo the cards print', async () => {
    const owner = await ownerWithToken(t);
    await giveLogo(owner.restaurant.id);
    await saveDesign(owner.restaurant.id, {
      qrSettings: { colorDark: '#1f2937', colorLight: '#fff7ed', backgroundImageAlpha: 0.2 },
      selectedQrTemplate: 'template_3',
      qrTemplateMeta: { template_3: { title: 'Hola', wifi_name: 'Casa' } },
    });
    const { body } = await t.call<QrDesignAnswer>({
      method: 'GET',
      url: '/api/restaurants/qr-settings',
      token: owner.token,
    });
    expect(body.message).toMatchObject({
      qrSettings: { colorDark: '#1f2937', colorLight: '#fff7ed', backgroundImageAlpha: 0.2 },
      selectedQrTemplate: 'template_3',
      templateMeta: { template_3: { title: 'Hola', wifi_name: 'Casa' } },
      logo: expect.stringMatching(/^\/media\/logo\/[0-9a-f]{24}\/card\.webp$/),
    });
  });
});

describe('GET /api/restaurants/qr-code', () => {
  it('downloads qrcode.png, 220 × 220 by default, that scans to the public menu', async () => {
    const owner = await ownerWithToken(t);
    const file = await download('/api/restaurants/qr-code?format=png', owner.token);
    expect(file.status).toBe(200);
    expect(file.type).toBe('image/png');
    expect(file.disposition).toBe('attachment; filename="qrcode.png"');
    const meta = await sharp(file.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 220, 220]);
    expect(await decodeImage(file.body)).toBe(menuUrlOf(owner.restaurant.id));
  });

  it('draws any size asked for, in the saved colours', async () => {
    const owner = await ownerWithToken(t);
    await saveDesign(owner.restaurant.id, {
      qrSettings: { colorDark: '#7c2d12', colorLight: '#fef3c7', backgroundImageAlpha: 0 },
    });
    const file = await download('/api/restaurants/qr-code?format=png&size=1000', owner.token);
    const pixels = await pixelsOf(file.body);
    expect([pixels.width, pixels.height]).toEqual([1000, 1000]);
    const colours = new Set<string>();
    for (let i = 0; i < pixels.data.length; i += 4) {
      colours.add(
        [pixels.data[i], pixels.data[i + 1], pixels.data[i + 2]]
          .map((v) => v!.toString(16).padStart(2, '0'))
          .join(''),
      );
    }
    expect([...colours].sort()).toEqual(['7c2d12', 'fef3c7']);
    expect(decode(pixels)).toBe(menuUrlOf(owner.restaurant.id));
  });

  it('downloads qrcode.jpeg (also for jpg) and qrcode.svg, both scanning to the menu', async () => {
    const owner = await ownerWithToken(t);
    const url = menuUrlOf(owner.restaurant.id);
    for (const format of ['jpeg', 'jpg']) {
      const file = await download(`/api/restaurants/qr-code?format=${format}&size=300`, owner.token);
      expect(file.type).toBe('image/jpeg');
      expect(file.disposition).toBe('attachment; filename="qrcode.jpeg"');
      expect((await sharp(file.body).metadata()).format).toBe('jpeg');
      expect(await decodeImage(file.body)).toBe(url);
    }
    const svg = await download('/api/restaurants/qr-code?format=svg', owner.token);
    expect(svg.type).toMatch(/^image\/svg\+xml/);
    expect(svg.disposition).toBe('attachment; filename="qrcode.svg"');
    const text = svg.body.toString('utf8');
    expect(text).toMatch(/^<svg [^>]*width="220" height="220"/);
    // Vector: the modules are a path, no picture inside.
    expect(text).toMatch(/<path fill="#000000" d="M/);
    expect(text).not.toContain('<image');
    const rendered = await sharp(svg.body, { density: 300 }).png().toBuffer();
    expect(await decodeImage(rendered)).toBe(url);
  });

  it('shows the logo behind the code at the background alpha, and the code still scans', async () => {
    const owner = await ownerWithToken(t);
    await giveLogo(owner.restaurant.id);
    await saveDesign(owner.restaurant.id, {
      qrSettings: {
        colorDark: '#000000',
        colorLight: '#ffffff',
        backgroundImageAlpha: QR_MAX_BACKGROUND_ALPHA,
      },
    });
    const plain = await pixelsOf(
      (await download('/api/restaurants/qr-code?format=png&size=400', (await ownerWithToken(t)).token)).body,
    );
    const file = await download('/api/restaurants/qr-code?format=png&size=400', owner.token);
    const pixels = await pixelsOf(file.body);
    // A light module in the middle of the code is grey now (the dark logo at half opacity).
    const greys = countGreys(pixels);
    expect(greys).toBeGreaterThan(1000);
    expect(countGreys(plain)).toBe(0);
    expect(decode(pixels)).toBe(menuUrlOf(owner.restaurant.id));

    const svg = (await download('/api/restaurants/qr-code?format=svg', owner.token)).body.toString('utf8');
    expect(svg).toContain('<image ');
    expect(await decodeImage(await sharp(Buffer.from(svg), { density: 300 }).png().toBuffer())).toBe(
      menuUrlOf(owner.restaurant.id),
    );
  });

  it.each([
    ['format=gif', messages.qrFormatInvalid],
    ['size=10', messages.qrSizeRange(64, 4096)],
    ['size=5000', messages.qrSizeRange(64, 4096)],
    ['size=abc', messages.qrSizeRange(64, 4096)],
    ['size=100.5', messages.qrSizeRange(64, 4096)],
    ['target=display', messages.qrTargetInvalid],
  ])('refuses %s with the first problem', async (query, message) => {
    const owner = await ownerWithToken(t);
    const file = await download(`/api/restaurants/qr-code?${query}`, owner.token);
    expect(file.status).toBe(400);
    expect(file.json()).toEqual({ statusCode: 400, confirmation: 'Fail', message });
  });

  it('answers 401 without a token and 403 to an admin without a restaurant', async () => {
    expect((await download('/api/restaurants/qr-code')).status).toBe(401);
    const admin = await ownerWithToken(t, { role: 'ADMIN' });
    expect((await download('/api/restaurants/qr-code', admin.token)).status).toBe(403);
  });

  it("lets a member without any flag download their restaurant's code", async () => {
    const owner = await ownerWithToken(t);
    const member = await memberWithToken(t, owner.restaurant.id, {});
    const file = await download('/api/restaurants/qr-code', member.token);
    expect(file.status).toBe(200);
    expect(await decodeImage(file.body)).toBe(menuUrlOf(owner.restaurant.id));
  });

  it("never answers another restaurant's code, whatever the request names", async () => {
    const a = await ownerWithToken(t);
    const b = await ownerWithToken(t);
    await saveDesign(a.restaurant.id, {
      qrSettings: { colorDark: '#14532d', colorLight: '#ffffff', backgroundImageAlpha: 0 },
    });
    const own = await download('/api/restaurants/qr-code?format=svg', b.token);
    const aimed = await download(
      `/api/restaurants/qr-code?format=svg&restaurantId=${a.restaurant.id}&id=${a.restaurant.id}`,
      b.token,
    );
    expect(aimed.status).toBe(200);
    expect(aimed.body.equals(own.body)).toBe(true);
    expect(aimed.body.toString()).not.toContain('#14532d');
    expect(await decodeImage(await sharp(aimed.body, { density: 300 }).png().toBuffer())).toBe(
      menuUrlOf(b.restaurant.id),
    );
  });
});

function countGreys(pixels: { data: Uint8ClampedArray }) {
  let greys = 0;
  for (let i = 0; i < pixels.data.length; i += 4) {
    const v = pixels.data[i]!;
    if (v > 60 && v < 200) greys++;
  }
  return greys;
}

describe('GET /api/restaurants/qr-cards.pdf', () => {
  const mm = (value: number) => value / MM_PER_PT;

  it('prints 4 cards of the chosen template on an A4 sheet, each scanning to the menu', async () => {
    const owner = await ownerWithToken(t);
    await saveDesign(owner.restaurant.id, {
      selectedQrTemplate: 'template_4',
      qrTemplateMeta: {
        template_1: { title: 'Not this one' },
        template_4: {
          title: 'Tacos al pastor',
          text_box_1: 'Fresh tortillas every morning',
          text_box_2: 'Order at the truck',
          text_box_3: 'Ask about allergens',
          wifi_name: 'Taco-Guest',
          wifi_password: 'salsa2024',
        },
      },
    });
    const file = await download('/api/restaurants/qr-cards.pdf', owner.token);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    expect(file.disposition).toBe('attachment; filename="qr-table-cards.pdf"');
    expect(file.body.subarray(0, 5).toString()).toBe('%PDF-');

    const page = await renderPdfPage(file.body);
    expect([page.widthPt, page.heightPt].map(Math.round)).toEqual([595, 842]);
    // The template's texts, on each of the 4 cards; nothing of another template.
    for (const text of [
      'Tacos al pastor',
      'Fresh tortillas every morning',
      'Order at the truck',
      'Ask about allergens',
      'Network: Taco-Guest',
      'Password: salsa2024',
    ]) {
      expect(page.text.filter((item) => item === text)).toHaveLength(4);
    }
    expect(page.text.join(' ')).not.toContain('Not this one');
    // The code is vector: the page paints no picture (this restaurant has no logo).
    expect(page.images).toBe(0);

    const width = mm(QR_CARD.width);
    const height = mm(QR_CARD.height);
    const left = (page.widthPt - 2 * width) / 2;
    const top = (page.heightPt - 2 * height) / 2;
    for (const [column, row] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ] as const) {
      const card = crop(page, { x: left + column * width, y: top + row * height, w: width, h: height });
      expect(decode(card), `card ${column},${row}`).toBe(menuUrlOf(owner.restaurant.id));
    }
  });

  it('prints one larger card on Letter, with the logo, and the same bytes every time', async () => {
    const owner = await ownerWithToken(t);
    await giveLogo(owner.restaurant.id);
    await saveDesign(owner.restaurant.id, {
      qrSettings: { colorDark: '#1e3a8a', colorLight: '#ffffff', backgroundImageAlpha: 0.3 },
      qrTemplateMeta: { template_1: { title: 'Welcome', text_bottom: '' } },
    });
    const url = '/api/restaurants/qr-cards.pdf?paper=letter&perPage=1';
    const file = await download(url, owner.token);
    expect(file.status).toBe(200);
    const again = await download(url, owner.token);
    expect(again.body.equals(file.body)).toBe(true);

    const page = await renderPdfPage(file.body, 1, 2.5);
    expect([page.widthPt, page.heightPt]).toEqual([612, 792]);
    // Template 1 by default: the title typed, the top text never typed shows its default, the bottom
    // text emptied shows nothing.
    expect(page.text).toContain('Welcome');
    expect(page.text).toContain('Point your phone camera at the code');
    expect(page.text).not.toContain('No app needed');
    // The logo at the top and behind the code.
    expect(page.images).toBe(2);
    const width = mm(QR_CARD.width * QR_CARD_SINGLE_SCALE);
    const height = mm(QR_CARD.height * QR_CARD_SINGLE_SCALE);
    const card = crop(page, {
      x: (page.widthPt - width) / 2,
      y: (page.heightPt - height) / 2,
      w: width,
      h: height,
    });
    expect(decode(card)).toBe(menuUrlOf(owner.restaurant.id));
  });

  it('draws crop marks outside each cut line and the background 3 mm past the trim', async () => {
    const owner = await ownerWithToken(t);
    await saveDesign(owner.restaurant.id, {
      qrSettings: { colorDark: '#000000', colorLight: '#fde68a', backgroundImageAlpha: 0 },
    });
    const page = await renderPdfPage(
      (await download('/api/restaurants/qr-cards.pdf?paper=a4', owner.token)).body,
      1,
      3,
    );
    const width = mm(QR_CARD.width);
    const height = mm(QR_CARD.height);
    const left = (page.widthPt - 2 * width) / 2;
    const top = (page.heightPt - 2 * height) / 2;
    const at = (xPt: number, yPt: number) => {
      const i = (Math.round(yPt * page.scale) * page.pixels.width + Math.round(xPt * page.scale)) * 4;
      return [page.pixels.data[i], page.pixels.data[i + 1], page.pixels.data[i + 2]];
    };
    // Above each of the three vertical cut lines, 5 mm above the trim: a mark.
    for (const x of [left, left + width, left + 2 * width]) {
      const column = [-1, 0, 1].map((dx) => at(x + dx * 0.3, top - mm(5.5))[0]!);
      expect(Math.min(...column), `mark above x=${x}`).toBeLessThan(160);
    }
    // 2 mm outside the trim: the background colour (bleed); 6 mm outside, between marks: white paper.
    expect(at(left + width / 2, top - mm(2))).toEqual([0xfd, 0xe6, 0x8a]);
    expect(at(left + width / 2, top - mm(6))).toEqual([255, 255, 255]);
  });

  it.each([
    ['paper=a3', messages.qrPaperInvalid],
    ['perPage=3', messages.qrPerPageInvalid],
    ['perPage=', messages.qrPerPageInvalid],
    ['target=elsewhere', messages.qrTargetInvalid],
  ])('refuses %s', async (query, message) => {
    const owner = await ownerWithToken(t);
    const file = await download(`/api/restaurants/qr-cards.pdf?${query}`, owner.token);
    expect(file.status).toBe(400);
    expect(file.json().message).toBe(message);
  });

  it('answers 401 without a token, 403 to an admin, and files to a member without flags', async () => {
    expect((await download('/api/restaurants/qr-cards.pdf')).status).toBe(401);
    const admin = await ownerWithToken(t, { role: 'ADMIN' });
    expect((await download('/api/restaurants/qr-cards.pdf', admin.token)).status).toBe(403);
    const owner = await ownerWithToken(t);
    const member = await memberWithToken(t, owner.restaurant.id, {});
    const file = await download('/api/restaurants/qr-cards.pdf?perPage=1', member.token);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
  });

  it('falls back to the defaults when the saved design cannot be read', async () => {
    const owner = await ownerWithToken(t);
    await saveDesign(owner.restaurant.id, {
      qrSettings: { colorDark: 'red', colorLight: '#ffffff', backgroundImageAlpha: 7 },
      selectedQrTemplate: 'template_9',
      qrTemplateMeta: { template_1: { title: 42 } } as never,
    });
    const file = await download('/api/restaurants/qr-cards.pdf?perPage=1', owner.token);
    expect(file.status).toBe(200);
    const page = await renderPdfPage(file.body, 1, 2);
    expect(page.text).toContain('Scan for our menu');
  });
});
