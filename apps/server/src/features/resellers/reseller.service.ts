import { createClientBillingService } from './client-billing.service.ts';
import { createClientsService } from './clients.service.ts';
import { createRegistrationService } from './registration.service.ts';
import type { ResellerDeps } from './reseller.shared.ts';

export type { ResellerDeps } from './reseller.shared.ts';

/**
 * Resellers (doc 3 §2.3, §2.4, §2.8, §4, §6, §7.1; issue 14): a reseller (role DMA) invites clients
 * (role DMA_CLIENT, each owning a restaurant), pays for their subscriptions with its own cards, acts
 * as them and deletes them; admins invite resellers and manage them. One service for the routes and
 * the wiring, composed of its sections: registration (and the admin's calls), clients, client billing.
 */
export function createResellerService(deps: ResellerDeps) {
  return {
    ...createRegistrationService(deps),
    ...createClientsService(deps),
    ...createClientBillingService(deps),
  };
}

export type ResellerService = ReturnType<typeof createResellerService>;
