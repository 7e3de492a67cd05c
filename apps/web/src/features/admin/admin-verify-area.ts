/**
 * The public admin completion page (/admin-complete-account), its own small chunk: an invited admin
 * who is not signed in never downloads the admin screens.
 */
export { AdminCompleteAccountPage } from './admin-complete-account-page.tsx';
