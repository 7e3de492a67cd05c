/**
 * "…anyway?" questions asked once (issue 22, item 2): each kind of question is asked once per
 * browser session, and not at all once the user ticked "Don't ask again". Both are kept per user in
 * the browser — the session's answer in sessionStorage (a new tab or a new sign-in asks again), the
 * "Don't ask again" in localStorage — keyed by the user's id, so two people sharing a computer each
 * get their own. No server preference exists for it (docs/decisions.md, "The owner's first hour").
 */
export type AskKind = 'category-without-dishes' | 'dish-without-ingredients';

/** The part of Storage this needs (the browser's, or a map in tests). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface AskStores {
  /** Answers of this browser session. */
  session: KeyValueStore | undefined;
  /** "Don't ask again", kept. */
  kept: KeyValueStore | undefined;
}

const sessionKey = (userId: string, kind: AskKind) => `carte.asked.${userId}.${kind}`;
const keptKey = (userId: string, kind: AskKind) => `carte.dontAsk.${userId}.${kind}`;

/** Storage can throw (full, or blocked by the browser's privacy settings): then ask, as before. */
function read(store: KeyValueStore | undefined, key: string): boolean {
  try {
    return store?.getItem(key) === '1';
  } catch {
    return false;
  }
}
function write(store: KeyValueStore | undefined, key: string): void {
  try {
    store?.setItem(key, '1');
  } catch {
    // Not kept: the question comes back, which is the safe side.
  }
}

/** Whether to ask `kind` now. */
export function shouldAsk(stores: AskStores, userId: string, kind: AskKind): boolean {
  return !read(stores.kept, keptKey(userId, kind)) && !read(stores.session, sessionKey(userId, kind));
}

/**
 * The user answered "continue": not asked again this session, nor ever with `dontAskAgain`. "Go back"
 * records nothing: the question did its job and may do it again.
 */
export function recordContinue(
  stores: AskStores,
  userId: string,
  kind: AskKind,
  dontAskAgain: boolean,
): void {
  write(stores.session, sessionKey(userId, kind));
  if (dontAskAgain) write(stores.kept, keptKey(userId, kind));
}

/** The browser's stores, when there are any. */
export function browserStores(): AskStores {
  const safe = (get: () => Storage) => {
    try {
      return get();
    } catch {
      return undefined;
    }
  };
  return { session: safe(() => window.sessionStorage), kept: safe(() => window.localStorage) };
}
