import { type AnalyticsData, analyticsDataSchema } from '@carte/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/db/ids.ts';
import { analyticsEvents, dishes, menus } from '../src/db/schema.ts';
import { createAnalyticsService, rangeOf, sourceHost } from '../src/features/analytics/analytics.service.ts';
import { startTestApp, type TestApp } from './app.ts';
import { createMember, createOwner, signIn, tokenFor } from './factories.ts';

/** First-party analytics (decisions §4; doc 2 §2 analytics tracker; doc 3 §2.5, §3). */
const paris = (time: string, day = 9) => new Date(`2030-01-${String(day).padStart(2, '0')}T${time}:00+01:00`);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  setClock(paris('12:00'));
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.runtime.database.db;
const setClock = (at: Date) => t.clock.advance(at.getTime() - t.clock.now().getTime());

const browser = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1';

/** A view as the public page reports it: navigator.sendBeacon sends text/plain JSON. */
const report = (
  event: Record<string, unknown>,
  options: { ip?: string; userAgent?: string; json?: boolean; forwardedFor?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/gapi/events',
    remoteAddress: options.ip ?? '203.0.113.1',
    headers: {
      'user-agent': options.userAgent ?? browser,
      'content-type': options.json ? 'application/json' : 'text/plain;charset=UTF-8',
      ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
    },
    payload: JSON.stringify(event),
  });

const getData = (token: string | undefined, query = '') =>
  t.call<AnalyticsData>({ method: 'GET', url: `/api/gapi/get-data${query}`, token });

async function restaurantWithMenu(name: string) {
  const owner = await createOwner(t, { restaurantName: name });
  const [menu] = await db()
    .insert(menus)
    .values({ restaurantId: owner.restaurant.id, name: `${name} menu` })
    .returning();
  const [dish] = await db()
    .insert(dishes)
    .values({ restaurantId: owner.restaurant.id, name: `${name} dish`, price: 5 })
    .returning();
  return { owner, menu: menu!, dish: dish! };
}

describe('POST /api/gapi/events', () => {
  it('keeps page and dish views, sent as text/plain or JSON, without setting a cookie', async () => {
    const { owner, menu, dish } = await restaurantWithMenu('Events');
    const page = await report({ type: 'page_view', restaurantId: owner.restaurant.id, menuId: menu.id });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toEqual({ statusCode: 200, confirmation: 'Success', message: { recorded: true } });
    expect(page.headers['set-cookie']).toBeUndefined();
    const view = await report(
      {
        type: 'dish_view',
        restaurantId: owner.restaurant.id,
        menuId: menu.id,
        dishId: dish.id,
        source: 'https://www.Google.com/',
      },
      { json: true },
    );
    expect(view.json().message).toEqual({ recorded: true });

    const token = await tokenFor(t, owner.user.username);
    expect((await getData(token)).status).toBe(200); // flushes the waiting events
    const rows = await db()
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.restaurantId, owner.restaurant.id));
    expect(rows.map((row) => [row.type, row.menuId, row.dishId, row.source])).toEqual([
      ['page_view', menu.id, null, ''],
      ['dish_view', menu.id, dish.id, 'google.com'],
    ]);
    // No address is kept: the visitor is a short hash.
    expect(rows[0]!.visitor).toMatch(/^[\w-]{22}$/);
    expect(JSON.stringify(rows)).not.toContain('203.0.113.1');
    expect(rows[0]!.visitor).toBe(rows[1]!.visitor);
  });

  it('refuses anything but 24-hex ids and the two event types', async () => {
    const { owner } = await restaurantWithMenu('Strict');
    const id = owner.restaurant.id;
    for (const event of [
      { type: 'page_view', restaurantId: 'abc' },
      { type: 'page_view', restaurantId: id.toUpperCase() },
      { type: 'page_view', restaurantId: id, menuId: 'menu-1' },
      { type: 'dish_view', restaurantId: id, dishId: `${id}0` },
      { type: 'click', restaurantId: id },
      {},
    ]) {
      const res = await report(event);
      expect(res.statusCode, JSON.stringify(event)).toBe(400);
      expect(res.json().confirmation).toBe('Fail');
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/gapi/events',
      headers: { 'content-type': 'text/plain' },
      payload: '{not json',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('drops crawlers, a visitor over 120 events a minute, and unknown restaurants', async () => {
    // At the start of a minute, so the 125 reports below fall in one minute of the limiter.
    setClock(paris('12:30'));
    const { owner } = await restaurantWithMenu('Busy');
    const event = { type: 'page_view', restaurantId: owner.restaurant.id };
    expect(
      (await report(event, { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)' })).json().message,
    ).toEqual({
      recorded: false,
    });
    const answers = [];
    for (let i = 0; i < 125; i++)
      answers.push((await report(event, { ip: '198.51.100.7' })).json().message.recorded);
    expect(answers.filter(Boolean)).toHaveLength(120);
    // Another visitor is not held back.
    expect((await report(event, { ip: '198.51.100.8' })).json().message).toEqual({ recorded: true });
    // The next minute, the first one may report again.
    t.clock.advance(60_000);
    expect((await report(event, { ip: '198.51.100.7' })).json().message).toEqual({ recorded: true });

    const unknown = newId();
    expect((await report({ type: 'page_view', restaurantId: unknown })).statusCode).toBe(200);
    await getData(await tokenFor(t, owner.user.username));
    expect(
      await db().select().from(analyticsEvents).where(eq(analyticsEvents.restaurantId, unknown)),
    ).toEqual([]);
    expect(
      await db().select().from(analyticsEvents).where(eq(analyticsEvents.restaurantId, owner.restaurant.id)),
    ).toHaveLength(122);
  });

  it('a visitor is a salted daily hash: the same browser is another visitor tomorrow', async () => {
    const { owner } = await restaurantWithMenu('Daily');
    const event = { type: 'page_view', restaurantId: owner.restaurant.id };
    setClock(paris('12:00', 20));
    await report(event, { ip: '192.0.2.50' });
    await report(event, { ip: '192.0.2.50' });
    setClock(paris('12:00', 21));
    await report(event, { ip: '192.0.2.50' });
    await getData(await tokenFor(t, owner.user.username));
    const rows = await db()
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.restaurantId, owner.restaurant.id));
    expect(new Set(rows.map((row) => row.visitor)).size).toBe(2);
    setClock(paris('12:00'));
  });
});

describe('visitors and X-Forwarded-For (docs/security.md, finding 2)', () => {
  it('without TRUST_PROXY, forged addresses in the header make no new visitors', async () => {
    const { owner } = await restaurantWithMenu('Forged');
    const event = {
      type: 'page_view',
      restaurantId: owner.restaurant.id,
      source: 'https://fake-traffic.test/',
    };
    for (let i = 1; i <= 20; i++) {
      await report(event, { ip: '192.0.2.77', forwardedFor: `198.51.100.${i}` });
    }
    await getData(await tokenFor(t, owner.user.username));
    const rows = await db()
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.restaurantId, owner.restaurant.id));
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((row) => row.visitor)).size).toBe(1);
  });
});

