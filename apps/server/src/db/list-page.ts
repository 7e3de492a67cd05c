import { DEFAULT_PER_PAGE, type PageRequest, type Paginated, pageOffset, paginate } from '@carte/domain';
import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';
import { users } from './schema.ts';

/**
 * One page of an owner's list (issue 21): the rows are counted and cut in SQL, and only the page's
 * rows are presented. A page past the last answers the last page, as the media library does.
 */
export async function readPage<Row, Item>(
  request: PageRequest,
  total: number,
  rows: (limit: number, offset: number) => Promise<Row[]>,
  present: (rows: Row[]) => Promise<Item[]>,
): Promise<Paginated<Item>> {
  const pagination = paginate(total, request.page, request.per_page ?? DEFAULT_PER_PAGE);
  const data = total === 0 ? [] : await present(await rows(pagination.per_page, pageOffset(pagination)));
  return { data, ...pagination };
}

/** `asc` or `desc` as the request asks, else the sort's natural direction. */
export const direction = (order: 'asc' | 'desc' | undefined, natural: 'asc' | 'desc') =>
  (order ?? natural) === 'asc' ? asc : desc;

/** Names ordered as people read them: case does not split "apple" from "Banana". */
export const lowerName = (column: AnyColumn): SQL => sql`lower(${column})`;

/** How many ids one `IN (…)` list carries at most: a 10,000-row list is read in ten queries. */
export const ID_CHUNK = 1000;

/**
 * Runs `query` on the ids a chunk at a time and joins the answers in order: one `IN` list of 10,000
 * parameters is slow to send and to plan (issue 21). Each id's rows come from one query, so rows
 * grouped by id keep their query's order.
 */
export async function byChunks<Row>(
  ids: string[],
  query: (chunk: string[]) => Promise<Row[]>,
): Promise<Row[]> {
  if (ids.length <= ID_CHUNK) return query(ids);
  const out: Row[] = [];
  for (let start = 0; start < ids.length; start += ID_CHUNK) {
    out.push(...(await query(ids.slice(start, start + ID_CHUNK))));
  }
  return out;
}

type SortTerms<Sort extends string> = Record<Sort, readonly [AnyColumn | SQL, 'asc' | 'desc']>;

/**
 * The ORDER BY of a page: the asked sort's term in its natural direction unless `order` says
 * otherwise (`fallback`, a sort or terms of its own, when none is asked), ties ending on `tie`.
 */
export function pageOrder<Sort extends string>(
  request: { sort?: Sort | undefined; order?: 'asc' | 'desc' | undefined },
  by: SortTerms<Sort>,
  fallback: Sort | SQL[],
  tie: SQL,
): SQL[] {
  const sort = request.sort ?? (typeof fallback === 'string' ? fallback : undefined);
  if (sort === undefined) return [...(fallback as SQL[]), tie];
  const [term, natural] = by[sort];
  return [direction(request.order, natural)(term), tie];
}

/** The sorts of a list of accounts (owners, resellers, clients): newest first, username, email. */
export const accountSorts: SortTerms<'created' | 'username' | 'email'> = {
  created: [users.createdAt, 'desc'],
  username: [lowerName(users.username), 'asc'],
  email: [lowerName(users.email), 'asc'],
};
