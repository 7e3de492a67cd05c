/** The admin area (ADMIN, SUPER_ADMIN), loaded as one chunk (STYLE rule 14). */
export { AdminDashboardPage } from './admin-dashboard-page.tsx';
