import {
  type Paginated,
  type QuickEdit,
  type QuickEditSection,
  quickEditSectionFlag,
  quickEditSections,
} from '@carte/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { quickEditApi, quickEditKeys, useQuickEdit } from '../../api/quick-edit.api.ts';
import { isLargeList } from '../../ui/server-list.ts';
import { useCan } from '../../ui/use-can.ts';

/** The rows a section shows at once when the lists are large (issue 21). */
export const QUICK_EDIT_PAGE_SIZE = 50;

/** Where each section of a large quick edit stands: its page and how many rows match. */
export interface SectionPaging {
  page: number;
  totalPages: number;
  total: number;
}

export type QuickEditPages = Partial<Record<QuickEditSection, number>>;

const pageQuery = (page: number, search: string) => ({
  page,
  per_page: QUICK_EDIT_PAGE_SIZE,
  ...(search ? { search } : {}),
});

/**
 * The switches of quick edit, read as the lists' size asks (issue 21). Each section the user's
 * flags open is first asked for its first page of 50; when every section holds at most 500 rows the
 * whole answer is read and searched in the browser as before; past that, each section shows one
 * server page at a time (`pages`), searched on the server 300 ms after the last key stroke, and the
 * page before stays on screen while the next loads. If the first pages fail, the whole answer is
 * read (and its failure shown).
 */
export function useQuickEditData(menuId: string | null, search: string, pages: QuickEditPages) {
  const can = useCan();
  const sections = quickEditSections.filter((section) => can(quickEditSectionFlag[section]));
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const firstPages = useQueries({
    queries: sections.map((section) => ({
      queryKey: [...quickEditKeys.of(menuId), section, pageQuery(1, '')],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        quickEditApi.page(section, menuId, pageQuery(1, ''), signal),
      refetchOnMount: 'always' as const,
    })),
  });
  const decided = firstPages.every((query) => query.isSuccess || query.isError);
  const large = firstPages.some((query) => isLargeList(query.data?.total));
  const whole = useQuickEdit(menuId, { enabled: decided && !large });
  const shownPages = useQueries({
    queries: sections.map((section) => {
      const query = pageQuery(pages[section] ?? 1, debounced);
      return {
        queryKey: [...quickEditKeys.of(menuId), section, query],
        queryFn: ({ signal }: { signal: AbortSignal }) => quickEditApi.page(section, menuId, query, signal),
        placeholderData: keepPreviousData,
        enabled: large,
      };
    }),
  });

  const refetch = () => {
    for (const query of firstPages) void query.refetch();
    if (!large) void whole.refetch();
  };
  if (!decided) return { status: 'pending' as const, refetch };
  if (!large) {
    if (whole.isPending) return { status: 'pending' as const, refetch };
    if (whole.isError || !whole.data) return { status: 'error' as const, refetch };
    return { status: 'ready' as const, data: whole.data, paging: null, refetch };
  }
  if (shownPages.some((query) => query.isError)) return { status: 'error' as const, refetch };
  if (shownPages.some((query) => !query.data)) return { status: 'pending' as const, refetch };
  const data: QuickEdit = { menuId };
  const paging: Partial<Record<QuickEditSection, SectionPaging>> = {};
  sections.forEach((section, index) => {
    const answer = shownPages[index]!.data as Paginated<never>;
    (data as Record<string, unknown>)[section] = answer.data;
    paging[section] = { page: answer.page, totalPages: answer.total_pages, total: answer.total };
  });
  return { status: 'ready' as const, data, paging, refetch };
}
