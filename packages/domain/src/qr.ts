import { z } from 'zod';
import { objectId } from './api.ts';
import { parseHexColor } from './contrast.ts';
import { messages } from './messages.ts';
import { text } from './validation.ts';

/**
 * QR codes and printable table cards (doc 2 §3 "QR templates", §4, §9). The four card templates,
 * the QR settings and their validation, and the card layout that the server's PDF and the web
 * app's live preview both draw, so what the owner sees is what the print shop gets.
 */

// ---------- templates ----------

export const qrTemplateSlugs = ['template_1', 'template_2', 'template_3', 'template_4'] as const;
export type QrTemplateSlug = (typeof qrTemplateSlugs)[number];
/** "first template chosen by default" (doc 2 §4). */
export const DEFAULT_QR_TEMPLATE: QrTemplateSlug = 'template_1';

export const qrFieldKeys = [
  'title',
  'text_top',
  'text_bottom',
  'text_box_1',
  'text_box_2',
  'text_box_3',
  'wifi_name',
  'wifi_password',
  'logo',
] as const;
export type QrFieldKey = (typeof qrFieldKeys)[number];

/** The card's logo (type file): the restaurant's own logo, or none. */
export const qrLogoChoices = ['restaurant', 'none'] as const;
export type QrLogoChoice = (typeof qrLogoChoices)[number];

export interface QrTemplateField {
  key: QrFieldKey;
  label: string;
  /** `file` is the logo (doc 2 §3: "type file for images"). */
  type: 'text' | 'file';
  placeholder: string;
  /** What a card shows until the owner types something (an emptied field shows nothing). */
  defaultValue: string;
  /** Characters; the card's boxes are sized for it. 0 for the logo. */
  maxLength: number;
}

export interface QrTemplate {
  slug: QrTemplateSlug;
  name: string;
  description: string;
  fields: QrTemplateField[];
}

const fields: Record<QrFieldKey, QrTemplateField> = {
  title: {
    key: 'title',
    label: 'Title',
    type: 'text',
    placeholder: 'Scan for our menu',
    defaultValue: 'Scan for our menu',
    maxLength: 40,
  },
  text_top: {
    key: 'text_top',
    label: 'Top text',
    type: 'text',
    placeholder: 'Point your phone camera at the code',
    defaultValue: 'Point your phone camera at the code',
    maxLength: 90,
  },
  text_bottom: {
    key: 'text_bottom',
    label: 'Bottom text',
    type: 'text',
    placeholder: 'No app needed',
    defaultValue: 'No app needed',
    maxLength: 90,
  },
  text_box_1: {
    key: 'text_box_1',
    label: 'Text box 1',
    type: 'text',
    placeholder: 'Our full menu, always up to date',
    defaultValue: 'Our full menu, always up to date',
    maxLength: 90,
  },
  text_box_2: {
    key: 'text_box_2',
    label: 'Text box 2',
    type: 'text',
    placeholder: 'Order at the counter',
    defaultValue: 'Order at the counter',
    maxLength: 60,
  },
  text_box_3: {
    key: 'text_box_3',
    label: 'Text box 3',
    type: 'text',
    placeholder: 'Ask us about allergens',
    defaultValue: 'Ask us about allergens',
    maxLength: 60,
  },
  wifi_name: {
    key: 'wifi_name',
    label: 'WiFi name',
    type: 'text',
    placeholder: 'Network name',
    defaultValue: '',
    // An SSID is at most 32 bytes.
    maxLength: 32,
  },
  wifi_password: {
    key: 'wifi_password',
    label: 'WiFi password',
    type: 'text',
    placeholder: 'Password',
    defaultValue: '',
    // A WPA passphrase is at most 63 characters.
    maxLength: 63,
  },
  logo: {
    key: 'logo',
    label: 'Logo',
    type: 'file',
    placeholder: "Your restaurant's logo",
    defaultValue: 'restaurant',
    maxLength: 0,
  },
};

