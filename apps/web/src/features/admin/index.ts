/** The admin feature's public entry: the banner every page shows while an admin acts as a user. */
export { ActingBanner } from './acting-banner.tsx';
