import { type MenuTemplate, type PublicMenu, parseHexColor, templateInfo, textColorOn } from '@carte/domain';
import type { CSSProperties } from 'react';

/**
 * The three templates (doc 1 §3, doc 2 §2) and how a menu's colours, fonts and template settings
 * become CSS custom properties on the template's root.
 *
 * The owner's form stores, per menu, `templateMeta[slug] = {colors, fonts}` where each slot
 * (primary, secondary, tertiary) says whether the template uses it (`enabled`) and its `default`
 * (packages/domain/src/menu-catalog.ts). A slot the template does not use keeps the
 * template's own value: "a disabled one is kept but not shown to diners".
 */

export type Slot = 'primary' | 'secondary' | 'tertiary';
const slots: readonly Slot[] = ['primary', 'secondary', 'tertiary'];

export type TemplateKind = 'classic' | 'pizza' | 'sushi';

interface SlotDefault {
  enabled: boolean;
  value: string;
}

export interface TemplateDefinition {
  name: MenuTemplate;
  kind: TemplateKind;
  /** Key of the template in the menu's `templateMeta`. */
  slug: string;
  /** The page colour the template draws on. */
  background: string;
  /** Its darkest surface holding text (tinted blocks); text colours are made readable against it. */
  surface: string;
  colors: Record<Slot, SlotDefault>;
  fonts: Record<Slot, SlotDefault>;
}

/** The slots of a template as the catalogue gives them (`enabled`, `default`). */
const slotDefaults = (name: MenuTemplate, group: 'colors' | 'fonts'): Record<Slot, SlotDefault> => {
  const meta = templateInfo(name).template_meta[group];
  return {
    primary: { enabled: meta.primary.enabled, value: meta.primary.default },
    secondary: { enabled: meta.secondary.enabled, value: meta.secondary.default },
    tertiary: { enabled: meta.tertiary.enabled, value: meta.tertiary.default },
  };
};

/**
 * Slugs, slots and defaults come from the catalogue the owner's form reads (GET
 * /api/restaurants/templates, packages/domain/src/menu-catalog.ts), so the preview matches; the page
 * colours are the templates' own.
 */
export const templateDefinitions: readonly TemplateDefinition[] = (
  [
    ['Classic Template', 'classic', '#ffffff', '#f5f5f4'],
    ['Pizza Restaurant', 'pizza', '#fff8ef', '#fbecd9'],
    ['Sushi Restaurant', 'sushi', '#faf8f3', '#f0ece3'],
  ] as const
).map(([name, kind, background, surface]) => ({
  name,
  kind,
  slug: templateInfo(name).slug,
  background,
  surface,
  colors: slotDefaults(name, 'colors'),
  fonts: slotDefaults(name, 'fonts'),
}));

export const templateFor = (name: string | undefined): TemplateDefinition =>
  templateDefinitions.find((template) => template.name === name) ??
  (templateDefinitions[0] as TemplateDefinition);

// ---------- colour ----------

