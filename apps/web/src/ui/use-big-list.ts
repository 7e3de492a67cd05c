import { MAX_PER_PAGE, type Paginated } from '@carte/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, type UseQueryResult, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { isLargeList, type PageQuery, pageQueryOf, probeQuery } from './server-list.ts';

type FetchPage<Row, Sort extends string> = (
  query: PageQuery<Sort>,
  signal?: AbortSignal,
) => Promise<Paginated<Row>>;

/**
 * Whether a list is large (issue 21): its first page of 10 rows tells the total. Until it answers
 * the table shows its loading rows; if it fails, the list is read whole as before.
 */
export function useListSize<Row, Sort extends string>(
  key: readonly unknown[],
  fetchPage: FetchPage<Row, Sort>,
) {
  const probe = useQuery({
    queryKey: [...key, 'page', probeQuery],
    queryFn: ({ signal }) => fetchPage(probeQuery as PageQuery<Sort>, signal),
  });
  return {
    decided: probe.isSuccess || probe.isError,
    large: isLargeList(probe.data?.total),
    total: probe.data?.total,
  };
}

/**
 * The shown page of a large list, asked of the server with the table's search (after 300 ms
 * without typing), sort and page; the page before stays on screen while the next one loads.
 */
export function useServerPage<Row, Sort extends string>(
  key: readonly unknown[],
  fetchPage: FetchPage<Row, Sort>,
  view: { search: string; sort: string; page: number },
  sorts: readonly Sort[],
  enabled: boolean,
  perPage?: number,
) {
  const [search] = useDebouncedValue(view.search, 300);
  const query = pageQueryOf({ ...view, search }, sorts, perPage);
  return useQuery({
    queryKey: [...key, 'page', query],
    queryFn: ({ signal }) => fetchPage(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

type FetchByIds<Row> = (
  query: { page: number; per_page: number; ids: string },
  signal?: AbortSignal,
) => Promise<Paginated<Row>>;

/**
 * The rows of these ids, asked 100 at a time (issue 21): a form shows its chosen rows by name when
 * the whole list is too large to read. Answers what arrived so far, by id.
 */
export function useRowsByIds<Row extends { _id: string }>(
  key: readonly unknown[],
  fetchPage: FetchByIds<Row>,
  ids: readonly string[],
  options: { enabled?: boolean } = {},
) {
  const chunks: string[][] = [];
  for (let start = 0; start < ids.length; start += MAX_PER_PAGE)
    chunks.push(ids.slice(start, start + MAX_PER_PAGE));
  return useQueries({
    queries: chunks.map((chunk) => ({
      queryKey: [...key, 'ids', [...chunk].sort()],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        fetchPage({ page: 1, per_page: MAX_PER_PAGE, ids: chunk.join(',') }, signal),
      enabled: options.enabled ?? true,
    })),
    // Combined again only when an answer changes, so the map can be a memo's dependency.
    combine: (answers) => {
      const byId = new Map<string, Row>();
      for (const answer of answers) for (const row of answer.data?.data ?? []) byId.set(row._id, row);
      return { byId, isLoading: answers.some((answer) => answer.isLoading) };
    },
  });
}

/** How many rows a select of a large list offers for what is typed. */
export const SEARCHED_OPTIONS = 50;

/**
 * What a select of a large list offers (issue 21): the chosen rows, read by id, then the server's
 * first page of rows whose name contains what is typed (by name, asked 300 ms after the last key
 * stroke; the page before stays while the next loads). `settled` is false while a search is still
 * to answer, so the select does not say "nothing found" too early.
 */
export function useSearchedRows<Row extends { _id: string }, Sort extends string>(
  key: readonly unknown[],
  fetchPage: FetchPage<Row, Sort> & FetchByIds<Row>,
  sorts: readonly Sort[],
  view: { search: string; chosen: readonly string[]; enabled: boolean },
) {
  const [search] = useDebouncedValue(view.search, 300);
  const page = useServerPage(
    key,
    fetchPage,
    { search: view.search, sort: 'name-asc', page: 1 },
    sorts,
    view.enabled,
    SEARCHED_OPTIONS,
  );
  const chosen = useRowsByIds(key, fetchPage, view.chosen, { enabled: view.enabled });
  // A row just picked from a search is shown from that answer until its own read arrives.
  const seen = useRef(new Map<string, Row>());
  for (const row of page.data?.data ?? []) seen.current.set(row._id, row);
  const rows = view.chosen.flatMap((id) => chosen.byId.get(id) ?? seen.current.get(id) ?? []);
  const shown = new Set(rows.map((row) => row._id));
  for (const row of page.data?.data ?? []) if (!shown.has(row._id)) rows.push(row);
  return {
    rows,
    total: page.data?.total,
    isPending: page.isPending || chosen.isLoading,
    settled: search === view.search && !page.isFetching,
  };
}

/**
 * The rows these ids name, in their order (ids not found are left out): from the whole list while
 * it is small (one read, shared with the screens that list it), read by id past 500 rows (issue
 * 21). `list` is undefined until it can answer.
 */
export function useRowsNamed<Row extends { _id: string }, Sort extends string>(
  key: readonly unknown[],
  fetchPage: FetchPage<Row, Sort> & FetchByIds<Row>,
  whole: { queryKey: readonly unknown[]; queryFn: (context: { signal: AbortSignal }) => Promise<Row[]> },
  ids: readonly string[],
) {
  const size = useListSize<Row, Sort>(key, fetchPage);
  const wholeList = useQuery({ ...whole, enabled: size.decided && !size.large });
  const named = useRowsByIds(key, fetchPage, ids, { enabled: size.large });
  const wholeById = useMemo(
    () => new Map((wholeList.data ?? []).map((row) => [row._id, row])),
    [wholeList.data],
  );
  const byId = size.large ? named.byId : wholeById;
  const ready = size.decided && (size.large ? !named.isLoading : wholeList.isSuccess);
  const idsKey = ids.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids by value, not by array.
  const list = useMemo(
    () => (ready ? ids.flatMap((id) => byId.get(id) ?? []) : undefined),
    [ready, byId, idsKey],
  );
  return { list, isPending: !size.decided || (size.large ? named.isLoading : wholeList.isPending) };
}

/**
 * A table with a search box and one fixed order (the admin's lists, the team) that reads its whole
 * list while it is small and asks the server for each page past SERVER_PAGING_THRESHOLD rows
 * (issue 21). `whole` is the list's own query, enabled only once the list is known to be small;
 * `matches` is the local search. The table takes `rows`, `loading` and `paging`.
 */
export function useSearchedBigList<Row, Sort extends string>(options: {
  key: readonly unknown[];
  fetchPage: FetchPage<Row, Sort>;
  sorts: readonly Sort[];
  /** The table's order as a sort menu value ("newest", "name-asc"…), which the server's page follows. */
  sort: string;
  whole: (enabled: boolean) => UseQueryResult<Row[]>;
  matches: (row: Row, search: string) => boolean;
}) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const size = useListSize(options.key, options.fetchPage);
  const whole = options.whole(size.decided && !size.large);
  const server = useServerPage(
    options.key,
    options.fetchPage,
    { search, sort: options.sort, page },
    options.sorts,
    size.large,
  );
  const all = whole.data ?? [];
  return {
    search,
    setSearch: (value: string) => {
      setSearch(value);
      setPage(1);
    },
    large: size.large,
    rows: size.large ? (server.data?.data ?? []) : all.filter((row) => options.matches(row, search)),
    /** Every row of the list, searched or not (the card's count). */
    count: size.large ? size.total : whole.data?.length,
    loading: !size.decided || (size.large ? server.isPending : whole.isPending),
    isError: size.large ? server.isError : whole.isError,
    refetch: () => void (size.large ? server.refetch() : whole.refetch()),
    /** PaginatedTable's server paging; empty while the list is local. */
    paging: size.large
      ? { page: server.data?.page ?? 1, onPageChange: setPage, total: server.data?.total }
      : {},
  };
}
