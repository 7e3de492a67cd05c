import type { User } from '@carte/domain';

export const displayName = (user: User) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.username;

/** "DM" for Dana Morales; the username's first letters when there is no name. */
export const initials = (user: Pick<User, 'firstName' | 'lastName' | 'username'>) =>
  ((user.firstName[0] ?? '') + (user.lastName[0] ?? '')).toUpperCase() ||
  user.username.slice(0, 2).toUpperCase();
