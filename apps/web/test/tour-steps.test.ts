import type { GettingStarted, Permissions } from '@carte/domain';
import { describe, expect, it } from 'vitest';
import { type TourState, tourSteps, tourStepsFor } from '../src/features/dashboard/tour-steps.ts';

const none: Permissions = {
  menu: false,
  category: false,
  dish: false,
  ingredient: false,
  restaurant: false,
  member: false,
};
const owner = { role: 'RESTAURANT' as const, permissions: null };
const member = (granted: Partial<Permissions>) => ({
  role: 'MEMBER' as const,
  permissions: { ...none, ...granted },
});

const checklist = (done: Partial<GettingStarted['steps']> = {}): GettingStarted => ({
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
const newRestaurant: TourState = { checklist: checklist(), subscribed: false };
const titles = (steps: { title: string }[]) => steps.map((step) => step.title);

describe('the steps of the first-login tour (issue 22, item 4)', () => {
  it('a new owner gets every step, the checklist first with the six steps it has left', () => {
    const steps = tourStepsFor(owner, newRestaurant);
    expect(titles(steps)).toEqual(titles(tourSteps));
    expect(steps[0]).toMatchObject({ title: 'Start here', target: '[data-tour="getting-started"]' });
    expect(steps[0]?.body).toMatch(/^Six steps left to a menu on your tables\./);
  });

  it('counts what is left of the checklist, in words', () => {
    const state = {
      checklist: checklist({ menu: true, categories: true, dishes: true, subscribe: true, publish: true }),
      subscribed: true,
    };
    expect(tourStepsFor(owner, state)[0]?.body).toMatch(/^One step left to a menu/);
  });

  it('leaves the checklist out when it is done, closed or not shown', () => {
    const done = checklist({
      menu: true,
      categories: true,
      dishes: true,
      subscribe: true,
      publish: true,
      share: true,
    });
    for (const state of [
      { checklist: done, subscribed: true },
      { checklist: null, subscribed: true },
    ]) {
      expect(titles(tourStepsFor(owner, state))).not.toContain('Start here');
    }
  });

  it('points at Subscribe only for an owner whose restaurant has not subscribed', () => {
    expect(titles(tourStepsFor(owner, newRestaurant))).toContain('Subscribe');
    expect(titles(tourStepsFor(owner, { ...newRestaurant, subscribed: true }))).not.toContain('Subscribe');
    // Billing off: nothing to subscribe to.
    expect(titles(tourStepsFor(owner, { ...newRestaurant, subscribed: null }))).not.toContain('Subscribe');
    // A reseller's client asks the account manager; a member cannot pay.
    const client = { role: 'DMA_CLIENT' as const, permissions: null };
    expect(titles(tourStepsFor(client, newRestaurant))).not.toContain('Subscribe');
    expect(titles(tourStepsFor(member({ restaurant: true, menu: true }), newRestaurant))).not.toContain(
      'Subscribe',
    );
  });

  it('a member who may change dishes only is shown the dish steps and what every user has', () => {
    // The checklist is read with the menu permission only: such a member sees none.
    const state: TourState = { checklist: null, subscribed: null };
    expect(titles(tourStepsFor(member({ dish: true }), state))).toEqual([
      'Add dishes',
      'Quick edit',
      'Media',
      'Report an issue',
    ]);
  });

  it('an invited member with the menu permission is not told of five steps over a finished checklist', () => {
    const finished = checklist({
      menu: true,
      categories: true,
      dishes: true,
      subscribe: true,
      publish: true,
      share: true,
    });
    const steps = titles(tourStepsFor(member({ menu: true }), { checklist: finished, subscribed: true }));
    expect(steps).not.toContain('Start here');
    expect(steps).toEqual([
      'Create a menu',
      'Menus',
      'Timeline',
      'Quick edit',
      'Print menus',
      'Report an issue',
    ]);
  });

  it('gives every step an element to point at, Print menus and Report an issue included', () => {
    const targets = tourSteps.map((step) => step.target);
    expect(targets).toContain('[data-tour="print-menus"]');
    expect(targets).toContain('[data-tour="report-issue"]');
    expect(new Set(targets).size).toBe(targets.length);
  });
});
