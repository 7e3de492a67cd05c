/** The sharing screen (/share), loaded as its own chunk (STYLE rule 14). */
export { SharePage } from './share-page.tsx';
