import { homePathFor, messages } from '@carte/domain';
import { Button, Center, EmptyState, Stack, Text, Title } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../api/session.ts';
import { BrandLogo } from '../ui/brand-logo.tsx';

const explanation = 'The page you are looking for does not exist or has moved.';

/**
 * Any unknown path (doc 3 §2.1). Signed in, it sits inside the app's shell (the router wraps it in
 * the layout), so the navigation stays at hand; signed out, it stands alone with the brand. The
 * specification's text says "404" once; no second, larger 404 beside it.
 */
export function NotFoundPage() {
  const session = useSession();
  if (session) {
    return (
      <Center mih="60vh" px="md">
        <EmptyState icon={<IconMapQuestion size={28} stroke={1.6} />} withIndicatorBackground>
          <EmptyState.Title order={1}>{messages.pageNotFound}</EmptyState.Title>
          <EmptyState.Description>
            {explanation} Pick a section in the menu, or go back to your home page.
          </EmptyState.Description>
          <EmptyState.Actions>
            <Button component={Link} to={homePathFor(session.user.role)} variant="light">
              Back to home
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Center>
    );
  }
  // Signed out there is no shell: the page is its own main landmark (axe region, issue 22).
  return (
    <Center component="main" mih="100vh" px="md">
      <Stack align="center" gap="lg" maw={420} ta="center">
        <BrandLogo size={36} />
        <Title order={1} fz="h2">
          {messages.pageNotFound}
        </Title>
        <Text c="dimmed">{explanation}</Text>
        <Button component={Link} to="/login" size="md">
          Go to sign in
        </Button>
      </Stack>
    </Center>
  );
}
