import type { AnalyticsData } from '@carte/domain';

/** Menu and dish ids are 24 hexadecimal characters (doc 3 §9). */
const ID_PATTERN = /(?<![0-9a-f])[0-9a-f]{24}(?![0-9a-f])/i;

/** Rows are kept only when their path holds a menu or dish id (doc 3 §2.5). */
export const hasIdInPath = (path: string): boolean => ID_PATTERN.test(path);

export interface MenuRow {
  rank: number;
  title: string;
  menuId: string;
  visits: number;
}

export interface MenuItemRow {
  rank: number;
  menuTitle: string;
  itemName: string;
  dishId: string;
  visits: number;
}

/** "Most visited menus": #, Menu Title, Menu Id, # Visits. */
export function menuRows(data: AnalyticsData['mostVisitedMenus']): MenuRow[] {
  return data
    .filter((entry) => hasIdInPath(entry.path))
    .map((entry, index) => ({
      rank: index + 1,
      title: entry.title.trim() || 'Untitled menu',
      menuId: entry.menuId,
      visits: entry.value,
    }));
}

/** "Most visited menu items": #, Menu Title, Item Name, # Visits. */
export function menuItemRows(data: AnalyticsData['mostVisitedMenuItems']): MenuItemRow[] {
  return data
    .filter((entry) => hasIdInPath(entry.path))
    .map((entry, index) => ({
      rank: index + 1,
      menuTitle: entry.title.trim() || '—',
      itemName: entry.name.trim() || 'Unnamed dish',
      dishId: entry.dishId,
      visits: entry.value,
    }));
}

type DayPoint = { date: string; value: number };

/** Every day of the range, "YYYY-MM-DD", first to last. */
export function daysOf(range: { from: string; to: string }): string[] {
  const days: string[] = [];
  const day = new Date(`${range.from}T00:00:00Z`);
  const last = new Date(`${range.to}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || Number.isNaN(last.getTime())) return days;
  while (day <= last && days.length < 400) {
    days.push(day.toISOString().slice(0, 10));
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return days;
}

/**
 * One row per day of the range for a chart. Series hold only days that had a session: counts read
 * 0 on the other days, ratios have no value there (the line joins the days that have one).
 */
export function chartRows(
  days: readonly string[],
  series: Record<string, { points: readonly DayPoint[]; missing: 0 | null; scale?: number }>,
): Array<Record<string, string | number | null>> {
  const lookups = Object.entries(series).map(
    ([key, entry]) => [key, new Map(entry.points.map((point) => [point.date, point.value])), entry] as const,
  );
  return days.map((date) => {
    const row: Record<string, string | number | null> = { date };
    for (const [key, values, entry] of lookups) {
      const value = values.get(date);
      row[key] = value === undefined ? entry.missing : value * (entry.scale ?? 1);
    }
    return row;
  });
}

export const hasValues = (points: readonly DayPoint[]) => points.some((point) => point.value > 0);
