import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../app.ts';
import { fetchOperations, type OpenApiOperation } from '../openapi-operations.ts';
import { cases, routeTable } from './route-table.ts';
import { actorKinds, fresh } from './tenants.ts';

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
        media: 'p',
        mediaFileName: 'q',
        mediaImage: 'r',
        member: 't',
        display: 'u',
        zone: 'v',
      };
      const spec = variant.request({ target: placeholder, own: placeholder, refreshToken: 'x', fresh });
      expect(Object.keys(spec.params ?? {}).sort(), name).toEqual([...operation.pathParams].sort());
    }
  });
});
