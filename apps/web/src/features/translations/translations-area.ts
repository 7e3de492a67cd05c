/** The translation screen (/translations), loaded as its own chunk (STYLE rule 14). */
export { TranslationsPage } from './translations-page.tsx';
