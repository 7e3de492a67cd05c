import type { AdminUser } from '@carte/domain';
import { ActionIcon, Button, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconLogin2, IconMailForward, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { adminApi, useAdminAdmins, useAdminMutation } from '../../api/admin.api.ts';
import { DeleteWithPasswordModal } from '../../ui/delete-with-password.tsx';
import { notifyFailure, notifySuccess } from '../../ui/notify.ts';
import { PaginatedTable, type TableColumn } from '../../ui/paginated-table.tsx';
import { matchesSearch } from '../../ui/search-input.tsx';
import { SectionCard } from './section-card.tsx';
import { StatusBadge } from './status-badge.tsx';

/** The Admins table, super admin only (doc 3 §2.2, §6): names, username, email, Verified, resend. */
export function AdminsSection({ onLoginAs }: { onLoginAs: (userId: string) => Promise<void> }) {
  const admins = useAdminAdmins(true);
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<{ id: string; label: string } | null>(null);
  const remove = useAdminMutation(adminApi.deleteAdmin);
  const resend = useAdminMutation(adminApi.resendInvitation);
  const rows = (admins.data ?? []).filter((row) =>
    matchesSearch(search, row.email, row.firstName, row.lastName, row.username),
  );
  const nameOf = (row: AdminUser) => [row.firstName, row.lastName].filter(Boolean).join(' ') || '—';
  const labelOf = (row: AdminUser) => row.username || row.email;

  const columns: TableColumn<AdminUser>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (row, { compact }) => (
        <div>
          <Text size="sm">{nameOf(row)}</Text>
          {compact && (
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {row.email}
            </Text>
          )}
        </div>
      ),
    },
    {
      key: 'username',
      header: 'Username',
      hideWhenCompact: true,
      render: (row) =>
        row.username || (
          <Text c="dimmed" size="sm">
            Not chosen yet
          </Text>
        ),
    },
    { key: 'email', header: 'Email', hideWhenCompact: true, render: (row) => row.email },
    {
      key: 'verified',
      header: 'Verified',
      render: (row) => (
        <Group gap={4} wrap="nowrap">
          <StatusBadge color={row.verified ? 'teal' : 'gray'}>{row.verified ? 'Yes' : 'No'}</StatusBadge>
          {!row.verified && (
            <Tooltip label="Resend invitation">
              <ActionIcon
                variant="subtle"
                aria-label={`Resend the invitation to ${row.email}`}
                loading={resend.isPending && resend.variables === row._id}
                onClick={async () => {
                  try {
                    notifySuccess(await resend.mutateAsync(row._id));
                  } catch (error) {
                    notifyFailure(error);
                  }
                }}
              >
                <IconMailForward size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 150,
      render: (row) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconLogin2 size={14} />}
            disabled={!row.verified}
            aria-label={`Login as ${labelOf(row)}`}
            onClick={() => onLoginAs(row._id)}
          >
            Login as
          </Button>
          <Tooltip label={`Delete ${labelOf(row)}`}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${labelOf(row)}`}
              onClick={() => setDeleting({ id: row._id, label: `the admin ${labelOf(row)}` })}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <SectionCard title="Admins" count={admins.data?.length} search={search} onSearch={setSearch}>
      <PaginatedTable
        label="Admins"
        rows={rows}
        columns={columns}
        rowId={(row) => row._id}
        loading={admins.isPending}
        emptyMessage={
          admins.isError ? 'Failed to load data' : search ? 'No admin matches the search.' : 'No admins yet.'
        }
        minWidth={760}
      />
      <DeleteWithPasswordModal
        target={deleting}
        onClose={() => setDeleting(null)}
        onDelete={(input) => remove.mutateAsync(input)}
      />
    </SectionCard>
  );
}
