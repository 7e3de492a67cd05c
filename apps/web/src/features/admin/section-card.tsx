import { Badge, Card, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SearchInput } from '../../ui/search-input.tsx';

/** One section of the admin dashboard: title with its count, a local search, then its table. */
export function SectionCard({
  title,
  count,
  search,
  onSearch,
  children,
}: {
  title: string;
  count: number | undefined;
  search: string;
  onSearch: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Card padding="lg" component="section" aria-label={title}>
      <Group justify="space-between" mb="md" gap="sm" wrap="wrap">
        <Group gap="xs">
          <Title order={2} fz="lg">
            {title}
          </Title>
          <Badge variant="light" aria-label={`${count ?? 0} ${title.toLowerCase()}`}>
            {count ?? '…'}
          </Badge>
        </Group>
        <SearchInput
          label={`Search ${title.toLowerCase()}`}
          value={search}
          onChange={onSearch}
          size="sm"
          style={{ flex: '1 1 200px', maxWidth: 280 }}
        />
      </Group>
      {children}
    </Card>
  );
}
