import {
  type CustomerMenu,
  type DinerFilterState,
  decodeFilterState,
  emptyFilterState,
  encodeFilterState,
} from '@carte/domain';
import { effectiveFilters, filterChoices, filterVocabulary } from './filtering.ts';
import type { PublicMenuView } from './types.ts';

/** The element the server fills with the page's JSON (agreed with the server side). */
export const MENU_DATA_ELEMENT_ID = 'carte-menu-data';
/** The element the server renders `PublicMenuApp` into and the script hydrates. */
export const MENU_ROOT_ELEMENT_ID = 'carte-menu-root';

/**
 * Addresses of the public menu (doc 2 §2), so every screen is a real link that works without
 * JavaScript:
 * - `/menu/{restaurantId}` — the chooser, or the only menu;
 * - `/menu/{restaurantId}/{mapId}` — the same for one menu display;
 * - `?menu={menuId}` — one menu; plus the filter query `diet=…&avoid=…&f=…&sort=…&allergen=…`;
 * - `?print=1[&menu={menuId}]` — the printable menu;
 * - `/menu/{restaurantId}/dish/{dishId}/menuSelected/{menuId}[?map={mapId}]` — a dish; from a
 *   filtered menu with the same filter query, so the dish page greys it and leads back to the
 *   filtered menu (with or without JavaScript).
 */
export interface LinkContext {
  baseUrl: string;
  restaurantId: string;
  mapId?: string | null;
  /** The diner's language (issue 24), kept in every link when the restaurant offers several. */
  lang?: string | null;
}

const seg = encodeURIComponent;

export const menuBasePath = ({ baseUrl, restaurantId, mapId }: LinkContext): string =>
  `${baseUrl}/menu/${seg(restaurantId)}${mapId ? `/${seg(mapId)}` : ''}`;

const withQuery = (path: string, pairs: Array<string | null | false | undefined>): string => {
  const query = pairs.filter((pair): pair is string => Boolean(pair)).join('&');
  return query === '' ? path : `${path}?${query}`;
};

export function viewHref(view: PublicMenuView, context: LinkContext, filters?: DinerFilterState): string {
  const base = menuBasePath(context);
  const filterQuery = filters ? encodeFilterState(filters) : '';
  const lang = context.lang ? `lang=${seg(context.lang)}` : null;
  switch (view.kind) {
    case 'menu':
      return withQuery(base, [`menu=${seg(view.menuId)}`, filterQuery, lang]);
    case 'dish':
      return withQuery(
        `${context.baseUrl}/menu/${seg(context.restaurantId)}/dish/${seg(view.dishId)}/menuSelected/${seg(view.menuId)}`,
        [context.mapId && `map=${seg(context.mapId)}`, filterQuery, lang],
      );
    case 'print':
      return withQuery(base, ['print=1', view.menuId && `menu=${seg(view.menuId)}`, lang]);
    default:
      return withQuery(base, [lang]);
  }
}

/** The language links of a page's address (issue 24): the same screen with `lang` changed. */
export function languageHref(
  view: PublicMenuView,
  context: LinkContext,
  lang: string,
  filters?: DinerFilterState,
) {
  return viewHref(view, { ...context, lang }, filters);
}

/** The links' language of an answer: the served one when the restaurant offers several. */
export const linkLanguage = (data: CustomerMenu): string | null => data.language?.served ?? null;

const decodeSegment = (value: string | undefined): string | null => {
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
};

export interface ResolvedPage {
  view: PublicMenuView;
  filters: DinerFilterState;
  mapId: string | null;
}

/**
 * The screen and filters an address asks for, on the data at hand. The server and the hydration
 * script both call this, so they render the same thing.
 */
export function resolvePage(data: CustomerMenu, pathname: string, search: string): ResolvedPage {
  const parts = pathname.split('/').filter(Boolean);
  const at = parts.indexOf('menu');
  const rest = at >= 0 ? parts.slice(at + 2) : [];
  const params = new URLSearchParams(search);
  const menuParam = params.get('menu');
  const isOpen = (id: string | null) => id !== null && data.menus.some((menu) => menu._id === id);

  let mapId: string | null = null;
  let view: PublicMenuView;
  if (rest[0] === 'dish' && rest[2] === 'menuSelected') {
    mapId = params.get('map');
    view = { kind: 'dish', dishId: decodeSegment(rest[1]) ?? '', menuId: decodeSegment(rest[3]) ?? '' };
  } else {
    mapId = decodeSegment(rest[0]);
    const only = data.menus.length === 1 ? (data.menus[0]?._id ?? null) : null;
    if (params.has('print')) view = { kind: 'print', menuId: isOpen(menuParam) ? menuParam : only };
    // A published menu that is closed keeps its address, to say when it is served (screens.tsx).
    else if (data.menus.length === 0)
      view =
        menuParam && data.menusTimeline.some((entry) => entry._id === menuParam)
          ? { kind: 'menu', menuId: menuParam }
          : { kind: 'empty' };
    else if (menuParam) view = { kind: 'menu', menuId: menuParam };
    else if (only) view = { kind: 'menu', menuId: only };
    else view = { kind: 'chooser' };
  }

  let filters = emptyFilterState();
  if (view.kind === 'menu' || view.kind === 'dish') {
    const menuId = view.menuId;
    const choices = filterChoices(
      data.restaurant,
      data.menus.find((menu) => menu._id === menuId),
    );
    filters = effectiveFilters(decodeFilterState(search, filterVocabulary(choices)), choices);
  }
  return { view, filters, mapId };
}
