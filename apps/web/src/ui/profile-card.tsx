import { roleLabels, type User } from '@carte/domain';
import { Avatar, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { displayName, initials } from './initials.ts';

/** Who is signed in, with a link to the account screen of the area. */
export function ProfileCard({ user, accountPath }: { user: User; accountPath: string }) {
  const name = displayName(user);
  return (
    <Card>
      <Stack gap="md">
        <Group wrap="nowrap" gap="md">
          <Avatar color="carte" radius="xl" size={48}>
            {initials(user)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {name}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {user.email}
            </Text>
          </div>
        </Group>
        <Group gap="xs">
          <Badge variant="light">{roleLabels[user.role]}</Badge>
          <Badge variant="default" tt="none">
            @{user.username}
          </Badge>
        </Group>
        <Button
          component={Link}
          to={accountPath}
          variant="default"
          leftSection={<IconUserCircle size={16} />}
        >
          Account settings
        </Button>
      </Stack>
    </Card>
  );
}
