import { messages } from '@carte/domain';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconArrowBackUp, IconUserShield } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { returnToAdmin, useImpersonator } from '../../api/admin.api.ts';
import { useCurrentUser } from '../../api/session.ts';
import { notifyFailure } from '../../ui/notify.ts';

/**
 * Shown on every page while an admin acts as another account (doc 3 §2.2 "Login as"), or a reseller
 * as one of its clients (doc 3 §4, issue 14: "Acting as {client} — return to reseller"): who is being
 * acted as, and the way back to one's own session without signing in again.
 */
export function ActingBanner() {
  const impersonator = useImpersonator();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!impersonator) return null;
  const reseller = impersonator.role === 'DMA';

  const handleReturn = async () => {
    setBusy(true);
    try {
      await returnToAdmin();
      queryClient.clear();
      navigate(reseller ? '/dma/dashboard' : '/admin/dashboard', { replace: true });
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      role="status"
      radius="md"
      p="sm"
      mb="md"
      bg="yellow.1"
      c="dark.8"
      style={{ border: '1px solid var(--mantine-color-yellow-5)' }}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <IconUserShield size={20} aria-hidden />
          <Text size="sm" fw={600}>
            {messages.actingAs(user.username)}
            <Text span size="sm" fw={400}>
              {' '}
              — signed in by {impersonator.username}
            </Text>
          </Text>
        </Group>
        <Button
          size="compact-sm"
          color="dark"
          leftSection={<IconArrowBackUp size={16} />}
          onClick={handleReturn}
          loading={busy}
        >
          {reseller ? messages.returnToReseller : messages.returnToAdmin}
        </Button>
      </Group>
    </Paper>
  );
}
