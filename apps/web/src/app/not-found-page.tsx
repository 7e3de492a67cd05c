import { homePathFor, messages } from '@carte/domain';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../api/session.ts';
import { BrandLogo } from '../ui/brand-logo.tsx';

/** Any unknown path (doc 3 §2.1). */
export function NotFoundPage() {
  const session = useSession();
  const home = session ? homePathFor(session.user.role) : '/login';
  return (
    <Center mih="100vh" px="md">
      <Stack align="center" gap="lg" maw={420} ta="center">
        <BrandLogo size={36} />
        <Text fz={72} fw={800} lh={1} c="carte.6" aria-hidden="true">
          404
        </Text>
        <Title order={1} fz="h2">
          {messages.pageNotFound}
        </Title>
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        <Button component={Link} to={home} size="md">
          {session ? 'Back to home' : 'Go to sign in'}
        </Button>
      </Stack>
    </Center>
  );
}
