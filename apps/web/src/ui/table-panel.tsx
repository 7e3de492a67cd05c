import { TABLE_PAGE_SIZE } from '@carte/domain';
import { Badge, Button, Card, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DeleteSelectedButton } from './row-actions.tsx';
import { SearchInput } from './search-input.tsx';

interface TablePanelProps {
  /** Names the table; the dashboard card shows it with the row count. */
  title: string;
  count: number;
  /** The search field ("Search dishes"). */
  search: { label: string; value: string; onChange: (value: string) => void };
  /** "Delete selected (n)" while own rows are selected; leave out without the permission. */
  bulkDelete?: { count: number; loading: boolean; onClick: () => void } | false;
  /** The dashboard card's add link, with the first-login tour's anchor. */
  add?: { label: string; to: string; tour: string } | false;
  /**
   * A dashboard card of its own: title, count, add link, small controls, and the search only once
   * there is more than a page. Otherwise the page titles the table: search left, bulk delete right.
   */
  dashboard?: boolean;
  children: ReactNode;
}

/** A table with its search and bulk delete above it, on a page or as a dashboard card. */
export function TablePanel({
  title,
  count,
  search,
  bulkDelete,
  add,
  dashboard = false,
  children,
}: TablePanelProps) {
  const size = dashboard ? 'xs' : 'sm';
  const searchInput = (!dashboard || count > TABLE_PAGE_SIZE) && (
    <SearchInput
      label={search.label}
      value={search.value}
      onChange={search.onChange}
      size={size}
      w={dashboard ? 180 : undefined}
      style={dashboard ? undefined : { flex: '1 1 220px', maxWidth: 320 }}
    />
  );
  const bulkButton = bulkDelete && <DeleteSelectedButton size={size} {...bulkDelete} />;

  if (!dashboard) {
    return (
      <>
        <Group justify="space-between" gap="xs" mb="sm" wrap="wrap">
          {searchInput}
          {bulkButton}
        </Group>
        {children}
      </>
    );
  }
  return (
    <Card component="section" aria-label={title} padding="md">
      <Group justify="space-between" gap="xs" mb="sm" wrap="wrap">
        <Group gap={8}>
          <Text fw={700}>{title}</Text>
          <Badge variant="light" color="gray" size="sm">
            {count}
          </Badge>
        </Group>
        <Group gap="xs" wrap="wrap">
          {searchInput}
          {bulkButton}
          {add && (
            <Button
              component={Link}
              to={add.to}
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              data-tour={add.tour}
            >
              {add.label}
            </Button>
          )}
        </Group>
      </Group>
      {children}
    </Card>
  );
}
