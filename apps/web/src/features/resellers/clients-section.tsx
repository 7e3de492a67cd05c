import {
  DMA_CLIENT_PAGE_SIZE,
  type DmaClient,
  formatCents,
  messages,
  type ProductPrices,
} from '@carte/domain';
import { Anchor, Badge, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { useClientSearch } from '../../api/resellers.api.ts';
import { PaginatedTable, type TableColumn } from '../../ui/paginated-table.tsx';
import { SearchInput } from '../../ui/search-input.tsx';
import { TablePager } from '../../ui/table-pager.tsx';

const clientPath = (client: DmaClient) => `/dma/client?id=${client._id}`;

/** "Pizza Roma" with the client's username under it; the name opens /dma/client?id=. */
function ClientCell({ client, compact }: { client: DmaClient; compact: boolean }) {
  return (
    <div>
      <Anchor component={Link} to={clientPath(client)} fw={600} size="sm">
        {client.restaurant_name || client.username}
      </Anchor>
      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
        {client.username}
        {compact && ` · ${client.email}`}
      </Text>
    </div>
  );
}

const intervalLabel = { month: 'Monthly', year: 'Yearly' } as const;

/** Plan and price of a subscribed client ("Monthly · $19.00"). */
const planLabel = (client: DmaClient) =>
  client.subscription
    ? `${intervalLabel[client.subscription.interval]}${
        client.subscription.amount !== null ? ` · ${formatCents(client.subscription.amount)}` : ''
      }`
    : '—';

/**
 * The Subscribed and Unsubscribed clients tables (doc 3 §2.3) with the plans and their prices:
 * the plan each subscribed client is on, and what each plan costs a licence.
 */
export function ClientsSection({
  subscribed,
  unsubscribed,
  prices,
  loading,
  failed,
}: {
  subscribed: DmaClient[];
  unsubscribed: DmaClient[];
  prices: ProductPrices | undefined;
  loading: boolean;
  failed: boolean;
}) {
  const [tab, setTab] = useState<string | null>('subscribed');
  const emptyWhen = (text: string) => (failed ? messages.failedToLoadData : text);
  const common: TableColumn<DmaClient>[] = [
    {
      key: 'client',
      header: 'Client',
      render: (row, view) => <ClientCell client={row} compact={view.compact} />,
    },
    {
      key: 'email',
      header: 'Email',
      hideWhenCompact: true,
      render: (row) => (
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {row.email}
        </Text>
      ),
    },
  ];
  const subscribedColumns: TableColumn<DmaClient>[] = [
    ...common,
    { key: 'plan', header: 'Plan', render: (row) => planLabel(row) },
  ];
  const unsubscribedColumns: TableColumn<DmaClient>[] = [
    ...common,
    {
      key: 'verified',
      header: 'Account',
      render: (row) =>
        row.state ? (
          <Badge variant="light" color="gray">
            Verified
          </Badge>
        ) : (
          <Badge variant="outline" color="orange.9">
            Not verified
          </Badge>
        ),
    },
  ];

  return (
    <Card padding="lg" component="section" aria-labelledby="clients-title">
      <Group justify="space-between" mb="sm" gap="sm" wrap="wrap">
        <Title order={2} fz="lg" id="clients-title">
          Clients
        </Title>
        <Group gap="xs" wrap="wrap">
          {prices?.monthly_product && (
            <Badge variant="outline" color="gray.7">
              Monthly {formatCents(prices.monthly_product.price.unit_amount)} / licence
            </Badge>
          )}
          {prices?.yearly_product && (
            <Badge variant="outline" color="gray.7">
              Yearly {formatCents(prices.yearly_product.price.unit_amount)} / licence
            </Badge>
          )}
        </Group>
      </Group>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="subscribed">Subscribed clients ({subscribed.length})</Tabs.Tab>
          <Tabs.Tab value="unsubscribed">Unsubscribed clients ({unsubscribed.length})</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="subscribed">
          <PaginatedTable
            label="Subscribed clients"
            rows={subscribed}
            columns={subscribedColumns}
            rowId={(row) => row._id}
            loading={loading}
            emptyMessage={emptyWhen('No client is subscribed yet.')}
            pageSize={DMA_CLIENT_PAGE_SIZE}
            minWidth={560}
          />
        </Tabs.Panel>
        <Tabs.Panel value="unsubscribed">
          <PaginatedTable
            label="Unsubscribed clients"
            rows={unsubscribed}
            columns={unsubscribedColumns}
            rowId={(row) => row._id}
            loading={loading}
            emptyMessage={emptyWhen('Every client is subscribed.')}
            pageSize={DMA_CLIENT_PAGE_SIZE}
            minWidth={560}
          />
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}

/** The client search (doc 3 §2.3, §9): 5 a page, "No licenses were found." when nothing matches. */
export function ClientSearchSection() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const result = useClientSearch({ search: debounced, page, per_page: DMA_CLIENT_PAGE_SIZE });
  const rows = result.data?.data ?? [];
  const count = result.data?.total ?? 0;
  const totalPages = result.data?.total_pages ?? 1;

  const columns: TableColumn<DmaClient>[] = [
    {
      key: 'client',
      header: 'Client',
      render: (row, view) => <ClientCell client={row} compact={view.compact} />,
    },
    {
      key: 'email',
      header: 'Email',
      hideWhenCompact: true,
      render: (row) => (
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {row.email}
        </Text>
      ),
    },
    {
      key: 'subscription',
      header: 'Subscription',
      render: (row) =>
        row.subscription ? (
          <Text size="sm" c="teal.9" fw={600}>
            {planLabel(row)}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ),
    },
  ];

  return (
    <Card padding="lg" component="section" aria-labelledby="licences-title">
      <Group justify="space-between" mb="md" gap="sm" wrap="wrap">
        <Title order={2} fz="lg" id="licences-title">
          Licenses ({count})
        </Title>
        <SearchInput
          label="Search licenses"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          size="sm"
          style={{ flex: '1 1 200px', maxWidth: 280 }}
        />
      </Group>
      <Stack gap="sm">
        <PaginatedTable
          label="Licenses"
          rows={rows}
          columns={columns}
          rowId={(row) => row._id}
          loading={result.isPending}
          emptyMessage={result.isError ? messages.failedToLoadData : messages.noLicenses}
          pageSize={DMA_CLIENT_PAGE_SIZE}
          minWidth={560}
        />
        {count > DMA_CLIENT_PAGE_SIZE && (
          <TablePager page={page} totalPages={totalPages} onChange={setPage} label="Licenses pages" />
        )}
      </Stack>
    </Card>
  );
}
