import { type CustomerMenu, isCategoryVisible, isOpenAt, type PublicMenu } from '@carte/domain';
import type { PublicMenuSource } from './public-menu.data.ts';

const MINUTE = 60_000;

/**
 * The public menu at one moment: the customer answer (doc 2 §3) with only the menus open now and,
 * in them, only the categories inside their adjustment (decisions §4), and what is needed to reuse
 * it. Schedules are "HH:mm" on the restaurant's clock, so what is shown can only change on a
 * minute boundary: a state holds until the next one (`validUntil`), and each request in between
 * reuses it (and the pages rendered from it) without evaluating a schedule.
 */
export interface PublicMenuState {
  customer: CustomerMenu;
  /** Which menus and categories are shown: equal signatures draw equal pages (the ETag's input). */
  signature: string;
  validUntil: number;
  /** Unique in this process: pages rendered from this state are cached under it. */
  id: number;
}

let lastId = 0;

/** Pure: the state of `source` at `now` (epoch milliseconds). */
export function stateAt(source: PublicMenuSource, now: number): PublicMenuState {
  const at = new Date(now);
  const zone = source.timeZone;
  const shown: PublicMenu[] = [];
  const signature: string[] = [];
  for (const entry of source.menus) {
    if (!isOpenAt(entry.schedule, at, zone)) continue;
    const categories = entry.categories.filter(
      (item) => !item.adjustment || isCategoryVisible(entry.schedule, item.adjustment, at, zone),
    );
    shown.push({ ...entry.menu, categories: categories.map((item) => item.category) });
    signature.push(`${entry.menu._id}:${categories.map((item) => item.category._id).join(',')}`);
  }
  return {
    customer: {
      restaurant: source.restaurant,
      menus: shown,
      menusTimeline: source.menus.map((entry) => entry.timeline),
      menu_period_transition: source.menuPeriodTransition,
      menuNotFound: source.menus.length === 0,
      user: source.user,
      parentRestaurant: source.parentRestaurant,
      generatedAt: at.toISOString(),
    },
    signature: signature.join(';'),
    validUntil: (Math.floor(now / MINUTE) + 1) * MINUTE,
    id: ++lastId,
  };
}
