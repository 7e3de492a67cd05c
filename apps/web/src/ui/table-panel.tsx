import { TABLE_PAGE_SIZE } from '@carte/domain';
import { Badge, Button, Card, Group, Select, Text } from '@mantine/core';
import { IconArrowsSort, IconEye, IconEyeOff, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCount } from './format.ts';
import { DeleteSelectedButton } from './row-actions.tsx';
import { SearchInput } from './search-input.tsx';

interface TablePanelProps {
  /** Names the table; the dashboard card shows it with the row count. */
  title: string;
  count: number;
  /** The search field ("Search dishes"). */
  search: { label: string; value: string; onChange: (value: string) => void };
  /** The order of the rows (see `useListView`); the page's lists offer it, dashboard cards do not. */
  sort?: { value: string; options: { value: string; label: string }[]; onChange: (value: string) => void };
  /** "Delete selected (n)" while own rows are selected; leave out without the permission. */
  bulkDelete?: { count: number; loading: boolean; onClick: () => void } | false;
  /** "Make available" / "Make unavailable" while own rows are selected. */
  bulkAvailability?: { count: number; loading: boolean; onChange: (available: boolean) => void } | false;
  /** The dashboard card's add link, with the first-login tour's anchor. */
  add?: { label: string; to: string; tour: string } | false;
  /**
   * A dashboard card of its own: title, count, add link, small controls, and the search only once
   * there is more than a page. Otherwise the page titles the table: search and sort left, the
   * actions on the selected rows right.
   */
  dashboard?: boolean;
  children: ReactNode;
}

/** A table with its search, sort and bulk actions above it, on a page or as a dashboard card. */
export function TablePanel({
  title,
  count,
  search,
  sort,
  bulkDelete,
  bulkAvailability,
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
      style={dashboard ? undefined : { flex: '1 1 200px', maxWidth: 320 }}
    />
  );
  const bulkButton = bulkDelete && <DeleteSelectedButton size={size} {...bulkDelete} />;
  const availabilityButtons = bulkAvailability && bulkAvailability.count > 0 && (
    <>
      <Button
        size={size}
        variant="default"
        leftSection={<IconEye size={14} />}
        loading={bulkAvailability.loading}
        onClick={() => bulkAvailability.onChange(true)}
      >
        Make available
      </Button>
      <Button
        size={size}
        variant="default"
        leftSection={<IconEyeOff size={14} />}
        loading={bulkAvailability.loading}
        onClick={() => bulkAvailability.onChange(false)}
      >
        Make unavailable
      </Button>
    </>
  );

  if (!dashboard) {
    const selected = Math.max(
      bulkDelete ? bulkDelete.count : 0,
      bulkAvailability ? bulkAvailability.count : 0,
    );
    return (
      <Card component="section" aria-label={title} padding="md">
        <Group justify="space-between" gap="xs" mb="sm" wrap="wrap">
          <Group gap="xs" wrap="wrap" style={{ flex: '1 1 320px' }}>
            {searchInput}
            {sort && (
              <Select
                size={size}
                aria-label="Sort by"
                leftSection={<IconArrowsSort size={16} />}
                data={sort.options}
                value={sort.value}
                onChange={(value) => value && sort.onChange(value)}
                allowDeselect={false}
                w={{ base: '100%', xs: 200 }}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          </Group>
          {selected > 0 && (
            <Group gap="xs" wrap="wrap" role="group" aria-label="Selected rows">
              <Text size="sm" c="dimmed" aria-live="polite">
                {selected} selected
              </Text>
              {availabilityButtons}
              {bulkButton}
            </Group>
          )}
        </Group>
        {children}
      </Card>
    );
  }
  return (
    <Card component="section" aria-label={title} padding="md">
      <Group justify="space-between" gap="xs" mb="sm" wrap="wrap">
        <Group gap={8}>
          <Text fw={700}>{title}</Text>
          <Badge variant="light" color="gray" size="sm">
            {formatCount(count)}
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
