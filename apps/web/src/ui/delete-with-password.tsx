import { messages } from '@carte/domain';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage, notifySuccess } from './notify.ts';

/**
 * The delete confirmation of the admin tables and the reseller's client (doc 3 §2.2, §2.4, §5): the admin's own password, "Password is
 * required" when left empty; the server's message otherwise.
 */
export function DeleteWithPasswordModal({
  target,
  onClose,
  onDelete,
}: {
  /** What is being deleted ("the user annlee"); null closes the dialog. */
  target: { id: string; label: string } | null;
  onClose: () => void;
  onDelete: (input: { _id: string; password: string }) => Promise<string>;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };
  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!target) return;
    if (!password) {
      setError(messages.adminPasswordRequired);
      return;
    }
    setBusy(true);
    try {
      notifySuccess(await onDelete({ _id: target.id, password }));
      close();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={target !== null} onClose={close} title={`Delete ${target?.label ?? ''}?`} centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            This cannot be undone. For your security, enter your password to confirm.
          </Text>
          <PasswordInput
            label="Your password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={busy}>
              Delete
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
