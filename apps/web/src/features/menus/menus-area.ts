/** The menu screens, loaded as one chunk (STYLE rule 14). */
export { MenuFormPage } from './menu-form-page.tsx';
