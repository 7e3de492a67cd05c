import { messages } from '@carte/domain';
import { Button, Center, EmptyState } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';

/** A private route whose rule the user does not satisfy (doc 3 §6). */
export function PermissionDenied({ homePath = '/' }: { homePath?: string }) {
  return (
    <Center mih="60vh" px="md">
      <EmptyState
        icon={<IconLock size={28} stroke={1.6} />}
        withIndicatorBackground
        title={messages.permissionDenied}
        description="Your account does not have access to this page. Ask the restaurant owner if you need it."
      >
        <EmptyState.Actions>
          <Button component={Link} to={homePath} variant="light">
            Back to dashboard
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Center>
  );
}
