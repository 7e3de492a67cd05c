import { messages, pageAfterDelete, TABLE_PAGE_SIZE } from '@carte/domain';
import {
  Checkbox,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
  useMantineTheme,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconLock } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import classes from './paginated-table.module.css';
import { TablePager } from './table-pager.tsx';

export interface TableColumn<Row> {
  key: string;
  header: ReactNode;
  /** `compact` is true on narrow screens, where a cell may stack what hidden columns show. */
  render: (row: Row, view: { compact: boolean }) => ReactNode;
  /** CSS width of the column (e.g. 96 or '40%'). */
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /** Left out on narrow screens (below the theme's `sm`), where another cell shows its content. */
  hideWhenCompact?: boolean;
  /**
   * The list's sort options (see `useListView`) this column's header switches between: the first
   * click sorts by `asc`, the next by `desc`.
   */
  sortBy?: { asc: string; desc: string };
}

/** The list's current order, when its column headers sort it (the same state as its "Sort by" menu). */
export interface TableSort {
  value: string;
  onChange: (value: string) => void;
}

/** The last column: a row's action buttons (see `RowActions`), right-aligned, its header for screen readers. */
export const actionsColumn = <Row,>(render: (row: Row) => ReactNode): TableColumn<Row> => ({
  key: 'actions',
  header: <VisuallyHidden>Actions</VisuallyHidden>,
  align: 'right',
  width: 112,
  render,
});

export interface TableSelection {
  selected: readonly string[];
  onChange: (ids: string[]) => void;
}

export interface PaginatedTableProps<Row> {
  rows: readonly Row[];
  columns: TableColumn<Row>[];
  rowId: (row: Row) => string;
  /** Names a row for its check box ("Select Al Pastor Taco"). */
  rowLabel?: (row: Row) => string;
  /** Names the table for screen readers. */
  label: string;
  loading?: boolean;
  /** Check boxes per row and on the page; locked rows cannot be selected. */
  selection?: TableSelection;
  /** A row that cannot be edited, deleted or bulk-selected (fromParent): lock icon, no check box. */
  isLocked?: (row: Row) => boolean;
  lockedLabel?: string;
  /** What an empty table says: what to do to fill it, not "No data available" (issue 22). */
  emptyMessage: ReactNode;
  pageSize?: number;
  /** The minimum width before the table scrolls sideways; on narrow screens columns drop instead. */
  minWidth?: number;
  /** The page shown, when the list keeps it (see `useListView`); the table keeps its own otherwise. */
  page?: number;
  onPageChange?: (page: number) => void;
  /** Columns with `sortBy` get a header button that sorts the list. */
  sort?: TableSort;
  /**
   * A list paged on the server (issue 21): `rows` are the shown page's and `total` counts the rows
   * of the whole (searched) list, which the footer and the pager show.
   */
  total?: number;
}

/**
 * The selection of a table whose rows can be filtered: only the ids of rows still shown and not
 * locked count (a bulk delete never takes a row the user cannot see); `forget` drops deleted ids.
 */
export function useRowSelection<Row>(
  rows: readonly Row[],
  rowId: (row: Row) => string,
  isLocked: (row: Row) => boolean,
) {
  const [selected, setSelected] = useState<string[]>([]);
  const selectable = new Set(rows.filter((row) => !isLocked(row)).map(rowId));
  return {
    /** The selected ids that a bulk action may take. */
    ids: selected.filter((id) => selectable.has(id)),
    selection: { selected, onChange: setSelected } satisfies TableSelection,
    forget: (ids: readonly string[]) => setSelected((current) => current.filter((id) => !ids.includes(id))),
  };
}

/**
 * A table paginated in the browser, 10 rows a page (doc 1 §4, §9), with the doc's pager, an empty
 * state saying what to do (in place of doc 1 §4's "No data available", issue 22), optional selection, and lock icons on inherited rows. When the rows of
 * the last page are deleted it shows the page before (`pageAfterDelete`). On narrow screens the
 * columns marked `hideWhenCompact` drop out and the table fits the width instead of scrolling.
 */
