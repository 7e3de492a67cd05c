/**
 * Where to go back after signing in: only a page of this app. A return path comes from navigation
 * state or a link, so it is read as the browser would read it (`//host`, `/\host` and a tab or line
 * break inside `//` all lead elsewhere) and kept only when it stays on this origin.
 */

const here = 'https://carte.invalid';

/** The same-origin path (with its query and hash) that `value` names, or null for anything else. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(value, here);
  } catch {
    return null;
  }
  if (url.origin !== here) return null;
  return url.pathname + url.search + url.hash;
}

/** The page to open after signing in: a safe return path, except the home and sign-in pages themselves. */
export function returnPathOr(value: unknown, home: string): string {
  const path = safeReturnPath(value);
  if (path === null) return home;
  const pathname = path.split(/[?#]/)[0];
  return pathname === '/' || pathname === '/login' ? home : path;
}
