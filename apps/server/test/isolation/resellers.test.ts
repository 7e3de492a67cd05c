import { type ClientsCreateSubscriptionResult, messages, type SingleClient } from '@carte/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../app.ts';
import { PASSWORD, signIn } from '../factories.ts';
import { invite, monthlyPrice, type Reseller, resellerWithClient, saveCard } from '../support/resellers.ts';
import { snapshot } from './tenants.ts';

/**
 * Two resellers with a client each (issue 14: "a reseller reaches only its own clients"): reseller A
 * aims every client-taking /dma call at reseller B's client, licence, subscription and card, and
 * is refused with nothing changed; then B makes the same calls on its own and they succeed.
 */

let t: TestApp;
type World = Awaited<ReturnType<typeof resellerWithClient>> & {
  card: string;
  subscriptionId: string;
  licence: { token: string; _id: string };
};
let a: World;
let b: World;

/** Everything of B: its client's restaurant and records, its accounts and its licences. */
async function stateOfB(): Promise<string> {
  const rows = await t.runtime.database.db.execute<{ state: string }>(sql`
    select json_build_object(
      'users', (select json_agg(u order by u.id) from users u
                where u.id in (${b.reseller.id}, ${b.client.id}) or u.restaurant_id = ${b.client.restaurantId}),
      'licences', (select json_agg(l order by l.id) from dma_client_invitations l where l.dma_id = ${b.reseller.id})
    )::text as state`);
  return `${rows.rows[0]!.state}${await snapshot(t, b.client.restaurantId!)}`;
}

async function build(root: string, company: string): Promise<World> {
  const made = await resellerWithClient(t, root, company);
  const clientToken = (await signIn(t, made.client.username, PASSWORD)).accessToken;
  await t.call({
    method: 'POST',
    url: '/api/menus',
    token: clientToken,
    payload: { name: `${company} lunch` },
  });
  const card = await saveCard(t, made.reseller.token);
  const price = await monthlyPrice(t, made.reseller.token);
  const subscribed = await t.call<ClientsCreateSubscriptionResult>({
    method: 'POST',
    url: '/api/dma/clients-create-subscription',
    token: made.reseller.token,
    payload: { price_id: price.id, default_payment_method: card, clients: [made.client.id] },
  });
  expect(subscribed.body.message.subscribed).toHaveLength(1);
  const single = await t.call<SingleClient>({
    method: 'GET',
    url: `/api/dma/single-client?id=${made.client.id}`,
    token: made.reseller.token,
  });
  const pending = await invite(t, made.reseller);
  return {
    ...made,
    card,
    subscriptionId: single.body.message.subscription!.id,
    licence: { token: pending.licence.token, _id: pending.licence._id },
  };
}

beforeAll(async () => {
  t = await startTestApp({ BILLING_PROVIDER: 'local' });
  const root = (await signIn(t, 'root@carte.test', 'RootPass123')).accessToken;
  a = await build(root, 'Agency A');
  b = await build(root, 'Agency B');
});

afterAll(async () => {
  await t?.close();
});

/** The client-taking calls, aimed by `by` at `target`'s records. */
const aimedCalls = (by: Reseller, target: World, own: World) =>
  [
    { name: 'single client', method: 'GET', url: `/api/dma/single-client?id=${target.client.id}` },
    {
      name: 'delete client',
      method: 'DELETE',
      url: `/api/dma/delete-client/${target.client.id}`,
      payload: { password: PASSWORD },
    },
    {
      name: 'cancel subscription (its client)',
      method: 'DELETE',
      url: `/api/dma/delete-client-subscription/${target.subscriptionId}?client_id=${target.client.id}`,
    },
    {
      name: 'cancel subscription (named under an own client)',
      method: 'DELETE',
      url: `/api/dma/delete-client-subscription/${target.subscriptionId}?client_id=${own.client.id}`,
    },
    {
      name: 'cancel licence',
      method: 'POST',
      url: `/api/dma/client-cancel-invitation?token=${target.licence.token}`,
    },
    {
      name: 'act as client',
      method: 'POST',
      url: '/api/dma/client-shapeshift',
      payload: { _id: target.client.id },
    },
    {
      name: "new licence on the client's restaurant",
      method: 'POST',
      url: '/api/dma/add-client',
      payload: {
        step: 2,
        email: 'someone-new@carte.test',
        username: `iso${process.pid}`,
        restaurant_id: target.client.restaurantId,
      },
    },
    {
      name: "subscribe an own client with the other's card",
      method: 'POST',
      url: '/api/dma/clients-create-subscription',
      payload: { price_id: 'x', default_payment_method: target.card, clients: [own.client.id] },
    },
  ].map((call) => ({ ...call, token: by.token }));

