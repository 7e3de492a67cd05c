import { findRouteRule, roleLabels, satisfies, type User } from '@carte/domain';
import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChevronDown, IconLogout, IconSwitchHorizontal, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useImpersonator } from '../../api/admin.api.ts';
import { displayName, initials } from '../../ui/initials.ts';
import { accountPathFor } from './account-path.ts';
import { useSignOut } from './use-sign-out.ts';
import classes from './user-menu.module.css';

interface UserMenuProps {
  user: User;
  onSwitchAccount: () => void;
  /** Phones show the avatar only. */
  compact: boolean;
}

export function UserMenu({ user, onSwitchAccount, compact }: UserMenuProps) {
  const signOut = useSignOut();
  // "Switch account" appears only with more than one linked account (doc 2 §4), and never while an
  // admin or a reseller acts as the user: only the way back ends that session (issue 20).
  const acting = useImpersonator() !== null;
  const canSwitch = user.accounts.length > 1 && !acting;
  const accountPath = accountPathFor(user.role);
  // A member without the restaurant or member permission has no account screen (doc 2 §6).
  const accountAllowed = satisfies(user.role, user.permissions, findRouteRule(accountPath)?.rule);

  const handleSignOut = () =>
    modals.openConfirmModal({
      title: 'Sign out',
      children: <Text size="sm">Are you sure you want to sign out of Carte?</Text>,
      labels: { confirm: 'Sign out', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => void signOut(),
    });

  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        {/* Named by what it shows plus its purpose (axe: the name must contain the visible text). */}
        <UnstyledButton className={classes.trigger}>
          <VisuallyHidden>Account menu</VisuallyHidden>
          <Group gap="xs" wrap="nowrap">
            <Avatar color="carte" radius="xl" size={34} aria-hidden>
              {initials(user)}
            </Avatar>
            {!compact && (
              <div className={classes.identity}>
                <Text size="sm" fw={600} lh={1.2} truncate>
                  {displayName(user)}
                </Text>
                <Text size="xs" c="dimmed" lh={1.2}>
                  {roleLabels[user.role]}
                </Text>
              </div>
            )}
            {!compact && <IconChevronDown size={14} stroke={1.8} />}
            <VisuallyHidden>Account menu</VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          Signed in as <b>{user.username}</b>
        </Menu.Label>
        <Menu.Item
          component={Link}
          to={accountPath}
          leftSection={<IconUserCircle size={16} />}
          disabled={!accountAllowed}
        >
          Account
        </Menu.Item>
        {canSwitch && (
          <Menu.Item leftSection={<IconSwitchHorizontal size={16} />} onClick={onSwitchAccount}>
            Switch account
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={handleSignOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
