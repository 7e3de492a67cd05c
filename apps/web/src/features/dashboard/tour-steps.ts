import type { Connector, PermissionKey } from '@carte/domain';

export interface TourStepDef {
  /** CSS selector of the highlighted element. */
  target: string;
  title: string;
  body: string;
  /** The step shows only if the user holds these (doc 1 §2), combined with `connector`. */
  permissions: PermissionKey[];
  connector?: Connector;
  position?: 'bottom' | 'right' | 'left' | 'top' | 'bottom-start' | 'bottom-end';
}

const nav = (path: string) => `[data-tour="nav${path.replace(/\//g, '-')}"]`;
const everyone: PermissionKey[] = ['menu', 'category', 'dish', 'ingredient', 'restaurant', 'member'];

/**
 * The first-login tour (doc 1 §2): the getting-started checklist, create menu, dish, category,
 * ingredient, then the navigation. A step whose element is not on the screen (a new owner has no
 * category board or dish table yet; a phone hides the side navigation) is left out, so the tour
 * points only at what exists.
 */
export const tourSteps: TourStepDef[] = [
  {
    target: '[data-tour="getting-started"]',
    title: 'Start here',
    body: 'Five steps from an empty restaurant to a menu on your tables. Each one ticks itself when it is done.',
    permissions: ['menu'],
  },
  {
    target: '[data-tour="create-menu"]',
    title: 'Create a menu',
    body: 'Name your menu and choose its template, colours and fonts. Publish it once your dishes are in.',
    permissions: ['menu'],
  },
  {
    target: '[data-tour="create-category"]',
    title: 'Add categories',
    body: 'Categories group your dishes (Starters, Mains, Drinks…). Drag them to set their order on the menu.',
    permissions: ['category'],
  },
  {
    target: '[data-tour="create-dish"]',
    title: 'Add dishes',
    body: 'Each dish has a price, a photo, ingredients, customizations and dietary tags.',
    permissions: ['dish'],
    position: 'bottom-end',
  },
  {
    target: '[data-tour="create-ingredient"]',
    title: 'Add ingredients',
    body: 'Ingredients are shared by your dishes; customizations and guests’ filters use them.',
    permissions: ['ingredient'],
    position: 'bottom-end',
  },
  {
    target: nav('/create-menu'),
    title: 'Menus',
    body: 'Create menus and manage their timeline, filters and customizations.',
    permissions: ['menu'],
    position: 'right',
  },
  {
    target: nav('/timeline'),
    title: 'Timeline',
    body: 'See when each menu and category is shown to your guests.',
    permissions: ['menu'],
    position: 'right',
  },
  {
    target: nav('/toggle-list'),
    title: 'Quick edit',
    body: 'Sold out? Switch menus, dishes, categories and ingredients on and off in one place.',
    permissions: ['menu', 'category', 'dish', 'ingredient'],
    connector: 'or',
    position: 'right',
  },
  {
    target: nav('/media-section'),
    title: 'Media',
    body: 'All your photos in one library, ready to reuse on dishes.',
    permissions: ['dish'],
    position: 'right',
  },
  {
    target: nav('/members'),
    title: 'Members',
    body: 'Invite your team and choose what each member may change.',
    permissions: ['member'],
    position: 'right',
  },
  {
    target: nav('/settings'),
    title: 'Settings',
    body: 'Your restaurant’s profile, its QR codes and the button on your menus.',
    permissions: ['restaurant'],
    position: 'right',
  },
  {
    target: nav('/subscribe'),
    title: 'Subscribe',
    body: 'Publishing a menu needs a subscription. Choose monthly or yearly here.',
    permissions: ['restaurant'],
    position: 'right',
  },
  {
    target: '[data-tour="print-menus"]',
    title: 'Print menus',
    body: 'Print your menu or QR table cards for the tables.',
    permissions: ['menu', 'restaurant'],
    connector: 'or',
  },
  {
    target: nav('/update-account'),
    title: 'Account',
    body: 'Your name, email, phone and password.',
    permissions: ['restaurant', 'member'],
    connector: 'or',
    position: 'right',
  },
  {
    target: '[data-tour="report-issue"]',
    title: 'Report an issue',
    body: 'Something not right? Write to us from here.',
    permissions: everyone,
    connector: 'or',
  },
];
