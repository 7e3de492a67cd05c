import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A server URL without a database name, e.g. postgres://u:p@host:port */
    pgServerUrl: string;
    /** The migrated template every test file copies. */
    templateDatabase: string;
  }
}

/** A fresh database for one test file, copied from the migrated template (global-setup.ts). */
export async function createTestDatabaseUrl(): Promise<string> {
  const serverUrl = inject('pgServerUrl');
  const template = inject('templateDatabase');
  const name = `${template}_f${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  return `${serverUrl}/${name}`;
}
