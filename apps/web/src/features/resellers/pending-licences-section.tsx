import { messages } from '@carte/domain';
import { ActionIcon, Badge, Button, Card, Group, Modal, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import {
  type PendingLicence,
  resellerApi,
  usePendingClients,
  useResellerMutation,
} from '../../api/resellers.api.ts';
import { notifyFailure, notifySuccess } from '../../ui/notify.ts';
import { actionsColumn, PaginatedTable, type TableColumn } from '../../ui/paginated-table.tsx';

const statusLabel: Record<PendingLicence['data']['client']['status'], string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  canceled: 'Canceled',
};

/**
 * "Pending licenses (n)" (doc 3 §2.3): Email, Username, Status, delete. Delete asks "Cancel
 * invitation" / "Are you sure you want to cancel the invitation?", then toasts "Invitation canceled
 * successfully" and the list reloads.
 */
export function PendingLicencesSection() {
  const pending = usePendingClients();
  const cancel = useResellerMutation(resellerApi.cancelInvitation);
  const [cancelling, setCancelling] = useState<PendingLicence | null>(null);
  const rows = pending.data ?? [];

  const handleConfirm = async () => {
    if (!cancelling) return;
    try {
      await cancel.mutateAsync(cancelling.token);
      notifySuccess(messages.invitationCanceled);
      setCancelling(null);
    } catch (error) {
      notifyFailure(error);
    }
  };

  const columns: TableColumn<PendingLicence>[] = [
    {
      key: 'email',
      header: 'Email',
      render: (row, { compact }) => (
        <div>
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            {row.data.client.email}
          </Text>
          {compact && row.data.client.username && (
            <Text size="xs" c="dimmed">
              {row.data.client.username}
            </Text>
          )}
        </div>
      ),
    },
    {
      key: 'username',
      header: 'Username',
      hideWhenCompact: true,
      render: (row) => row.data.client.username || '—',
    },
    {
      key: 'status',
      header: 'Status',
      render: (row) => (
        <Badge variant="outline" color="orange.9">
          {statusLabel[row.data.client.status]}
        </Badge>
      ),
    },
    actionsColumn((row) => (
      <Tooltip label="Cancel invitation">
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Cancel the invitation of ${row.data.client.email}`}
          onClick={() => setCancelling(row)}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    )),
  ];

  return (
    <Card padding="lg" component="section" aria-labelledby="pending-licences-title">
      <Title order={2} fz="lg" mb="md" id="pending-licences-title">
        Pending licenses ({rows.length})
      </Title>
      <PaginatedTable
        label="Pending licenses"
        rows={rows}
        columns={columns}
        rowId={(row) => row.token}
        loading={pending.isPending}
        emptyMessage={pending.isError ? messages.failedToLoadData : 'No invitation is waiting for an answer.'}
        pageSize={5}
        minWidth={520}
      />
      <Modal
        opened={cancelling !== null}
        onClose={() => setCancelling(null)}
        title="Cancel invitation"
        centered
      >
        <Stack gap="md">
          <Text size="sm">Are you sure you want to cancel the invitation?</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setCancelling(null)}>
              Keep it
            </Button>
            <Button color="red" onClick={handleConfirm} loading={cancel.isPending} data-autofocus>
              Cancel invitation
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
