import type { AccessRule } from './permissions.ts';
import { isAdminRole, type Role } from './roles.ts';

/**
 * The route table of doc 3 §2.1 with the access rules of doc 3 §6, and the role-based navigation
 * lists of doc 1 §2. The web app draws its side navigation and guards from these; the server uses
 * the same rules for its own checks.
 */
export type Area = 'public' | 'auth' | 'owner' | 'admin' | 'dma';

export interface RouteRule {
  path: string;
  area: Area;
  /** Needs sign-in. */
  private: boolean;
  rule?: AccessRule;
}

const owner = (path: string, rule?: AccessRule): RouteRule => ({ path, area: 'owner', private: true, rule });
const auth = (path: string): RouteRule => ({ path, area: 'auth', private: false });
const pub = (path: string): RouteRule => ({ path, area: 'public', private: false });

export const routeRules: RouteRule[] = [
  owner('/'),
  owner('/create-menu', { except: ['menu'] }),
  owner('/create-dish', { except: ['dish'] }),
  owner('/update-dish/:id', { except: ['dish'] }),
  owner('/create-category', { except: ['category'] }),
  owner('/update-category/:id', { except: ['category'] }),
  owner('/create-ingredient', { except: ['ingredient'] }),
  owner('/settings', { except: ['restaurant'] }),
  owner('/customizations', { except: ['restaurant'] }),
  owner('/timeline', { except: ['menu'] }),
  // Issue 23: a menu's allergen matrix, and the dishes' food types mapped to allergens.
  owner('/menus/:id/allergens', { except: ['menu'] }),
  owner('/allergens/food-types', { except: ['dish'] }),
  owner('/filters', { except: ['menu'] }),
  // Issue 24: the translation screen, for whoever may change the restaurant or its menus.
  owner('/translations', { except: ['restaurant', 'menu'], connector: 'or' }),
  owner('/translations/:lang', { except: ['restaurant', 'menu'], connector: 'or' }),
  owner('/toggle-list', { except: ['menu', 'category', 'dish', 'ingredient'], connector: 'or' }),
  owner('/members', { except: ['member'] }),
  owner('/media-section', { except: ['dish'] }),
  owner('/update-account', { except: ['restaurant', 'member'], connector: 'or' }),
  owner('/subscribe', { roles: ['RESTAURANT'] }),
  owner('/menu-display'),
  owner('/add-restaurant'),
  owner('/menu-interaction-tracking'),
  { path: '/dma/dashboard', area: 'dma', private: true, rule: { except: ['dma'] } },
  { path: '/dma/client', area: 'dma', private: true, rule: { except: ['dma'] } },
  { path: '/dma/update-account', area: 'dma', private: true, rule: { except: ['dma'] } },
  ...[
    '/admin/dashboard',
    '/admin/dietary-considerations',
    '/admin/update-profile',
    '/admin/logs',
    '/admin/analytics',
    '/admin/email-templates',
    '/admin/edit-email-template',
  ].map(
    (path): RouteRule => ({
      path,
      area: 'admin',
      private: true,
      rule: { except: ['admin', 'superAdmin'], connector: 'or' },
    }),
  ),
  auth('/login'),
  auth('/register'),
  auth('/forgot-password'),
  auth('/reset-password'),
  auth('/user-verify-account'),
  pub('/user-verify-email'),
  pub('/member-verify-account'),
  pub('/transfer-ownership'),
  pub('/admin-complete-account'),
  pub('/dma-register'),
  pub('/dma-client-verify-invitation'),
  // The help pages of the help pop-up (doc 1 §2), readable before signing in too.
  pub('/help'),
  pub('/help/:topic'),
];

/** Where a signed-in user lands: admins and resellers have their own dashboards (doc 1 §2). */
export function homePathFor(role: Role): string {
  if (isAdminRole(role)) return '/admin/dashboard';
  if (role === 'DMA') return '/dma/dashboard';
  return '/';
}

export interface NavEntry {
  path: string;
  name: string;
  /** A key the web app maps to an icon. */
  icon: string;
  showInMenu: boolean;
  private: boolean;
  rule?: AccessRule;
  children?: NavEntry[];
}

