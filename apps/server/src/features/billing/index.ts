/** The billing feature's public entry: its service, which other features ask about subscriptions. */
export type { BillingService } from './billing.service.ts';
