import { TABLE_PAGE_SIZE } from '@carte/domain';

/**
 * Past this many rows an owner's table asks the server for each page, search and sort instead of
 * loading the whole list (issue 21, decisions "Big lists"). Below it the list stays in the browser,
 * as the specification's tables do ("tables paginate locally, 10 rows").
 */
export const SERVER_PAGING_THRESHOLD = 500;

export const isLargeList = (total: number | undefined): boolean =>
  total !== undefined && total > SERVER_PAGING_THRESHOLD;

/** The query of one page of a list, as GET /api/dishes (ingredients, categories) takes it. */
export interface PageQuery<Sort extends string = string> {
  page: number;
  per_page: number;
  search?: string;
  sort?: Sort;
  order?: 'asc' | 'desc';
}

/** The first page, 10 rows: its `total` tells whether the list is large. */
export const probeQuery: PageQuery = { page: 1, per_page: TABLE_PAGE_SIZE };

/**
 * The server's page for what a table shows: its sort menu's value ("newest", "oldest", "name-asc",
 * "price-desc", "used-desc"…) becomes `sort` and `order` when the server offers that sort; a sort
 * it does not offer leaves the list in its own order. The search is trimmed; empty is none.
 */
export function pageQueryOf<Sort extends string>(
  view: { sort: string; search: string; page: number },
  sorts: readonly Sort[],
  perPage = TABLE_PAGE_SIZE,
): PageQuery<Sort> {
  const query: PageQuery<Sort> = { page: Math.max(1, Math.floor(view.page) || 1), per_page: perPage };
  const search = view.search.trim();
  if (search) query.search = search;
  const [field, order] =
    view.sort === 'newest'
      ? ['created', 'desc']
      : view.sort === 'oldest'
        ? ['created', 'asc']
        : [view.sort.slice(0, view.sort.lastIndexOf('-')), view.sort.slice(view.sort.lastIndexOf('-') + 1)];
  if ((sorts as readonly string[]).includes(field) && (order === 'asc' || order === 'desc')) {
    query.sort = field as Sort;
    query.order = order;
  }
  return query;
}
