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
