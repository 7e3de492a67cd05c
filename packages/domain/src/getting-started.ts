import { z } from 'zod';

/**
 * The new owner's checklist on the dashboard (issue 11, item 3; issue 22): create a menu → add
 * categories to it → add dishes → subscribe → publish → share the QR code, the order in which each
 * step has what it needs. Every step is read from the restaurant's data on the
 * server; `share` is recorded by the browser when a QR code or table cards are downloaded or the
 * menu's link is copied (docs/decisions.md, "First run, photos and copy").
 */
export const gettingStartedStepIds = [
  'menu',
  'categories',
  'dishes',
  'subscribe',
  'publish',
  'share',
] as const;
export type GettingStartedStepId = (typeof gettingStartedStepIds)[number];

export const gettingStartedSchema = z.object({
  /** Each step: done or not. */
  steps: z.object({
    menu: z.boolean(),
    /** A menu holds a category. */
    categories: z.boolean(),
    dishes: z.boolean(),
    subscribe: z.boolean(),
    publish: z.boolean(),
    share: z.boolean(),
  }),
  /** False when publishing needs no subscription (BILLING_PROVIDER=off): the step is left out. */
  subscriptionNeeded: z.boolean(),
  /** The owner closed the checklist before finishing it. */
  dismissed: z.boolean(),
});
export type GettingStarted = z.infer<typeof gettingStartedSchema>;

/** How the menu's address left the app (POST …/shared): the link copied, the code or cards downloaded. */
export const gettingStartedSharedSchema = z.object({ how: z.enum(['link', 'qr-code', 'qr-cards']) });
export type GettingStartedShared = z.infer<typeof gettingStartedSharedSchema>;

/** The steps left to do, in the checklist's order. */
export function remainingSteps(state: GettingStarted): GettingStartedStepId[] {
  return gettingStartedStepIds.filter(
    (step) => !state.steps[step] && (step !== 'subscribe' || state.subscriptionNeeded),
  );
}
