/** What other features use of the transfer feature: the ownership section of /settings. */
export { TransferOwnershipSection } from './transfer-ownership-section.tsx';
