/**
 * The reseller's public pages (doc 3 §2.8), their own small chunk: someone opening a mailed link is
 * not signed in and never downloads the reseller's screens.
 */
export { ClientInvitationPage } from './client-invitation-page.tsx';
export { DmaRegisterPage } from './dma-register-page.tsx';
