/** Account screens, shared by the owner, admin and reseller areas; one chunk (STYLE rule 14). */
export { UpdateAccountPage } from './update-account-page.tsx';
