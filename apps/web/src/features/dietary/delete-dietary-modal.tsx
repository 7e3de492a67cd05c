import { dietaryTypeLabels, messages } from '@carte/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDeleteDietary } from '../../api/dietary.api.ts';
import { notifyFailure, notifySuccess } from '../../ui/notify.ts';
import type { DietaryEntry } from './edit-dietary-modal.tsx';

/** Deletes one of the restaurant's own dietary entries, from the list and every dish (doc 2 §2). */
export function DeleteDietaryModal({
  entry,
  onClose,
  onDeleted,
}: {
  entry: DietaryEntry | null;
  onClose: () => void;
  onDeleted: (entry: DietaryEntry) => void;
}) {
  const remove = useDeleteDietary();

  const handleDelete = async () => {
    if (!entry) return;
    try {
      await remove.mutateAsync({ type: entry.type, name: entry.name });
      onDeleted(entry);
      notifySuccess(messages.dietaryDeleted);
      onClose();
    } catch (failure) {
      notifyFailure(failure);
    }
  };

  return (
    <Modal opened={entry !== null} onClose={onClose} title="Delete dietary" size="sm">
      <Stack gap="md">
        {entry && (
          <Text size="sm">
            Delete <b>{entry.name}</b> from your {dietaryTypeLabels[entry.type]} list? Every dish that uses it
            loses it too.
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={handleDelete} loading={remove.isPending} data-autofocus>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
