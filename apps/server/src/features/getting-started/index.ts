/** The getting-started feature's public entry: its service, built by the composition root. */
export type { GettingStartedService } from './getting-started.service.ts';
