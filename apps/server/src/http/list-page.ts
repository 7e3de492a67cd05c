/** The OpenAPI description of a list that may be asked one page at a time (issue 21). */
export const pageDescription = (searched: string, sorts: string) =>
  `Without \`page\`, the whole list (as before). With \`page\` (from 1), one page: \`{data, page, per_page, previous_page, next_page, total, total_pages}\`; \`per_page\` 1 to 100 (10 by default), \`search\` matches the ${searched} anywhere (any case), \`sort\` is ${sorts} and \`order\` asc or desc. A page past the last answers the last page.`;

/**
 * A list route's answer (issue 21): without `page` the whole list exactly as before, with it one
 * page of the rows the rest of the query selects.
 */
export function wholeOrPage<Query extends { page?: number | undefined }, Whole, Page>(
  query: Query,
  whole: (rest: Omit<Query, 'page'>) => Promise<Whole>,
  page: (request: Omit<Query, 'page'> & { page: number }) => Promise<Page>,
): Promise<Whole | Page> {
  const { page: pageNumber, ...rest } = query;
  return pageNumber === undefined ? whole(rest) : page({ ...rest, page: pageNumber });
}
