import { type AdminLogPage, isAdminRole, messages } from '@carte/domain';
import { and, count, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { Caller } from '../../core/caller.ts';
import { ForbiddenError } from '../../core/errors.ts';
import type { Db } from '../../db/connect.ts';
import { logs } from '../../db/schema.ts';
import { redactUrl } from '../../http/redact-url.ts';

/** The developer log is the staff's (doc 3 §3, §7.3); the routes check the role too. */
function requireStaff(caller: Caller): void {
  if (!isAdminRole(caller.role)) throw new ForbiddenError();
}

/**
 * The developer log (doc 3 §3): the failed requests the error handler records, the web app's own
 * errors it reports, and the staff's page to read and prune them. The daily retention job is
 * log-retention.ts.
 */
export function createLogService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** GET /admin/logs: the developer log, newest first, filtered by status and route. */
    async logs(
      caller: Caller,
      query: { page: number; limit: number; status?: number; route?: string },
    ): Promise<AdminLogPage> {
      requireStaff(caller);
      const where = and(
        query.status !== undefined ? eq(logs.statusCode, query.status) : undefined,
        query.route ? ilike(logs.url, `%${query.route.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(logs).where(where);
      const rows = await db
        .select()
        .from(logs)
        .where(where)
        .orderBy(desc(logs.createdAt), desc(logs.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return {
        logs: rows.map((row) => ({
          _id: row.id,
          createdAt: row.createdAt.toISOString(),
          message: row.message,
          url: row.url,
          status_code: row.statusCode,
          method: row.method,
          user: { username: row.username },
        })),
        page: query.page,
        count: total?.n ?? 0,
        limit: query.limit,
      };
    },

    /** DELETE /admin/logs {ids}: removes the selected entries. */
    async deleteLogs(caller: Caller, ids: string[]): Promise<string> {
      requireStaff(caller);
      await db.delete(logs).where(inArray(logs.id, ids));
      return messages.logsDeleted;
    },

    /** POST /admin/loggers: the web app reports one of its own uncaught errors (status 0, CLIENT). */
    async reportClientError(caller: Caller, input: { message: string; url: string }): Promise<string> {
      await db.insert(logs).values({
        message: input.message || null,
        url: input.url ? redactUrl(input.url) : '(unknown page)',
        statusCode: 0,
        method: 'CLIENT',
        userId: caller.userId,
        username: caller.username,
      });
      return 'Logged';
    },
  };
}

export type LogService = ReturnType<typeof createLogService>;
