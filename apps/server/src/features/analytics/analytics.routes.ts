import {
  analyticsDataSchema,
  analyticsEventSchema,
  analyticsQuerySchema,
  analyticsTokenSchema,
} from '@carte/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InvalidError } from '../../core/errors.ts';
import { callerOf } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import type { AnalyticsService } from './analytics.service.ts';

export interface AnalyticsRoutesOptions {
  analytics: AnalyticsService;
}

/**
 * /api/gapi (decisions §4, doc 3 §7.3): first-party analytics of the public menu. The name is the
 * specification's (it once fronted Google Analytics); nothing leaves the server.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<AnalyticsRoutesOptions> = async (app, { analytics }) => {
  const tags = ['analytics'];

  app.post(
    '/events',
    {
      // navigator.sendBeacon posts a string as text/plain (no CORS preflight): read it as JSON here,
      // before validation. The body is small; anything larger is not a view.
      bodyLimit: 2048,
      preValidation: async (request) => {
        if (typeof request.body !== 'string') return;
        try {
          request.body = JSON.parse(request.body);
        } catch {
          throw new InvalidError('Invalid event');
        }
      },
      schema: {
        tags,
        summary: 'A page or dish view reported by a public menu page (no sign-in, no cookie)',
        description:
          'JSON or text/plain JSON (navigator.sendBeacon). The visitor is a hash of the address and browser with a salt that changes every day; crawlers and more than 120 events a minute from one visitor are not kept (`recorded: false`).',
        body: analyticsEventSchema,
        response: responses(z.object({ recorded: z.boolean() }), [400]),
      },
    },
    async (request) => {
      const recorded = await analytics.record(request.body, {
        ip: request.ip,
        userAgent: String(request.headers['user-agent'] ?? ''),
      });
      return ok({ recorded });
    },
  );

  app.get(
    '/get-data',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "Visits of the caller's restaurant, or of the whole platform for admins (doc 3 §3)",
        description:
          '`time`: 7, 30 or 90 (days), or week, month, quarter, year ("this week" and the like also read). Owners, members and clients read their own restaurant on its clock; admins read the platform in UTC, or one restaurant with `restaurantId`.',
        querystring: analyticsQuerySchema,
        response: responses(analyticsDataSchema, [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await analytics.data(callerOf(request), request.query)),
  );

  // The rest of the catalogue (doc 3 §7.4): once calls to a third-party service, each now answers
  // one part of the same first-party report, for the same callers and the same `time`.
  app.get(
    '/get-token',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'No token is needed: analytics are first-party (decisions §4)',
        description:
          'Kept for the catalogue: a browser that asks for an analytics token learns that none is needed and reads `/gapi/get-data` with its own session.',
        response: responses(analyticsTokenSchema, [401, 417]),
      },
    },
    async () => ok(firstPartyToken),
  );

  for (const [path, series, summary] of catalogueSeries) {
    app.get(
      path,
      {
        onRequest: [app.authenticate],
        schema: {
          tags,
          security: [{ bearer: [] }],
          summary,
          description:
            'The same callers, `time` and time zone as `/gapi/get-data`; `totals` is the whole period.',
          querystring: analyticsQuerySchema,
          response: responses(analyticsSeriesSchema(series), [400, 401, 403, 404, 417]),
        },
      },
      async (request) => {
        const data = await analytics.data(callerOf(request), request.query);
        return ok({ range: data.range, total: data.totals[series], [series]: data[series] });
      },
    );
  }
};

const firstPartyToken = {
  token: null,
  provider: 'first-party',
  message:
    'No analytics token is needed: Carte counts views itself. Read /api/gapi/get-data with your session.',
} as const;

type Series =
  | 'activeUsers'
  | 'bounceRate'
  | 'screenPageViewsPerSession'
  | 'sessionsPerUser'
  | 'screenPageViewsPerUser';

/** The catalogue's per-chart calls: `active-users` and its variants 2 to 4 follow the charts' order. */
const catalogueSeries: ReadonlyArray<readonly [string, Series, string]> = [
  ['/get-bounce-rates', 'bounceRate', 'Bounce rate by day: sessions with a single view, over all sessions'],
  ['/active-users', 'activeUsers', 'Active users (distinct visitors) by day'],
  ['/active-users2', 'screenPageViewsPerSession', 'Page views per session by day'],
  ['/active-users3', 'sessionsPerUser', 'Sessions per user by day'],
  ['/active-users4', 'screenPageViewsPerUser', 'Page views per user by day'],
];

const analyticsSeriesSchema = (series: Series) =>
  z.object({
    range: analyticsDataSchema.shape.range,
    total: z.number(),
    [series]: analyticsDataSchema.shape[series],
  });
