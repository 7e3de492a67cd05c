/**
 * The auth feature's public entry: what other features may use of it (decisions, "The house").
 * Sign-in itself lives in accounts; this is the password hashing and the tokens it relies on.
 */
export type { LoginThrottle } from './login-throttle.ts';
export { hashPassword, verifyPassword } from './password.ts';
export { hashToken, newOpaqueToken, type TokenService } from './token.service.ts';