const channel = (value: number) => {
  const s = value / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** WCAG relative luminance (0–1). */
function luminance(hex: string): number {
  const rgb = parseHexColor(hex) ?? { r: 0, g: 0, b: 0 };
  return 0.2126 * channel(rgb.r) + 0.7152 * channel(rgb.g) + 0.0722 * channel(rgb.b);
}

export function contrastRatio(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

const toHex = (value: number) =>
  Math.round(Math.max(0, Math.min(255, value)))
    .toString(16)
    .padStart(2, '0');

function mix(hex: string, toward: string, amount: number): string {
  const a = parseHexColor(hex) ?? { r: 0, g: 0, b: 0 };
  const b = parseHexColor(toward) ?? { r: 0, g: 0, b: 0 };
  const at = (x: number, y: number) => x + (y - x) * amount;
  return `#${toHex(at(a.r, b.r))}${toHex(at(a.g, b.g))}${toHex(at(a.b, b.b))}`;
}

/**
 * The owner's colour as text on the page: itself when it reads well (WCAG AA, 4.5:1), otherwise the
 * same hue darkened just enough. A pale brand colour (#84cef1) would otherwise make names unreadable.
 */
export function readableOn(color: string, background: string, minimum = 4.5): string {
  if (contrastRatio(color, background) >= minimum) return color.toLowerCase();
  const target = luminance(background) > 0.5 ? '#000000' : '#ffffff';
  for (let step = 1; step <= 20; step++) {
    const candidate = mix(color, target, step / 20);
    if (contrastRatio(candidate, background) >= minimum) return candidate;
  }
  return target;
}

/**
 * Text on a coloured surface (doc 1 §5): `textColorOn` decides, as the specification says; where its
 * single threshold picks the worse of black and white (a mid navy such as #1d3557 gets black
 * text), the better one is taken so the text stays readable.
 */
export function textOn(background: string): string {
  const chosen = textColorOn(background);
  const other = chosen === '#ffffff' ? '#000000' : '#ffffff';
  return contrastRatio(chosen, background) >= 4.5 ||
    contrastRatio(chosen, background) >= contrastRatio(other, background)
    ? chosen
    : other;
}

// ---------- fonts ----------

/**
 * The menu's fonts are family names from the owner's list of 50 (menu-catalog.ts), self-hosted
 * (decisions: @fontsource files built into dist/public-menu, served from the page's own origin, no
 * third party). The page declares only the families and weights its menu uses (`menuFontFaces`)
 * with `font-display: swap`, so the text draws at once in the system stack of the same kind and
 * takes the web font when it arrives.
 */
const stacks = {
  sans: 'system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif',
  serif: '"Iowan Old Style","Palatino Linotype",Palatino,Georgia,"Times New Roman",serif',
  slab: '"Roboto Slab","Rockwell","Courier New",Georgia,serif',
  condensed: '"Roboto Condensed","Arial Narrow","Helvetica Neue",Arial,sans-serif',
  script: '"Segoe Script","Brush Script MT","Snell Roundhand",cursive',
  mono: 'ui-monospace,"SF Mono",Menlo,Consolas,monospace',
} as const;

const kinds: Record<string, keyof typeof stacks> = {
  'playfair display': 'serif',
  merriweather: 'serif',
  'pt serif': 'serif',
  lora: 'serif',
  'noto serif': 'serif',
  'libre baskerville': 'serif',
  'eb garamond': 'serif',
  'cormorant garamond': 'serif',
  'abril fatface': 'serif',
  'roboto slab': 'slab',
  oswald: 'condensed',
  'bebas neue': 'condensed',
  'roboto condensed': 'condensed',
  'dancing script': 'script',
  pacifico: 'script',
  lobster: 'script',
  caveat: 'script',
  inconsolata: 'mono',
  'source code pro': 'mono',
};

/** A family name reduced to safe characters (letters, digits, spaces, hyphens). */
export const cleanFontName = (name: string): string =>
  name
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();

/** A CSS font-family list for a family name; the name is reduced to safe characters and quoted. */
export function fontStack(name: string): string {
  const clean = cleanFontName(name);
  const stack = stacks[kinds[clean.toLowerCase()] ?? 'sans'];
  return clean === '' ? stack : `"${clean}",${stack}`;
}

/**
 * The weights each template draws a slot's font in (styles.ts): names and headings in the primary
 * font, text and prices in the secondary, Pizza's price tags in the tertiary. 600 and 800 are
 * served by the nearest weight a family has (the browser picks it), so a menu asks for few files.
 */
const slotWeights: Record<TemplateKind, Record<Slot, number[]>> = {
  classic: { primary: [700], secondary: [400, 700], tertiary: [] },
  pizza: { primary: [700], secondary: [400, 700], tertiary: [700] },
  sushi: { primary: [400, 600], secondary: [400, 700], tertiary: [] },
};

/** A family and the weights a page needs of it. */
export interface FontFaceNeed {
  family: string;
  weights: number[];
}

/**
 * The web fonts a menu's page uses (families and weights), and the face that draws its first
 * screen (the menu's title: primary font, first weight), which the page preloads.
 */
export function menuFontFaces(theme: ResolvedTheme): { faces: FontFaceNeed[]; first: FontFaceNeed | null } {
  const byFamily = new Map<string, Set<number>>();
  for (const slot of slots) {
    const family = cleanFontName(theme.fonts[slot]);
    const weights = slotWeights[theme.template.kind][slot];
    if (!family || weights.length === 0) continue;
    const set = byFamily.get(family) ?? new Set<number>();
    for (const weight of weights) set.add(weight);
    byFamily.set(family, set);
  }
  const faces = [...byFamily].map(([family, weights]) => ({
    family,
    weights: [...weights].sort((a, b) => a - b),
  }));
  const title = cleanFontName(theme.fonts.primary);
  const titleWeight = slotWeights[theme.template.kind].primary[0];
  return { faces, first: title && titleWeight ? { family: title, weights: [titleWeight] } : null };
}

// ---------- the template's root ----------

interface SlotSettings {
  enabled?: unknown;
  default?: unknown;
}

/** `templateMeta[slug][group][slot]` as the form stores it, read without trusting its shape. */
function slotSetting(menu: PublicMenu, template: TemplateDefinition, group: 'colors' | 'fonts', slot: Slot) {
  const meta = menu.templateMeta?.[template.slug] as Record<string, Record<string, SlotSettings>> | undefined;
  const setting = meta && typeof meta === 'object' ? meta[group]?.[slot] : undefined;
  const fallback = template[group][slot];
  return {
    enabled: typeof setting?.enabled === 'boolean' ? setting.enabled : fallback.enabled,
    fallback:
      typeof setting?.default === 'string' && setting.default.trim() !== ''
        ? setting.default
        : fallback.value,
  };
}

const validColor = (value: string, fallback: string) => (parseHexColor(value) ? value : fallback);

export interface ResolvedTheme {
  template: TemplateDefinition;
  colors: Record<Slot, string>;
  fonts: Record<Slot, string>;
  /** Custom properties for the root's style attribute. */
  style: CSSProperties;
}

export function resolveTheme(menu: PublicMenu): ResolvedTheme {
  const template = templateFor(menu.selectedTemplate);
  const colors = {} as Record<Slot, string>;
  const fonts = {} as Record<Slot, string>;
  for (const slot of slots) {
    const color = slotSetting(menu, template, 'colors', slot);
    colors[slot] = validColor(
      color.enabled ? menu.colors[slot] : color.fallback,
      validColor(color.fallback, template.colors[slot].value),
    );
    const font = slotSetting(menu, template, 'fonts', slot);
    fonts[slot] = (font.enabled ? menu.fonts[slot] : font.fallback) || template.fonts[slot].value;
  }
  const bg = template.surface;
  const style: Record<string, string> = {
    '--cm-c1': colors.primary,
    '--cm-c2': colors.secondary,
    '--cm-c3': colors.tertiary,
    '--cm-t1': readableOn(colors.primary, bg),
    '--cm-t2': readableOn(colors.secondary, bg),
    '--cm-t3': readableOn(colors.tertiary, bg),
    '--cm-on1': textOn(colors.primary),
    '--cm-on2': textOn(colors.secondary),
    '--cm-on3': textOn(colors.tertiary),
    '--cm-f1': fontStack(fonts.primary),
    '--cm-f2': fontStack(fonts.secondary),
    '--cm-f3': fontStack(fonts.tertiary),
  };
  return { template, colors, fonts, style: style as CSSProperties };
}

/** The page's neutral look (chooser, empty page) when no menu sets a theme. */
export const neutralTheme: CSSProperties = resolveTheme({
  selectedTemplate: 'Classic Template',
  templateMeta: {},
  colors: { primary: '#1f2937', secondary: '#0080c6', tertiary: '#84cef1' },
  fonts: { primary: '', secondary: '', tertiary: '' },
} as unknown as PublicMenu).style;
