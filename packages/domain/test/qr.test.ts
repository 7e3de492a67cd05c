import { describe, expect, it } from 'vitest';
import {
  embedCode,
  embedSizeValid,
  fieldErrors,
  messages,
  QR_CARD,
  type QrCardBlock,
  qrCardLayout,
  qrCardsQuerySchema,
  qrCardValues,
  qrCodeQuerySchema,
  qrColorsScan,
  qrFileName,
  qrModuleRuns,
  qrSettingsSchema,
  qrTemplateMetaSchema,
  qrTemplates,
  resolveQrSettings,
} from '../src/index.ts';

const problems = (
  schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } },
  value: unknown,
) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error as never);
};

describe('qrSettings', () => {
  it('fills the defaults (black on white, no background image) and lowercases colours', () => {
    expect(qrSettingsSchema.parse({})).toEqual({
      colorDark: '#000000',
      colorLight: '#ffffff',
      backgroundImageAlpha: 0,
    });
    expect(qrSettingsSchema.parse({ colorDark: '#1A2B3C' }).colorDark).toBe('#1a2b3c');
  });

  it.each([
    [{ colorDark: 'black' }, 'colorDark', messages.qrColorInvalid],
    [{ colorLight: '#fff' }, 'colorLight', messages.qrColorInvalid],
    [{ colorDark: 12 }, 'colorDark', messages.qrColorInvalid],
    [{ backgroundImageAlpha: 0.6 }, 'backgroundImageAlpha', messages.qrBackgroundAlphaRange],
    [{ backgroundImageAlpha: -0.1 }, 'backgroundImageAlpha', messages.qrBackgroundAlphaRange],
    [{ backgroundImageAlpha: '0.2' }, 'backgroundImageAlpha', messages.qrBackgroundAlphaRange],
  ])('refuses %j', (value, field, message) => {
    expect(problems(qrSettingsSchema, value)[field]).toBe(message);
  });

  it('refuses colours a camera cannot tell apart, or a light code on a dark background', () => {
    expect(problems(qrSettingsSchema, { colorDark: '#bbbbbb', colorLight: '#ffffff' }).colorDark).toBe(
      messages.qrContrastLow,
    );
    expect(problems(qrSettingsSchema, { colorDark: '#ffffff', colorLight: '#000000' }).colorDark).toBe(
      messages.qrContrastLow,
    );
    expect(qrColorsScan('#1e3a8a', '#fef3c7')).toBe(true);
    expect(qrColorsScan('#767676', '#ffffff')).toBe(true);
    expect(qrColorsScan('#959595', '#ffffff')).toBe(false);
  });

  it('reads saved settings leniently: anything unreadable gives the defaults', () => {
    expect(resolveQrSettings(null)).toEqual({
      colorDark: '#000000',
      colorLight: '#ffffff',
      backgroundImageAlpha: 0,
    });
    expect(resolveQrSettings({ colorDark: 'red' }).colorDark).toBe('#000000');
    expect(resolveQrSettings({ colorDark: '#112233', backgroundImageAlpha: 0.25 })).toEqual({
      colorDark: '#112233',
      colorLight: '#ffffff',
      backgroundImageAlpha: 0.25,
    });
  });
});

