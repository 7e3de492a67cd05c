/**
 * The public complete-member-account page (/member-verify-account), its own small chunk: an invitee
 * who is not signed in never downloads the team screen.
 */
export { MemberVerifyAccountPage } from './member-verify-account-page.tsx';
