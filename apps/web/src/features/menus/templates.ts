import type { MenuTemplate } from '@carte/domain';

export type Slot = 'primary' | 'secondary' | 'tertiary';
export const slots: readonly Slot[] = ['primary', 'secondary', 'tertiary'];

export interface SlotMeta {
  /** Does the template use this colour or font? A disabled one is kept but not shown to diners. */
  enabled: boolean;
  default: string;
  /** What it paints, shown as the input's description. */
  description: string;
}

/** template_meta (doc 1 §3): which colours and fonts a template uses, with defaults and descriptions. */
export interface TemplateMeta {
  colors: Record<Slot, SlotMeta>;
  fonts: Record<Slot, SlotMeta>;
}

export interface TemplateDefinition {
  name: MenuTemplate;
  /** Key of the template in the menu's `templateMeta`. */
  slug: string;
  label: string;
  summary: string;
  meta: TemplateMeta;
}

const unused = (value: string): SlotMeta => ({
  enabled: false,
  default: value,
  description: 'Not used by this template',
});

/**
 * The three templates (doc 1 §3, doc 2 §2). Classic carries the theme defaults of doc 1 §3: primary
 * #ff1616 for menu and dish names, secondary #0080c6 for decoration and separators, tertiary #84cef1
 * for the selection colour; primary and secondary fonts on, tertiary off.
 */
export const menuTemplates: readonly TemplateDefinition[] = [
  {
    name: 'Classic Template',
    slug: 'classic-template',
    label: 'Classic',
    summary: 'Clean list with photos beside each dish. Fits any kitchen.',
    meta: {
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
    meta: {
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
    meta: {
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

export const templateByName = (name: MenuTemplate): TemplateDefinition =>
  menuTemplates.find((template) => template.name === name) ?? (menuTemplates[0] as TemplateDefinition);
