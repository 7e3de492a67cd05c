import { messages, updatePasswordSchema } from '@carte/domain';
import { Group, PasswordInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { isApiError } from '../../api/api-error.ts';
import { usersApi } from '../../api/users.api.ts';
import { useCaptcha } from '../../ui/captcha/use-captcha.tsx';
import { FormAlert } from '../../ui/form/form-alert.tsx';
import { schemaValidate, validateChangedOnBlur } from '../../ui/form/schema-validate.ts';
import { SubmitButton } from '../../ui/form/submit-button.tsx';
import { errorMessage, notifySuccess } from '../../ui/notify.ts';

const emptyValues = { current_password: '', new_password: '', confirm_new_password: '' };

/** Success on status 200; otherwise a red alert with the server's message (doc 2 §7). */
export function PasswordForm() {
  const captcha = useCaptcha('update_password');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: emptyValues,
    validate: schemaValidate(updatePasswordSchema),
    ...validateChangedOnBlur,
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const reCaptchaToken = await captcha.getToken();
      const answer = await usersApi.updatePassword({ ...values, reCaptchaToken });
      notifySuccess(typeof answer === 'string' && answer ? answer : messages.passwordUpdated);
      form.setValues(emptyValues);
      form.resetTouched();
    } catch (error) {
      if (!(isApiError(error) && error.notified)) setFormError(errorMessage(error));
    } finally {
      captcha.reset();
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('current_password')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('new_password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('confirm_new_password')}
          />
        </SimpleGrid>
        {!form.errors.new_password && (
          <Text size="xs" c="dimmed" mt={-8}>
            {messages.passwordHint}
          </Text>
        )}
        {captcha.field}
        <Group justify="flex-end">
          <SubmitButton form={form}>Update password</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
