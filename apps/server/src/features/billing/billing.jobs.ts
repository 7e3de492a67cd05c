import type { JobResult, PgBoss } from 'pg-boss';
import type { Logger } from '../../core/logger.ts';
import { errorForLog } from '../../db/errors.ts';

/** Each stored provider event is processed by one job of this queue (issue 12). */
export const billingEventsQueue = 'billing.event';
/** The billing schedule: lapsed subscriptions end on time without any request (issue 12). */
export const billingLapseQueue = 'billing.lapse';
/** Every minute: a subscription ends at most a minute after its period. */
const EVERY_MINUTE = '* * * * *';

interface BillingEventJob {
  eventId: string;
}

const eventQueueOptions = {
  // A provider that is away (or a database hiccup) is retried with backoff for about a day.
  retryLimit: 12,
  retryDelay: 10,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 300,
  notify: true,
};

const ready = new WeakMap<PgBoss, Promise<void>>();

export function ensureBillingQueues(boss: PgBoss): Promise<void> {
  let created = ready.get(boss);
  if (!created) {
    created = (async () => {
      await boss.createQueue(billingEventsQueue, eventQueueOptions);
      // One run at a time across every instance, and at most one more waiting.
      await boss.createQueue(billingLapseQueue, { policy: 'stately', expireInSeconds: 300 });
    })();
    created.catch(() => ready.delete(boss));
    ready.set(boss, created);
  }
  return created;
}

export interface BillingJobsDeps {
  boss: PgBoss;
  log: Logger;
  billing: {
    processEvent(eventId: string): Promise<void>;
    lapse(): Promise<{ ended: number; resynced: number }>;
  };
  /** How often an idle worker looks for events, in seconds (default 2). */
  pollingIntervalSeconds?: number;
}

/** Works the event queue and runs the billing schedule; answers the worker ids. */
export async function startBillingJobs(deps: BillingJobsDeps): Promise<string[]> {
  const { boss, log, billing } = deps;
  await ensureBillingQueues(boss);
  const polling = deps.pollingIntervalSeconds ?? 2;
  const options = {
    batchSize: 5,
    perJobResults: true,
    pollingIntervalSeconds: polling,
    notifyPollingIntervalSeconds: polling,
  } as const;
  const events = await boss.work<BillingEventJob, JobResult[], typeof options>(
    billingEventsQueue,
    options,
    async (jobs) => {
      const results: JobResult[] = [];
      for (const job of jobs) {
        try {
          await billing.processEvent(job.data.eventId);
          results.push({ id: job.id, status: 'completed' });
        } catch (error) {
          log.warn({ err: errorForLog(error), event: job.data.eventId }, 'billing event failed; retried');
          const message = error instanceof Error ? error.message : String(error);
          results.push({ id: job.id, status: 'failed', output: { message } });
        }
      }
      return results;
    },
  );
  await boss.schedule(billingLapseQueue, EVERY_MINUTE);
  const lapse = await boss.work(billingLapseQueue, { pollingIntervalSeconds: polling }, async () => {
    const { ended, resynced } = await billing.lapse();
    if (ended > 0 || resynced > 0) log.info({ ended, resynced }, 'billing schedule');
  });
  return [events, lapse];
}
