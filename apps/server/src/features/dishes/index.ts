/** The dishes feature's public entry: the rich-text rule its descriptions follow, shared with settings. */
export { sanitizeRichText } from './rich-text.ts';
