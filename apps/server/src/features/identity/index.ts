/**
 * Identity's public entry (issue 20; DESIGN.md "features/identity"): people and accounts, sessions,
 * passwords, mailed links, onboarding, acting-as and account removal. Members, restaurants (locations,
 * transfer), resellers and admin call these and write none of these rules again.
 */
export { type AccountRemovalDeps, removeAccount } from './account-removal.ts';
export { type Acting, assertNotActing, mayActAs, type OpenSession } from './acting.ts';
export { recordAudit } from './audit.ts';
export { completeInvitedAccount } from './invited-account.ts';
export type { LoginThrottle } from './login-throttle.ts';
export { LINK_HOURS, type MailedLink, type MailedLinks } from './mailed-links.ts';
export {
  addOwner,
  asAccountOf,
  type NewOwner,
  type NewRestaurant,
  openRestaurant,
  restaurantDefaults,
} from './onboarding.ts';
export { hashPassword, verifyPassword } from './password.ts';
export { isStaff, joinableAccountOf, staffRoles, usernameTaken, withUniqueAs } from './person.ts';
export { hashToken, newOpaqueToken, type TokenService } from './token.service.ts';