describe('GET /api/gapi/get-data', () => {
  let a: Awaited<ReturnType<typeof restaurantWithMenu>>;
  let b: Awaited<ReturnType<typeof restaurantWithMenu>>;

  /**
   * Restaurant A, Wednesday 9 January 2030 (Paris): visitor 1 views the menu at 12:00 and a dish at
   * 12:10 (one session of two views), comes back at 13:00 (a new session, one view); visitor 2
   * arrives from Google at 12:05 (one view). Restaurant B: one view.
   */
  beforeAll(async () => {
    a = await restaurantWithMenu('Alpha');
    b = await restaurantWithMenu('Beta');
    const one = { ip: '192.0.2.1' };
    const two = { ip: '192.0.2.2' };
    const menu = { type: 'page_view', restaurantId: a.owner.restaurant.id, menuId: a.menu.id };
    setClock(paris('12:00', 9));
    await report(menu, one);
    setClock(paris('12:05', 9));
    await report({ ...menu, source: 'https://www.google.com/search?q=tacos' }, two);
    setClock(paris('12:10', 9));
    await report(
      { type: 'dish_view', restaurantId: a.owner.restaurant.id, menuId: a.menu.id, dishId: a.dish.id },
      one,
    );
    setClock(paris('13:00', 9));
    await report(menu, one);
    // A view naming a menu that does not exist counts as a view, never as a row of the top list.
    await report({ type: 'page_view', restaurantId: b.owner.restaurant.id, menuId: newId() }, one);
    await report({ type: 'page_view', restaurantId: b.owner.restaurant.id, menuId: b.menu.id }, two);
    setClock(paris('13:01', 9));
  });

  it("answers doc 3 §3's shape for the owner's restaurant only", async () => {
    const token = await tokenFor(t, a.owner.user.username);
    const { status, body } = await getData(token, '?time=7');
    expect(status, JSON.stringify(body)).toBe(200);
    const data = analyticsDataSchema.parse(body.message);
    expect(data.range).toEqual({
      time: '7',
      from: '2030-01-03',
      to: '2030-01-09',
      timeZone: 'Europe/Paris',
      restaurantId: a.owner.restaurant.id,
    });
    expect(data.totals).toEqual({
      activeUsers: 2,
      sessions: 3,
      screenPageViews: 4,
      bounceRate: 0.6667,
      screenPageViewsPerSession: 1.3333,
      sessionsPerUser: 1.5,
      screenPageViewsPerUser: 2,
    });
    expect(data.activeUsers).toEqual([{ date: '2030-01-09', value: 2 }]);
    expect(data.bounceRate).toEqual([{ date: '2030-01-09', value: 0.6667 }]);
    expect(data.screenPageViewsPerSession).toEqual([{ date: '2030-01-09', value: 1.3333 }]);
    expect(data.sessionsPerUser).toEqual([{ date: '2030-01-09', value: 1.5 }]);
    expect(data.screenPageViewsPerUser).toEqual([{ date: '2030-01-09', value: 2 }]);
    expect(data.sources).toEqual([
      { source: '(direct)', value: 2 },
      { source: 'google.com', value: 1 },
    ]);
    expect(data.mostVisitedMenus).toEqual([
      {
        path: `/menu/${a.owner.restaurant.id}?menu=${a.menu.id}`,
        title: 'Alpha menu',
        value: 3,
        menuId: a.menu.id,
        restaurantId: a.owner.restaurant.id,
      },
    ]);
    expect(data.mostVisitedMenuItems).toEqual([
      {
        path: `/menu/${a.owner.restaurant.id}/dish/${a.dish.id}/menuSelected/${a.menu.id}`,
        title: 'Alpha menu',
        name: 'Alpha dish',
        value: 1,
        menuId: a.menu.id,
        dishId: a.dish.id,
        restaurantId: a.owner.restaurant.id,
      },
    ]);
    // Keys of 24 hexadecimal characters only.
    for (const row of [...data.mostVisitedMenus, ...data.mostVisitedMenuItems])
      expect(row.menuId).toMatch(/^[0-9a-f]{24}$/);
  });

  it("the catalogue's other calls answer one chart each; get-token says none is needed", async () => {
    const token = await tokenFor(t, a.owner.user.username);
    const chart = (path: string, query = '?time=7') =>
      t.call<Record<string, unknown>>({ method: 'GET', url: `/api/gapi/${path}${query}`, token });
    const expected: Array<[string, string, number]> = [
      ['get-bounce-rates', 'bounceRate', 0.6667],
      ['active-users', 'activeUsers', 2],
      ['active-users2', 'screenPageViewsPerSession', 1.3333],
      ['active-users3', 'sessionsPerUser', 1.5],
      ['active-users4', 'screenPageViewsPerUser', 2],
    ];
    for (const [path, series, value] of expected) {
      const { status, body } = await chart(path);
      expect(status, path).toBe(200);
      expect(body.message.total, path).toBe(value);
      expect(body.message[series], path).toEqual([{ date: '2030-01-09', value }]);
      expect((body.message.range as { restaurantId: string }).restaurantId).toBe(a.owner.restaurant.id);
    }
    // Another restaurant's charts stay closed; a bad period is refused.
    expect((await chart('active-users', `?restaurantId=${b.owner.restaurant.id}`)).status).toBe(404);
    expect((await chart('get-bounce-rates', '?time=fortnight')).status).toBe(400);
    const tokenAnswer = await chart('get-token', '');
    expect(tokenAnswer.status).toBe(200);
    expect(tokenAnswer.body.message).toMatchObject({ token: null, provider: 'first-party' });
    const signedOut = await t.call({ method: 'GET', url: '/api/gapi/active-users' });
    expect(signedOut.status).toBe(401);
  });

  it('a member reads their own restaurant; another restaurant cannot read it', async () => {
    const member = await createMember(t, a.owner.restaurant.id, {});
    const memberData = await getData(await tokenFor(t, member.user.username));
    expect(memberData.status).toBe(200);
    expect(memberData.body.message.totals.screenPageViews).toBe(4);

    const other = await tokenFor(t, b.owner.user.username);
    const own = await getData(other);
    expect(own.body.message.range.restaurantId).toBe(b.owner.restaurant.id);
    expect(own.body.message.totals.screenPageViews).toBe(2);
    expect(own.body.message.mostVisitedMenus.map((row) => row.title)).toEqual(['Beta menu']);
    const theirs = await getData(other, `?restaurantId=${a.owner.restaurant.id}`);
    expect(theirs.status).toBe(404);
    const memberOfB = await createMember(t, b.owner.restaurant.id, { menu: true });
    expect(
      (await getData(await tokenFor(t, memberOfB.user.username), `?restaurantId=${a.owner.restaurant.id}`))
        .status,
    ).toBe(404);
  });

  it('admins read the whole platform in UTC, or one restaurant', async () => {
    const session = await signIn(t, 'admin', 'RootPass123');
    const platform = await getData(session.accessToken, '?time=this%20month');
    expect(platform.status, JSON.stringify(platform.body)).toBe(200);
    const data = analyticsDataSchema.parse(platform.body.message);
    expect(data.range).toMatchObject({
      time: 'month',
      from: '2030-01-01',
      to: '2030-01-09',
      timeZone: 'UTC',
      restaurantId: null,
    });
    // A and B (events of other tests happened on other days or restaurants, counted too).
    expect(data.totals.screenPageViews).toBeGreaterThanOrEqual(6);
    expect(data.mostVisitedMenus.map((row) => row.title)).toEqual(
      expect.arrayContaining(['Alpha menu', 'Beta menu']),
    );
    const one = await getData(session.accessToken, `?restaurantId=${a.owner.restaurant.id}`);
    expect(one.body.message.totals.screenPageViews).toBe(4);
    expect((await getData(session.accessToken, `?restaurantId=${newId()}`)).status).toBe(404);
  });

  it('every time option of the selector; others answer 400', async () => {
    const token = await tokenFor(t, a.owner.user.username);
    const expected: Record<string, [string, string]> = {
      '7': ['7', '2030-01-03'],
      '30': ['30', '2029-12-11'],
      '90': ['90', '2029-10-12'],
      'this week': ['week', '2030-01-07'],
      thisMonth: ['month', '2030-01-01'],
      this_quarter: ['quarter', '2030-01-01'],
      year: ['year', '2030-01-01'],
      '': ['7', '2030-01-03'],
    };
    for (const [time, [key, from]] of Object.entries(expected)) {
      const res = await getData(token, time ? `?time=${encodeURIComponent(time)}` : '');
      expect(res.status, time).toBe(200);
      expect(res.body.message.range, time).toMatchObject({ time: key, from, to: '2030-01-09' });
      expect(res.body.message.totals.screenPageViews).toBe(4);
    }
    expect((await getData(token, '?time=forever')).status).toBe(400);
  });

  it('needs a sign-in; a reseller without a restaurant is refused', async () => {
    expect((await getData(undefined)).status).toBe(401);
    const reseller = await createOwner(t, { role: 'DMA' });
    expect((await getData(await tokenFor(t, reseller.user.username))).status).toBe(403);
  });
});

