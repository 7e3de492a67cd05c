import {
  ADMIN_LOG_PAGE_SIZE,
  type AdminLog,
  isAdminRole,
  type ListPageQuery,
  likePattern,
  messages,
  type Paginated,
  pageOrFirst,
} from '@carte/domain';
import { and, count, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Caller } from '../../core/caller.ts';
import { ForbiddenError } from '../../core/errors.ts';
import type { Db } from '../../db/connect.ts';
import { direction, readPage } from '../../db/list-page.ts';
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
    /**
     * GET /admin/logs: one page of the developer log (page 1 and ADMIN_LOG_PAGE_SIZE rows unless
     * asked), newest first (or oldest with `order=asc`), filtered by status, by `route` (a substring
     * of the address) and by `search` (of the address or the message), read with the shared paging.
     */
    async logs(
      caller: Caller,
      query: ListPageQuery & { status?: number | undefined; route?: string | undefined },
    ): Promise<Paginated<AdminLog>> {
      requireStaff(caller);
      const pattern = query.search ? likePattern(query.search) : undefined;
      const where = and(
        query.status !== undefined ? eq(logs.statusCode, query.status) : undefined,
        query.route ? ilike(logs.url, likePattern(query.route)) : undefined,
        pattern ? or(ilike(logs.url, pattern), ilike(logs.message, pattern)) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(logs).where(where);
      const newest = direction(query.order, 'desc');
      return readPage(
        pageOrFirst(query, ADMIN_LOG_PAGE_SIZE),
        total?.n ?? 0,
        (limit, offset) =>
          db
            .select()
            .from(logs)
            .where(where)
            .orderBy(newest(logs.createdAt), newest(logs.id))
            .limit(limit)
            .offset(offset),
        async (rows) =>
          rows.map((row) => ({
            _id: row.id,
            createdAt: row.createdAt.toISOString(),
            message: row.message,
            url: row.url,
            status_code: row.statusCode,
            method: row.method,
            user: { username: row.username },
          })),
      );
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
