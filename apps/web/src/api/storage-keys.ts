/**
 * Everything the web app keeps in localStorage, named once. Session tokens are kept apart from the
 * stored user (doc 1 §3); the selected menu and the tour marker belong to the owner area (doc 1 §4).
 */
export const storageKeys = {
  accessToken: 'carte.accessToken',
  refreshToken: 'carte.refreshToken',
  user: 'carte.user',
  selectedMenu: 'carte.selectedMenu',
  /** The admin acting as this session's user ("Login as"), for the banner and the way back. */
  impersonator: 'carte.impersonator',
  /** The first-login tour is remembered per user id (doc 1 §2). */
  tourSeen: (userId: string) => `carte.tourSeen.${userId}`,
} as const;
