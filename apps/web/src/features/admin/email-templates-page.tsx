import { type MailTemplateSummary, mailTemplateGroups } from '@carte/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { adminApi, adminKeys } from '../../api/admin.api.ts';
import { formatDateTime } from '../../ui/dates.ts';
import { errorMessage } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { ScrollBox } from './scroll-box.tsx';
import { StatusBadge } from './status-badge.tsx';

/**
 * /admin/email-templates (doc 3 §2.6): the templates by group, each with title, description and an
 * edit icon; below, the newest mails (the outbox when the server has no SMTP).
 */
export function EmailTemplatesPage() {
  const templates = useQuery({
    queryKey: adminKeys.templates,
    queryFn: ({ signal }) => adminApi.templates(signal),
  });
  return (
    <Stack gap="xl">
      <PageHeader title="Email templates" description="The text of every email Carte sends." />
      {templates.isError ? (
        <Alert color="red" title="Failed to load data">
          {errorMessage(templates.error)}
        </Alert>
      ) : templates.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {[1, 2, 3, 4].map((n) => (
            <Skeleton key={n} h={120} />
          ))}
        </SimpleGrid>
      ) : (
        mailTemplateGroups.map((group) => {
          const rows = templates.data.filter((row) => row.group === group);
          if (rows.length === 0) return null;
          return (
            <Stack key={group} gap="sm" component="section" aria-label={group}>
              <Title order={2} fz="lg">
                {group}
              </Title>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                {rows.map((row) => (
                  <TemplateCard key={row.name} template={row} />
                ))}
              </SimpleGrid>
            </Stack>
          );
        })
      )}
      <Outbox />
    </Stack>
  );
}

function TemplateCard({ template }: { template: MailTemplateSummary }) {
  const to = `/admin/edit-email-template?template=${encodeURIComponent(template.name)}`;
  return (
    <Card padding="md" h="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text fw={600}>{template.title}</Text>
          <Text size="xs" c="dimmed" ff="monospace" mb={6}>
            {template.name}
          </Text>
          <Text size="sm" c="dimmed">
            {template.description}
          </Text>
        </div>
        <Tooltip label={`Edit ${template.title}`}>
          <ActionIcon
            component={Link}
            to={to}
            variant="light"
            size="lg"
            aria-label={`Edit ${template.title}`}
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Card>
  );
}

function Outbox() {
  const outbox = useQuery({ queryKey: adminKeys.outbox, queryFn: ({ signal }) => adminApi.outbox(signal) });
  const rows = (outbox.data ?? []).slice(0, 20);
  return (
    <Card padding="lg" component="section" aria-label="Recent emails">
      <Group gap="xs" mb="sm">
        <Title order={2} fz="lg">
          Recent emails
        </Title>
        <Badge variant="light">{outbox.data?.length ?? '…'}</Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Without an SMTP server, emails are kept here (status “outbox”) and their links are printed to the
        server log.
      </Text>
      {outbox.isPending ? (
        <Skeleton h={80} />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No emails yet.
        </Text>
      ) : (
        <ScrollBox minWidth={640} label="Recent emails table">
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th>Subject</Table.Th>
                <Table.Th>Template</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row._id}>
                  <Table.Td>{formatDateTime(row.createdAt)}</Table.Td>
                  <Table.Td>{row.to}</Table.Td>
                  <Table.Td>{row.subject}</Table.Td>
                  <Table.Td ff="monospace" fz="xs">
                    {row.template}
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge
                      color={row.status === 'failed' ? 'red' : row.status === 'sent' ? 'teal' : 'gray'}
                    >
                      {row.status}
                    </StatusBadge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollBox>
      )}
    </Card>
  );
}
