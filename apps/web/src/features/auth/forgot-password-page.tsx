import { emailRequestSchema } from '@carte/domain';
import { Anchor, Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usersApi } from '../../api/users.api.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { useCaptcha } from '../../ui/captcha/use-captcha.tsx';
import { FormAlert } from '../../ui/form/form-alert.tsx';
import { schemaValidate, validateChangedOnBlur } from '../../ui/form/schema-validate.ts';
import { applyServerError } from '../../ui/form/server-error.ts';
import { SubmitButton } from '../../ui/form/submit-button.tsx';

type Mode = 'password' | 'username';

const copy: Record<Mode, { title: string; description: string; submit: string }> = {
  password: {
    title: 'Reset your password',
    description:
      'Enter the email address of your account and we will send you a link to choose a new password.',
    submit: 'Send reset link',
  },
  username: {
    title: 'Forgot your username?',
    description: 'Enter the email address of your account and we will send you your username.',
    submit: 'Send my username',
  },
};

/** /forgot-password: a reset link, or (second mode) a username reminder; both show the server's answer. */
export function ForgotPasswordPage() {
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'username' ? 'username' : 'password';
  const captcha = useCaptcha(mode === 'password' ? 'request_new_password' : 'forgot_username');
  const [result, setResult] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);

  const form = useForm({
    initialValues: { email: '' },
    validate: schemaValidate(emailRequestSchema),
    ...validateChangedOnBlur,
  });

  const handleModeChange = (next: string) => {
    setParams(next === 'username' ? { mode: 'username' } : {}, { replace: true });
    setResult(null);
    form.clearErrors();
  };

  const handleSubmit = form.onSubmit(async ({ email }) => {
    setResult(null);
    try {
      const reCaptchaToken = await captcha.getToken();
      const message =
        mode === 'password'
          ? await usersApi.requestNewPassword(email.trim(), reCaptchaToken)
          : await usersApi.forgotUsername(email.trim(), reCaptchaToken);
      setResult({ tone: 'success', message });
    } catch (error) {
      const message = applyServerError(form, error, [['email', 'email']]);
      if (message) setResult({ tone: 'error', message });
    } finally {
      captcha.reset();
    }
  });

  const text = copy[mode];
  return (
    <AuthCard
      title={text.title}
      description={text.description}
      footer={
        <Anchor component={Link} to="/login" size="sm" fw={600}>
          <Group gap={6} component="span" justify="center">
            <IconArrowLeft size={16} />
            Back to sign in
          </Group>
        </Anchor>
      }
    >
      <Stack gap="md">
        <SegmentedControl
          fullWidth
          aria-label="What did you forget?"
          value={mode}
          onChange={handleModeChange}
          data={[
            { value: 'password', label: 'Password' },
            { value: 'username', label: 'Username' },
          ]}
        />
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="md">
            <FormAlert message={result?.message ?? null} tone={result?.tone} />
            <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
            {captcha.field}
            <SubmitButton form={form} fullWidth size="md">
              {text.submit}
            </SubmitButton>
          </Stack>
        </form>
      </Stack>
    </AuthCard>
  );
}
