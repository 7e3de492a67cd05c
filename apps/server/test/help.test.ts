import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { startTestApp, type TestApp } from './app.ts';

/**
 * The help pop-up's mail links (doc 1 §2) go to the platform's support address: SUPPORT_EMAIL,
 * given to the browser by GET /api/config, which anyone may read.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SUPPORT_EMAIL: 'help@carte.test' });
});
afterAll(async () => {
  await t?.close();
});

describe('the support address', () => {
  it('GET /api/config carries SUPPORT_EMAIL, to anyone, signed in or not', async () => {
    const { status, body } = await t.call<{ supportEmail: string }>({ method: 'GET', url: '/api/config' });
    expect(status).toBe(200);
    expect(body.message.supportEmail).toBe('help@carte.test');
  });

  it('defaults to support@localhost, never the super admin’s sign-in address', () => {
    const base = { DATA_DIR: '/tmp/carte-config-test', JWT_SECRET: 'x'.repeat(32) };
    const config = loadConfig({ ...base, SUPER_ADMIN_EMAIL: 'root@carte.test' });
    expect(config.supportEmail).toBe('support@localhost');
  });

  it('refuses to start with a SUPPORT_EMAIL that is not an email address, naming the variable', () => {
    const load = () =>
      loadConfig({
        DATA_DIR: '/tmp/carte-config-test',
        JWT_SECRET: 'x'.repeat(32),
        SUPPORT_EMAIL: 'support',
      });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/SUPPORT_EMAIL/);
  });
});
