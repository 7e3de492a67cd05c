import type { TranslationRow } from '@carte/domain';

export type TranslationFilter = 'all' | 'missing' | 'stale' | 'machine';

/** A row's key: kind, id and field (what the server matches). */
export const rowKey = (row: { kind: string; id: string; field: string }) =>
  `${row.kind}:${row.id}:${row.field}`;

export interface TranslationGroup {
  key: string;
  title: string;
  rows: TranslationRow[];
}

const kindOrder = ['menu', 'category', 'dish', 'ingredient', 'customization', 'restaurant'];

/**
 * The screen's groups: one per menu (in the menus' order) holding the texts that appear on it, then
 * "Not on a menu" for the rest, then "Restaurant" for the restaurant's own texts. A text on two menus
 * shows under the first. Empty groups are left out; the filter keeps the rows in that state, and those in `keep` (a row
 * translated under "Missing" stays until the filter changes, so the field being typed in never vanishes).
 */
export function groupTranslations(
  rows: readonly TranslationRow[],
  menus: readonly { id: string; name: string }[],
  filter: TranslationFilter,
  /** Rows shown under the filter since it was chosen: they stay while the owner translates them. */
  keep: ReadonlySet<string> = new Set(),
): TranslationGroup[] {
  const kept = filter === 'all' ? rows : rows.filter((row) => row.state === filter || keep.has(rowKey(row)));
  const byMenu = new Map<string, TranslationRow[]>(menus.map((menu) => [menu.id, []]));
  const loose: TranslationRow[] = [];
  const restaurant: TranslationRow[] = [];
  for (const row of kept) {
    if (row.kind === 'restaurant') restaurant.push(row);
    else {
      const home = menus.find((menu) => row.menus.includes(menu.id))?.id;
      if (home) byMenu.get(home)!.push(row);
      else loose.push(row);
    }
  }
  const ordered = (list: TranslationRow[]) =>
    [...list].sort((a, b) => kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind));
  const groups: TranslationGroup[] = menus.map((menu) => ({
    key: `menu:${menu.id}`,
    title: menu.name,
    rows: ordered(byMenu.get(menu.id) ?? []),
  }));
  groups.push({ key: 'loose', title: 'Not on a menu', rows: ordered(loose) });
  groups.push({ key: 'restaurant', title: 'Restaurant', rows: restaurant });
  return groups.filter((group) => group.rows.length > 0);
}

/** What a field is, in words ("Name", "Description", "Option", "Call to action"). */
export function fieldLabel(kind: string, field: string): string {
  if (field === 'name') return kind === 'dish' || kind === 'menu' ? 'Name' : `${capital(kind)} name`;
  if (field === 'description') return 'Description';
  if (/^custom\.[^.]+\.name$/.test(field)) return 'Choice name';
  if (/^(custom\.[^.]+\.)?option\./.test(field)) return 'Option';
  if (field === 'cta.label') return 'Call to action';
  if (field === 'filter.title') return 'Filter card title';
  if (field === 'filter.description') return 'Filter card text';
  if (field.startsWith('filter.name.')) return 'Filter';
  if (field.startsWith('dietary.')) return 'Dietary tag';
  return field;
}
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The counts after a save: the states of the saved rows replace the old ones. */
export function withSavedStates(
  rows: readonly TranslationRow[],
  saved: readonly {
    kind: string;
    id: string;
    field: string;
    translation: string;
    state: TranslationRow['state'];
  }[],
): TranslationRow[] {
  const byKey = new Map(saved.map((row) => [rowKey(row), row]));
  return rows.map((row) => {
    const next = byKey.get(rowKey(row));
    return next ? { ...row, translation: next.translation, state: next.state } : row;
  });
}
