import type { GettingStarted } from '@carte/domain';

/**
 * The owner's first hour (issue 22): the order in which each step has what it needs — a menu, then
 * its categories, then dishes in them, then publish and share. The checklist, the category drawer
 * and every empty list name the same next step, so an owner is led one way wherever she starts.
 */
export const firstHourOrder = ['menu', 'categories', 'dishes', 'publish', 'share'] as const;
export type FirstHourStep = (typeof firstHourOrder)[number];

export interface FirstHourStepView {
  step: FirstHourStep;
  /** What comes first, said as a short heading ("Create a menu first"). */
  first: string;
  /** Why, in one calm sentence. */
  why: string;
  /** The action's label and where it goes. */
  action: string;
  to: string;
}

const views: Record<FirstHourStep, Omit<FirstHourStepView, 'step'>> = {
  menu: {
    first: 'Create a menu first',
    why: 'Categories and dishes show on a menu. Start with the menu, then add its categories.',
    action: 'Create menu',
    to: '/create-menu',
  },
  categories: {
    first: 'Add a category first',
    why: 'A category is a section of your menu, such as Starters. Dishes go into it.',
    action: 'Create category',
    to: '/create-category?new',
  },
  dishes: {
    first: 'Add your first dish',
    why: 'Give each dish a name and a price, and choose its category.',
    action: 'Add dish',
    to: '/create-dish',
  },
  publish: {
    first: 'Publish your menu',
    why: 'Open your menu and choose Publish, so guests can see it.',
    action: 'Open menus',
    to: '/',
  },
  share: {
    first: 'Share your menu',
    why: 'Download the QR code or copy your menu’s link.',
    action: 'Get QR code',
    to: '/',
  },
};

export const firstHourView = (step: FirstHourStep): FirstHourStepView => ({ step, ...views[step] });

/**
 * The first step not yet done among those that come before `target` (or any step, without one), or
 * null when the way to `target` is clear. Unknown state (still loading, or not the user's to read)
 * leads nowhere: the caller shows its own action.
 */
export function stepBefore(state: GettingStarted | undefined, target?: FirstHourStep): FirstHourStep | null {
  if (!state) return null;
  const before = target ? firstHourOrder.slice(0, firstHourOrder.indexOf(target)) : firstHourOrder;
  return before.find((step) => !state.steps[step]) ?? null;
}
