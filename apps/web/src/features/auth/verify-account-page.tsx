import { messages, verifyAndSetPasswordSchema } from '@carte/domain';
import { Button, Loader, PasswordInput, Stack, Text, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { queryKeys } from '../../api/query-keys.ts';
import { usersApi } from '../../api/users.api.ts';
import { FormAlert } from '../../ui/form/form-alert.tsx';
import { schemaValidate, validateChangedOnBlur } from '../../ui/form/schema-validate.ts';
import { applyServerError } from '../../ui/form/server-error.ts';
import { SubmitButton } from '../../ui/form/submit-button.tsx';
import { AuthCard } from './auth-card.tsx';

/** Redirect to /login this long after a successful verification (doc 1 §9). */
const REDIRECT_DELAY_MS = 2000;

/** /user-verify-account?token=…: loading, then invalid, password needed, or success (doc 1 §4). */
export function VerifyAccountPage() {
  const token = useSearchParams()[0].get('token');
  if (!token) return <Navigate to="/login" replace />;
  return <VerifyAccount token={token} />;
}

function VerifyAccount({ token }: { token: string }) {
  const [passwordSet, setPasswordSet] = useState(false);
  // A query, not an effect: the token is spent by the first call, and a query is made once even when
  // React mounts the page twice.
  const verification = useQuery({
    queryKey: queryKeys.users.emailVerification(token),
    queryFn: () => usersApi.verifyEmail(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

  if (verification.isPending) {
    return (
      <AuthCard title="Verifying your account">
        <Stack align="center" gap="sm" py="lg" role="status">
          <Loader />
          <Text size="sm" c="dimmed">
            One moment…
          </Text>
        </Stack>
      </AuthCard>
    );
  }
  if (verification.isError) return <InvalidLink />;
  const decoded = verification.data.decoded_token;
  if (decoded.require_enter_password && !passwordSet) {
    return <SetPasswordForm token={token} username={decoded.username} onDone={() => setPasswordSet(true)} />;
  }
  return <Verified />;
}

function InvalidLink() {
  return (
    <AuthCard
      title={
        <Stack align="center" gap="md" component="span">
          <ThemeIcon size={56} radius="xl" variant="light" color="gray" component="span">
            <IconLinkOff size={28} stroke={1.6} />
          </ThemeIcon>
          <span>Link not valid</span>
        </Stack>
      }
    >
      <Stack gap="lg" ta="center">
        <Text>{messages.verifyLinkInvalid}</Text>
        <Button component={Link} to="/login" size="md" fullWidth>
          Go to sign in
        </Button>
      </Stack>
    </AuthCard>
  );
}

function Verified() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/login', { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <AuthCard
      title={
        <Stack align="center" gap="md" component="span">
          <ThemeIcon size={56} radius="xl" variant="light" color="teal" component="span">
            <IconCircleCheck size={30} stroke={1.6} />
          </ThemeIcon>
          <span>Account verified</span>
        </Stack>
      }
    >
      <Stack gap="md" ta="center" role="status">
        <Text>{messages.accountVerified}</Text>
        <Text size="sm" c="dimmed">
          Taking you to sign in…
        </Text>
      </Stack>
    </AuthCard>
  );
}

function SetPasswordForm({
  token,
  username,
  onDone,
}: {
  token: string;
  username: string;
  onDone: () => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '', confirm_password: '' },
    validate: schemaValidate(verifyAndSetPasswordSchema, {
      toPayload: (values: { password: string; confirm_password: string }) => ({ ...values, token }),
    }),
    ...validateChangedOnBlur,
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await usersApi.verifyAndSetPassword({ token, ...values });
      onDone();
    } catch (error) {
      setFormError(
        applyServerError(form, error, [
          ['confirm', 'confirm_password'],
          ['password', 'password'],
        ]),
      );
    }
  });

  return (
    <AuthCard
      title="Choose your password"
      description={
        <>
          Your email is confirmed. Choose a password for <b>{username}</b> to finish.
        </>
      }
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            description="At least eight characters, with an uppercase letter, a lowercase letter and a number."
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            {...form.getInputProps('confirm_password')}
          />
          <SubmitButton form={form} fullWidth size="md">
            Verify account
          </SubmitButton>
        </Stack>
      </form>
    </AuthCard>
  );
}
