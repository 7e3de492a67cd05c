import { ADMIN_LOG_PAGE_SIZE, type AdminLog, messages } from '@carte/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconCopy, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi, adminKeys } from '../../api/admin.api.ts';
import { confirmDelete } from '../../ui/confirm.tsx';
import { CopyWithToast } from '../../ui/copy-with-toast.tsx';
import { formatDateTime } from '../../ui/dates.ts';
import { errorMessage, notifyFailure, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { ScrollBox } from './scroll-box.tsx';
import { StatusBadge } from './status-badge.tsx';

const PAGE_SIZE = ADMIN_LOG_PAGE_SIZE;
const statusOptions = [
  { value: '', label: 'Every status' },
  { value: '0', label: 'Client side (web app)' },
  ...[400, 401, 402, 403, 404, 412, 417, 429, 500, 502, 503].map((code) => ({
    value: String(code),
    label: String(code),
  })),
];

const statusColor = (code: number) =>
  code === 0 ? 'grape' : code >= 500 ? 'red' : code >= 400 ? 'orange' : 'gray';

/**
 * /admin/logs (doc 3 §2.2): the developer log — id with copy, time, message (or "Client side: No log
 * message found"), url, status code, method, username — filtered by status and route; delete selected.
 */
export function LogsPage() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('');
  const [route, setRoute] = useState('');
  const [debouncedRoute] = useDebouncedValue(route.trim(), 300);
  const [selected, setSelected] = useState<string[]>([]);
  const [deleting, setDeleting] = useState(false);
  // On a phone each entry is a card: eight columns do not fit 390 px.
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  const query = {
    page,
    per_page: PAGE_SIZE,
    status: status === '' ? undefined : Number(status),
    route: debouncedRoute || undefined,
  };
  const logs = useQuery({
    queryKey: adminKeys.logs(query),
    queryFn: ({ signal }) => adminApi.logs(query, signal),
    placeholderData: keepPreviousData,
  });
  const rows = logs.data?.data ?? [];
  const pages = logs.data?.total_pages ?? 1;
  const allOnPage = rows.length > 0 && rows.every((row) => selected.includes(row._id));

  const handleDelete = async () => {
    if (!(await confirmDelete(`${selected.length} log${selected.length === 1 ? '' : 's'}`))) return;
    setDeleting(true);
    try {
      notifySuccess(await adminApi.deleteLogs(selected));
      setSelected([]);
      // Deleting the last rows of a page moves to the previous page (doc 3 §4).
      if (rows.every((row) => selected.includes(row._id)) && page > 1) setPage(page - 1);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'logs'] });
    } catch (error) {
      notifyFailure(error);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Developer logs"
        description="Failed requests and the web app's own errors, newest first."
      />
      <Card padding="lg">
        <Group gap="sm" mb="md" wrap="wrap" justify="space-between">
          <Group gap="sm" wrap="wrap" style={{ flex: '1 1 320px' }}>
            <Select
              aria-label="Status code"
              data={statusOptions}
              value={status}
              onChange={(value) => {
                setStatus(value ?? '');
                setPage(1);
              }}
              allowDeselect={false}
              w={200}
            />
            <TextInput
              aria-label="Route"
              placeholder="Filter by route, e.g. /api/menus"
              value={route}
              onChange={(event) => {
                setRoute(event.currentTarget.value);
                setPage(1);
              }}
              style={{ flex: '1 1 200px', maxWidth: 320 }}
            />
          </Group>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            disabled={selected.length === 0}
            loading={deleting}
            onClick={handleDelete}
          >
            Delete selected ({selected.length})
          </Button>
        </Group>
        {logs.isError ? (
          <Alert color="red" title="Failed to load data">
            {errorMessage(logs.error)}
          </Alert>
        ) : logs.isPending ? (
          <Stack gap="xs">
            {[1, 2, 3].map((n) => (
              <Skeleton key={n} h={36} />
            ))}
          </Stack>
        ) : rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            No log entries{status || debouncedRoute ? ' match these filters' : ' yet'}.
          </Text>
        ) : compact ? (
          <Stack gap="xs">
            {rows.map((row) => (
              <LogCard
                key={row._id}
                row={row}
                checked={selected.includes(row._id)}
                onToggle={() =>
                  setSelected(
                    selected.includes(row._id)
                      ? selected.filter((id) => id !== row._id)
                      : [...selected, row._id],
                  )
                }
              />
            ))}
          </Stack>
        ) : (
          <ScrollBox minWidth={900} label="Log entries">
            <Table verticalSpacing="xs" striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label="Select every log of this page"
                      checked={allOnPage}
                      indeterminate={!allOnPage && rows.some((row) => selected.includes(row._id))}
                      onChange={() =>
                        setSelected(
                          allOnPage
                            ? selected.filter((id) => !rows.some((row) => row._id === id))
                            : [...new Set([...selected, ...rows.map((row) => row._id)])],
                        )
                      }
                    />
                  </Table.Th>
                  <Table.Th>Id</Table.Th>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Message</Table.Th>
                  <Table.Th>URL</Table.Th>
                  <Table.Th miw={88}>Status</Table.Th>
                  <Table.Th>Method</Table.Th>
                  <Table.Th>Username</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <LogRow
                    key={row._id}
                    row={row}
                    checked={selected.includes(row._id)}
                    onToggle={() =>
                      setSelected(
                        selected.includes(row._id)
                          ? selected.filter((id) => id !== row._id)
                          : [...selected, row._id],
                      )
                    }
                  />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollBox>
        )}
        {pages > 1 && (
          <Group justify="center" mt="md">
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          </Group>
        )}
      </Card>
    </Stack>
  );
}

