import { deleteAccountSchema, messages, type User } from '@carte/domain';
import { Button, Group, Modal, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { endSession } from '../../api/client.ts';
import { usersApi } from '../../api/users.api.ts';
import { FormAlert } from '../../ui/form/form-alert.tsx';
import { schemaValidate, validateChangedOnBlur } from '../../ui/form/schema-validate.ts';
import { applyServerError } from '../../ui/form/server-error.ts';
import { SubmitButton } from '../../ui/form/submit-button.tsx';
import { notifySuccess } from '../../ui/notify.ts';

/** Delete account with password confirmation (doc 2 §2, §5); the caller hides it for SUPER_ADMIN and DMA_CLIENT. */
export function DeleteAccountSection({ user }: { user: User }) {
  const [opened, modal] = useDisclosure(false);
  // SUPER_ADMIN gets no warning text (doc 2 §6).
  const showWarning = user.role !== 'SUPER_ADMIN';
  const ownsRestaurant = user.role === 'RESTAURANT';

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} style={{ borderColor: 'var(--mantine-color-red-2)' }}>
      <Group justify="space-between" align="center" gap="lg">
        <Stack gap={4} maw={480}>
          <Title order={2} fz="h3">
            Delete account
          </Title>
          {showWarning && (
            <Text size="sm" c="dimmed">
              {ownsRestaurant
                ? 'Your account, your restaurant, its menus and every image will be removed for good. Published menus stop working at once.'
                : 'Your account will be removed for good. This cannot be undone.'}
            </Text>
          )}
        </Stack>
        <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={modal.open}>
          Delete account
        </Button>
      </Group>
      <Modal opened={opened} onClose={modal.close} title="Delete your account?">
        {opened && <DeleteAccountForm onCancel={modal.close} showWarning={showWarning} />}
      </Modal>
    </Paper>
  );
}

function DeleteAccountForm({ onCancel, showWarning }: { onCancel: () => void; showWarning: boolean }) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '' },
    validate: schemaValidate(deleteAccountSchema),
    ...validateChangedOnBlur,
  });

  const handleSubmit = form.onSubmit(async ({ password }) => {
    setFormError(null);
    try {
      const answer = await usersApi.deleteAccount(password);
      notifySuccess(typeof answer === 'string' && answer ? answer : messages.accountDeleted);
      endSession();
    } catch (error) {
      setFormError(applyServerError(form, error, [['password', 'password']]));
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {showWarning && (
          <Text size="sm">
            This cannot be undone. Enter your password to confirm that you want to delete it.
          </Text>
        )}
        <FormAlert message={formError} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          data-autofocus
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <SubmitButton form={form} color="red">
            Delete account
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