describe('ranges and sources (pure)', () => {
  it('counts calendar days on the restaurant clock', () => {
    // 23:30 on Sunday 31 March 2030 in Paris is already Monday 1 April in Tokyo.
    const at = new Date('2030-03-31T21:30:00Z');
    expect(rangeOf('week', at, 'Europe/Paris')).toEqual({ from: '2030-03-25', to: '2030-03-31' });
    expect(rangeOf('week', at, 'Asia/Tokyo')).toEqual({ from: '2030-04-01', to: '2030-04-01' });
    expect(rangeOf('quarter', at, 'Asia/Tokyo')).toEqual({ from: '2030-04-01', to: '2030-04-01' });
    expect(rangeOf('quarter', at, 'Europe/Paris')).toEqual({ from: '2030-01-01', to: '2030-03-31' });
    expect(rangeOf('30', at, 'UTC')).toEqual({ from: '2030-03-02', to: '2030-03-31' });
  });

  it('keeps the referring host only', () => {
    expect(sourceHost('https://www.instagram.com/p/xyz?utm=1')).toBe('instagram.com');
    expect(sourceHost('m.facebook.com')).toBe('m.facebook.com');
    expect(sourceHost('')).toBe('');
    expect(sourceHost('::::')).toBe('');
  });
});

describe('a failed flush is logged (issue 22 §10)', () => {
  it('tells the log how the waiting events were lost, and the next flush still runs', async () => {
    const owner = await createOwner(t);
    const warnings: { err?: { message?: string }; msg: string }[] = [];
    const log = {
      debug: () => undefined,
      info: () => undefined,
      error: () => undefined,
      warn: (fields: object, msg: string) =>
        warnings.push({ ...(fields as { err?: { message?: string } }), msg }),
    };
    const service = createAnalyticsService({
      db: db(),
      now: () => t.clock.now(),
      publicUrl: 'https://menu.example',
      flushMs: 20,
      log: log as never,
    });
    const view = { restaurantId: owner.restaurant.id, type: 'page_view' as const };
    const client = { ip: '203.0.113.9', userAgent: browser };
    // The table is away while the events wait: the flush fails and says so.
    await db().execute(sql`alter table analytics_events rename to analytics_events_away`);
    try {
      expect(await service.record(view, client)).toBe(true);
      await expect.poll(() => warnings.length, { timeout: 5_000 }).toBeGreaterThan(0);
      expect(warnings[0]!.msg).toMatch(/analytics: could not store the waiting events/);
      expect(warnings[0]!.err?.message).toBeTruthy();
    } finally {
      await db().execute(sql`alter table analytics_events_away rename to analytics_events`);
    }
    // Back: the next events are stored.
    expect(await service.record(view, client)).toBe(true);
    await service.close();
    const stored = await db()
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.restaurantId, owner.restaurant.id));
    expect(stored).toHaveLength(1);
  });
});
