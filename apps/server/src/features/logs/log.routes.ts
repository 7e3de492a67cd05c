import { adminLogDeleteSchema, adminLogPageSchema, adminLogsQuery, clientLogSchema } from '@carte/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireRoles } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import type { LogService } from './log.service.ts';

/**
 * The developer log under /api/admin and the admin tag (doc 3 §7.3): staff read and delete it, checked
 * on request before the body is read; any signed-in session reports the web app's own errors.
 */
export const logRoutes: FastifyPluginAsyncZod<{ logs: LogService }> = async (app, { logs }) => {
  const tags = ['admin'];
  const security = [{ bearer: [] }];
  const staff = { onRequest: [app.authenticate, requireRoles('ADMIN', 'SUPER_ADMIN')] };
  const denied = [401, 403, 417];

  app.get(
    '/logs',
    {
      ...staff,
      schema: {
        security,
        tags,
        summary: 'The developer log, newest first, filtered by status code and route',
        description:
          'Always one page (page 1 and 20 rows unless asked): `{data, page, per_page, previous_page, next_page, total, total_pages}`; `per_page` 1 to 100, `status` the status code, `route` a substring of the address, `search` of the address or the message, `sort` created and `order` asc or desc (desc by default). A page past the last answers the last page.',
        querystring: adminLogsQuery,
        response: responses(adminLogPageSchema, [400, ...denied]),
      },
    },
    async (request) => ok(await logs.logs(callerOf(request), request.query)),
  );

  app.delete(
    '/logs',
    {
      ...staff,
      schema: {
        security,
        tags,
        summary: 'Delete the selected log entries',
        body: adminLogDeleteSchema,
        response: responses(z.string(), [400, ...denied]),
      },
    },
    async (request) => ok(await logs.deleteLogs(callerOf(request), request.body.ids)),
  );

  app.post(
    '/loggers',
    {
      onRequest: [app.authenticate],
      schema: {
        security,
        tags,
        summary: 'The web app reports one of its uncaught errors to the developer log',
        body: clientLogSchema,
        response: responses(z.string(), [400, 401, 417]),
      },
    },
    async (request) => ok(await logs.reportClientError(callerOf(request), request.body)),
  );
};
