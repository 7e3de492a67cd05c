/** The public take-ownership page (doc 2 §2), loaded as its own chunk (STYLE rule 14). */
export { TransferOwnershipPage } from './transfer-ownership-page.tsx';
