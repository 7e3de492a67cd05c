/** The menu-wide customizations screen (/customizations), loaded as its own chunk (STYLE rule 14). */
export { CustomizationsPage } from './customizations-page.tsx';
