import { type User, userSchema } from '@carte/domain';
import { useSyncExternalStore } from 'react';
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
  /** Logout clears tokens, stored user and selected menu (doc 1 §4). */
  clear() {
    for (const key of sessionKeys) localStorage.removeItem(key);
    localStorage.removeItem(storageKeys.selectedMenu);
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
