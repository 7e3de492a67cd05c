import { isAdminRole, messages, type Role } from '@carte/domain';
import { Button, Center, EmptyState } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Words for each kind of user: staff and resellers reach a restaurant's pages by acting for it. */
function explanationFor(role: Role): { text: string; action: string } {
  if (isAdminRole(role))
    return {
      text: "This page belongs to a restaurant's workspace. To work on a restaurant's menus, open its owner from the admin area and act for them.",
      action: 'Back to the admin dashboard',
    };
  if (role === 'DMA')
    return {
      text: "This page belongs to a restaurant's workspace. Open one of your clients from your dashboard to act for them.",
      action: 'Back to your clients',
    };
  return {
    text: 'Your account does not have access to this page. Ask the restaurant owner if you need it.',
    action: 'Back to dashboard',
  };
}

/** A private route whose rule the user does not satisfy (doc 3 §6). */
export function PermissionDenied({ homePath = '/', role }: { homePath?: string; role: Role }) {
  const { text, action } = explanationFor(role);
  return (
    <Center mih="60vh" px="md">
      <EmptyState icon={<IconLock size={28} stroke={1.6} />} withIndicatorBackground>
        {/* The page's one heading (axe page-has-heading-one, issue 22). */}
        <EmptyState.Title order={1}>{messages.permissionDenied}</EmptyState.Title>
        <EmptyState.Description>{text}</EmptyState.Description>
        <EmptyState.Actions>
          <Button component={Link} to={homePath} variant="light">
            {action}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Center>
  );
}
