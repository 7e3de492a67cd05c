/** The owner's subscription screen (/subscribe), loaded as its own chunk (STYLE rule 14). */
export { SubscribePage } from './subscribe-page.tsx';
