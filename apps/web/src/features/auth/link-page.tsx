import { Button, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AuthCard } from './auth-card.tsx';

/** A mailed link being read (an invitation, a transfer): the card with a spinner. */
export function LinkLoading({ title }: { title: string }) {
  return (
    <AuthCard title={title}>
      <Stack align="center" gap="sm" py="lg" role="status">
        <Loader />
        <Text size="sm" c="dimmed">
          One moment…
        </Text>
      </Stack>
    </AuthCard>
  );
}

/**
 * A mailed link that no longer works (used, expired, cancelled or bad): the specification's message,
 * a line on what to do, and the way to sign in.
 */
export function InvalidLinkCard({ message, hint }: { message: string; hint: ReactNode }) {
  return (
    <AuthCard
      title={
        <Stack align="center" gap="md" component="span">
          <ThemeIcon size={56} radius="xl" variant="light" color="gray" component="span">
            <IconLinkOff size={28} stroke={1.6} />
          </ThemeIcon>
          <span>Link not valid</span>
        </Stack>
      }
    >
      <Stack gap="lg" ta="center">
        <Text role="alert">{message}</Text>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
        <Button component={Link} to="/login" size="md" fullWidth>
          Go to sign in
        </Button>
      </Stack>
    </AuthCard>
  );
}
