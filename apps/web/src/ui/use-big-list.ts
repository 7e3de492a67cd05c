import type { Paginated } from '@carte/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
