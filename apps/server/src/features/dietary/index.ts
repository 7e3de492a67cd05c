/** The dietary feature's public entry: its service and the platform's default lists. */
export { type DietaryService, defaultPlatformDietary } from './dietary.service.ts';
