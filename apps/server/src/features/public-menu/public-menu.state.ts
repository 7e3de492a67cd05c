import { createHash } from 'node:crypto';
import { type CustomerMenu, nextOpening, publicMenuOf, servedAt, type VisibleMenu } from '@carte/domain';
import type { PublicMenuSource } from './public-menu.data.ts';

const MINUTE = 60_000;

/**
 * The public menu at one moment: the customer answer (doc 2 §3) with only the menus open now and,
 * in them, only the categories inside their adjustment (decisions §4), and what is needed to reuse
 * it. Schedules are "HH:mm" on the restaurant's clock, so what is shown can only change on a
 * minute boundary: a state holds until the next one (`validUntil`), and each request in between
 * reuses it without evaluating a schedule. The pages are drawn from its `view`, which outlives the
 * minute: the next state keeps it (and its customer answer) while the same menus and categories are
 * shown and no menu has opened since, so an unchanged page is never drawn again for the clock.
 */
export interface PublicMenuState {
  customer: CustomerMenu;
  /** Which menus and categories are shown: equal signatures draw equal pages (the ETag's input). */
  signature: string;
  validUntil: number;
  /** The instant the state was computed for (epoch milliseconds). */
  at: number;
  /**
   * The soonest instant after the view's first minute at which one of the source's menus opens
   * (infinity when none will): until then the "opens Tuesday at 11:00" lines of a page drawn with
   * `customer.generatedAt` stay as they are.
   */
  opensBy: number;
  /**
   * What a diner sees, whatever the minute: a hash of the data's version, the menus and categories
   * shown and `opensBy` (short, as every cached page and address is keyed by it). Equal views draw
   * equal pages, so rendered pages are cached under it.
   */
  view: string;
  /** The data's version the view was computed from. */
  version: string;
}

/** Which menu and which of its categories are shown. */
const signatureOf = (entry: VisibleMenu): string =>
  `${entry.menu._id}:${entry.categories.map((item) => item.category._id).join(',')}`;

/**
 * Pure: the state of `source` at `now` (epoch milliseconds). Given the state before it (same source),
 * it keeps that state's view and customer answer when they still hold.
 */
export function stateAt(
  source: PublicMenuSource,
  now: number,
  previous?: PublicMenuState | null,
): PublicMenuState {
  const at = new Date(now);
  // The clock's part of the domain's rule, applied to the menus cached whatever the hour.
  const served = servedAt(source.menus, at, source.timeZone);
  const signature = served.map(signatureOf).join(';');
  const validUntil = (Math.floor(now / MINUTE) + 1) * MINUTE;
  // Nothing a page shows has changed: the same menus and categories, no menu opened in between
  // (a clock moved back is never reused).
  if (
    previous &&
    previous.signature === signature &&
    previous.at <= now &&
    now < previous.opensBy &&
    previous.version === source.version
  ) {
    return { ...previous, validUntil, at: now };
  }
  let opensBy = Number.POSITIVE_INFINITY;
  for (const entry of source.menus) {
    const next = nextOpening(entry.schedule, at, source.timeZone)?.getTime();
    if (next !== undefined && next < opensBy) opensBy = next;
  }
  return {
    customer: {
      restaurant: source.restaurant,
      menus: served.map(publicMenuOf),
      menusTimeline: source.menus.map((entry) => entry.timeline),
      menu_period_transition: source.menuPeriodTransition,
      menuNotFound: source.menus.length === 0,
      user: source.user,
      parentRestaurant: source.parentRestaurant,
      generatedAt: at.toISOString(),
    },
    signature,
    validUntil,
    at: now,
    opensBy,
    view: createHash('sha256')
      .update(`${source.version} ${signature} ${opensBy}`)
      .digest('base64url')
      .slice(0, 22),
    version: source.version,
  };
}

/**
 * The answer for a diner switching to `menuId` from the expiry banner (doc 2 §4): the banner offers
 * a menu up to `menu_period_transition` minutes before it opens, so a published menu that is not open
 * yet but opens within that many minutes (inclusive, as the banner counts) is added to the state's
 * menus, in the timeline's order, with the categories it will show when it opens. Null when there is
 * nothing to add: no such published menu, already shown, further away, or transitions switched off.
 *
 * Pure and cheap to reuse: the menu opens on a minute boundary, so what this answers cannot change
 * before the state's `validUntil`, and the caller may keep it as long as the state.
 */
export function upcomingState(
  source: PublicMenuSource,
  state: PublicMenuState,
  menuId: string,
): { customer: CustomerMenu; signature: string } | null {
  const transition = source.menuPeriodTransition;
  if (!(transition > 0) || state.customer.menus.some((menu) => menu._id === menuId)) return null;
  const entry = source.menus.find((item) => item.menu._id === menuId);
  if (!entry) return null;
  const opensAt = nextOpening(entry.schedule, new Date(state.at), source.timeZone);
  if (!opensAt || opensAt.getTime() - state.at > transition * MINUTE) return null;
  // As it will be served when it opens.
  const [served] = servedAt([entry], opensAt, source.timeZone);
  if (!served) return null;
  const early = publicMenuOf(served);
  const order = new Map(source.menus.map((item, index) => [item.menu._id, index]));
  const menus = [...state.customer.menus, early].sort(
    (a, b) => (order.get(a._id) ?? 0) - (order.get(b._id) ?? 0),
  );
  return {
    customer: { ...state.customer, menus },
    signature: `${state.signature};upcoming ${signatureOf(served)}`,
  };
}
