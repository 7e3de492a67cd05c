import {
  createMemoryThrottleStore,
  type ThrottleCounter,
  type ThrottleStore,
} from '../../adapters/throttle/index.ts';
import type { Config } from '../../config.ts';

/**
 * Password guessing and mail flooding, throttled on OWASP's lines (Authentication Cheat Sheet,
 * "Blocking Brute Force Attacks"); the numbers are in docs/decisions.md (Throttling).
 *
 * - Per account and address (the pair): a low limit, then 429 for that pair only.
 * - Per address: a higher limit across every account, against one machine trying many accounts.
 * - Per account, from anywhere: past a number of free failures, an exponential back-off. It slows
 *   only addresses that have already failed on the account; an address with a clean record for it
 *   still has its password checked, so the owner signs in while others hammer the account.
 * A right password forgets only its own pair; a completed password reset forgets the account's
 * back-off. Accounts are named by the caller (user ids, so a username and an email share them).
 */
export interface ThrottlePolicy {
  pairMaxFailures: number;
  addressMaxFailures: number;
  /** Pair and address failures are forgotten this long after the last one. */
  windowMs: number;
  accountFreeFailures: number;
  /** The first back-off; each further failure doubles it, up to backoffMaxMs. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** An account's failures are forgotten this long after its last one. */
  accountMemoryMs: number;
  mailPerAddress: number;
  mailPerClient: number;
  mailWindowMs: number;
}

/** One try of a password: the accounts it names and the client's address. */
export interface PasswordAttempt {
  accounts: string[];
  address: string;
}

export interface LoginThrottle {
  /** Seconds to wait before this attempt's password may be checked; 0 when it may be checked now. */
  wait(attempt: PasswordAttempt): Promise<number>;
  failed(attempt: PasswordAttempt): Promise<void>;
  /** The right password: forgets this address's failures on this account, and nothing else. */
  succeeded(account: string, address: string): Promise<void>;
  /** A completed password reset: forgets the account's back-off and the resetting address's pair. */
  cleared(account: string, address: string): Promise<void>;
  /** An account mail for `target` asked by `client`: seconds to wait, or 0 when allowed (and counted). */
  mailRequest(target: string, client: string): Promise<number>;
}

const keys = {
  address: (address: string) => `login:address:${address}`,
  pair: (account: string, address: string) => `login:pair:${account}|${address}`,
  account: (account: string) => `login:account:${account}`,
  mailTarget: (target: string) => `mail:target:${target.toLowerCase()}`,
  mailClient: (client: string) => `mail:client:${client}`,
};

/** Milliseconds to whole seconds for Retry-After: never 0 while something is still waited for. */
const seconds = (ms: number): number => (ms > 0 ? Math.max(1, Math.ceil(ms / 1000)) : 0);

export function createLoginThrottle(deps: {
  store: ThrottleStore;
  policy: ThrottlePolicy;
  now: () => number;
}): LoginThrottle {
  const { store, policy, now } = deps;

  /** Until when an account's back-off holds (0: none): from its last failure, doubling per failure. */
  const backoffUntil = (counter: ThrottleCounter | null): number => {
    const excess = (counter?.count ?? 0) - policy.accountFreeFailures;
    if (!counter || excess <= 0) return 0;
    const delay = Math.min(policy.backoffMaxMs, policy.backoffBaseMs * 2 ** Math.min(excess - 1, 40));
    return counter.expiresAt - policy.accountMemoryMs + delay;
  };

  const overLimit = (counter: ThrottleCounter | null, limit: number): number =>
    counter && counter.count >= limit ? counter.expiresAt - now() : 0;

  return {
    async wait({ accounts, address }) {
      let waitMs = overLimit(await store.get(keys.address(address)), policy.addressMaxFailures);
      for (const account of accounts) {
        const pair = await store.get(keys.pair(account, address));
        waitMs = Math.max(waitMs, overLimit(pair, policy.pairMaxFailures));
        if (pair) {
          const until = backoffUntil(await store.get(keys.account(account)));
          waitMs = Math.max(waitMs, until - now());
        }
      }
      return seconds(waitMs);
    },

    async failed({ accounts, address }) {
      await store.hit(keys.address(address), policy.windowMs);
      for (const account of accounts) {
        await store.hit(keys.pair(account, address), policy.windowMs);
        await store.hit(keys.account(account), policy.accountMemoryMs);
      }
    },

    async succeeded(account, address) {
      await store.delete([keys.pair(account, address)]);
    },

    async cleared(account, address) {
      await store.delete([keys.account(account), keys.pair(account, address)]);
    },

    async mailRequest(target, client) {
      const waitMs = Math.max(
        overLimit(await store.get(keys.mailTarget(target)), policy.mailPerAddress),
        overLimit(await store.get(keys.mailClient(client)), policy.mailPerClient),
      );
      if (waitMs > 0) return seconds(waitMs);
      await store.hit(keys.mailTarget(target), policy.mailWindowMs);
      await store.hit(keys.mailClient(client), policy.mailWindowMs);
      return 0;
    },
  };
}

/** The throttle of one server process, its counts in memory (services.ts shares them with REDIS_URL). */
export function createMemoryLoginThrottle(policy: ThrottlePolicy, now: () => number): LoginThrottle {
  return createLoginThrottle({ store: createMemoryThrottleStore({ now }), policy, now });
}

/** The policy of the configuration (the LOGIN_* and MAIL_REQUEST* settings). */
export function throttlePolicy(config: Pick<Config, 'login' | 'mailRequests'>): ThrottlePolicy {
  const minutes = 60_000;
  return {
    pairMaxFailures: config.login.pairMaxFailures,
    addressMaxFailures: config.login.addressMaxFailures,
    windowMs: config.login.windowMinutes * minutes,
    accountFreeFailures: config.login.accountFreeFailures,
    backoffBaseMs: 1000,
    backoffMaxMs: config.login.backoffMaxMinutes * minutes,
    accountMemoryMs: 24 * 60 * minutes,
    mailPerAddress: config.mailRequests.perAddress,
    mailPerClient: config.mailRequests.perClient,
    mailWindowMs: config.mailRequests.windowMinutes * minutes,
  };
}
