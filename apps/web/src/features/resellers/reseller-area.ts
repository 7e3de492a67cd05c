/** The reseller area (DMA), loaded as one chunk (STYLE rule 14). */
export { ResellerClientPage } from './client-page.tsx';
export { ResellerDashboardPage } from './reseller-dashboard-page.tsx';
