/** The billing feature's public entry: the plan's prices, shared with the "Subscribe required" dialog. */
export { PlanCards } from './plan-cards.tsx';
