import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../app.ts';
import { signIn } from '../factories.ts';
import { listOperations } from './operations.ts';
import { probesFor } from './probes.ts';
import { createWorld, emptyReport, printReport, sendAll } from './runner.ts';

/**
 * The admin area's operations (doc 3 §7.4), sent hostile values as the super admin, who reaches
 * every body (the owner's pass stops at 403 before the body is read): never 5xx.
 */
describe('fuzz: the admin area as the super admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ BILLING_PROVIDER: 'local' });
  }, 60_000);
  afterAll(async () => t?.close());

  test('admin operations never answer 5xx', async () => {
    const operations = (await listOperations(t))
      .filter((operation) => operation.path.startsWith('/api/admin/'))
      // Deletions last, so the records the others aim at still exist.
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    const world = await createWorld(t);
    const report = emptyReport();
    let token = (await signIn(t, 'root@carte.test', 'RootPass123')).accessToken;
    for (const operation of operations) {
      await sendAll(t, probesFor(operation, world.ids), report, token);
      // "Login as" ends the caller's session: sign in again.
      const alive = await t.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${token}` },
      });
      if (alive.statusCode !== 200) token = (await signIn(t, 'root@carte.test', 'RootPass123')).accessToken;
    }
    printReport('admin', report);
    expect(report.sent).toBeGreaterThan(100);
    expect(report.serverErrors.map((failure) => `${failure.status} ${failure.label}`)).toEqual([]);
  }, 600_000);
});
