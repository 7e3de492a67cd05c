import type { FastifyRequest } from 'fastify';
import type { Caller } from '../core/caller.ts';
import { callerOf } from './auth.ts';
import { ok } from './envelope.ts';

/** The OpenAPI description of a list that may be asked one page at a time (issue 21). */
export const pageDescription = (searched: string, sorts: string) =>
  `Without \`page\`, the whole list (as before). With \`page\` (from 1), one page: \`{data, page, per_page, previous_page, next_page, total, total_pages}\`; \`per_page\` 1 to 100 (10 by default), \`search\` matches the ${searched} anywhere (any case), \`sort\` is ${sorts} and \`order\` asc or desc. A page past the last answers the last page.`;

/**
 * The handler of a list route (issue 21): without `page` the whole list exactly as before (`whole`
 * takes the rest of the query), with it one page of the rows the rest of the query selects.
 */
export function listHandler<Request extends { page: number }, Whole, Page>(
  whole: (caller: Caller, rest: Omit<Request, 'page'>) => Promise<Whole>,
  page: (caller: Caller, request: Request) => Promise<Page>,
) {
  return async (
    request: FastifyRequest & { query: Omit<Request, 'page'> & { page?: number | undefined } },
  ) => {
    const { page: pageNumber, ...rest } = request.query;
    const caller = callerOf(request);
    return ok(
      pageNumber === undefined
        ? await whole(caller, rest as Omit<Request, 'page'>)
        : await page(caller, { ...rest, page: pageNumber } as Request),
    );
  };
}