const entry = (
  path: string,
  name: string,
  icon: string,
  rule?: AccessRule,
  children?: NavEntry[],
): NavEntry => ({
  path,
  name,
  icon,
  showInMenu: true,
  private: true,
  rule,
  children,
});

export const restaurantNav: NavEntry[] = [
  entry('/', 'Dashboard', 'dashboard'),
  entry('/create-menu', 'Menus', 'menu', { except: ['menu'] }, [
    entry('/create-menu', 'Create menu', 'plus', { except: ['menu'] }),
    entry('/timeline', 'Timeline', 'timeline', { except: ['menu'] }),
    entry('/filters', 'Filters', 'filter', { except: ['menu'] }),
    entry('/translations', 'Translations', 'language', { except: ['restaurant', 'menu'], connector: 'or' }),
    entry('/customizations', 'Customizations', 'adjustments', { except: ['restaurant'] }),
  ]),
  entry('/create-category', 'Categories', 'category', { except: ['category'] }),
  entry('/create-dish', 'Dishes', 'dish', { except: ['dish'] }),
  entry('/create-ingredient', 'Ingredients', 'ingredient', { except: ['ingredient'] }),
  entry('/toggle-list', 'Quick edit', 'toggle', {
    except: ['menu', 'category', 'dish', 'ingredient'],
    connector: 'or',
  }),
  entry('/media-section', 'Media', 'media', { except: ['dish'] }),
  entry('/menu-display', 'Menu displays', 'display'),
  entry('/menu-interaction-tracking', 'Analytics', 'analytics'),
  entry('/members', 'Members', 'members', { except: ['member'] }),
  entry('/settings', 'Settings', 'settings', { except: ['restaurant'] }),
  entry('/add-restaurant', 'Add Location', 'location'),
  entry('/subscribe', 'Subscribe', 'subscribe', { roles: ['RESTAURANT'] }),
  entry('/update-account', 'Account', 'account', { except: ['restaurant', 'member'], connector: 'or' }),
];

export const adminNav: NavEntry[] = [
  entry('/admin/dashboard', 'Dashboard', 'dashboard'),
  entry('/admin/dietary-considerations', 'Dietary considerations', 'dietary'),
  entry('/admin/analytics', 'Analytics', 'analytics'),
  entry('/admin/email-templates', 'Email templates', 'mail'),
  entry('/admin/logs', 'Developer logs', 'logs'),
  entry('/admin/update-profile', 'Account', 'account'),
];

export const resellerNav: NavEntry[] = [
  entry('/dma/dashboard', 'Dashboard', 'dashboard'),
  entry('/dma/update-account', 'Account', 'account'),
];

export const signedOutNav: NavEntry[] = [
  { path: '/login', name: 'Sign in', icon: 'login', showInMenu: true, private: false },
  { path: '/register', name: 'Create account', icon: 'register', showInMenu: true, private: false },
  { path: '/help', name: 'Help', icon: 'help', showInMenu: true, private: false },
];

/** The list a user sees (doc 1 §2): admin list, reseller list, restaurant list, or the signed-out list. */
export function navFor(role: Role | null): NavEntry[] {
  if (!role) return signedOutNav;
  if (isAdminRole(role)) return adminNav;
  if (role === 'DMA') return resellerNav;
  return restaurantNav;
}

/**
 * "Add Location" for restaurants, "Add Food Truck" otherwise (doc 2 §2). The specification knew two
 * types; with the longer list (roles.ts) a food truck adds another truck and every business with a
 * fixed address (cafe, bar, bakery…) adds a location, as a restaurant does (docs/decisions.md).
 */
export const addRestaurantLabel = (restaurantType: string | null | undefined): string =>
  restaurantType === 'FOOD_TRUCK' ? 'Add Food Truck' : 'Add Location';

/** Match a concrete path against a route pattern with `:param` segments. */
export function matchPath(pattern: string, path: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = path.split('?')[0]!.split('/').filter(Boolean);
  return a.length === b.length && a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}

export const findRouteRule = (path: string): RouteRule | undefined =>
  routeRules.find((rule) => matchPath(rule.path, path));
