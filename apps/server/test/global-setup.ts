import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { openDatabase, runMigrations } from '../src/db/connect.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import './db.ts';

/**
 * Uses the PostgreSQL of DATABASE_URL when set, otherwise starts an embedded one in a temp folder.
 * Builds one migrated template database per run; each test file then creates its own copy
 * (test/db.ts), so files never share state.
 */
export default async function setup(project: TestProject) {
  let stopEmbedded: (() => Promise<void>) | undefined;
  let tempDir: string | undefined;
  let serverUrl: string;
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = '';
    serverUrl = url.toString().replace(/\/$/, '');
  } else {
    tempDir = mkdtempSync(path.join(tmpdir(), 'carte-test-pg-'));
    const port = 20000 + Math.floor(Math.random() * 20000);
    const embedded = await startEmbeddedPostgres({ dataDir: tempDir, port, persistent: false });
    stopEmbedded = embedded.stop;
    serverUrl = embedded.url('').replace(/\/$/, '');
  }

  const template = `carte_template_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const database = openDatabase(`${serverUrl}/${template}`, 2);
  await runMigrations(database);
  await database.pool.end();
  // Install pg-boss's schema once in the template, so each test file's queue starts at once.
  const boss = new PgBoss({
    connectionString: `${serverUrl}/${template}`,
    max: 2,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, close: true });
  await admin.end();

  project.provide('pgServerUrl', serverUrl);
  project.provide('templateDatabase', template);

  return async () => {
    const cleanup = new pg.Client({ connectionString: `${serverUrl}/postgres` });
    await cleanup.connect();
    const { rows } = await cleanup.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
      [`${template}_f%`, template],
    );
    for (const row of rows) await cleanup.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    await cleanup.end();
    if (stopEmbedded) await stopEmbedded();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  };
}
