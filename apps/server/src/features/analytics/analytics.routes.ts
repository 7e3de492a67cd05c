import { analyticsDataSchema, analyticsEventSchema, analyticsQuerySchema } from '@carte/domain';
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
};
