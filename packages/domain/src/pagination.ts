import { z } from 'zod';
import { messages } from './messages.ts';
import { text } from './text.ts';

/** The paginated list shape of doc 1 §3. */
export interface Pagination {
  page: number;
  per_page: number;
  previous_page: number | null;
  next_page: number | null;
  total: number;
  total_pages: number;
}

export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 10;

export function paginate(total: number, page = DEFAULT_PAGE, perPage = DEFAULT_PER_PAGE): Pagination {
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, page), totalPages);
  return {
    page: current,
    per_page: perPage,
    previous_page: current > 1 ? current - 1 : null,
    next_page: current < totalPages ? current + 1 : null,
    total,
    total_pages: totalPages,
  };
}

/**
 * The pager of doc 1 §9: first and last page, two pages each side of the current, ellipses between.
 */
export function pagerItems(current: number, totalPages: number): Array<number | 'ellipsis'> {
  const pages = new Set<number>([1, totalPages]);
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= totalPages) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | 'ellipsis'> = [];
  sorted.forEach((page, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && page - prev > 1) out.push('ellipsis');
    out.push(page);
  });
  return out;
}

/** After deleting rows, the page to show: the previous one when the current page became empty. */
export const pageAfterDelete = (page: number, remaining: number, perPage = DEFAULT_PER_PAGE): number =>
  Math.max(1, Math.min(page, Math.ceil(remaining / perPage)));

/** The most rows one page of an owner's list may hold (issue 21, decisions "Big lists"). */
export const MAX_PER_PAGE = 100;
export const SEARCH_MAX = 200;

/** A whole number from 1 (to `max`) in a query string; absent or empty stays undefined. */
const wholeFromQuery = (message: string, max: number) =>
  z
    .union([z.number(), z.string().trim()])
    .optional()
    .transform((value) => (value === undefined || value === '' ? undefined : Number(value)))
    .pipe(
      z
        .number({ error: message })
        .int({ error: message })
        .min(1, { error: message })
        .max(max, { error: message })
        .optional(),
    );

/**
 * The query of a list that may be asked one page at a time (issue 21): without `page` the route
 * answers its whole list as before; with it, `per_page` rows (10 by default, at most 100) of the
 * rows whose name contains `search`, ordered by `sort` (the list's own order when absent) and
 * `order`.
 */
export function listPageQuery<const Sort extends string>(sorts: readonly [Sort, ...Sort[]]) {
  return z.object({
    page: wholeFromQuery(messages.listPageInvalid, 1_000_000),
    per_page: wholeFromQuery(messages.listPerPageInvalid, MAX_PER_PAGE),
    // text(): a NUL character cannot reach PostgreSQL (400, not 500).
    search: text()
      .max(SEARCH_MAX, { error: messages.listSearchTooLong })
      .optional()
      .transform((value) => value?.trim() || undefined),
    sort: z.enum(sorts, { error: messages.listSortInvalid }).optional(),
    order: z.enum(['asc', 'desc'], { error: messages.listSortInvalid }).optional(),
  });
}

/** What a service needs to read one page (the query's parsed values, `page` present). */
export interface PageRequest<Sort extends string = string> {
  page: number;
  per_page?: number | undefined;
  search?: string | undefined;
  sort?: Sort | undefined;
  order?: 'asc' | 'desc' | undefined;
}

/** A page query whose `page` may be absent. */
export type ListPageQuery<Sort extends string = string> = Omit<PageRequest<Sort>, 'page'> & {
  page?: number | undefined;
};

/**
 * The page a list that is always read a page at a time answers (the developer log, the reseller's
 * client search, the media library): page 1 and `perPage` rows unless the query asks otherwise.
 */
export const pageOrFirst = <Sort extends string>(
  query: ListPageQuery<Sort>,
  perPage: number,
): PageRequest<Sort> => ({ ...query, page: query.page ?? DEFAULT_PAGE, per_page: query.per_page ?? perPage });

export const paginationSchema = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  previous_page: z.number().int().nullable(),
  next_page: z.number().int().nullable(),
  total: z.number().int(),
  total_pages: z.number().int(),
});

/** The paginated list shape of doc 1 §3 with its rows in `data` (as the media library's). */
export const paginatedSchema = <Item extends z.ZodType>(item: Item) =>
  paginationSchema.extend({ data: z.array(item) });

export type Paginated<Item> = Pagination & { data: Item[] };

/** Where a page starts in the rows (for SQL's OFFSET), once `paginate` has clamped the page. */
export const pageOffset = (pagination: Pagination): number => (pagination.page - 1) * pagination.per_page;

/** "50%_off" → "%50\%\_off%": a search as a LIKE pattern matching its text anywhere. */
export const likePattern = (search: string): string => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
