import { messages } from '@carte/domain';
import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { AuthCard } from '../../ui/auth-card.tsx';

interface NoticeState {
  email?: string;
  message?: string;
}

/** After registering or resending: the link in the mail confirms the account within 24 hours (doc 2 §9). */
export function EmailConfirmationNotice() {
  const state = (useLocation().state ?? {}) as NoticeState;
  return (
    <AuthCard
      title={
        <Stack gap="md" align="center" component="span">
          <ThemeIcon size={64} radius="xl" variant="light" component="span">
            <IconMailCheck size={32} stroke={1.6} />
          </ThemeIcon>
          <Title order={1} fz="inherit" component="span">
            Check your email
          </Title>
        </Stack>
      }
    >
      <Stack gap="lg" ta="center">
        <Text>{state.message || messages.verificationSent}</Text>
        {state.email && (
          <Text size="sm" c="dimmed">
            We sent it to <b>{state.email}</b>.
          </Text>
        )}
        <Text size="sm" c="dimmed">
          The link is valid for 24 hours. If you cannot find the email, look in your spam folder.
        </Text>
        <Button component={Link} to="/login" size="md" fullWidth>
          Back to sign in
        </Button>
      </Stack>
    </AuthCard>
  );
}
