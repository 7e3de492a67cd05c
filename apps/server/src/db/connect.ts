import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from '../core/logger.ts';
import { errorForLog } from './errors.ts';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema>;
export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
}

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/** How long a request waits for a connection before it answers 503 (database away or saturated). */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The pool every request uses. A dropped connection (pg_terminate_backend, a restart, a network cut)
 * is an 'error' event on its client: the pool drops that client and opens a new one on demand, and
 * the request that was using it fails (503, http/error-handler.ts). Both events need a listener, or
 * Node ends the process (issue 8).
 */
export function openDatabase(url: string, max = 10, log?: Pick<Logger, 'warn'>): Database {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  const warn = (where: string) => (err: Error) =>
    log?.warn({ err: errorForLog(err) }, `database connection lost (${where}); the pool reconnects`);
  // Idle clients report through the pool.
  pool.on('error', warn('idle'));
  // A client in use (a transaction between statements) reports on itself; its statement fails.
  pool.on('connect', (client) => client.on('error', warn('in use')));
  return { db: drizzle(pool, { schema }), pool, url };
}

export async function runMigrations(database: Database): Promise<void> {
  await migrate(database.db, { migrationsFolder });
}
