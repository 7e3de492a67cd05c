/** The admin area (ADMIN, SUPER_ADMIN), loaded as one chunk (STYLE rule 14). */
export { AdminDashboardPage } from './admin-dashboard-page.tsx';
export { DietaryConsiderationsPage } from './dietary-page.tsx';
export { EditEmailTemplatePage } from './edit-email-template-page.tsx';
export { EmailTemplatesPage } from './email-templates-page.tsx';
export { LogsPage } from './logs-page.tsx';
