import pg from 'pg';
import { waitFor } from './wait-for.ts';

/** A pg client or pool (a test app's `runtime.database.pool`). */
export interface Queryable {
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

/**
 * How many jobs of these pg-boss queues are still to run: waiting, due for a retry or running. None
 * means every job queued so far has ended (completed, failed for good or cancelled): nothing more
 * of that work can happen, so a count taken then is final.
 */
export async function unfinishedJobs(db: Queryable, queues: string[]): Promise<number> {
  const { rows } = await db.query<{ count: string }>(
    `SELECT count(*) AS count FROM pgboss.job WHERE name = ANY($1) AND state IN ('created', 'retry', 'active')`,
    [queues],
  );
  return Number(rows[0]?.count ?? 0);
}

/**
 * Waits until pg-boss holds no job of these queues still to run (see unfinishedJobs), on a pool or on
 * its own connection to `databaseUrl` (a server process's database).
 */
export async function jobsFinished(
  db: Queryable | string,
  queues: string[],
  options: { timeout?: number } = {},
): Promise<void> {
  const client = typeof db === 'string' ? new pg.Client({ connectionString: db }) : null;
  await client?.connect();
  try {
    await waitFor(async () => (await unfinishedJobs(client ?? (db as Queryable), queues)) === 0, {
      timeout: options.timeout ?? 30_000,
      interval: 200,
      message: `jobs of ${queues.join(', ')} finished`,
    });
  } finally {
    await client?.end();
  }
}
