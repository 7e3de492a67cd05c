import { messages, type User } from '@carte/domain';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/**
 * The "Subscribe required" dialog opened by 402 "Payment not setup!" when publishing (doc 1 §8):
 * agency clients are asked to contact their account manager by mail; owners are sent to /subscribe;
 * members, who cannot subscribe (/subscribe is for owners, doc 3 §6), are asked to tell the owner.
 */
export function openSubscribeRequired(user: User, navigate: (path: string) => void) {
  const id = 'subscribe-required';
  const close = () => modals.close(id);
  const isClient = user.role === 'DMA_CLIENT';
  const isOwner = user.role === 'RESTAURANT';
  modals.open({
    modalId: id,
    title: messages.subscribeRequiredTitle,
    children: (
      <Stack gap="md">
        <Text size="sm">{isClient ? messages.subscribeRequiredClient : messages.subscribeRequired}</Text>
        {isClient && user.dma_parent_email && (
          <Text size="sm">
            Your account manager:{' '}
            <Anchor href={`mailto:${user.dma_parent_email}?subject=${encodeURIComponent('INQUIRY')}`}>
              {user.dma_parent_email}
            </Anchor>
          </Text>
        )}
        {!isClient && !isOwner && (
          <Text size="sm" c="dimmed">
            Only the restaurant owner can subscribe. Ask them to set it up.
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {isOwner ? 'Not now' : 'Close'}
          </Button>
          {isOwner && (
            <Button
              onClick={() => {
                close();
                navigate('/subscribe');
              }}
            >
              Subscribe
            </Button>
          )}
        </Group>
      </Stack>
    ),
  });
}
