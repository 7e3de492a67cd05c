/** The layout editor (/menu-display), loaded as its own chunk (STYLE rule 14). */
export { MenuDisplayPage } from './menu-display-page.tsx';
