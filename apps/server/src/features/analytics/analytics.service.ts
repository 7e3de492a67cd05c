import { type AnalyticsData, type AnalyticsEvent, type AnalyticsTime, isAdminRole } from '@carte/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Caller } from '../../core/caller.ts';
import { ForbiddenError, NotFoundError } from '../../core/errors.ts';
import type { Logger } from '../../core/logger.ts';
import type { Db } from '../../db/connect.ts';
import { errorForLog } from '../../db/errors.ts';
import { analyticsEvents, restaurants } from '../../db/schema.ts';
import { createVisitorHasher } from './visitor.ts';

export interface AnalyticsDeps {
  db: Db;
  now: () => Date;
  /** The public origin: a referrer on our own host is a visit from our own page, not a source. */
  publicUrl: string;
  /** Events a visitor may send per minute before the rest are dropped. */
  perVisitorPerMinute?: number;
  /** Events wait in memory at most this long (or until BATCH of them), then go in one insert. */
  flushMs?: number;
  /** Told when a flush fails: its events are dropped, and the next flush goes on. */
  log: Logger;
}

const BATCH = 500;
const TOP = 20;
/** Views of one visitor more than this apart are two sessions (the usual 30 minutes). */
const SESSION_GAP = '30 minutes';
/** Crawlers, link previews and audits are not diners. */
const BOTS =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|embedly|lighthouse|curl|wget|python-requests|axios|node-fetch|go-http-client|java\//i;

type Row = typeof analyticsEvents.$inferInsert;

/** "example.com" from a host or an address; lower case, without "www.", empty for nothing usable. */
export function sourceHost(value: string | undefined): string {
  let host = (value ?? '').trim().toLowerCase();
  if (host === '') return '';
  try {
    host = new URL(host.includes('://') ? host : `http://${host}`).hostname;
  } catch {
    return '';
  }
  return host.replace(/^www\./, '').slice(0, 200);
}

const DAY = 86_400_000;

/** "YYYY-MM-DD" of a civil date held as a UTC midnight. */
const iso = (civil: Date) => civil.toISOString().slice(0, 10);

/** The first and last civil day of a range, on the clock of `timeZone` (doc 2 §9 time options). */
export function rangeOf(time: AnalyticsTime, now: Date, timeZone: string): { from: string; to: string } {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(now)
    .split('-')
    .map(Number) as [number, number, number];
  const today = new Date(Date.UTC(year, month - 1, day));
  let first: Date;
  switch (time) {
    case 'week':
      // Monday first (ISO 8601).
      first = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY);
      break;
    case 'month':
      first = new Date(Date.UTC(year, month - 1, 1));
      break;
    case 'quarter':
      first = new Date(Date.UTC(year, Math.floor((month - 1) / 3) * 3, 1));
      break;
    case 'year':
      first = new Date(Date.UTC(year, 0, 1));
      break;
    default:
      first = new Date(today.getTime() - (Number(time) - 1) * DAY);
  }
  return { from: iso(first), to: iso(today) };
}

const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : 0);

/**
 * First-party analytics (decisions §4): the public menu reports page and dish views; nothing is
 * kept that names a person (no cookie, no address: a salted daily hash), and the answer of
 * GET /api/gapi/get-data (doc 3 §3) is computed from those events, for the caller's restaurant, or
 * the whole platform for admins.
 */
