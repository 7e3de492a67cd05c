import type { PgBoss } from 'pg-boss';

/**
 * Mail asked for by address (password reset, forgotten username) is a job: the request only queues
 * it, and the worker looks the address up and sends mail or nothing. The HTTP answer then does the
 * same work, in the same time, whether or not an account uses the address (docs/security.md).
 */
export const accountMailQueue = 'account.mail-request';

export interface AccountMailRequest {
  kind: 'reset-password' | 'forgot-username';
  email: string;
}

export interface AccountMailRequests {
  enqueue(request: AccountMailRequest): Promise<void>;
}

const queueOptions = {
  retryLimit: 3,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 120,
  // The job holds an address someone typed: keep it no longer than an hour once done.
  deleteAfterSeconds: 3600,
  notify: true,
};

const ready = new WeakMap<PgBoss, Promise<void>>();

function ensureQueue(boss: PgBoss): Promise<void> {
  let created = ready.get(boss);
  if (!created) {
    created = boss.createQueue(accountMailQueue, queueOptions);
    created.catch(() => ready.delete(boss));
    ready.set(boss, created);
  }
  return created;
}

export function createAccountMailRequests(boss: PgBoss): AccountMailRequests {
  return {
    async enqueue(request) {
      await ensureQueue(boss);
      await boss.send(accountMailQueue, request);
    },
  };
}

/** Works the queue with `handle` (the account service's); answers the worker id. */
export async function startAccountMailWorker(
  boss: PgBoss,
  handle: (request: AccountMailRequest) => Promise<void>,
): Promise<string> {
  await ensureQueue(boss);
  return boss.work<AccountMailRequest>(accountMailQueue, { pollingIntervalSeconds: 2 }, async (jobs) => {
    for (const job of jobs) await handle(job.data);
  });
}
