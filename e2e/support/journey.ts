import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type MailSink, startMailSink } from '../../apps/server/test/mail-sink.ts';
import { launchBrowser } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

/** What a journey file runs against. */
export interface Journey {
  /** Catches every mail the server sends. */
  sink: MailSink;
  /** The real server (support/server.ts), sending its mail to the sink. */
  server: RunningServer;
  browser: Browser;
}

type Env = Record<string, string>;

/**
 * Starts a mail sink, the server on it (with `env` besides) and a browser before the file's tests,
 * and stops them after its tests (after the file's own afterAll hooks). Call it at the top of the
 * file, before the file's own hooks; the fields are set once the first hook has run, so read them
 * in hooks and tests. With `{ mail: false }` no sink is started: the server keeps its mail in its
 * outbox.
 */
export function useJourney(env?: Env): Journey;
export function useJourney(env: Env, options: { mail: false }): Omit<Journey, 'sink'>;
export function useJourney(env: Env = {}, options: { mail?: boolean } = {}): Partial<Journey> {
  const journey: Partial<Journey> = {};
  beforeAll(async () => {
    if (options.mail !== false) journey.sink = await startMailSink();
    journey.server = await startServer({ ...(journey.sink ? { SMTP_URL: journey.sink.url } : {}), ...env });
    journey.browser = await launchBrowser();
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.server?.stop();
    await journey.sink?.close();
  });
  return journey;
}
