import type { GettingStarted } from '@carte/domain';
import { describe, expect, it } from 'vitest';
import { firstHourOrder, firstHourView, stepBefore } from '../src/ui/first-hour.ts';

const state = (done: Partial<GettingStarted['steps']>): GettingStarted => ({
  steps: {
    menu: false,
    categories: false,
    dishes: false,
    subscribe: false,
    publish: false,
    share: false,
    ...done,
  },
  subscriptionNeeded: true,
  dismissed: false,
});

describe('the first hour’s order', () => {
  it('is menu, categories, dishes, publish, share', () => {
    expect(firstHourOrder).toEqual(['menu', 'categories', 'dishes', 'publish', 'share']);
  });

  it('names the first missing step before a list, or none when the way is clear', () => {
    expect(stepBefore(state({}), 'categories')).toBe('menu');
    expect(stepBefore(state({ menu: true }), 'categories')).toBeNull();
    expect(stepBefore(state({}), 'dishes')).toBe('menu');
    expect(stepBefore(state({ menu: true }), 'dishes')).toBe('categories');
    expect(stepBefore(state({ menu: true, categories: true }), 'dishes')).toBeNull();
    // Any step: the next one the owner has to take.
    expect(stepBefore(state({ menu: true, categories: true, dishes: true }))).toBe('publish');
    expect(
      stepBefore(state({ menu: true, categories: true, dishes: true, publish: true, share: true })),
    ).toBeNull();
  });

  it('leads nowhere while the state is unknown', () => {
    expect(stepBefore(undefined, 'dishes')).toBeNull();
  });

  it('says what comes first with its action', () => {
    expect(firstHourView('menu')).toMatchObject({
      first: 'Create a menu first',
      action: 'Create menu',
      to: '/create-menu',
    });
    expect(firstHourView('categories').to).toBe('/create-category?new');
  });
});
