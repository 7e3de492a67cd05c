import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../app.ts';
import { type Aim, cases, ownReads, type Variant } from './route-table.ts';
import {
  type Actor,
  type ActorKind,
  buildWorld,
  foreignLinks,
  fresh,
  idsOf,
  send,
  snapshot,
  type Tenant,
  type World,
} from './tenants.ts';

/** What an actor must get from a request aimed at B's records. */
export type Expectation =
  | { outcome: 'allowed'; why: string }
  | { outcome: 'read-only' }
  | { outcome: 'same-as' }
  | { outcome: 'refused'; statuses: readonly number[] };

/**
 * The rule the whole matrix checks, in one place: a location reads, copies and uses its parent's
 * records but may not change them (403); roles the table names may reach any restaurant; everyone
 * else is refused (403/404), or, where the id only narrows the caller's own answer, gets exactly
 * the answer it gets without it.
 */
export function expectationFor(actor: Actor, variant: Variant, target: Tenant): Expectation {
  if (variant.allowed?.roles.includes(actor.role)) return { outcome: 'allowed', why: variant.allowed.reason };
  if (actor.inheritsFrom === target.restaurantId && variant.access !== 'private') {
    if (variant.access === 'write') return { outcome: 'read-only' };
    return { outcome: 'allowed', why: `a location may ${variant.access} its parent's records` };
  }
  if (variant.sameAs) return { outcome: 'same-as' };
  return { outcome: 'refused', statuses: variant.refusal ?? [403, 404] };
}

/**
 * Registers the matrix for some actors: each id-taking request of the route table, aimed at
 * restaurant B by each actor, then B's data (and, for refusals, every workshop table) compared with
 * before. Split across files by actor so two cores share the work.
 */
export function describeIsolation(kinds: readonly ActorKind[]) {
  let t: TestApp;
  let world: World;
  /** The whole workshop after the last request; refusals must leave it as it is. */
  let last: string;
  let bBefore: string;
  /** B after the last request, so a change is blamed on the request that made it. */
  let lastB: string;
  let bViews: Record<string, unknown>;

  /** B as its owner and a diner see it: every read of the workshop and the public menu. */
  const viewsOfB = async () => {
    // Analytics answer date ranges that move with the clock (its days end at B's midnight, which the
    // 6 minutes below may cross); B records no views here anyway.
    const reads = ownReads.filter((key) => !key.startsWith('GET /api/gapi/'));
    const views: Record<string, unknown> = {};
    for (const key of reads) views[key] = (await send(t, world.ownerB.token, key)).json;
    // B's layout lists its locations' trees after its own (issue 22); a location of B changes its own
    // tree and menus in the matrix, which is its business: B's part is B's own location.
    const layout = views['GET /api/maps'] as { message?: { locations?: { _id: string }[] } } | undefined;
    if (layout?.message?.locations) {
      layout.message.locations = layout.message.locations.filter(
        (location) => location._id === world.b.restaurantId,
      );
    }
    const diner = await send(t, null, 'GET /api/menus/customer', {
      query: { restaurantId: world.b.restaurantId },
    });
    // When the answer was rendered is not part of what a diner sees.
    const { generatedAt: _, ...menu } = (diner.json?.message ?? {}) as Record<string, unknown>;
    views.public = { status: diner.status, menu };
    return views;
  };

  beforeAll(async () => {
    t = await startTestApp({ BILLING_PROVIDER: 'off' });
    world = await buildWorld(t, kinds);
    last = await snapshot(t);
    bBefore = await snapshot(t, world.b.restaurantId);
    lastB = bBefore;
    bViews = await viewsOfB();
  });

  afterAll(async () => {
    await t?.close();
  });

  for (const kind of kinds) {
    describe(kind, () => {
      it.each(cases)('$name', async ({ key, variant }) => {
        const actor = world.actors[kind]!;
        const aim: Aim = { target: world.b, own: actor.own, refreshToken: actor.refreshToken, fresh };
        const expectation = expectationFor(actor, variant, world.b);
        const answer = await send(t, actor.token, key, variant.request(aim));
        const now = await snapshot(t);
        const b = await snapshot(t, world.b.restaurantId);
        const [before, bBeforeRequest] = [last, lastB];
        [last, lastB] = [now, b];
        const shown = `${answer.status} ${answer.text.slice(0, 300)}`;

        if (expectation.outcome === 'allowed') {
          expect(answer.status, `${expectation.why}: ${shown}`).toBeLessThan(300);
        } else if (expectation.outcome === 'read-only') {
          expect(answer.status, `inherited records are read-only: ${shown}`).toBe(403);
        } else if (expectation.outcome === 'same-as') {
          const plain = await send(t, actor.token, key, variant.sameAs!(aim));
          expect(answer.status, shown).toBe(plain.status);
          expect(answer.json, 'the id of another restaurant changed the answer').toEqual(plain.json);
        } else {
          expect(expectation.statuses, `another restaurant's id must be refused: ${shown}`).toContain(
            answer.status,
          );
        }
        if (expectation.outcome !== 'allowed') {
          // Refused: nothing changed anywhere (not B, not the caller's own records).
          if (now !== before) expect(JSON.parse(now)).toEqual(JSON.parse(before));
        }
        if (b !== bBeforeRequest) {
          expect(JSON.parse(b), "B's records changed").toEqual(JSON.parse(bBeforeRequest));
        }
      });

      it.each(ownReads)('%s shows none of B’s ids', async (key) => {
        const actor = world.actors[kind]!;
        const answer = await send(t, actor.token, key);
        expect(answer.status, answer.text).toBeLessThan(500);
        if (actor.inheritsFrom === world.b.restaurantId) return;
        for (const id of idsOf(world.b)) expect(answer.text, `B's id ${id} shown`).not.toContain(id);
      });
    });
  }

  describe('afterwards', () => {
    it('B looks to its owner and to diners exactly as before, and no record links across restaurants', async () => {
      // Past the public menu's cache lifetime (5 minutes), so its answer is read from the database again.
      t.clock.advance(6 * 60_000);
      expect(await viewsOfB()).toEqual(bViews);
      expect(await snapshot(t, world.b.restaurantId)).toBe(bBefore);
      expect(await foreignLinks(t)).toEqual([]);
    });
  });
}
