import { type AdminDma, messages, type PendingDma } from '@carte/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconLicense, IconLogin2, IconTrash, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminKeys } from '../../api/admin.api.ts';
import { resellerApi, useAdminDmas, useAdminPendingDmas } from '../../api/resellers.api.ts';
import { useCaptcha } from '../../ui/captcha/use-captcha.tsx';
import { formatDate } from '../../ui/dates.ts';
import { DeleteWithPasswordModal } from '../../ui/delete-with-password.tsx';
import { errorMessage, notifyFailure, notifySuccess } from '../../ui/notify.ts';
import { actionsColumn, PaginatedTable, type TableColumn } from '../../ui/paginated-table.tsx';
import { matchesSearch } from '../../ui/search-input.tsx';
import { SectionCard } from './section-card.tsx';

/** Reloads every admin list (the DMA lists and the statistics' counts live under the admin keys). */
function useReloadAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
}

/**
 * The DMA-S table (doc 3 §2.2): email, first name, last name, username, View licenses, Login as,
 * delete (the admin's password; the reseller receives `dma-deleted`).
 */
export function DmaSection({ onLoginAs }: { onLoginAs: (userId: string) => Promise<void> }) {
  const dmas = useAdminDmas();
  const reload = useReloadAdmin();
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<{ id: string; label: string } | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [acting, setActing] = useState<string | null>(null);
  const rows = (dmas.data ?? []).filter((row) =>
    matchesSearch(search, row.email, row.firstName, row.lastName, row.username, row.company_name),
  );
  const viewed = dmas.data?.find((row) => row._id === viewing) ?? null;

  const licencesButton = (row: AdminDma) => (
    <Button
      size="compact-sm"
      variant="subtle"
      px={4}
      leftSection={<IconLicense size={14} />}
      onClick={() => setViewing(row._id)}
      aria-label={`View licenses of ${row.username}`}
    >
      View licenses ({row.clients.length})
    </Button>
  );

  const columns: TableColumn<AdminDma>[] = [
    {
      key: 'email',
      header: 'Email',
      render: (row, { compact }) => (
        <div>
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            {row.email}
          </Text>
          <Text size="xs" c="dimmed">
            {compact ? `${row.username} · ` : ''}
            {row.company_name}
          </Text>
          {compact && licencesButton(row)}
        </div>
      ),
    },
    { key: 'firstName', header: 'First name', hideWhenCompact: true, render: (row) => row.firstName || '—' },
    { key: 'lastName', header: 'Last name', hideWhenCompact: true, render: (row) => row.lastName || '—' },
    { key: 'username', header: 'Username', hideWhenCompact: true, render: (row) => row.username },
    { key: 'licences', header: 'Licenses', hideWhenCompact: true, render: (row) => licencesButton(row) },
    {
      ...actionsColumn((row: AdminDma) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={`Login as ${row.username}`}>
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconLogin2 size={14} />}
              loading={acting === row._id}
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
              onClick={() => setDeleting({ id: row._id, label: `the reseller ${row.username}` })}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      )),
      width: 150,
    },
  ];

  return (
    <SectionCard title="DMA-S" count={dmas.data?.length} search={search} onSearch={setSearch}>
      <PaginatedTable
        label="DMA-S"
        rows={rows}
        columns={columns}
        rowId={(row) => row._id}
        loading={dmas.isPending}
        emptyMessage={
          dmas.isError
            ? messages.failedToLoadData
            : search
              ? 'No reseller matches the search.'
              : 'No resellers yet.'
        }
        minWidth={860}
      />
      <DeleteWithPasswordModal
        target={deleting}
        onClose={() => setDeleting(null)}
        onDelete={async (input) => {
          const message = await resellerApi.adminDeleteDma(input);
          await reload();
          return message;
        }}
      />
      <LicencesModal dma={viewed} onClose={() => setViewing(null)} onChanged={reload} />
    </SectionCard>
  );
}