function LogRow({ row, checked, onToggle }: { row: AdminLog; checked: boolean; onToggle: () => void }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Checkbox aria-label={`Select log ${row._id}`} checked={checked} onChange={onToggle} />
      </Table.Td>
      <Table.Td>
        <Group gap={2} wrap="nowrap">
          <Text size="xs" ff="monospace">
            {row._id.slice(-8)}
          </Text>
          <CopyWithToast value={row._id} failure={messages.logIdCopyFailed}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy id'}>
                <ActionIcon size="sm" variant="subtle" onClick={copy} aria-label={`Copy id ${row._id}`}>
                  {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyWithToast>
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="xs">{formatDateTime(row.createdAt)}</Text>
      </Table.Td>
      <Table.Td maw={280}>
        <Text size="sm" lineClamp={2}>
          {row.message || messages.clientLogNoMessage}
        </Text>
      </Table.Td>
      <Table.Td maw={240}>
        <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {row.url}
        </Text>
      </Table.Td>
      <Table.Td>
        <StatusBadge color={statusColor(row.status_code)}>
          {row.status_code === 0 ? 'client' : row.status_code}
        </StatusBadge>
      </Table.Td>
      <Table.Td>
        <Text size="xs" fw={600}>
          {row.method}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{row.user.username ?? '—'}</Text>
      </Table.Td>
    </Table.Tr>
  );
}

function LogCard({ row, checked, onToggle }: { row: AdminLog; checked: boolean; onToggle: () => void }) {
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" wrap="nowrap" gap="xs" mb={4}>
        <Group gap="xs" wrap="nowrap">
          <Checkbox aria-label={`Select log ${row._id}`} checked={checked} onChange={onToggle} />
          <StatusBadge color={statusColor(row.status_code)}>
            {row.status_code === 0 ? 'client' : row.status_code}
          </StatusBadge>
          <Text size="xs" fw={600}>
            {row.method}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {formatDateTime(row.createdAt)}
        </Text>
      </Group>
      <Text size="sm">{row.message || messages.clientLogNoMessage}</Text>
      <Text size="xs" ff="monospace" c="dimmed" style={{ wordBreak: 'break-all' }}>
        {row.url}
      </Text>
      <Group justify="space-between" gap="xs" mt={4}>
        <Text size="xs">{row.user.username ?? 'Signed out'}</Text>
        <CopyWithToast value={row._id} failure={messages.logIdCopyFailed}>
          {({ copied, copy }) => (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={copy}
              leftSection={copied ? <IconCheck size={12} /> : <IconCopy size={12} />}
            >
              {copied ? 'Copied' : `Copy id …${row._id.slice(-6)}`}
            </Button>
          )}
        </CopyWithToast>
      </Group>
    </Card>
  );
}
