/** The "Menu Filters" screen (/filters), loaded as its own chunk (STYLE rule 14). */
export { FiltersPage } from './filters-page.tsx';