export function PaginatedTable<Row>({
  rows,
  columns,
  rowId,
  rowLabel,
  label,
  loading = false,
  selection,
  isLocked,
  lockedLabel = messages.readOnlyFromParent,
  emptyMessage,
  pageSize = TABLE_PAGE_SIZE,
  minWidth = 640,
  page: controlledPage,
  onPageChange,
  sort,
  total,
}: PaginatedTableProps<Row>) {
  const theme = useMantineTheme();
  const compact = useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 0.1px))`, false, {
    getInitialValueInEffect: false,
  });
  const shownColumns = compact ? columns.filter((column) => !column.hideWhenCompact) : columns;
  const [ownPage, setOwnPage] = useState(1);
  const requestedPage = controlledPage ?? ownPage;
  const setRequestedPage = onPageChange ?? setOwnPage;
  const count = total ?? rows.length;
  const totalPages = Math.max(1, Math.ceil(count / pageSize));
  const page =
    total === undefined
      ? pageAfterDelete(requestedPage, rows.length, pageSize)
      : Math.min(Math.max(1, requestedPage), totalPages);
  const pageRows = total === undefined ? rows.slice((page - 1) * pageSize, page * pageSize) : rows;
  const locked = (row: Row) => isLocked?.(row) ?? false;
  const selectable = pageRows.filter((row) => !locked(row)).map(rowId);
  const selected = new Set(selection?.selected ?? []);
  const selectedOnPage = selectable.filter((id) => selected.has(id)).length;
  const showLockColumn = !selection && isLocked !== undefined && rows.some(locked);
  const columnCount = shownColumns.length + (selection || showLockColumn ? 1 : 0);

  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selected);
    if (selectedOnPage === selectable.length) for (const id of selectable) next.delete(id);
    else for (const id of selectable) next.add(id);
    selection.onChange([...next]);
  };

  const toggle = (id: string) => {
    if (!selection) return;
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    selection.onChange([...next]);
  };

  const lockIcon = (
    <Tooltip label={lockedLabel} multiline w={240}>
      <span className={classes.lock} role="img" aria-label={lockedLabel}>
        <IconLock size={16} />
      </span>
    </Tooltip>
  );

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={compact ? 0 : minWidth} type="native">
        <Table
          verticalSpacing="sm"
          horizontalSpacing={compact ? 6 : 'sm'}
          highlightOnHover
          className={classes.table}
          aria-label={label}
        >
          <Table.Thead>
            <Table.Tr>
              {selection && (
                <Table.Th w={compact ? 34 : 44}>
                  <Checkbox
                    aria-label="Select all rows on this page"
                    checked={selectable.length > 0 && selectedOnPage === selectable.length}
                    indeterminate={selectedOnPage > 0 && selectedOnPage < selectable.length}
                    disabled={selectable.length === 0 || loading}
                    onChange={toggleAll}
                  />
                </Table.Th>
              )}
              {showLockColumn && <Table.Th w={36} aria-label="Read-only" />}
              {shownColumns.map((column) => {
                const direction = sortDirection(column, sort);
                return (
                  <Table.Th
                    key={column.key}
                    w={column.width}
                    ta={column.align}
                    aria-sort={column.sortBy && sort ? (direction ?? 'none') : undefined}
                  >
                    {column.sortBy && sort ? (
                      <SortHeader
                        direction={direction}
                        onClick={() =>
                          sort.onChange(direction === 'ascending' ? column.sortBy!.desc : column.sortBy!.asc)
                        }
                      >
                        {column.header}
                      </SortHeader>
                    ) : (
                      column.header
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading &&
              Array.from({ length: 4 }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                <Table.Tr key={index}>
                  <Table.Td colSpan={columnCount}>
                    <Skeleton height={28} radius="sm" />
                  </Table.Td>
                </Table.Tr>
              ))}
            {!loading && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columnCount}>
                  <Text c="dimmed" ta="center" py="lg" size="sm">
                    {emptyMessage}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {!loading &&
              pageRows.map((row) => {
                const id = rowId(row);
                const isRowLocked = locked(row);
                return (
                  <Table.Tr key={id} bg={selected.has(id) ? 'var(--mantine-color-gray-1)' : undefined}>
                    {selection && (
                      <Table.Td>
                        {isRowLocked ? (
                          lockIcon
                        ) : (
                          <Checkbox
                            aria-label={rowLabel ? `Select ${rowLabel(row)}` : 'Select row'}
                            checked={selected.has(id)}
                            onChange={() => toggle(id)}
                          />
                        )}
                      </Table.Td>
                    )}
                    {showLockColumn && <Table.Td>{isRowLocked ? lockIcon : null}</Table.Td>}
                    {shownColumns.map((column) => (
                      <Table.Td key={column.key} ta={column.align}>
                        {column.render(row, { compact })}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!loading && count > pageSize && (
        <Group justify="space-between" wrap="wrap" gap="sm" className={classes.footer}>
          <Text size="sm" c="dimmed">
            {(page - 1) * pageSize + 1}–{Math.min(page * pageSize, count)} of {count}
          </Text>
          <TablePager
            page={page}
            totalPages={totalPages}
            onChange={setRequestedPage}
            label={`${label} pages`}
          />
        </Group>
      )}
    </Stack>
  );
}

type Direction = 'ascending' | 'descending';

function sortDirection<Row>(column: TableColumn<Row>, sort: TableSort | undefined): Direction | null {
  if (!column.sortBy || !sort) return null;
  if (sort.value === column.sortBy.asc) return 'ascending';
  if (sort.value === column.sortBy.desc) return 'descending';
  return null;
}

/** A column header that sorts the list: an arrow shows the current direction, a faint one the column can. */
function SortHeader({
  direction,
  onClick,
  children,
}: {
  direction: Direction | null;
  onClick: () => void;
  children: ReactNode;
}) {
  const Icon =
    direction === 'descending' ? IconArrowDown : direction === 'ascending' ? IconArrowUp : IconArrowsSort;
  return (
    <UnstyledButton className={classes.sortHeader} onClick={onClick} data-sorted={direction ?? undefined}>
      {children}
      <Icon size={14} stroke={2} aria-hidden />
    </UnstyledButton>
  );
}
