import type { TestApp } from '../app.ts';
import { ownerWithToken } from '../factories.ts';
import type { Probe } from './probes.ts';
import type { FuzzIds } from './values.ts';

export interface FuzzReport {
  sent: number;
  /** Answers of 500 or more, with what was sent. */
  serverErrors: { label: string; status: number; body: string }[];
  /** Requests light-my-request itself refused to build (not sent, so not counted). */
  unsendable: string[];
  statuses: Map<number, number>;
}

export const emptyReport = (): FuzzReport => ({
  sent: 0,
  serverErrors: [],
  unsendable: [],
  statuses: new Map(),
});

/** Sends the probes through app.inject, a few at a time, and tallies the answers. */
export async function sendAll(
  t: TestApp,
  probes: Probe[],
  report: FuzzReport,
  token?: string,
  concurrency = 4,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const probe = probes[next++]!;
      const headers = { ...(probe.headers ?? {}) };
      if (token && !('authorization' in headers)) headers.authorization = `Bearer ${token}`;
      let response: Awaited<ReturnType<typeof t.app.inject>>;
      try {
        response = await t.app.inject({
          method: probe.method as 'GET',
          url: probe.url,
          headers,
          ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
        });
      } catch (error) {
        report.unsendable.push(`${probe.label}: ${(error as Error).message}`);
        continue;
      }
      report.sent++;
      report.statuses.set(response.statusCode, (report.statuses.get(response.statusCode) ?? 0) + 1);
      if (response.statusCode >= 500) {
        report.serverErrors.push({
          label: probe.label,
          status: response.statusCode,
          body: response.body.slice(0, 300),
        });
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

export function printReport(name: string, report: FuzzReport) {
  const statuses = [...report.statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  console.log(
    `[fuzz ${name}] sent ${report.sent} requests, ${report.serverErrors.length} answers of 5xx (${statuses})` +
      (report.unsendable.length ? `; ${report.unsendable.length} could not be built` : ''),
  );
  for (const failure of report.serverErrors.slice(0, 60)) {
    console.log(`  ${failure.status} ${failure.label.slice(0, 160)} → ${failure.body.slice(0, 200)}`);
  }
}

export interface FuzzWorld {
  token: string;
  refreshToken: string;
  ids: FuzzIds;
  /** Ids of another restaurant's records: valid ids the caller must not reach. */
  foreign: FuzzIds;
}

/** A signed-in owner with one record of each kind, made through the API as a user would. */
export async function createWorld(t: TestApp): Promise<FuzzWorld> {
  const ids = await ownerRecords(t);
  const foreign = await ownerRecords(t);
  return { token: ids.token, refreshToken: ids.refreshToken, ids: ids.ids, foreign: foreign.ids };
}

async function ownerRecords(t: TestApp) {
  const owner = await ownerWithToken(t);
  const token = owner.token;
  const post = async (url: string, payload: Record<string, unknown>) => {
    const { status, body } = await t.call<Record<string, unknown>>({ method: 'POST', url, payload, token });
    if (status !== 200) throw new Error(`fuzz setup ${url}: ${status} ${JSON.stringify(body)}`);
    return body.message;
  };
  const ingredient = (await post('/api/ingredients', { ingredients: ['Tomato'] })) as {
    insertedIngredients: { _id: string }[];
  };
  const ingredientId = ingredient.insertedIngredients[0]!._id;
  const dish = (await post('/api/dishes', { name: 'Soup', price: '4.50', ingredients: [ingredientId] })) as {
    _id: string;
  };
  const category = (await post('/api/categories', { name: 'Starters', dishes: [dish._id] })) as {
    _id: string;
  };
  const menu = (await post('/api/menus', { name: 'Lunch', categories: [{ category: category._id }] })) as {
    _id: string;
  };
  const signIn = await t.call<{ refreshToken: string }>({
    method: 'POST',
    url: '/api/users/login',
    payload: { username: owner.user.username, password: owner.password },
  });
  return {
    token,
    refreshToken: signIn.body.message.refreshToken,
    ids: {
      menu: menu._id,
      category: category._id,
      dish: dish._id,
      ingredient: ingredientId,
      restaurant: owner.restaurant.id,
      user: owner.user.id,
    },
  };
}
