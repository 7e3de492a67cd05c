import type { CustomerMenu, DinerFilterState } from '@carte/domain';

/** Which screen of the public menu is shown (doc 2 §2). */
export type PublicMenuView =
  | { kind: 'chooser' }
  | { kind: 'menu'; menuId: string }
  | { kind: 'dish'; menuId: string; dishId: string }
  | { kind: 'print'; menuId: string | null }
  | { kind: 'empty' };

/** The expiry banner of doc 2 §4, as the hydration script computes it (never on the server). */
export interface ExpiryBannerProps {
  /** Whole minutes until the shown menu gives way, rounded up (`upcomingSwitch().minutesLeft`). */
  minutesLeft: number;
  nextMenuName: string;
  /** When the next menu starts, "HH:mm" on the restaurant's clock. */
  startsAt: string;
  onSwitch: () => void;
  onClose: () => void;
  /** True between the click and the new menu being shown. */
  busy?: boolean;
  /** Replaces the question when the switch could not be made (e.g. the next menu is not open yet). */
  notice?: string | null;
}

export interface PublicMenuAppProps {
  data: CustomerMenu;
  view: PublicMenuView;
  filters: DinerFilterState;
  /** Put before every link: '' for links relative to the host (the default of the server), or an origin. */
  baseUrl: string;
  /** The menu display of `/menu/{restaurantId}/{mapId}` (doc 2 §2), kept in every menu link. */
  mapId?: string | null;
  /**
   * With JavaScript: called instead of following an internal link (the `href` is the link's own, for
   * `history.pushState`). Without it the links are ordinary links.
   */
  onNavigate?: (view: PublicMenuView, href: string) => void;
  /** With JavaScript: a filter changed; `href` is the menu's address with the new filter query. */
  onFiltersChange?: (filters: DinerFilterState, href: string) => void;
  banner?: ExpiryBannerProps | null;
  /**
   * Drawn inside another page (the owner's 450 px preview): no landmarks of its own (header, main,
   * footer become plain boxes), no skip link, no print link.
   */
  embedded?: boolean;
}

/**
 * What the server embeds in `<script type="application/json" id="carte-menu-data">`. The hydration
 * script also accepts a bare `CustomerMenu` there and then reads the view and filters from the URL
 * with `resolvePage`, exactly as the server should.
 */
export interface PublicMenuPayload {
  data: CustomerMenu;
  view: PublicMenuView;
  filters: DinerFilterState;
  baseUrl: string;
  mapId: string | null;
  /** Menus sent as cards only (no categories): showing one loads its page (compact.ts). */
  partial?: string[];
  /** The shown menu's dish descriptions are left out: read them from the page (compact.ts). */
  descriptionsInPage?: boolean;
}