export function createAnalyticsService(deps: AnalyticsDeps) {
  const { db, now } = deps;
  const perMinute = deps.perVisitorPerMinute ?? 120;
  const hasher = createVisitorHasher({ db, now });
  const ownHost = sourceHost(deps.publicUrl);

  // Rate limit per visitor: a count per minute, all forgotten when the minute turns.
  let minute = -1;
  const counts = new Map<string, number>();
  const allow = (visitor: string): boolean => {
    const current = Math.floor(now().getTime() / 60_000);
    if (current !== minute || counts.size > 200_000) {
      minute = current;
      counts.clear();
    }
    const count = (counts.get(visitor) ?? 0) + 1;
    counts.set(visitor, count);
    return count <= perMinute;
  };

  let buffer: Row[] = [];
  let flushing: Promise<void> = Promise.resolve();
  // A failed flush is logged with how many events it dropped; the next one goes on.
  const flushLogged = () =>
    void flush().catch((error: unknown) =>
      deps.log.warn(
        { err: errorForLog(error) },
        'analytics: could not store the waiting events; they are dropped',
      ),
    );
  const timer = setInterval(flushLogged, deps.flushMs ?? 2000);
  timer.unref();

  /** Writes the waiting events in one insert; those of restaurants that do not exist are dropped. */
  function flush(): Promise<void> {
    // A failed flush (the database away) drops its events but must not stop every later one; its
    // caller logs it (flushLogged, or `close`'s caller).
    flushing = flushing
      .catch(() => undefined)
      .then(async () => {
        if (buffer.length === 0) return;
        const rows = buffer;
        buffer = [];
        const ids = [...new Set(rows.map((row) => row.restaurantId))];
        const known = new Set(
          (await db.select({ id: restaurants.id }).from(restaurants).where(inArray(restaurants.id, ids))).map(
            (row) => row.id,
          ),
        );
        const kept = rows.filter((row) => known.has(row.restaurantId));
        for (let start = 0; start < kept.length; start += BATCH) {
          await db.insert(analyticsEvents).values(kept.slice(start, start + BATCH));
        }
      });
    return flushing;
  }

  /**
   * Joins the menu or dish an event names, only when the event's restaurant shows it: its own or
   * its parent's (a location's page shows its parent's menus). Events come from anyone, so their ids
   * are not trusted: another restaurant's id must not put that restaurant's names in this report.
   */
  const shownBy = (alias: 'm' | 'd', table: 'menus' | 'dishes', idColumn: string) =>
    sql.raw(
      `join ${table} ${alias} on ${alias}.id = ${idColumn} and ${alias}.restaurant_id in ` +
        `(e.restaurant_id, (select parent_id from restaurants where id = e.restaurant_id))`,
    );

  async function report(scope: { restaurantId: string | null; timeZone: string }, time: AnalyticsTime) {
    await flush();
    const { from, to } = rangeOf(time, now(), scope.timeZone);
    const zone = scope.timeZone;
    const end = now();
    const where = sql`e.created_at >= (${from}::date::timestamp at time zone ${zone})
      and e.created_at <= ${end.toISOString()}::timestamptz
      ${scope.restaurantId ? sql`and e.restaurant_id = ${scope.restaurantId}` : sql``}`;

    // Sessions: a visitor's views on one restaurant's pages with no gap over SESSION_GAP.
    const sessions = sql`
      with ordered as (
        select e.visitor, e.restaurant_id, e.created_at, e.source,
          case when lag(e.created_at) over w is null
            or e.created_at - lag(e.created_at) over w > interval '${sql.raw(SESSION_GAP)}' then 1 else 0 end as starts
        from ${analyticsEvents} e
        where ${where}
        window w as (partition by e.visitor, e.restaurant_id order by e.created_at)
      ), numbered as (
        select *, sum(starts) over (partition by visitor, restaurant_id order by created_at
          rows unbounded preceding) as session
        from ordered
      )
      select visitor, restaurant_id, session, min(created_at) as started, count(*)::int as views,
        (array_agg(source order by created_at))[1] as source
      from numbered group by visitor, restaurant_id, session`;

    const [days, totals, sources, menusTop, dishesTop] = await Promise.all([
      db.execute<{ day: string; users: number; sessions: number; views: number; bounces: number }>(sql`
        with s as (${sessions})
        select to_char(started at time zone ${zone}, 'YYYY-MM-DD') as day,
          count(distinct visitor)::int as users, count(*)::int as sessions,
          sum(views)::int as views, (count(*) filter (where views = 1))::int as bounces
        from s group by 1 order by 1`),
      db.execute<{ users: number; sessions: number; views: number; bounces: number }>(sql`
        with s as (${sessions})
        select count(distinct visitor)::int as users, count(*)::int as sessions,
          coalesce(sum(views), 0)::int as views, (count(*) filter (where views = 1))::int as bounces
        from s`),
      db.execute<{ source: string; value: number }>(sql`
        with s as (${sessions})
        select coalesce(nullif(source, ''), '(direct)') as source, count(*)::int as value
        from s group by 1 order by 2 desc, 1 limit ${TOP}`),
      db.execute<{ restaurant_id: string; menu_id: string; title: string; value: number }>(sql`
        select e.restaurant_id, e.menu_id, m.name as title, count(*)::int as value
        from ${analyticsEvents} e ${shownBy('m', 'menus', 'e.menu_id')}
        where ${where} and e.type = 'page_view'
        group by 1, 2, 3 order by 4 desc, 3 limit ${TOP}`),
      db.execute<{
        restaurant_id: string;
        menu_id: string;
        dish_id: string;
        title: string;
        name: string;
        value: number;
      }>(sql`
        select e.restaurant_id, e.menu_id, e.dish_id, m.name as title, d.name as name, count(*)::int as value
        from ${analyticsEvents} e ${shownBy('m', 'menus', 'e.menu_id')} ${shownBy('d', 'dishes', 'e.dish_id')}
        where ${where} and e.type = 'dish_view'
        group by 1, 2, 3, 4, 5 order by 6 desc, 5 limit ${TOP}`),
    ]);

    const total = totals.rows[0] ?? { users: 0, sessions: 0, views: 0, bounces: 0 };
    const series = (value: (row: (typeof days.rows)[number]) => number) =>
      days.rows.map((row) => ({ date: row.day, value: value(row) }));
    const data: AnalyticsData = {
      activeUsers: series((row) => row.users),
      bounceRate: series((row) => ratio(row.bounces, row.sessions)),
      screenPageViewsPerSession: series((row) => ratio(row.views, row.sessions)),
      sessionsPerUser: series((row) => ratio(row.sessions, row.users)),
      screenPageViewsPerUser: series((row) => ratio(row.views, row.users)),
      sources: sources.rows.map((row) => ({ source: row.source, value: row.value })),
      mostVisitedMenus: menusTop.rows.map((row) => ({
        path: `/menu/${row.restaurant_id}?menu=${row.menu_id}`,
        title: row.title,
        value: row.value,
        menuId: row.menu_id,
        restaurantId: row.restaurant_id,
      })),
      mostVisitedMenuItems: dishesTop.rows.map((row) => ({
        path: `/menu/${row.restaurant_id}/dish/${row.dish_id}/menuSelected/${row.menu_id}`,
        title: row.title,
        name: row.name,
        value: row.value,
        menuId: row.menu_id,
        dishId: row.dish_id,
        restaurantId: row.restaurant_id,
      })),
      totals: {
        activeUsers: total.users,
        sessions: total.sessions,
        screenPageViews: total.views,
        bounceRate: ratio(total.bounces, total.sessions),
        screenPageViewsPerSession: ratio(total.views, total.sessions),
        sessionsPerUser: ratio(total.sessions, total.users),
        screenPageViewsPerUser: ratio(total.views, total.users),
      },
      range: { time, from, to, timeZone: zone, restaurantId: scope.restaurantId },
    };
    return data;
  }

  return {
    /**
     * POST /api/gapi/events: one view from a public page. Answers whether it was kept: crawlers and
     * a visitor over the per-minute limit are not (the page never shows the answer).
     */
    async record(event: AnalyticsEvent, client: { ip: string; userAgent: string }): Promise<boolean> {
      if (BOTS.test(client.userAgent)) return false;
      const visitor = await hasher.visitor(client.ip, client.userAgent);
      if (!allow(visitor)) return false;
      const source = sourceHost(event.source);
      buffer.push({
        restaurantId: event.restaurantId,
        type: event.type,
        menuId: event.menuId ?? null,
        dishId: event.type === 'dish_view' ? (event.dishId ?? null) : null,
        visitor,
        source: source === ownHost ? '' : source,
        createdAt: now(),
      });
      if (buffer.length >= BATCH) flushLogged();
      return true;
    },

    /**
     * GET /api/gapi/get-data: the caller's restaurant (owner, member or client: reading needs only
     * sign-in, doc 2 §6), on its clock; for admins the platform in UTC, or one restaurant they name.
     * Another restaurant's id answers 404 to everyone else.
     */
    async data(caller: Caller, query: { time: AnalyticsTime; restaurantId?: string | undefined }) {
      const admin = isAdminRole(caller.role);
      const restaurantId = admin ? (query.restaurantId ?? null) : caller.restaurantId;
      if (!admin) {
        if (!restaurantId) throw new ForbiddenError();
        if (query.restaurantId && query.restaurantId !== restaurantId) throw new NotFoundError();
      }
      let timeZone = 'UTC';
      if (restaurantId) {
        const [row] = await db
          .select({ timeZone: restaurants.timeZone })
          .from(restaurants)
          .where(eq(restaurants.id, restaurantId));
        if (!row) throw new NotFoundError();
        timeZone = row.timeZone;
        try {
          new Intl.DateTimeFormat('en-US', { timeZone });
        } catch {
          timeZone = 'UTC';
        }
      }
      return report({ restaurantId, timeZone }, query.time);
    },

    flush,

    close(): Promise<void> {
      clearInterval(timer);
      return flush();
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
