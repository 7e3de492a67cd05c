import { describe, expect, it } from 'vitest';
import { type GettingStarted, remainingSteps } from '../src/index.ts';

const state = (steps: Partial<GettingStarted['steps']>, subscriptionNeeded = true): GettingStarted => ({
  steps: {
    menu: false,
    categories: false,
    dishes: false,
    subscribe: false,
    publish: false,
    share: false,
    ...steps,
  },
  subscriptionNeeded,
  dismissed: false,
});

describe('the getting-started checklist', () => {
  it('lists the steps left in their order', () => {
    expect(remainingSteps(state({}))).toEqual([
      'menu',
      'categories',
      'dishes',
      'subscribe',
      'publish',
      'share',
    ]);
    expect(remainingSteps(state({ menu: true, publish: true }))).toEqual([
      'categories',
      'dishes',
      'subscribe',
      'share',
    ]);
    expect(
      remainingSteps(
        state({ menu: true, categories: true, dishes: true, subscribe: true, publish: true, share: true }),
      ),
    ).toEqual([]);
  });

  it('leaves the subscription out when publishing needs none', () => {
    expect(remainingSteps(state({ subscribe: false }, false))).toEqual([
      'menu',
      'categories',
      'dishes',
      'publish',
      'share',
    ]);
  });
});
