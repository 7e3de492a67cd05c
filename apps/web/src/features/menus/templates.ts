import { type MenuCatalog, type TemplateSlot, templateInfo } from '@carte/domain';

export type Slot = TemplateSlot;
export const slots: readonly Slot[] = ['primary', 'secondary', 'tertiary'];

/** One template of the catalogue the server answers (GET /api/restaurants/templates, doc 1 §3). */
export type TemplateDefinition = MenuCatalog['templates'][number];

/** A template of the catalogue by name; its first (Classic, the default of doc 2 §9) otherwise. */
export const templateByName = (catalog: MenuCatalog, name: string): TemplateDefinition =>
  templateInfo(name, catalog.templates) as TemplateDefinition;