/** The four card templates of doc 2 §3, with exactly their fields. */
export const qrTemplates: readonly QrTemplate[] = [
  {
    slug: 'template_1',
    name: 'Template 1',
    description: 'Logo, title, top and bottom text, WiFi',
    fields: [
      fields.title,
      fields.text_top,
      fields.text_bottom,
      fields.wifi_name,
      fields.wifi_password,
      fields.logo,
    ],
  },
  {
    slug: 'template_2',
    name: 'Template 2',
    description: 'Top and bottom text around a large code',
    fields: [fields.text_top, fields.text_bottom],
  },
  {
    slug: 'template_3',
    name: 'Template 3',
    description: 'Logo, title, top text, WiFi',
    fields: [fields.title, fields.text_top, fields.wifi_name, fields.wifi_password, fields.logo],
  },
  {
    slug: 'template_4',
    name: 'Template 4',
    description: 'Logo, title, three text boxes, WiFi',
    fields: [
      fields.title,
      fields.text_box_1,
      fields.text_box_2,
      fields.text_box_3,
      fields.wifi_name,
      fields.wifi_password,
      fields.logo,
    ],
  },
];

export const qrTemplateOf = (slug: string): QrTemplate =>
  qrTemplates.find((template) => template.slug === slug) ?? qrTemplates[0]!;

export const qrTemplateFieldSchema = z.object({
  key: z.enum(qrFieldKeys),
  label: z.string(),
  type: z.enum(['text', 'file']),
  placeholder: z.string(),
  defaultValue: z.string(),
  maxLength: z.number(),
});
/** GET /restaurants/qr-templates (doc 3 §7.4). */
export const qrTemplateSchema = z.object({
  slug: z.enum(qrTemplateSlugs),
  name: z.string(),
  description: z.string(),
  fields: z.array(qrTemplateFieldSchema),
});

// ---------- settings and per-template values ----------

export const QR_MAX_BACKGROUND_ALPHA = 0.5;

export interface QrSettings {
  colorDark: string;
  colorLight: string;
  /**
   * Opacity of the logo drawn behind the code (0 = none). Capped at 0.5 so the light modules stay
   * light enough to scan.
   */
  backgroundImageAlpha: number;
}

export const defaultQrSettings: QrSettings = {
  colorDark: '#000000',
  colorLight: '#ffffff',
  backgroundImageAlpha: 0,
};

/** WCAG relative luminance (0 black … 1 white). */
export function relativeLuminance(hex: string): number {
  const rgb = parseHexColor(hex);
  if (!rgb) return 0;
  const channel = (value: number) => {
    const s = value / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(rgb.r) + 0.7152 * channel(rgb.g) + 0.0722 * channel(rgb.b);
}

/** WCAG contrast ratio of two colours (1 … 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Phone cameras read a code whose modules are clearly darker than its background; an inverted or
 * faint code fails on many of them. Dark on light with a contrast of at least 3:1.
 */
export const QR_MIN_CONTRAST = 3;
export const qrColorsScan = (colorDark: string, colorLight: string): boolean =>
  relativeLuminance(colorDark) < relativeLuminance(colorLight) &&
  contrastRatio(colorDark, colorLight) >= QR_MIN_CONTRAST;

const hexColor = z
  .string({ error: messages.qrColorInvalid })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: messages.qrColorInvalid })
  .transform((value) => value.toLowerCase());

/** `qrSettings` of doc 2 §3, as the settings form sends it (JSON). */
export const qrSettingsSchema = z
  .object({
    colorDark: hexColor.default(defaultQrSettings.colorDark),
    colorLight: hexColor.default(defaultQrSettings.colorLight),
    backgroundImageAlpha: z
      .number({ error: messages.qrBackgroundAlphaRange })
      .min(0, { error: messages.qrBackgroundAlphaRange })
      .max(QR_MAX_BACKGROUND_ALPHA, { error: messages.qrBackgroundAlphaRange })
      .default(defaultQrSettings.backgroundImageAlpha),
  })
  .refine((value) => qrColorsScan(value.colorDark, value.colorLight), {
    error: messages.qrContrastLow,
    path: ['colorDark'],
  });

/** Saved settings as they are read back: anything unreadable falls back to the defaults. */
export function resolveQrSettings(saved: unknown): QrSettings {
  const parsed = qrSettingsSchema.safeParse(saved ?? {});
  return parsed.success ? parsed.data : { ...defaultQrSettings };
}

export const selectedQrTemplateSchema = z.enum(qrTemplateSlugs, { error: messages.qrTemplateInvalid });