describe('templateMeta', () => {
  it('keeps each template its own fields only, on one line', () => {
    const parsed = qrTemplateMetaSchema.parse({
      template_2: { title: 'not a field of template 2', text_top: '  Scan\nme  please ' },
      template_9: { title: 'no such template' },
      template_4: { text_box_3: 'Allergens?', logo: 'none' },
    });
    expect(parsed).toEqual({
      template_2: { text_top: 'Scan me please' },
      template_4: { text_box_3: 'Allergens?', logo: 'none' },
    });
  });

  it('names the field and its limit when a value is too long', () => {
    const result = qrTemplateMetaSchema.safeParse({ template_1: { title: 'x'.repeat(41) } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(messages.qrFieldTooLong('Title', 40));
    expect(qrTemplateMetaSchema.safeParse({ template_3: { wifi_name: 'x'.repeat(32) } }).success).toBe(true);
    expect(qrTemplateMetaSchema.safeParse({ template_3: { wifi_name: 'x'.repeat(33) } }).success).toBe(false);
  });

  it('refuses text the database cannot keep and logo values other than restaurant or none', () => {
    expect(
      qrTemplateMetaSchema.safeParse({ template_1: { title: 'a\u0000b' } }).error?.issues[0]?.message,
    ).toBe(messages.textInvalid);
    expect(qrTemplateMetaSchema.safeParse({ template_1: { logo: '/media/x.png' } }).success).toBe(false);
  });

  it('shows the defaults for fields never typed in, and nothing for an emptied one', () => {
    expect(qrCardValues('template_1', {})).toEqual({
      title: 'Scan for our menu',
      text_top: 'Point your phone camera at the code',
      text_bottom: 'No app needed',
      wifi_name: '',
      wifi_password: '',
      logo: 'restaurant',
    });
    expect(qrCardValues('template_1', { template_1: { title: '', wifi_name: 'Guest' } })).toMatchObject({
      title: '',
      wifi_name: 'Guest',
    });
  });
});

describe('the card layout', () => {
  const within = (block: QrCardBlock) => {
    const w = block.kind === 'qr' ? block.size : block.kind === 'rule' ? 0 : block.w;
    const h = block.kind === 'qr' ? block.size : block.h;
    return (
      block.x >= QR_CARD.padding - 0.01 &&
      block.y >= QR_CARD.padding - 0.01 &&
      block.x + w <= QR_CARD.width - QR_CARD.padding + 0.01 &&
      block.y + h <= QR_CARD.height - QR_CARD.padding + 0.01
    );
  };
  const full = (slug: (typeof qrTemplates)[number]['slug']) =>
    Object.fromEntries(
      qrTemplateFor(slug).fields.map((field) => [
        field.key,
        field.type === 'file' ? 'restaurant' : 'W'.repeat(field.maxLength),
      ]),
    );
  const qrTemplateFor = (slug: string) => qrTemplates.find((template) => template.slug === slug)!;

  it.each(qrTemplates.map((template) => template.slug))(
    '%s keeps every block inside the card even with the longest texts, the code at least 30 mm',
    (slug) => {
      const blocks = qrCardLayout(slug, full(slug), { hasLogo: true });
      for (const block of blocks) expect(within(block), JSON.stringify(block)).toBe(true);
      const qr = blocks.find((block) => block.kind === 'qr')!;
      expect(qr.kind === 'qr' && qr.size).toBeGreaterThanOrEqual(30);
      // Top to bottom without overlap (the two columns of template 4 share a row).
      const rows = [...new Set(blocks.filter((b) => b.kind !== 'rule').map((b) => b.y))];
      expect(rows).toEqual([...rows].sort((a, b) => a - b));
    },
  );

  it('lays out the fields of each template in the order of doc 2 §3', () => {
    const order = (slug: (typeof qrTemplates)[number]['slug']) =>
      qrCardLayout(slug, { ...full(slug), wifi_name: 'Guest', wifi_password: 'pw' }, { hasLogo: true }).map(
        (block) => (block.kind === 'text' ? block.key : block.kind),
      );
    expect(order('template_1')).toEqual(['logo', 'title', 'text_top', 'qr', 'text_bottom', 'wifi']);
    expect(order('template_2')).toEqual(['text_top', 'qr', 'text_bottom']);
    expect(order('template_3')).toEqual(['logo', 'title', 'text_top', 'qr', 'wifi']);
    expect(order('template_4')).toEqual([
      'logo',
      'title',
      'text_box_1',
      'qr',
      'text_box_2',
      'rule',
      'text_box_3',
      'wifi',
    ]);
  });

  it('gives empty fields no room: the code grows, and the stack stays centred', () => {
    const busy = qrCardLayout('template_1', full('template_1'), { hasLogo: true });
    const bare = qrCardLayout('template_1', { logo: 'none' }, { hasLogo: true });
    expect(bare.map((block) => block.kind)).toEqual(['qr']);
    const size = (blocks: QrCardBlock[]) => (blocks.find((b) => b.kind === 'qr') as { size: number }).size;
    expect(size(bare)).toBe(64);
    expect(size(busy)).toBeLessThan(size(bare));
    const qr = bare[0] as Extract<QrCardBlock, { kind: 'qr' }>;
    const above = qr.y;
    const below = QR_CARD.height - (qr.urlY + 3.3);
    expect(Math.abs(above - below)).toBeLessThan(2);
  });

  it('prints no logo when the restaurant has none or the template says none', () => {
    const kinds = (values: Record<string, string>, hasLogo: boolean) =>
      qrCardLayout('template_3', values, { hasLogo }).map((block) => block.kind);
    expect(kinds({ logo: 'restaurant' }, true)).toContain('logo');
    expect(kinds({ logo: 'restaurant' }, false)).not.toContain('logo');
    expect(kinds({ logo: 'none' }, true)).not.toContain('logo');
  });
});

describe('downloads', () => {
  it('names the files of doc 2 §9', () => {
    expect(['png', 'jpeg', 'jpg', 'svg'].map((f) => qrFileName(f as 'png'))).toEqual([
      'qrcode.png',
      'qrcode.jpeg',
      'qrcode.jpeg',
      'qrcode.svg',
    ]);
  });

  it('defaults to a 220 px PNG of the menu and 4 cards on A4', () => {
    expect(qrCodeQuerySchema.parse({})).toEqual({ format: 'png', size: 220, target: 'menu' });
    expect(qrCardsQuerySchema.parse({})).toEqual({ paper: 'a4', perPage: 4, target: 'menu' });
    expect(qrCardsQuerySchema.parse({ paper: 'letter', perPage: '1' })).toEqual({
      paper: 'letter',
      perPage: 1,
      target: 'menu',
    });
  });

  it('describes every dark module once, as runs', () => {
    const matrix = ['10110', '00000', '11111', '01010', '10001'];
    const modules = { size: 5, get: (r: number, c: number) => matrix[r]![c] === '1' };
    const rebuilt = Array.from({ length: 5 }, () => Array(5).fill('0'));
    for (const run of qrModuleRuns(modules))
      for (let i = 0; i < run.length; i++) rebuilt[run.row]![run.col + i] = '1';
    expect(rebuilt.map((row) => row.join(''))).toEqual(matrix);
    expect(qrModuleRuns(modules)).toHaveLength(7);
  });
});

describe('the embed code', () => {
  const url = 'https://carte.example/menu/0123456789abcdef01234567';

  it('frames the menu at 400 × 844 by default, never wider than its page nor taller than 85vh', () => {
    expect(embedCode({ url, title: 'Menu of Chez Nous', mode: 'default', width: 10, height: 10 })).toBe(
      `<iframe src="${url}" title="Menu of Chez Nous" style="width:400px;height:844px;max-width:100%;max-height:85vh;border:0" loading="lazy"></iframe>`,
    );
  });

  it('uses the sizes given in px or %', () => {
    expect(embedCode({ url, title: 'M', mode: 'px', width: 600, height: 900 })).toContain(
      'style="width:600px;height:900px;max-width:100%;max-height:85vh;border:0"',
    );
    expect(embedCode({ url, title: 'M', mode: '%', width: 100, height: 80 })).toContain(
      'style="width:100%;height:80%;max-width:100%;max-height:85vh;border:0"',
    );
  });

  it('escapes what could close the attribute', () => {
    expect(embedCode({ url, title: 'Tom "&" Jerry <3', mode: 'default' })).toContain(
      'title="Tom &quot;&amp;&quot; Jerry &lt;3"',
    );
  });

  it('checks sizes per mode', () => {
    expect(embedSizeValid('default', 0)).toBe(true);
    expect(embedSizeValid('px', 400)).toBe(true);
    expect(embedSizeValid('px', 99)).toBe(false);
    expect(embedSizeValid('%', 100)).toBe(true);
    expect(embedSizeValid('%', 101)).toBe(false);
    expect(embedSizeValid('%', 50.5)).toBe(false);
  });
});
