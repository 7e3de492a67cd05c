import { homePathFor, type LoginResult, loginSchema, messages } from '@carte/domain';
import { Alert, Anchor, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconClockHour4, IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { afterSignInPath, sessionEnding, sessionStore } from '../../api/session.ts';
import { usersApi } from '../../api/users.api.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { useCaptcha } from '../../ui/captcha/use-captcha.tsx';
import { FormAlert } from '../../ui/form/form-alert.tsx';
import { schemaValidate, validateChangedOnBlur } from '../../ui/form/schema-validate.ts';
import { SubmitButton } from '../../ui/form/submit-button.tsx';
import { errorMessage, notifyFailure } from '../../ui/notify.ts';
import { AccountPicker } from './account-picker.tsx';

type MultipleAccounts = Extract<LoginResult, { multipleAccounts: unknown }>['multipleAccounts'];
type Unverified = Extract<LoginResult, { account_unverified: true }>;

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // The server ended this page's session (issue 11 §9): say so, and lead back after signing in.
  const sessionEnded = sessionEnding()?.reason === 'expired';
  const captcha = useCaptcha('login');
  const passwordRef = useRef<HTMLInputElement>(null);
  const [accounts, setAccounts] = useState<MultipleAccounts | null>(null);
  const [chosenAccount, setChosenAccount] = useState<string | null>(null);
  const [unverified, setUnverified] = useState<Unverified | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: schemaValidate(loginSchema),
    ...validateChangedOnBlur,
  });

  const resend = useMutation({
    mutationFn: (token: string) => usersApi.resendVerification(token),
    onSuccess: () =>
      navigate('/register?email_confirmation_sent=true', {
        state: { email: unverified?.email, message: messages.verificationResent },
      }),
    onError: notifyFailure,
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setUnverified(null);
    setFormError(null);
    try {
      const reCaptchaToken = await captcha.getToken();
      const result = await usersApi.login({ ...values, reCaptchaToken });
      // The four outcomes of doc 2 §4.
      if ('accessToken' in result) {
        sessionStore.signIn(result);
        navigate(afterSignInPath(location.state, homePathFor(result.user.role)), { replace: true });
      } else if ('multipleAccounts' in result) {
        setAccounts(result.multipleAccounts);
      } else {
        setUnverified(result);
      }
    } catch (error) {
      // A failed sign-in is shown under the username field (doc 2 §4); a failed anti-bot check above.
      if (!isApiError(error)) setFormError(errorMessage(error));
      else if (!error.notified) form.setFieldError('username', error.message);
    } finally {
      captcha.reset();
    }
  });

  if (accounts) {
    return (
      <AccountPicker
        accounts={accounts}
        onChoose={(username) => {
          form.setFieldValue('username', username);
          setChosenAccount(username);
          setAccounts(null);
          // Back on the form, the password is the only thing left to confirm.
          requestAnimationFrame(() => passwordRef.current?.focus());
        }}
        onCancel={() => setAccounts(null)}
      />
    );
  }

  return (
    <AuthCard
      title="Welcome back"
      description="Sign in to manage your menus."
      footer={
        <>
          New to Carte?{' '}
          <Anchor component={Link} to="/register" fw={600}>
            Create an account
          </Anchor>
        </>
      }
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {chosenAccount && !unverified && (
            <Alert color="blue" variant="light">
              Signing in as <b>{chosenAccount}</b>. Enter the password of this account.
            </Alert>
          )}
          {sessionEnded && !chosenAccount && !unverified && (
            <Alert color="blue" variant="light" icon={<IconClockHour4 size={18} />} role="status">
              {messages.sessionEnded}
            </Alert>
          )}
          <FormAlert message={formError} />
          {unverified && (
            <Alert color="yellow" variant="light" title="Confirm your email address" role="alert">
              <Stack gap={6}>
                <Text size="sm">{messages.accountUnverified}</Text>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  fw={600}
                  onClick={() => resend.mutate(unverified.token)}
                  disabled={resend.isPending}
                >
                  <Group gap={6} component="span">
                    <IconMailForward size={16} />
                    {resend.isPending ? 'Sending…' : 'Resend confirmation email'}
                  </Group>
                </Anchor>
              </Stack>
            </Alert>
          )}
          <TextInput
            label="Username or email"
            autoComplete="username"
            autoFocus
            {...form.getInputProps('username')}
          />
          <Stack gap={6}>
            <PasswordInput
              ref={passwordRef}
              label="Password"
              autoComplete="current-password"
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end">
              <Anchor component={Link} to="/forgot-password" size="sm">
                Forgot your password?
              </Anchor>
            </Group>
          </Stack>
          {captcha.field}
          <SubmitButton form={form} fullWidth size="md">
            Sign in
          </SubmitButton>
        </Stack>
      </form>
    </AuthCard>
  );
}
