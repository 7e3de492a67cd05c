import { lt, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Logger } from '../../core/logger.ts';
import type { Db } from '../../db/connect.ts';
import { errorForLog } from '../../db/errors.ts';
import { logs } from '../../db/schema.ts';

export const logRetentionQueue = 'logs.retention';
/** Every day at 03:17 UTC, away from the hour marks other jobs like. */
const DAILY = '17 3 * * *';
const BATCH = 10_000;

/**
 * Deletes the failed-request log rows (doc 3 §3, developer log) older than `retentionDays`, in
 * batches so no statement holds the table long. Answers how many rows went.
 */
export async function deleteOldLogs(db: Db, options: { retentionDays: number; now: Date }): Promise<number> {
  const before = new Date(options.now.getTime() - options.retentionDays * 24 * 60 * 60 * 1000);
  let deleted = 0;
  for (;;) {
    const oldest = db.select({ id: logs.id }).from(logs).where(lt(logs.createdAt, before)).limit(BATCH);
    const rows = await db.delete(logs).where(sql`${logs.id} in (${oldest})`).returning({ id: logs.id });
    deleted += rows.length;
    if (rows.length < BATCH) return deleted;
  }
}

/** The daily pg-boss job of LOG_RETENTION_DAYS (one instance runs it, whichever claims it). */
export async function startLogRetention(deps: {
  db: Db;
  boss: PgBoss;
  retentionDays: number;
  log: Logger;
  now?: () => Date;
}): Promise<void> {
  const now = deps.now ?? (() => new Date());
  await deps.boss.createQueue(logRetentionQueue);
  await deps.boss.schedule(logRetentionQueue, DAILY);
  await deps.boss.work(logRetentionQueue, async () => {
    try {
      const deleted = await deleteOldLogs(deps.db, { retentionDays: deps.retentionDays, now: now() });
      if (deleted > 0) deps.log.info({ deleted }, `deleted log rows older than ${deps.retentionDays} days`);
    } catch (err) {
      deps.log.warn({ err: errorForLog(err) }, 'log retention failed; retried tomorrow');
    }
  });
}
