/** The owner's dashboard (/), loaded as its own chunk (STYLE rule 14). */
export { DashboardPage } from './dashboard-page.tsx';
