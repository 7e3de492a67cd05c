import { messages, resetPasswordSchema } from '@carte/domain';
import { Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { queryKeys } from '../../api/query-keys.ts';
import { usersApi } from '../../api/users.api.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { useCaptcha } from '../../ui/captcha/use-captcha.tsx';
import { FormAlert } from '../../ui/form/form-alert.tsx';
import { schemaValidate, validateChangedOnBlur } from '../../ui/form/schema-validate.ts';
import { applyServerError } from '../../ui/form/server-error.ts';
import { SubmitButton } from '../../ui/form/submit-button.tsx';
import { notifySuccess } from '../../ui/notify.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';

/** /reset-password?token=…: token check, then invalid link or the form, then /login (doc 1 §4). */
export function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token');
  if (!token) return <Navigate to="/login" replace />;
  return <ResetPassword token={token} />;
}

function ResetPassword({ token }: { token: string }) {
  const check = useQuery({
    queryKey: queryKeys.users.resetToken(token),
    queryFn: ({ signal }) => usersApi.checkResetToken(token, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (check.isPending) return <PageLoader />;
  if (check.isError) {
    return (
      <AuthCard title={messages.resetLinkInvalid}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Password reset links work once and for one hour. Ask for a new one and use it right away.
          </Text>
          <Button component={Link} to="/forgot-password" size="md" fullWidth>
            Send a new link
          </Button>
          <Button component={Link} to="/login" variant="subtle" color="gray" fullWidth>
            Back to sign in
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const captcha = useCaptcha('reset_password');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: schemaValidate(resetPasswordSchema),
    ...validateChangedOnBlur,
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const reCaptchaToken = await captcha.getToken();
      const answer = await usersApi.resetPassword(token, { ...values, reCaptchaToken });
      notifySuccess(typeof answer === 'string' && answer ? answer : messages.passwordReset);
      navigate('/login', { replace: true });
    } catch (error) {
      setFormError(
        applyServerError(form, error, [
          ['confirm', 'confirmPassword'],
          ['password', 'password'],
        ]),
      );
    } finally {
      captcha.reset();
    }
  });

  return (
    <AuthCard title="Choose a new password" description="You will sign in with it from now on.">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          <NewPasswordFields
            labels={['New password', 'Confirm new password']}
            password={form.getInputProps('password')}
            confirm={form.getInputProps('confirmPassword')}
          />
          {captcha.field}
          <SubmitButton form={form} fullWidth size="md">
            Save new password
          </SubmitButton>
        </Stack>
      </form>
    </AuthCard>
  );
}