describe('reseller A aims at reseller B', () => {
  it('every client-taking call is refused and B is unchanged', async () => {
    const before = await stateOfB();
    for (const call of aimedCalls(a.reseller, b, a)) {
      const answer = await t.call({
        method: call.method as 'GET',
        url: call.url,
        token: call.token,
        ...(call.payload ? { payload: call.payload } : {}),
      });
      expect([400, 403, 404], `${call.name}: ${JSON.stringify(answer.body)}`).toContain(answer.status);
      if (call.name === 'single client') expect(answer.body.message).toBe(messages.pageCouldNotBeFound);
    }
    expect(await stateOfB()).toBe(before);
  });

  it("subscribing B's client with A's own card fails for that client only, changing nothing of B", async () => {
    const before = await stateOfB();
    const price = await monthlyPrice(t, a.reseller.token);
    const answer = await t.call<ClientsCreateSubscriptionResult>({
      method: 'POST',
      url: '/api/dma/clients-create-subscription',
      token: a.reseller.token,
      payload: { price_id: price.id, default_payment_method: a.card, clients: [b.client.id] },
    });
    expect(answer.body.message).toEqual({
      subscribed: [],
      failed: [{ _id: b.client.id, username: '', message: messages.pageCouldNotBeFound }],
    });
    expect(await stateOfB()).toBe(before);
  });

  it("A's lists and counts show none of B's ids", async () => {
    const bIds = [b.reseller.id, b.client.id, b.client.restaurantId!, b.licence._id, b.subscriptionId];
    for (const url of [
      '/api/dma/clients-temporary',
      '/api/dma/client-subscription-status',
      '/api/dma/clients-statistics',
      '/api/dma/clients',
      '/api/subscription/customer-payment-methods',
    ]) {
      const answer = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${a.reseller.token}` },
      });
      expect(answer.statusCode, url).toBe(200);
      for (const id of [...bIds, b.card]) expect(answer.body, `${url} shows ${id}`).not.toContain(id);
    }
  });

  it("B's client (a DMA_CLIENT) is refused every /dma call", async () => {
    const clientToken = (await signIn(t, b.client.username, PASSWORD)).accessToken;
    for (const call of aimedCalls(b.reseller, b, b)) {
      const answer = await t.call({
        method: call.method as 'GET',
        url: call.url,
        token: clientToken,
        ...(call.payload ? { payload: call.payload } : {}),
      });
      expect(answer.status, call.name).toBe(403);
    }
  });
});

describe('controls: B makes the same calls on its own records', () => {
  it('reads, cancels the licence and the subscription, acts as the client, and deletes it', async () => {
    const own = (method: string, url: string, payload?: object) =>
      t.call({ method: method as 'GET', url, token: b.reseller.token, ...(payload ? { payload } : {}) });
    expect((await own('GET', `/api/dma/single-client?id=${b.client.id}`)).status).toBe(200);
    expect((await own('POST', `/api/dma/client-cancel-invitation?token=${b.licence.token}`)).status).toBe(
      200,
    );
    expect(
      (
        await own(
          'DELETE',
          `/api/dma/delete-client-subscription/${b.subscriptionId}?client_id=${b.client.id}`,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await own('POST', '/api/dma/add-client', {
          step: 2,
          email: 'another-licence@carte.test',
          username: `own${process.pid}`,
          restaurant_id: b.client.restaurantId,
        })
      ).status,
    ).toBe(200);
    expect(
      (await own('DELETE', `/api/dma/delete-client/${b.client.id}`, { password: PASSWORD })).status,
    ).toBe(200);
    // A's client is still whole after all of it.
    const aSingle = await t.call<SingleClient>({
      method: 'GET',
      url: `/api/dma/single-client?id=${a.client.id}`,
      token: a.reseller.token,
    });
    expect(aSingle.body.message.subscription?.status).toBe('active');
    const acting = await t.call({
      method: 'POST',
      url: '/api/dma/client-shapeshift',
      token: a.reseller.token,
      payload: { _id: a.client.id },
    });
    expect(acting.status).toBe(200);
  });
});
