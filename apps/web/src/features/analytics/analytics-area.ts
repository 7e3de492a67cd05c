/** The analytics tracker (/menu-interaction-tracking), loaded as its own chunk with its charts (STYLE rule 14). */
export { AnalyticsPage } from './analytics-page.tsx';
