import { roleLabels, type User } from '@carte/domain';
import { Avatar, Badge, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { sessionStore } from '../../api/session.ts';
import { storageKeys } from '../../api/storage-keys.ts';
import { usersApi } from '../../api/users.api.ts';
import { notifyFailure } from '../../ui/notify.ts';
import classes from './switch-account-modal.module.css';

interface SwitchAccountModalProps {
  opened: boolean;
  onClose: () => void;
  user: User;
}

/** Moves between linked accounts without a password (decisions §4, doc 2 §4 "Account switch"). */
export function SwitchAccountModal({ opened, onClose, user }: SwitchAccountModalProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const switchAccount = useMutation({
    mutationFn: (accountID: string) => {
      const refreshToken = sessionStore.get()?.refreshToken ?? '';
      return usersApi.switchAccount(accountID, refreshToken);
    },
    onSuccess: (session) => {
      // New tokens replace the old, the selected menu is cleared, then home (doc 1 §4).
      localStorage.removeItem(storageKeys.selectedMenu);
      queryClient.clear();
      sessionStore.signIn(session);
      onClose();
      navigate('/');
    },
    onError: (error) => {
      notifyFailure(error);
      onClose();
    },
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Switch account">
      <Stack gap="xs">
        <Text size="sm" c="dimmed" mb={4}>
          These accounts share your email address. Choose the one to continue with.
        </Text>
        {user.accounts.map((account) => {
          const current = account._id === user._id;
          const pending = switchAccount.isPending && switchAccount.variables === account._id;
          return (
            <UnstyledButton
              key={account._id}
              className={classes.account}
              data-current={current || undefined}
              disabled={current || switchAccount.isPending}
              onClick={() => switchAccount.mutate(account._id)}
              aria-current={current || undefined}
            >
              <Group wrap="nowrap" gap="md">
                <Avatar color="carte" radius="xl">
                  {account.username.slice(0, 2).toUpperCase()}
                </Avatar>
                <div className={classes.text}>
                  <Text fw={600} truncate>
                    {account.username}
                  </Text>
                  <Text size="sm" c="dimmed" truncate>
                    {account.restaurantName ?? 'No restaurant'}
                  </Text>
                </div>
                {current ? (
                  <Badge variant="light" color="teal" leftSection={<IconCheck size={12} />}>
                    Current
                  </Badge>
                ) : (
                  <Badge variant="light" color="gray">
                    {pending ? 'Switching…' : roleLabels[account.role]}
                  </Badge>
                )}
              </Group>
            </UnstyledButton>
          );
        })}
      </Stack>
    </Modal>
  );
}
