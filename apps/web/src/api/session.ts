import { type User, userSchema } from '@carte/domain';
import { useSyncExternalStore } from 'react';
import { returnPathOr } from './return-path.ts';
import { storageKeys } from './storage-keys.ts';

export interface Session {
  accessToken: string;
  refreshToken: string;
  user: User;
}

const sessionKeys: string[] = [storageKeys.accessToken, storageKeys.refreshToken, storageKeys.user];

function readStoredUser(): User | null {
  const raw = localStorage.getItem(storageKeys.user);
  if (!raw) return null;
  try {
    const parsed = userSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Logged in means both tokens and a stored user exist (doc 1 §4). */
function readSession(): Session | null {
  const accessToken = localStorage.getItem(storageKeys.accessToken);
  const refreshToken = localStorage.getItem(storageKeys.refreshToken);
  const user = readStoredUser();
  return accessToken && refreshToken && user ? { accessToken, refreshToken, user } : null;
}

let current: Session | null = readSession();
const listeners = new Set<() => void>();

function publish(next: Session | null) {
  current = next;
  for (const listener of listeners) listener();
}

/**
 * The one place that reads and writes the session. Components subscribe with `useSession`; the API
 * client reads tokens from here on every call, so a refresh made by one call is seen by the next.
 */
export const sessionStore = {
  get: (): Session | null => current,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(session: Session) {
    localStorage.setItem(storageKeys.accessToken, session.accessToken);
    localStorage.setItem(storageKeys.refreshToken, session.refreshToken);
    localStorage.setItem(storageKeys.user, JSON.stringify(session.user));
    publish({ ...session });
  },
  /** New tokens after a refresh; the user stays. */
  setTokens(accessToken: string, refreshToken: string) {
    localStorage.setItem(storageKeys.accessToken, accessToken);
    localStorage.setItem(storageKeys.refreshToken, refreshToken);
    publish(current ? { ...current, accessToken, refreshToken } : readSession());
  },
  setUser(user: User) {
    localStorage.setItem(storageKeys.user, JSON.stringify(user));
    publish(current ? { ...current, user } : readSession());
  },
  /**
   * Logout clears tokens, stored user and selected menu (doc 1 §4). `ending` says why and where the
   * user was, for /login (a session the server ended is announced and leads back there).
   */
  clear(end?: SessionEnding) {
    ending = end ?? null;
    for (const key of sessionKeys) localStorage.removeItem(key);
    localStorage.removeItem(storageKeys.selectedMenu);
    localStorage.removeItem(storageKeys.impersonator);
    if (current) publish(null);
  },
};

// Another tab signed in, out or refreshed the tokens: follow it, so both tabs use the same refresh token
// (a reused old refresh token would revoke the whole family, decisions §3).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || sessionKeys.includes(event.key)) publish(readSession());
  });
}

export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}

/** The signed-in user; only for components rendered behind the private-route guard. */
export function useCurrentUser(): User {
  const session = useSession();
  if (!session) throw new Error('useCurrentUser needs a signed-in user');
  return session.user;
}

/** Why the last session of this page ended, and on which page (issue 11 §9). */
export interface SessionEnding {
  /** `signed-out`: the user asked; `expired`: the server refused the session (a failed refresh, a 401). */
  reason: 'signed-out' | 'expired';
  from: string;
}
let ending: SessionEnding | null = null;

/** How the last session of this page ended, if one did (kept until the next one ends). */
export const sessionEnding = (): SessionEnding | null => ending;

/** What /login may be sent with: the page a signed-out visitor asked for. */
export interface LoginState {
  from?: string;
}

/**
 * The page to open after signing in: the page a signed-out visit asked for, or the page of a session
 * the server ended; the role's home otherwise (and for anything that is not a page of this app).
 */
export function afterSignInPath(state: unknown, home: string): string {
  const asked = (state as LoginState | null)?.from;
  return returnPathOr(asked ?? (ending?.reason === 'expired' ? ending.from : undefined), home);
}
