import { messages, type VerifyResult, verifyAndSetPasswordSchema } from '@carte/domain';
import { Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { queryKeys } from '../../api/query-keys.ts';
import { usersApi } from '../../api/users.api.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { schemaValidate, validateChangedOnBlur } from '../../ui/form/schema-validate.ts';
import { IconTitle, MailedLinkForm, MailedLinkPage } from '../../ui/mailed-link-page.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';

/** Redirect to /login this long after a successful verification (doc 1 §9). */
const REDIRECT_DELAY_MS = 2000;

/** /user-verify-account?token=…: loading, then invalid, password needed, or success (doc 1 §4). */
export function VerifyAccountPage() {
  return (
    <MailedLinkPage
      // A query, not an effect: the token is spent by the first call, and a query is made once even
      // when React mounts the page twice.
      query={(token) => ({
        queryKey: queryKeys.users.emailVerification(token),
        queryFn: () => usersApi.verifyEmail(token),
        staleTime: Number.POSITIVE_INFINITY,
        gcTime: Number.POSITIVE_INFINITY,
      })}
      loadingTitle="Verifying your account"
      invalid={{ message: messages.verifyLinkInvalid }}
      withoutToken={<Navigate to="/login" replace />}
    >
      {(verification, token) => <Verification token={token} decoded={verification.decoded_token} />}
    </MailedLinkPage>
  );
}

function Verification({ token, decoded }: { token: string; decoded: VerifyResult['decoded_token'] }) {
  const [passwordSet, setPasswordSet] = useState(false);
  if (decoded.require_enter_password && !passwordSet) {
    return <SetPasswordForm token={token} username={decoded.username} onDone={() => setPasswordSet(true)} />;
  }
  return <Verified />;
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
        <IconTitle icon={<IconCircleCheck size={30} stroke={1.6} />} color="teal">
          Account verified
        </IconTitle>
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

type PasswordValues = { password: string; confirm_password: string };

function SetPasswordForm({
  token,
  username,
  onDone,
}: {
  token: string;
  username: string;
  onDone: () => void;
}) {
  const form = useForm({
    initialValues: { password: '', confirm_password: '' },
    validate: schemaValidate(verifyAndSetPasswordSchema, {
      toPayload: (values: PasswordValues) => ({ ...values, token }),
    }),
    ...validateChangedOnBlur,
  });

  return (
    <MailedLinkForm
      form={form}
      submit={async (values) => {
        await usersApi.verifyAndSetPassword({ token, ...values });
        return undefined;
      }}
      onDone={onDone}
      serverFields={[
        ['confirm', 'confirm_password'],
        ['password', 'password'],
      ]}
      title="Choose your password"
      description={
        <>
          Your email is confirmed. Choose a password for <b>{username}</b> to finish.
        </>
      }
      width={440}
      submitLabel="Verify account"
    >
      <NewPasswordFields
        labels={['Password', 'Confirm password']}
        password={form.getInputProps('password')}
        confirm={form.getInputProps('confirm_password')}
      />
    </MailedLinkForm>
  );
}
