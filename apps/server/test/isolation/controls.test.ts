import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../app.ts';
import { ownerWithToken, signIn } from '../factories.ts';
import { cases } from './route-table.ts';
import { buildTenant, fresh, send } from './tenants.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ BILLING_PROVIDER: 'off' });
});

afterAll(async () => {
  await t?.close();
});

describe('controls: each request, aimed at the caller’s own records, succeeds', () => {
  // The matrix's refusals only mean something if the same request is otherwise valid: sent by an
  // owner at its own records (fresh ones each time, since some delete), it must answer 2xx.
  let owner: Awaited<ReturnType<typeof ownerWithToken>> & { refreshToken: string };
  beforeAll(async () => {
    const created = await ownerWithToken(t);
    owner = { ...created, refreshToken: (await signIn(t, created.user.username)).refreshToken };
  });

  it.each(cases.filter((entry) => !entry.variant.noControl))('$name', async ({ key, variant }) => {
    const mine = await buildTenant(
      t,
      { token: owner.token, userId: owner.user.id, restaurantId: owner.restaurant.id },
      fresh('C'),
    );
    const answer = await send(
      t,
      owner.token,
      key,
      variant.request({ target: mine, own: mine, refreshToken: owner.refreshToken, fresh }),
    );
    expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(300);
  });
});
