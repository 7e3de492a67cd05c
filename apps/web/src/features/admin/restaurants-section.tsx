import { type AdminRestaurant, adminRestaurantSorts, restaurantTypeLabel } from '@carte/domain';
import {
  Anchor,
  Avatar,
  Button,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconBuildingStore, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { adminApi, adminKeys, useAdminRestaurants } from '../../api/admin.api.ts';
import { formatDate } from '../../ui/dates.ts';
import { PaginatedTable, type TableColumn } from '../../ui/paginated-table.tsx';
import { matchesSearch } from '../../ui/search-input.tsx';
import { useSearchedBigList } from '../../ui/use-big-list.ts';
import { SectionCard } from './section-card.tsx';
import { StatusBadge } from './status-badge.tsx';

/** The logo thumbnail of the Restaurants table: 80×50 (doc 3 §9). */
function Logo({ row }: { row: AdminRestaurant }) {
  if (!row.logo) {
    return (
      <Avatar w={80} h={50} radius="sm" color="gray" variant="light" role="img" aria-label="No logo">
        <IconBuildingStore size={20} />
      </Avatar>
    );
  }
  return <Image src={row.logo} w={80} h={50} fit="contain" radius="sm" alt={`${row.name} logo`} />;
}

/** The Restaurants table (doc 3 §2.2): name, owner username, logo, View more (information modal). */
export function RestaurantsSection() {
  // Past 500 restaurants the table asks the server for each page and search (issue 21).
  const restaurants = useSearchedBigList({
    key: adminKeys.restaurants,
    fetchPage: adminApi.restaurantsPage,
    sorts: adminRestaurantSorts,
    sort: 'newest',
    whole: useAdminRestaurants,
    matches: (row: AdminRestaurant, search: string) => matchesSearch(search, row.name, row.ownerUsername),
  });
  const [shown, setShown] = useState<AdminRestaurant | null>(null);

  const columns: TableColumn<AdminRestaurant>[] = [
    { key: 'logo', header: 'Logo', width: 104, hideWhenCompact: true, render: (row) => <Logo row={row} /> },
    {
      key: 'name',
      header: 'Name',
      render: (row, { compact }) => (
        <div>
          <Text size="sm" fw={500}>
            {row.name}
          </Text>
          {compact && (
            <Text size="xs" c="dimmed">
              {row.ownerUsername ?? 'No owner'}
            </Text>
          )}
        </div>
      ),
    },
    {
      key: 'owner',
      header: 'Owner username',
      hideWhenCompact: true,
      render: (row) =>
        row.ownerUsername ?? (
          <Text c="dimmed" size="sm">
            No owner
          </Text>
        ),
    },
    {
      key: 'more',
      header: <VisuallyHidden>View more</VisuallyHidden>,
      align: 'right',
      width: 120,
      render: (row) => (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => setShown(row)}
          aria-label={`View more about ${row.name}`}
        >
          View more
        </Button>
      ),
    },
  ];

  return (
    <SectionCard
      title="Restaurants"
      count={restaurants.count}
      search={restaurants.search}
      onSearch={restaurants.setSearch}
    >
      <PaginatedTable
        label="Restaurants"
        rows={restaurants.rows}
        columns={columns}
        rowId={(row) => row._id}
        loading={restaurants.loading}
        {...restaurants.paging}
        emptyMessage={
          restaurants.isError
            ? 'Failed to load data'
            : restaurants.search
              ? 'No restaurant matches the search.'
              : 'No restaurants yet.'
        }
        minWidth={560}
      />
      <Modal
        opened={shown !== null}
        onClose={() => setShown(null)}
        title="Restaurant information"
        centered
        size="lg"
      >
        {shown && <RestaurantInformation restaurant={shown} />}
      </Modal>
    </SectionCard>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** Profile, subscription, menus count, members and locations of one restaurant. */
function RestaurantInformation({ restaurant }: { restaurant: AdminRestaurant }) {
  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap">
        <Logo row={restaurant} />
        <div>
          <Text fw={600} size="lg">
            {restaurant.name}
          </Text>
          <Text size="sm" c="dimmed">
            {restaurantTypeLabel(restaurant.restaurantType)}
            {restaurant.parentName ? ` · location of ${restaurant.parentName}` : ''}
          </Text>
        </div>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Field label="Owner">{restaurant.ownerUsername ?? 'No owner'}</Field>
        <Field label="Owner email">{restaurant.ownerEmail ?? '—'}</Field>
        <Field label="Time zone">{restaurant.timeZone}</Field>
        <Field label="Created">{formatDate(restaurant.createdAt)}</Field>
        <Field label="Subscription">
          {restaurant.subscription ? (
            <StatusBadge color="teal">
              {restaurant.subscription.status}
              {restaurant.subscription.interval ? ` · ${restaurant.subscription.interval}` : ''}
            </StatusBadge>
          ) : (
            <StatusBadge color="gray">None</StatusBadge>
          )}
        </Field>
        <Field label="Menus">
          {restaurant.menus} ({restaurant.publishedMenus} published)
        </Field>
        <Field label="Members">{restaurant.members}</Field>
        <Field label="Locations">{restaurant.locations}</Field>
      </SimpleGrid>
      <Anchor href={`/menu/${restaurant._id}`} target="_blank" rel="noopener" size="sm">
        <Group gap={4} component="span">
          Open the public menu
          <IconExternalLink size={14} aria-label="(opens in a new tab)" />
        </Group>
      </Anchor>
    </Stack>
  );
}
