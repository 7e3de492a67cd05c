import { type AdminUser, adminUserSorts } from '@carte/domain';
import { ActionIcon, Anchor, Button, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconLogin2, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { adminApi, adminKeys, useAdminMutation, useAdminUsers } from '../../api/admin.api.ts';
import { DeleteWithPasswordModal } from '../../ui/delete-with-password.tsx';
import { PaginatedTable, type TableColumn } from '../../ui/paginated-table.tsx';
import { matchesSearch } from '../../ui/search-input.tsx';
import { useSearchedBigList } from '../../ui/use-big-list.ts';
import { SectionCard } from './section-card.tsx';

/** The Users table (doc 3 §2.2): email, names, username, menu link, Login as, delete. */
export function UsersSection({ onLoginAs }: { onLoginAs: (userId: string) => Promise<void> }) {
  // Past 500 owners the table asks the server for each page and search (issue 21).
  const users = useSearchedBigList({
    key: adminKeys.users,
    fetchPage: adminApi.usersPage,
    sorts: adminUserSorts,
    sort: 'newest',
    whole: useAdminUsers,
    matches: (row: AdminUser, search: string) =>
      matchesSearch(search, row.email, row.firstName, row.lastName, row.username, row.restaurantName),
  });
  const [deleting, setDeleting] = useState<{ id: string; label: string } | null>(null);
  const [acting, setActing] = useState<string | null>(null);
  const remove = useAdminMutation(adminApi.deleteUser);

  const columns: TableColumn<AdminUser>[] = [
    {
      key: 'email',
      header: 'Email',
      render: (row, { compact }) => (
        <div>
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            {row.email}
          </Text>
          {compact && (
            <Text size="xs" c="dimmed">
              {row.username} · {[row.firstName, row.lastName].filter(Boolean).join(' ') || 'No name'}
            </Text>
          )}
        </div>
      ),
    },
    { key: 'firstName', header: 'First name', render: (row) => row.firstName || '—', hideWhenCompact: true },
    { key: 'lastName', header: 'Last name', render: (row) => row.lastName || '—', hideWhenCompact: true },
    { key: 'username', header: 'Username', render: (row) => row.username, hideWhenCompact: true },
    {
      key: 'menu',
      header: 'Menu',
      hideWhenCompact: true,
      render: (row) =>
        row.restaurantId ? (
          <Anchor href={`/menu/${row.restaurantId}`} target="_blank" rel="noopener" size="sm">
            <Group gap={4} wrap="nowrap" component="span">
              {row.restaurantName || 'Menu'}
              <IconExternalLink size={14} aria-label="(opens in a new tab)" />
            </Group>
          </Anchor>
        ) : (
          '—'
        ),
    },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 150,
      render: (row) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={row.verified ? `Login as ${row.username}` : 'Not verified yet'}>
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconLogin2 size={14} />}
              loading={acting === row._id}
              disabled={!row.verified}
              aria-label={`Login as ${row.username}`}
              onClick={async () => {
                setActing(row._id);
                await onLoginAs(row._id);
                setActing(null);
              }}
            >
              Login as
            </Button>
          </Tooltip>
          <Tooltip label={`Delete ${row.username}`}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${row.username}`}
              onClick={() => setDeleting({ id: row._id, label: `the user ${row.username}` })}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <SectionCard title="Users" count={users.count} search={users.search} onSearch={users.setSearch}>
      <PaginatedTable
        label="Users"
        rows={users.rows}
        columns={columns}
        rowId={(row) => row._id}
        loading={users.loading}
        {...users.paging}
        emptyMessage={
          users.isError
            ? 'Failed to load data'
            : users.search
              ? 'No user matches the search.'
              : 'No users yet.'
        }
        minWidth={820}
      />
      <DeleteWithPasswordModal
        target={deleting}
        onClose={() => setDeleting(null)}
        onDelete={(input) => remove.mutateAsync(input)}
      />
    </SectionCard>
  );
}
