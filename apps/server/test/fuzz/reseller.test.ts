import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../app.ts';
import { signIn } from '../factories.ts';
import { resellerWithClient } from '../support/resellers.ts';
import { listOperations } from './operations.ts';
import { probesFor } from './probes.ts';
import { createWorld, emptyReport, printReport, sendAll } from './runner.ts';

/**
 * The reseller's operations (doc 3 §7.1), sent hostile values as a reseller with a client, who
 * reaches every body (the owner's pass stops at 403 before the body is read): never 5xx. Ids are
 * the client's where an id is asked for, so valid ids reach the services too.
 */
describe('fuzz: the reseller area as a reseller', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ BILLING_PROVIDER: 'local' });
  }, 60_000);
  afterAll(async () => t?.close());

  test('/api/dma operations never answer 5xx', async () => {
    const operations = (await listOperations(t))
      .filter((operation) => operation.path.startsWith('/api/dma/'))
      // Deletions last, so the records the others aim at still exist.
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    expect(operations).toHaveLength(18);
    const root = (await signIn(t, 'root@carte.test', 'RootPass123')).accessToken;
    const { reseller, client } = await resellerWithClient(t, root, 'Fuzz Agency');
    const world = await createWorld(t);
    const ids = { ...world.ids, user: client.id, restaurant: client.restaurantId! };
    const report = emptyReport();
    let token = reseller.token;
    for (const operation of operations) {
      await sendAll(t, probesFor(operation, ids), report, token);
      // Another reseller's or owner's valid ids must answer 4xx too.
      await sendAll(t, probesFor(operation, world.foreign).slice(0, 2), report, token);
      // "Login as this client" ends the reseller's session: sign in again.
      const alive = await t.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${token}` },
      });
      if (alive.statusCode !== 200) token = (await signIn(t, reseller.username)).accessToken;
    }
    printReport('reseller', report);
    expect(report.sent).toBeGreaterThan(100);
    expect(report.serverErrors.map((failure) => `${failure.status} ${failure.label}`)).toEqual([]);
  }, 600_000);
});
