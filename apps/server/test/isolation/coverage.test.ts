import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../app.ts';
import { ownerWithToken, signIn } from '../factories.ts';
import { fetchOperations, type OpenApiOperation } from '../openapi-operations.ts';
import { fresh } from './matrix.ts';
import { cases, routeTable } from './route-table.ts';
import { actorKinds, buildTenant, send } from './tenants.ts';

let t: TestApp;
let operations: OpenApiOperation[];

beforeAll(async () => {
  t = await startTestApp({ BILLING_PROVIDER: 'off' });
  operations = await fetchOperations(t);
});

afterAll(async () => {
  await t?.close();
});

/** Parameter names that name a record: `id`, `…Id`, `…ID`, and the fields that hold one id. */
const recordParam = /^(id|menu|parent|category)$|Id$|ID$/;

describe('the route table', () => {
  it('lists every operation of /api/docs/json, and only those', () => {
    const documented = operations.map((operation) => operation.key);
    const listed = Object.keys(routeTable);
    const missing = documented.filter((key) => !listed.includes(key));
    const gone = listed.filter((key) => !documented.includes(key));
    expect(missing, 'operations without an entry in isolation/route-table.ts').toEqual([]);
    expect(gone, 'entries of isolation/route-table.ts the API no longer documents').toEqual([]);

    const byKind = (kind: string) => Object.values(routeTable).filter((entry) => entry.kind === kind).length;
    const targets = byKind('targets');
    console.info(
      `isolation: ${targets} of ${documented.length} operations take record ids — ${cases.length} requests, each sent by ${actorKinds.length} roles; ${byKind('public')} public, ${byKind('session-scoped')} session-scoped, ${byKind('no-record-id')} without a record id`,
    );
    expect(targets + byKind('public') + byKind('session-scoped') + byKind('no-record-id')).toBe(
      documented.length,
    );
    expect(targets).toBeGreaterThan(0);
  });

  it('marks no operation with a record-id parameter as taking none', () => {
    const misplaced = operations
      .filter((operation) =>
        [...operation.pathParams, ...operation.queryParams].some((p) => recordParam.test(p)),
      )
      .filter((operation) => {
        const kind = routeTable[operation.key]?.kind;
        return kind !== 'targets' && kind !== 'public';
      })
      .map((operation) => operation.key);
    expect(misplaced).toEqual([]);
  });

  it('fills every path parameter in every request it builds', () => {
    for (const { key, variant, name } of cases) {
      const operation = operations.find((candidate) => candidate.key === key)!;
      const placeholder = {
        label: 'X',
        restaurantId: 'r',
        ownerUserId: 'u',
        menu: 'm',
        category: 'c',
        dish: 'd',
        sideDish: 's',
        ingredient: 'i',
        childIngredient: 'j',
        customization: 'k',
        dietaryName: 'n',
      };
      const spec = variant.request({ target: placeholder, own: placeholder, refreshToken: 'x', fresh });
      expect(Object.keys(spec.params ?? {}).sort(), name).toEqual([...operation.pathParams].sort());
    }
  });
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
