/**
 * Which loads and links of the public menu count as a page view (analytics, decisions §4). Before
 * issue 21 the script drew the shown menu's screens in place (its dish pages, its printable page,
 * back and forward), reporting a `page_view` per page load and a `dish_view` per dish shown; the
 * page's own links are now ordinary page loads, and these rules keep the counts as they were.
 */
import type { CustomerMenu } from '@carte/domain';
import { type PublicMenuView, resolvePage } from '@carte/menu-view';

/** A screen of a menu the page has as a card only (menu-view compact.ts): its own page draws it. */
export const needsPage = (view: PublicMenuView, partial: ReadonlySet<string>): boolean =>
  (view.kind === 'menu' || view.kind === 'dish' || view.kind === 'print') &&
  view.menuId !== null &&
  partial.has(view.menuId);

/**
 * Was a link to `url` one the script used to follow in place (a screen of the menu the page holds
 * in full)? Loading its page then is no new page view. Links elsewhere (another site, another
 * restaurant, a menu held as a card) were page loads already.
 */
export function wasInPlace(
  data: CustomerMenu,
  partial: ReadonlySet<string>,
  url: URL,
  here: { origin: string },
): boolean {
  if (url.origin !== here.origin) return false;
  const parts = url.pathname.split('/').filter(Boolean);
  if (parts[0] !== 'menu' || decodeURIComponent(parts[1] ?? '') !== data.restaurant._id) return false;
  return !needsPage(resolvePage(data, url.pathname, url.search).view, partial);
}

/**
 * Does this load report a `page_view`? Not when it is the page of a link the script used to follow
 * in place (`inPlaceHref`, remembered when it was clicked), nor a step back or forward in the
 * history (drawn in place before, without a report).
 */
export const reportsPageView = (load: {
  navigationType: string | undefined;
  inPlaceHref: string | null;
  href: string;
}): boolean => load.navigationType !== 'back_forward' && load.inPlaceHref !== load.href;
