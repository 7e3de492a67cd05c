/** The restaurant's Settings screen (/settings), loaded as its own chunk (STYLE rule 14). */
export { SettingsPage } from './settings-page.tsx';
