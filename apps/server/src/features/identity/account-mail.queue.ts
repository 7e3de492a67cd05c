import type { JobResult, PgBoss } from 'pg-boss';

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
  // A NOTIFY that arrives mid-batch can be missed, so the backstop poll stays as frequent as the base.
  const options = {
    batchSize: 5,
    burstWhenBatchFull: true,
    perJobResults: true,
    pollingIntervalSeconds: 1,
    notifyPollingIntervalSeconds: 1,
  } as const;
  return boss.work<AccountMailRequest, JobResult[], typeof options>(
    accountMailQueue,
    options,
    async (jobs) => {
      const results: JobResult[] = [];
      // One at a time, each on its own: a failed lookup retries that request alone.
      for (const job of jobs) {
        try {
          await handle(job.data);
          results.push({ id: job.id, status: 'completed' });
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          results.push({ id: job.id, status: 'failed', output: { message } });
        }
      }
      return results;
    },
  );
}
