import { type DietaryLists, type DietaryType, dietaryTypeLabels, messages } from '@carte/domain';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isApiError } from '../../api/api-error.ts';
import { useUpdateDietary } from '../../api/dietary.api.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';

const key = (value: string) => value.trim().toLowerCase();

export interface DietaryEntry {
  type: DietaryType;
  name: string;
}

/**
 * Renames one of the restaurant's own dietary entries, here and in every dish (doc 2 §2 "edit
 * dietary"): "Dietary cannot be empty", "Dietary already exists." (trimmed, case-insensitive,
 * against the platform's and the restaurant's lists).
 */
export function EditDietaryModal({
  entry,
  lists,
  dishId,
  onClose,
  onRenamed,
}: {
  entry: DietaryEntry | null;
  lists: { admin: DietaryLists; own: DietaryLists } | undefined;
  dishId?: string | null;
  onClose: () => void;
  onRenamed: (entry: DietaryEntry, name: string) => void;
}) {
  const update = useUpdateDietary();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!entry) return;
    setName(entry.name);
    setError(null);
  }, [entry]);

  const problem = (value: string): string | null => {
    if (!entry) return null;
    if (!value.trim()) return messages.dietaryRequired;
    const taken = [...(lists?.admin[entry.type] ?? []), ...(lists?.own[entry.type] ?? [])].some(
      (item) => key(item) === key(value) && key(item) !== key(entry.name),
    );
    return taken ? messages.dietaryExists : null;
  };

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    // The dialog sits inside the dish form in React's tree: its submit must not reach that form.
    event.stopPropagation();
    if (!entry) return;
    const found = problem(name);
    setError(found);
    if (found) return;
    if (name.trim() === entry.name) {
      onClose();
      return;
    }
    try {
      await update.mutateAsync({
        name: name.trim(),
        type: entry.type,
        defaultValue: entry.name,
        dish_id: dishId ?? null,
      });
      onRenamed(entry, name.trim());
      notifySuccess(messages.dietaryUpdated);
      onClose();
    } catch (failure) {
      if (isApiError(failure) && failure.notified) return;
      if (isApiError(failure) && failure.status === 400) setError(failure.message);
      else notifyError(messages.dietaryFailed);
    }
  };

  return (
    <Modal opened={entry !== null} onClose={onClose} title="Edit dietary" size="sm">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {entry && (
            <Text size="sm" c="dimmed">
              Renames it in your {dietaryTypeLabels[entry.type]} list and in every dish that uses it.
            </Text>
          )}
          <TextInput
            label="Name"
            withAsterisk
            data-autofocus
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              if (error) setError(problem(event.currentTarget.value));
            }}
            onBlur={() => setError(problem(name))}
            error={error}
            maxLength={60}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending} disabled={error !== null}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