/** "View licenses": the reseller's clients, each removable with the admin's password (doc 3 §5). */
function LicencesModal({
  dma,
  onClose,
  onChanged,
}: {
  dma: AdminDma | null;
  onClose: () => void;
  onChanged: () => Promise<void>;
}) {
  const [removing, setRemoving] = useState<{ id: string; label: string } | null>(null);
  return (
    <Modal
      opened={dma !== null}
      onClose={onClose}
      title={`Licenses of ${dma?.username ?? ''}`}
      size="lg"
      centered
    >
      {dma && dma.clients.length === 0 ? (
        <Text c="dimmed" size="sm" py="md" ta="center">
          {messages.noLicenses}
        </Text>
      ) : (
        <Stack gap={0}>
          {dma?.clients.map((client) => (
            <Group
              key={client._id}
              justify="space-between"
              wrap="nowrap"
              py="xs"
              style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
            >
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {client.restaurants.map((restaurant) => restaurant.name).join(', ') || client.username}
                </Text>
                <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                  {client.username} · {client.email} · {client.state ? 'Verified' : 'Not verified'}
                </Text>
              </div>
              <Tooltip label={`Remove the licence of ${client.username}`}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove the licence of ${client.username}`}
                  onClick={() => setRemoving({ id: client._id, label: `the client ${client.username}` })}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
        </Stack>
      )}
      <DeleteWithPasswordModal
        target={removing}
        onClose={() => setRemoving(null)}
        onDelete={async ({ _id, password }) => {
          if (!dma) return '';
          const message = await resellerApi.adminDeleteDmaClient({
            dma_id: dma._id,
            client_id: _id,
            password,
          });
          await onChanged();
          return message;
        }}
      />
    </Modal>
  );
}

/** Pending DMA-S (doc 3 §2.2): shown only when any; each invitation can be cancelled. */
export function PendingDmaSection() {
  const pending = useAdminPendingDmas();
  const reload = useReloadAdmin();
  const [busy, setBusy] = useState<string | null>(null);
  const rows = pending.data ?? [];
  if (rows.length === 0) return null;

  const handleCancel = async (row: PendingDma) => {
    setBusy(row.token);
    try {
      notifySuccess(await resellerApi.adminCancelDmaInvitation(row.token));
      await reload();
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(null);
    }
  };

  const columns: TableColumn<PendingDma>[] = [
    {
      key: 'email',
      header: 'Email',
      render: (row) => (
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {row.data.email}
        </Text>
      ),
    },
    { key: 'added', header: 'Invited by', hideWhenCompact: true, render: (row) => row.data.added_by },
    {
      key: 'expires',
      header: 'Expires',
      hideWhenCompact: true,
      render: (row) => formatDate(row.expiresAt),
    },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      render: (row) => (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          leftSection={<IconX size={14} />}
          loading={busy === row.token}
          onClick={() => handleCancel(row)}
          aria-label={`Cancel the invitation of ${row.data.email}`}
        >
          Cancel
        </Button>
      ),
    },
  ];

  return (
    <Card padding="lg" component="section" aria-labelledby="pending-dma-title">
      <Group gap="xs" mb="md">
        <Title order={2} fz="lg" id="pending-dma-title">
          Pending DMA-S
        </Title>
        <Badge variant="light">{rows.length}</Badge>
      </Group>
      <PaginatedTable
        label="Pending DMA-S"
        rows={rows}
        columns={columns}
        rowId={(row) => row._id}
        minWidth={520}
        emptyMessage="No invitation is waiting. “Add DMA” mails a reseller the registration link."
      />
    </Card>
  );
}

/** "Add DMA" (doc 3 §2.2): mails the reseller registration link (`dma-register`, 7 days). */
export function AddDmaModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const reload = useReloadAdmin();
  const captcha = useCaptcha('dma_register_link');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setEmail('');
    setError(null);
    onClose();
  };
  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim()) {
      setError(messages.emailRequired);
      return;
    }
    setBusy(true);
    try {
      notifySuccess(await resellerApi.adminSendRegisterLink(email.trim(), await captcha.getToken()));
      await reload();
      close();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      captcha.reset();
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title="Add DMA" centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            The reseller receives a registration link by email. It works for 7 days.
          </Text>
          <TextInput
            label="Email"
            type="email"
            withAsterisk
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={error}
            data-autofocus
          />
          {captcha.field}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Send registration link
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
