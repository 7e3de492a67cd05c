import type { MenuTemplate } from './workshop.ts';

// Its own module, free of zod: the public menu's templates (packages/menu-view) read their defaults
// from here too, so the owner's form, the preview and the diner's page agree.

export type TemplateSlot = 'primary' | 'secondary' | 'tertiary';
export const templateSlots: readonly TemplateSlot[] = ['primary', 'secondary', 'tertiary'];

export interface TemplateSlotMeta {
  /** Does the template use this colour or font? A disabled one is kept but not shown to diners. */
  enabled: boolean;
  default: string;
  /** What it paints, shown as the input's description. */
  description: string;
}

/** template_meta (doc 1 §3): which colours and fonts a template uses, with defaults and descriptions. */
export interface TemplateMeta {
  colors: Record<TemplateSlot, TemplateSlotMeta>;
  fonts: Record<TemplateSlot, TemplateSlotMeta>;
}

/** A menu template as GET /api/restaurants/templates answers it (doc 1 §3: name, template_meta). */
export interface MenuTemplateInfo {
  name: MenuTemplate;
  /** Key of the template in a menu's `templateMeta`. */
  slug: string;
  label: string;
  summary: string;
  template_meta: TemplateMeta;
}

const unused = (value: string): TemplateSlotMeta => ({
  enabled: false,
  default: value,
  description: 'Not used by this template',
});

/**
 * The three templates (doc 1 §3, doc 2 §2). Classic carries the theme defaults of doc 1 §3: primary
 * #ff1616 for menu and dish names, secondary #0080c6 for decoration and separators, tertiary #84cef1
 * for the selection colour; primary and secondary fonts on, tertiary off.
 */
export const menuTemplateCatalog: readonly MenuTemplateInfo[] = [
  {
    name: 'Classic Template',
    slug: 'classic-template',
    label: 'Classic',
    summary: 'Clean list with photos beside each dish. Fits any kitchen.',
    template_meta: {
      colors: {
        primary: { enabled: true, default: '#ff1616', description: 'Menu and dish names' },
        secondary: { enabled: true, default: '#0080c6', description: 'Decoration and separators' },
        tertiary: { enabled: true, default: '#84cef1', description: 'Selection colour' },
      },
      fonts: {
        primary: { enabled: true, default: 'Playfair Display', description: 'Menu, category and dish names' },
        secondary: { enabled: true, default: 'Lato', description: 'Descriptions and prices' },
        tertiary: unused('Lato'),
      },
    },
  },
  {
    name: 'Pizza Restaurant',
    slug: 'pizza-restaurant',
    label: 'Pizza',
    summary: 'Warm trattoria look with bold headings and big prices.',
    template_meta: {
      colors: {
        primary: { enabled: true, default: '#c1272d', description: 'Headings and dish names' },
        secondary: { enabled: true, default: '#2e7d32', description: 'Checkered band and separators' },
        tertiary: { enabled: true, default: '#f4a261', description: 'Prices and selection' },
      },
      fonts: {
        primary: { enabled: true, default: 'Lobster', description: 'Menu and category names' },
        secondary: { enabled: true, default: 'Open Sans', description: 'Dish names and descriptions' },
        tertiary: { enabled: true, default: 'Oswald', description: 'Prices' },
      },
    },
  },
  {
    name: 'Sushi Restaurant',
    slug: 'sushi-restaurant',
    label: 'Sushi',
    summary: 'Calm, airy layout with brush-stroke accents and a grid of photos.',
    template_meta: {
      colors: {
        primary: { enabled: true, default: '#1d3557', description: 'Headings and dish names' },
        secondary: { enabled: true, default: '#e63946', description: 'Brush strokes and separators' },
        tertiary: unused('#84cef1'),
      },
      fonts: {
        primary: { enabled: true, default: 'Noto Serif', description: 'Menu, category and dish names' },
        secondary: { enabled: true, default: 'Noto Sans', description: 'Descriptions and prices' },
        tertiary: unused('Noto Sans'),
      },
    },
  },
];

/**
 * The web fonts a menu may use: 50 of the most used families of the Google Fonts library, most
 * popular first. The specification fetched them from a fonts service and kept the first 50 (doc 1
 * §7, §9); a fixed list keeps the owner area free of third-party calls and gives every menu the same
 * choice.
 */
export const menuFonts = [
  'Roboto',
  'Open Sans',
  'Noto Sans',
  'Montserrat',
  'Lato',
  'Poppins',
  'Inter',
  'Roboto Condensed',
  'Oswald',
  'Raleway',
  'Nunito',
  'Nunito Sans',
  'Ubuntu',
  'Rubik',
  'Playfair Display',
  'Merriweather',
  'Roboto Slab',
  'PT Sans',
  'Kanit',
  'Work Sans',
  'Lora',
  'DM Sans',
  'Mukta',
  'Fira Sans',
  'Quicksand',
  'Barlow',
  'Noto Serif',
  'Manrope',
  'Inconsolata',
  'Titillium Web',
  'Mulish',
  'IBM Plex Sans',
  'PT Serif',
  'Heebo',
  'Karla',
  'Libre Baskerville',
  'Josefin Sans',
  'Bebas Neue',
  'Libre Franklin',
  'Source Code Pro',
  'Dancing Script',
  'Arimo',
  'Cabin',
  'Dosis',
  'EB Garamond',
  'Pacifico',
  'Lobster',
  'Abril Fatface',
  'Caveat',
  'Cormorant Garamond',
] as const;
export type MenuFont = (typeof menuFonts)[number];

/** The fonts of a new menu (the server's defaults). */
export const defaultMenuFonts = { primary: 'Roboto', secondary: 'Open Sans', tertiary: 'Lato' } as const;

/** A template by name; the Classic one for an unknown name (its default, doc 2 §9). */
export const templateInfo = (
  name: string | undefined,
  catalog: readonly MenuTemplateInfo[] = menuTemplateCatalog,
): MenuTemplateInfo => catalog.find((template) => template.name === name) ?? (catalog[0] as MenuTemplateInfo);
