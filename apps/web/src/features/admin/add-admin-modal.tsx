import { adminCreateSchema, messages } from '@carte/domain';
import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { adminApi, useAdminMutation } from '../../api/admin.api.ts';
import { FormAlert } from '../../ui/form/form-alert.tsx';
import { schemaValidate, validateChangedOnBlur } from '../../ui/form/schema-validate.ts';
import { applyServerError } from '../../ui/form/server-error.ts';
import { SubmitButton } from '../../ui/form/submit-button.tsx';
import { notifySuccess } from '../../ui/notify.ts';

/** "Add admin" (super admin only, doc 3 §2.2): names and email; the `admin-created` mail follows. */
export function AddAdminModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add admin" size="md" centered>
      {opened && <AddAdminForm onClose={onClose} />}
    </Modal>
  );
}

function AddAdminForm({ onClose }: { onClose: () => void }) {
  const create = useAdminMutation(adminApi.createAdmin);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { firstName: '', lastName: '', email: '' },
    validate: schemaValidate(adminCreateSchema),
    ...validateChangedOnBlur,
  });
  const handleSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await create.mutateAsync(values);
      notifySuccess(messages.adminCreated);
      onClose();
    } catch (error) {
      setFormError(applyServerError(form, error, [['email', 'email']]));
    }
  });
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The new admin receives a link, valid for 7 days, to choose a username and a password.
        </Text>
        <FormAlert message={formError} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="First name" data-autofocus {...form.getInputProps('firstName')} />
          <TextInput label="Last name" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label="Email" type="email" withAsterisk {...form.getInputProps('email')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton form={form}>Add admin</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
