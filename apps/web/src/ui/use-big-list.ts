import type { Paginated } from '@carte/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
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