/** The values of one template: its own fields only (others are dropped), each within its length. */
const templateValuesSchema = (template: QrTemplate) =>
  z.object(
    Object.fromEntries(
      template.fields.map((field) => [
        field.key,
        field.type === 'file'
          ? z.enum(qrLogoChoices).optional()
          : text()
              // One line on the card: line breaks and runs of spaces become one space.
              .transform((value) => value.replace(/\s+/g, ' ').trim())
              .pipe(
                z
                  .string()
                  .max(field.maxLength, { error: messages.qrFieldTooLong(field.label, field.maxLength) }),
              )
              .optional(),
      ]),
    ),
  );

/**
 * `templateMeta` of doc 2 §3: field values per template, keyed by slug. Each template keeps its own
 * values, so switching templates loses nothing.
 */
export const qrTemplateMetaSchema = z.object(
  Object.fromEntries(
    qrTemplates.map((template) => [template.slug, templateValuesSchema(template).optional()]),
  ) as Record<QrTemplateSlug, z.ZodOptional<ReturnType<typeof templateValuesSchema>>>,
);
export type QrTemplateMeta = Partial<Record<QrTemplateSlug, Partial<Record<QrFieldKey, string>>>>;

/** What one template's card shows: saved values, the defaults for fields never typed in. */
export function qrCardValues(slug: QrTemplateSlug, meta: QrTemplateMeta | null | undefined) {
  const saved = meta?.[slug] ?? {};
  const values: Partial<Record<QrFieldKey, string>> = {};
  for (const field of qrTemplateOf(slug).fields) {
    const value = saved[field.key];
    values[field.key] = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : field.defaultValue;
  }
  return values;
}

/** The design as the QR section edits it and the downloads print it. */
export interface QrDesign {
  qrSettings: QrSettings;
  selectedQrTemplate: QrTemplateSlug;
  templateMeta: QrTemplateMeta;
}

export const qrDesignSchema = z.object({
  /** Where the code leads: the restaurant's public menu. */
  menuUrl: z.string(),
  qrSettings: z.object({
    colorDark: z.string(),
    colorLight: z.string(),
    backgroundImageAlpha: z.number(),
  }),
  selectedQrTemplate: z.enum(qrTemplateSlugs),
  templateMeta: z.record(z.string(), z.record(z.string(), z.string())),
  /** The restaurant's logo (what a card prints as its logo), or null. */
  logo: z.string().nullable(),
});
export type QrDesignAnswer = z.infer<typeof qrDesignSchema>;

// ---------- downloads ----------

/** What a code opens. Only the public menu for now; a menu display's address comes later. */
export const qrTargets = ['menu'] as const;
export const qrImageFormats = ['png', 'jpeg', 'jpg', 'svg'] as const;
export type QrImageFormat = (typeof qrImageFormats)[number];
/** doc 2 §9: "QR code size 220x220" on screen; a download may ask for any size in this range. */
export const QR_SCREEN_SIZE = 220;
export const QR_MIN_SIZE = 64;
export const QR_MAX_SIZE = 4096;

export const qrCodeQuerySchema = z.object({
  format: z.enum(qrImageFormats, { error: messages.qrFormatInvalid }).default('png'),
  size: z.coerce
    .number({ error: messages.qrSizeRange(QR_MIN_SIZE, QR_MAX_SIZE) })
    .int({ error: messages.qrSizeRange(QR_MIN_SIZE, QR_MAX_SIZE) })
    .min(QR_MIN_SIZE, { error: messages.qrSizeRange(QR_MIN_SIZE, QR_MAX_SIZE) })
    .max(QR_MAX_SIZE, { error: messages.qrSizeRange(QR_MIN_SIZE, QR_MAX_SIZE) })
    .default(QR_SCREEN_SIZE),
  target: z.enum(qrTargets, { error: messages.qrTargetInvalid }).default('menu'),
  /** A menu display of the restaurant: the code opens the display's own address (doc 2 §2). */
  mapId: objectId.optional(),
  /** One of the restaurant's languages (issue 24 §6): the code opens the menu in it (`?lang=`). */
  lang: z.string().trim().max(35).optional(),
});
export type QrCodeQuery = z.infer<typeof qrCodeQuerySchema>;

/** doc 2 §9: "QR download names qrcode.png, qrcode.jpeg, qrcode.svg" (jpg answers qrcode.jpeg too). */
export const qrFileName = (format: QrImageFormat): string => `qrcode.${format === 'jpg' ? 'jpeg' : format}`;

export const qrPapers = ['a4', 'letter'] as const;
export type QrPaper = (typeof qrPapers)[number];
export const qrCardsPerPage = ['1', '4'] as const;

