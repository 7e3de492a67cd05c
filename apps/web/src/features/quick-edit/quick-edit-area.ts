/** Quick edit (/toggle-list), loaded as its own chunk (STYLE rule 14). */
export { QuickEditPage } from './quick-edit-page.tsx';
