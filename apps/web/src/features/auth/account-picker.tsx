import { Avatar, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { AuthCard } from '../../ui/auth-card.tsx';
import classes from './account-picker.module.css';

interface AccountPickerProps {
  accounts: Array<{ username: string; restaurantName: string | null }>;
  onChoose: (username: string) => void;
  onCancel: () => void;
}

/** One email, several accounts (decisions §4): the user picks one and signs in with its username. */
export function AccountPicker({ accounts, onChoose, onCancel }: AccountPickerProps) {
  return (
    <AuthCard
      title="Choose an account"
      description="This email address is used by several accounts. Which one do you want to sign in to?"
    >
      <Stack gap="sm">
        <Stack gap="xs" role="list">
          {accounts.map((account) => (
            <UnstyledButton
              key={account.username}
              className={classes.account}
              onClick={() => onChoose(account.username)}
              role="listitem"
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
                <IconChevronRight size={18} className={classes.chevron} />
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
        <Button variant="subtle" color="gray" onClick={onCancel}>
          Back to sign in
        </Button>
      </Stack>
    </AuthCard>
  );
}
