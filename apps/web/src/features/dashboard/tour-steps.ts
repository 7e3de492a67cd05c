import {
  type Connector,
  type GettingStarted,
  type PermissionKey,
  type Permissions,
  type Role,
  remainingSteps,
  satisfies,
} from '@carte/domain';

/** What the tour knows of the restaurant when it starts (issue 22, item 4). */
export interface TourState {
  /** The getting-started checklist as the dashboard shows it, or null when it shows none. */
  checklist: GettingStarted | null;
  /** Whether the restaurant's subscription is active; null when the user cannot know. */
  subscribed: boolean | null;
}

export interface TourStepDef {
  /** CSS selector of the highlighted element. */
  target: string;
  title: string;
  body: string | ((state: TourState) => string);
  /** The step shows only if the user holds these (doc 1 §2), combined with `connector`. */
  permissions: PermissionKey[];
  connector?: Connector;
  /** Roles the step is for (all when left out). */
  roles?: Role[];
  /** Whether the step has something to say in the restaurant's state (always when left out). */
  useful?: (state: TourState) => boolean;
  position?: 'bottom' | 'right' | 'left' | 'top' | 'bottom-start' | 'bottom-end';
}

/** A step as the tour shows it: its body written for the restaurant's state. */
export interface TourStepView {
  target: string;
  title: string;
  body: string;
  position: NonNullable<TourStepDef['position']>;
}

const numbers = ['No', 'One', 'Two', 'Three', 'Four', 'Five', 'Six'];
const stepsLeft = (state: TourState) => (state.checklist ? remainingSteps(state.checklist).length : 0);

const nav = (path: string) => `[data-tour="nav${path.replace(/\//g, '-')}"]`;
const everyone: PermissionKey[] = ['menu', 'category', 'dish', 'ingredient', 'restaurant', 'member'];

/**
 * The first-login tour (doc 1 §2): the getting-started checklist, create menu, dish, category,
 * ingredient, then the navigation. A step shows only to a user whose permissions allow it and when
 * the restaurant's state makes it useful (`tourStepsFor`); one whose element is not on the screen (a
 * new owner has no category board or dish table yet; a phone hides the side navigation) is left out
 * too, so the tour points only at what exists.
 */
export const tourSteps: TourStepDef[] = [
  {
    target: '[data-tour="getting-started"]',
    title: 'Start here',
    body: (state) => {
      const left = stepsLeft(state);
      return `${numbers[left] ?? left} ${left === 1 ? 'step' : 'steps'} left to a menu on your tables. Each one ticks itself when it is done.`;
    },
    permissions: ['menu'],
    // Only over a checklist that still has something to do.
    useful: (state) => stepsLeft(state) > 0,
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
    // The owner pays (a reseller's client asks the account manager); not once it is paid.
    roles: ['RESTAURANT'],
    useful: (state) => state.subscribed === false,
    position: 'right',
  },
  {
    target: '[data-tour="print-menus"]',
    title: 'Print menus',
    body: 'Download your QR code or print table cards for your tables from here.',
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
    body: 'Something not right? Help holds our guides and “Report an issue”, which writes to us.',
    permissions: everyone,
    connector: 'or',
  },
];

/**
 * The steps of the tour for this user and restaurant (issue 22, item 4): those the user's permissions
 * allow (doc 1 §2, with the step's or / and connector), meant for the user's role, and useful in the
 * restaurant's state, with their bodies written for it.
 */
export function tourStepsFor(
  user: { role: Role; permissions: Partial<Permissions> | null | undefined },
  state: TourState,
  steps: TourStepDef[] = tourSteps,
): TourStepView[] {
  return steps
    .filter(
      (step) =>
        satisfies(user.role, user.permissions, {
          except: step.permissions,
          connector: step.connector,
          roles: step.roles,
        }) &&
        (step.useful?.(state) ?? true),
    )
    .map((step) => ({
      target: step.target,
      title: step.title,
      body: typeof step.body === 'function' ? step.body(state) : step.body,
      position: step.position ?? 'bottom',
    }));
}
