import { DEFAULT_PER_PAGE, type PageRequest, type Paginated, pageOffset, paginate } from '@carte/domain';
import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../core/transaction.ts';
import type { Db } from './connect.ts';
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

/**
 * `column = any($1)` with the ids as one array parameter. An `IN (…)` list of 10,000 parameters was
 * slow to build (drizzle checks each one), to send and to plan (issue 21); one array is one
 * parameter whatever its length, so a whole list's links are one query.
 */
export const anyOf = (column: AnyColumn, ids: readonly string[]): SQL =>
  sql`${column} = any(${sql.param(ids)})`;

/** How many rows a whole list reads and presents at a time (`readWhole`). */
export const WHOLE_SLICE = 1_000;

/**
 * A whole list (a call without `page`), read and presented WHOLE_SLICE rows at a time in one
 * read-only snapshot, so the answer is exactly the one query's. Read at once, 10,000 dishes and their
 * 40,000 links were mapped from the driver's rows in a few long pieces (20–30 ms each), and five such
 * lists at once held a cheap request for their sum (issue 21); a slice is a few milliseconds, and the
 * loop runs between slices while the database answers. `rows` must order the list completely (end on
 * the id).
 */
export async function readWhole<Row, Item>(
  db: Db,
  rows: (executor: Tx, limit: number, offset: number) => Promise<Row[]>,
  present: (executor: Tx, rows: Row[]) => Promise<Item[]>,
): Promise<Item[]> {
  return db.transaction(
    async (tx) => {
      const out: Item[] = [];
      for (let offset = 0; ; offset += WHOLE_SLICE) {
        const slice = await rows(tx, WHOLE_SLICE, offset);
        for (const item of await present(tx, slice)) out.push(item);
        if (slice.length < WHOLE_SLICE) return out;
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
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