export const qrCardsQuerySchema = z.object({
  paper: z.enum(qrPapers, { error: messages.qrPaperInvalid }).default('a4'),
  perPage: z
    .enum(qrCardsPerPage, { error: messages.qrPerPageInvalid })
    .default('4')
    .transform((value) => Number(value) as 1 | 4),
  target: z.enum(qrTargets, { error: messages.qrTargetInvalid }).default('menu'),
  /** A menu display of the restaurant: its cards open the display's own address (doc 2 §2). */
  mapId: objectId.optional(),
  /** Print all (issue 15): a card per menu display of this zone of the restaurant, each named. */
  zoneId: objectId.optional(),
  /** Print all: a card per menu display of the whole location (the restaurant's own id). */
  locationId: objectId.optional(),
  /** One of the restaurant's languages (issue 24 §6): the cards open the menu in it (`?lang=`). */
  lang: z.string().trim().max(35).optional(),
});
export type QrCardsQuery = z.infer<typeof qrCardsQuerySchema>;
export const QR_CARDS_FILE_NAME = 'qr-table-cards.pdf';

/** The public menu's address (doc 1 §1: the default target of a restaurant's QR code). */
export const publicMenuUrl = (publicUrl: string, restaurantId: string): string =>
  `${publicUrl.replace(/\/+$/, '')}/menu/${restaurantId}`;

// ---------- the code's modules ----------

/** A QR module matrix, as `qrcode`'s `create(...).modules` gives it. */
export interface QrModules {
  size: number;
  get(row: number, col: number): number | boolean;
}

/**
 * The dark modules as one SVG/PDF path, a rectangle per horizontal run of dark modules, in module
 * units offset by `margin`. One path keeps the file small and the code vector.
 */
export function qrModuleRuns(modules: QrModules): { row: number; col: number; length: number }[] {
  const runs: { row: number; col: number; length: number }[] = [];
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      runs.push({ row, col: start, length: col - start });
    }
  }
  return runs;
}

/** The quiet zone of a downloaded code, in modules, on every side (what the standard asks for). */
export const QR_QUIET_ZONE = 4;
/** On a card the code keeps 2 modules inside its block; the gaps around the block add the rest. */
export const QR_CARD_QUIET_ZONE = 2;

export function qrModulePath(modules: QrModules, margin = 0): string {
  return qrModuleRuns(modules)
    .map(({ row, col, length }) => `M${col + margin} ${row + margin}h${length}v1h-${length}z`)
    .join('');
}

// ---------- the printable card ----------

/** One card, in millimetres (decisions: QR table cards). 4 fit an A4 or Letter sheet with crop marks. */
export const QR_CARD = { width: 95, height: 130, padding: 8 } as const;
/** A single card per sheet is the same design, larger. */
export const QR_CARD_SINGLE_SCALE = 1.45;
export const MM_PER_PT = 25.4 / 72;

export type QrTextStyle = 'title' | 'headline' | 'text' | 'panel' | 'column';
export const qrTextStyles: Record<QrTextStyle, { size: number; bold: boolean; maxLines: number }> = {
  title: { size: 18, bold: true, maxLines: 2 },
  headline: { size: 15, bold: true, maxLines: 3 },
  text: { size: 10.5, bold: false, maxLines: 3 },
  panel: { size: 11, bold: false, maxLines: 3 },
  column: { size: 9.5, bold: false, maxLines: 4 },
};
export const QR_LINE_HEIGHT = 1.25;

export type QrCardBlock =
  | { kind: 'logo'; x: number; y: number; w: number; h: number }
  | {
      kind: 'text';
      key: QrFieldKey;
      text: string;
      style: QrTextStyle;
      /** Drawn on a tinted panel (template 4's first text box). */
      panel: boolean;
      x: number;
      y: number;
      w: number;
      h: number;
    }
  /** The code (its quiet zone inside `size`), and under it the address in small type at `urlY`. */
  | { kind: 'qr'; x: number; y: number; size: number; urlY: number; urlSize: number }
  | { kind: 'wifi'; name: string; password: string; x: number; y: number; w: number; h: number }
  | { kind: 'rule'; x: number; y: number; h: number };

