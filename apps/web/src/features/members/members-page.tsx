import { type Member, memberSorts, messages, permissionKeys, permissionLabels } from '@carte/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
  useMantineTheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMailForward, IconUserPlus, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import {
  memberKeys,
  membersApi,
  useDeleteMembers,
  useMembers,
  useResendInvitation,
} from '../../api/members.api.ts';
import { useCurrentUser } from '../../api/session.ts';
import { confirmDelete } from '../../ui/confirm.tsx';
import { notifyFailure, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import {
  actionsColumn,
  PaginatedTable,
  type TableColumn,
  useRowSelection,
} from '../../ui/paginated-table.tsx';
import { countOf, DeleteSelectedButton, RowActions } from '../../ui/row-actions.tsx';
import { useSearchedBigList } from '../../ui/use-big-list.ts';
import { MemberFormModal } from './member-form-modal.tsx';

const fullName = (member: Member) =>
  [member.firstName, member.lastName].filter(Boolean).join(' ') || member.username || member.email;

function PermissionBadges({ member }: { member: Member }) {
  const held = permissionKeys.filter((key) => member.permissions[key]);
  if (held.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  }
  if (held.length === permissionKeys.length) {
    return (
      <Badge variant="filled" color="teal.9" size="sm">
        All permissions
      </Badge>
    );
  }
  return (
    <Group gap={4}>
      {held.map((key) => (
        <Badge key={key} variant="light" size="sm">
          {permissionLabels[key]}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * /members (doc 2 §2 Members, §4, §6): the team with first name, last name and permissions; the
 * owner also sees whether each member completed the invitation (Verified) and may resend it.
 * "Add member" and "Update member" open the same dialog; members are removed one by one or together.
 */
export function MembersPage() {
  const user = useCurrentUser();
  const isOwner = user.role === 'RESTAURANT' || user.role === 'DMA_CLIENT';
  const theme = useMantineTheme();
  const compact = useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 0.1px))`, false, {
    getInitialValueInEffect: false,
  });
  // A team past 500 members is read a page at a time from the server (issue 21).
  const query = useSearchedBigList({
    key: memberKeys.all,
    fetchPage: membersApi.page,
    sorts: memberSorts,
    sort: 'oldest',
    whole: useMembers,
    matches: () => true,
  });
  const members = query.rows;
  const remove = useDeleteMembers();
  const resend = useResendInvitation();
  const [resending, setResending] = useState<string | null>(null);
  // Kept while the dialog closes, so its title does not change during the animation.
  const [dialog, setDialog] = useState<{ opened: boolean; member: Member | null }>({
    opened: false,
    member: null,
  });
  const rows = useRowSelection(
    members,
    (member) => member._id,
    () => false,
  );
  const restaurantName = user.restaurants[0]?.name;

  const handleDelete = async (targets: Member[]) => {
    const what = targets.length === 1 ? fullName(targets[0]!) : countOf(targets.length, 'member', 'members');
    const confirmed = await confirmDelete(
      what,
      'They lose access at once: their next request is refused and they are signed out.',
    );
    if (!confirmed) return;
    try {
      const ids = targets.map((member) => member._id);
      notifySuccess(await remove.mutateAsync(ids));
      rows.forget(ids);
    } catch (error) {
      notifyFailure(error);
    }
  };

  const handleResend = async (member: Member) => {
    setResending(member._id);
    try {
      notifySuccess(await resend.mutateAsync(member._id));
    } catch (error) {
      notifyFailure(error);
    } finally {
      setResending(null);
    }
  };

  const columns: TableColumn<Member>[] = [
    {
      key: 'firstName',
      header: compact ? 'Member' : 'First name',
      render: (member) =>
        compact ? (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {fullName(member)}
            </Text>
            <PermissionBadges member={member} />
          </Stack>
        ) : (
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {member.firstName || '—'}
            </Text>
            <Text size="xs" c="dimmed" truncate maw={220}>
              {member.email}
            </Text>
          </Stack>
        ),
    },
    {
      key: 'lastName',
      header: 'Last name',
      hideWhenCompact: true,
      render: (member) => <Text size="sm">{member.lastName || '—'}</Text>,
    },
    {
      key: 'permissions',
      header: 'Permissions',
      hideWhenCompact: true,
      render: (member) => <PermissionBadges member={member} />,
    },
    ...(isOwner
      ? [
          {
            key: 'verified',
            header: 'Verified',
            width: compact ? 64 : 130,
            align: compact ? ('center' as const) : undefined,
            render: (member: Member) => (
              <Group gap={4} wrap={compact ? 'wrap' : 'nowrap'} justify={compact ? 'center' : undefined}>
                <Badge
                  variant={member.state === 'verified' ? 'filled' : 'light'}
                  color={member.state === 'verified' ? 'teal.9' : 'gray'}
                  size="sm"
                  aria-label={`Verified: ${member.state === 'verified' ? 'Yes' : 'No'}`}
                >
                  {member.state === 'verified' ? 'Yes' : 'No'}
                </Badge>
                {member.state === 'pending' && (
                  <Tooltip label="Resend invitation">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Resend invitation to ${fullName(member)}`}
                      loading={resending === member._id}
                      onClick={() => void handleResend(member)}
                    >
                      <IconMailForward size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            ),
          } satisfies TableColumn<Member>,
        ]
      : []),
    {
      ...actionsColumn((member: Member) => (
        <RowActions
          name={fullName(member)}
          onEdit={() => setDialog({ opened: true, member })}
          onDelete={() => void handleDelete([member])}
        />
      )),
      width: compact ? 72 : 96,
    },
  ];

  const addButton = (
    <Button
      leftSection={<IconUserPlus size={16} />}
      onClick={() => setDialog({ opened: true, member: null })}
    >
      Add member
    </Button>
  );

  return (
    <Stack gap="xl">
      <PageHeader
        title={query.count === undefined ? 'Members' : `Members (${query.count})`}
        description={
          restaurantName
            ? `The people who help run ${restaurantName}. Each one sees only what their permissions allow.`
            : 'The people who help run your restaurant. Each one sees only what their permissions allow.'
        }
        actions={addButton}
      />

      <Card component="section" aria-label="Team members">
        {query.isError ? (
          <Center mih={200}>
            <Stack align="center" gap="xs">
              <Text c="red.8" size="sm">
                {messages.membersLoadFailed}
              </Text>
              <Button variant="default" size="xs" onClick={query.refetch}>
                Try again
              </Button>
            </Stack>
          </Center>
        ) : query.loading ? (
          <Center mih={200}>
            <Loader aria-label="Loading members" />
          </Center>
        ) : members.length === 0 ? (
          <Stack align="center" gap="sm" py={48}>
            <ThemeIcon variant="light" color="gray" size={64} radius="xl">
              <IconUsersGroup size={32} stroke={1.5} />
            </ThemeIcon>
            <Text fw={600} size="lg" ta="center">
              {messages.membersEmpty}
            </Text>
            <Text size="sm" c="dimmed" ta="center" maw={400}>
              Invite a chef to look after dishes, or a manager to run the menus. They get an email to set up
              their account.
            </Text>
            {addButton}
          </Stack>
        ) : (
          <Stack gap="sm">
            {!compact && rows.ids.length > 0 && (
              <Group justify="flex-end">
                <DeleteSelectedButton
                  count={rows.ids.length}
                  loading={remove.isPending}
                  onClick={() => void handleDelete(members.filter((member) => rows.ids.includes(member._id)))}
                />
              </Group>
            )}
            <PaginatedTable
              rows={members}
              columns={columns}
              rowId={(member) => member._id}
              rowLabel={fullName}
              label="Members"
              // On a phone the check boxes would squeeze the names: members go one by one there.
              selection={compact ? undefined : rows.selection}
              minWidth={720}
              emptyMessage="No member on this page. Go back a page, or add one with “Add member”."
              {...query.paging}
            />
          </Stack>
        )}
      </Card>

      <MemberFormModal
        opened={dialog.opened}
        member={dialog.member}
        onClose={() => setDialog((current) => ({ ...current, opened: false }))}
      />
    </Stack>
  );
}