const GAP = 4;
const TIGHT_GAP = 2.5;
const LOGO_HEIGHT = 16;
const LOGO_MAX_WIDTH = 56;
const QR_MAX = 64;
const QR_MIN = 30;
const PANEL_PADDING = 3;
/** The address printed under the code in small type, for a phone that cannot scan. */
export const QR_URL_TEXT_PT = 6.5;
const URL_GAP = 1;
const URL_ROW = URL_GAP + QR_URL_TEXT_PT * MM_PER_PT * QR_LINE_HEIGHT;

/**
 * How many lines a text takes in a box, estimated from its length (Inter's average advance is about
 * half an em). The renderers shrink the font to fit the box if the estimate was short.
 */
function estimatedLines(value: string, style: QrTextStyle, width: number): number {
  const { size, bold, maxLines } = qrTextStyles[style];
  const perLine = width / (size * MM_PER_PT * (bold ? 0.58 : 0.52));
  return Math.min(maxLines, Math.max(1, Math.ceil(value.length / perLine)));
}

const textHeight = (lines: number, style: QrTextStyle) =>
  lines * qrTextStyles[style].size * MM_PER_PT * QR_LINE_HEIGHT;

type Row =
  | { kind: 'logo'; h: number }
  | { kind: 'text'; key: QrFieldKey; text: string; style: QrTextStyle; panel: boolean; h: number }
  | { kind: 'qr' }
  | { kind: 'wifi'; name: string; password: string; h: number }
  | {
      kind: 'columns';
      left: { key: QrFieldKey; text: string };
      right: { key: QrFieldKey; text: string };
      h: number;
    };

/**
 * The blocks of one card, top to bottom, in millimetres from the card's top-left corner: the
 * template's fields that have a value, the code as large as the rest leaves room for (30–64 mm),
 * the whole stack centred vertically. Empty fields take no room.
 */
export function qrCardLayout(
  slug: QrTemplateSlug,
  values: Partial<Record<QrFieldKey, string>>,
  options: { hasLogo: boolean },
): QrCardBlock[] {
  const inner = QR_CARD.width - 2 * QR_CARD.padding;
  const value = (key: QrFieldKey) => values[key]?.trim() ?? '';
  const rows: Row[] = [];
  const addText = (key: QrFieldKey, style: QrTextStyle, panel = false) => {
    const content = value(key);
    if (!content) return;
    const width = panel ? inner - 2 * PANEL_PADDING : inner;
    const h = textHeight(estimatedLines(content, style, width), style) + (panel ? 2 * PANEL_PADDING : 0);
    rows.push({ kind: 'text', key, text: content, style, panel, h });
  };
  const addLogo = () => {
    if (options.hasLogo && value('logo') !== 'none') rows.push({ kind: 'logo', h: LOGO_HEIGHT });
  };
  const addWifi = () => {
    const name = value('wifi_name');
    const password = value('wifi_password');
    if (!name && !password) return;
    rows.push({ kind: 'wifi', name, password, h: name && password ? 16 : 11.5 });
  };

  switch (slug) {
    case 'template_1':
      addLogo();
      addText('title', 'title');
      addText('text_top', 'text');
      rows.push({ kind: 'qr' });
      addText('text_bottom', 'text');
      addWifi();
      break;
    case 'template_2':
      addText('text_top', 'headline');
      rows.push({ kind: 'qr' });
      addText('text_bottom', 'text');
      break;
    case 'template_3':
      addLogo();
      addText('title', 'title');
      addText('text_top', 'text');
      rows.push({ kind: 'qr' });
      addWifi();
      break;
    case 'template_4': {
      addLogo();
      addText('title', 'title');
      addText('text_box_1', 'panel', true);
      rows.push({ kind: 'qr' });
      const left = value('text_box_2');
      const right = value('text_box_3');
      if (left || right) {
        const column = (inner - GAP) / 2;
        const lines = Math.max(
          estimatedLines(left, 'column', column),
          estimatedLines(right, 'column', column),
        );
        rows.push({
          kind: 'columns',
          left: { key: 'text_box_2', text: left },
          right: { key: 'text_box_3', text: right },
          h: textHeight(lines, 'column'),
        });
      }
      addWifi();
      break;
    }
  }

  const height = QR_CARD.height - 2 * QR_CARD.padding;
  let gap = GAP;
  const sum = () =>
    rows.reduce((total, row) => total + (row.kind === 'qr' ? URL_ROW : row.h), 0) + gap * (rows.length - 1);
  // Long texts in every field: tighten the gaps, then the text boxes (the renderers shrink the type
  // to fit, down to 60%), so the code keeps at least 30 mm and nothing leaves the card.
  if (height - sum() < QR_MIN) {
    gap = TIGHT_GAP;
    const texts = rows.filter((row) => row.kind === 'text' || row.kind === 'columns');
    const textTotal = texts.reduce((total, row) => total + row.h, 0);
    const deficit = QR_MIN - (height - sum());
    if (deficit > 0 && textTotal > 0) {
      const factor = Math.max(0.6, (textTotal - deficit) / textTotal);
      for (const row of texts) row.h *= factor;
    }
  }
  const qrSize = Math.max(QR_MIN, Math.min(QR_MAX, inner, height - sum()));
  const total = sum() + qrSize;
  let y = QR_CARD.padding + Math.max(0, (height - total) / 2);
  const x = QR_CARD.padding;
  const blocks: QrCardBlock[] = [];
  for (const row of rows) {
    switch (row.kind) {
      case 'logo': {
        const w = Math.min(LOGO_MAX_WIDTH, inner);
        blocks.push({ kind: 'logo', x: (QR_CARD.width - w) / 2, y, w, h: row.h });
        y += row.h;
        break;
      }
      case 'text':
        blocks.push({
          kind: 'text',
          key: row.key,
          text: row.text,
          style: row.style,
          panel: row.panel,
          x,
          y,
          w: inner,
          h: row.h,
        });
        y += row.h;
        break;
      case 'qr':
        blocks.push({
          kind: 'qr',
          x: (QR_CARD.width - qrSize) / 2,
          y,
          size: qrSize,
          urlY: y + qrSize + URL_GAP,
          urlSize: QR_URL_TEXT_PT,
        });
        y += qrSize + URL_ROW;
        break;
      case 'wifi':
        blocks.push({ kind: 'wifi', name: row.name, password: row.password, x, y, w: inner, h: row.h });
        y += row.h;
        break;
      case 'columns': {
        const w = (inner - GAP) / 2;
        const both = row.left.text && row.right.text;
        if (both) {
          blocks.push({ kind: 'text', ...row.left, style: 'column', panel: false, x, y, w, h: row.h });
          blocks.push({ kind: 'rule', x: x + w + GAP / 2, y, h: row.h });
          blocks.push({
            kind: 'text',
            ...row.right,
            style: 'column',
            panel: false,
            x: x + w + GAP,
            y,
            w,
            h: row.h,
          });
        } else {
          const only = row.left.text ? row.left : row.right;
          blocks.push({ kind: 'text', ...only, style: 'column', panel: false, x, y, w: inner, h: row.h });
        }
        y += row.h;
        break;
      }
    }
    y += gap;
  }
  return blocks;
}

// ---------- embed code ----------

export const embedSizeModes = ['default', 'px', '%'] as const;
export type EmbedSizeMode = (typeof embedSizeModes)[number];
/** doc 2 §9: "Embed default frame 400x844, max width 100%, max height 85vh". */
export const EMBED_DEFAULT = { width: 400, height: 844 } as const;
export const EMBED_LIMITS = {
  px: { min: 100, max: 4000 },
  '%': { min: 1, max: 100 },
} as const;

/** Is a size valid in its mode? (default needs none.) */
export const embedSizeValid = (mode: EmbedSizeMode, value: number): boolean =>
  mode === 'default' ||
  (Number.isInteger(value) && value >= EMBED_LIMITS[mode].min && value <= EMBED_LIMITS[mode].max);

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The embed code of doc 2 §4: an iframe of the public menu, sized by the chosen mode and never
 * wider than its container nor taller than 85% of the viewport.
 */
export function embedCode(options: {
  url: string;
  title: string;
  mode: EmbedSizeMode;
  width?: number;
  height?: number;
}): string {
  const unit = options.mode === '%' ? '%' : 'px';
  const width = options.mode === 'default' ? EMBED_DEFAULT.width : (options.width ?? EMBED_DEFAULT.width);
  const height = options.mode === 'default' ? EMBED_DEFAULT.height : (options.height ?? EMBED_DEFAULT.height);
  const style = `width:${width}${unit};height:${height}${unit};max-width:100%;max-height:85vh;border:0`;
  return `<iframe src="${escapeAttribute(options.url)}" title="${escapeAttribute(options.title)}" style="${style}" loading="lazy"></iframe>`;
}
