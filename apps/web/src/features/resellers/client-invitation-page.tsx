import { messages, PASSWORD_PATTERN } from '@carte/domain';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { clientInvitationQuery, type InvitationVerification, resellerApi } from '../../api/resellers.api.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { FormAlert } from '../../ui/form/form-alert.tsx';
import { IconTitle, InvalidLinkCard, MailedLinkPage } from '../../ui/mailed-link-page.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';

/**
 * /dma-client-verify-invitation?token=… (doc 3 §2.8, §4, §5): a reseller invited this restaurant.
 * The page names the reseller's company and the restaurant; Accept (with a new password, or the
 * password of the Carte account the address already holds when the server says `hasAccount`) or
 * Reject, both then /login. "Page url not valid." without a token, "The link
 * is not valid. Please try again or contact the support." for a bad one.
 */
export function ClientInvitationPage() {
  return (
    <MailedLinkPage
      query={clientInvitationQuery}
      loadingTitle="Opening your invitation"
      invalid={{ message: messages.invitationLinkInvalid, hint }}
      withoutToken={<InvalidLinkCard message={messages.pageUrlNotValid} hint={hint} />}
    >
      {(invitation, token) => <InvitationCard token={token} invitation={invitation} />}
    </MailedLinkPage>
  );
}

const hint = 'An invitation link works once and for 7 days. Ask your account manager to send a new one.';

function InvitationCard({ token, invitation }: { token: string; invitation: InvitationVerification }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'accept' | 'reject' | null>(null);
  const company = invitation.dma.company_name || 'A Carte reseller';
  const restaurant =
    invitation.restaurant.name || invitation.decoded.client.restaurant_name || 'your restaurant';

  const run = async (action: 'accept' | 'reject') => {
    setFailure(null);
    // The existing account's password is only required here; the server checks it (issue 20).
    const refused = invitation.hasAccount
      ? !password && messages.passwordRequired
      : !PASSWORD_PATTERN.test(password) && (password ? messages.passwordPattern : messages.passwordRequired);
    if (action === 'accept' && invitation.shouldEnterPassword && refused) {
      // Doc 3 §5: the pattern's message, and nothing is sent.
      setPasswordError(refused);
      notifyError(refused);
      return;
    }
    setBusy(action);
    try {
      if (action === 'accept') {
        await resellerApi.acceptInvitation(token, invitation.shouldEnterPassword ? { password } : {});
        notifySuccess(messages.invitationAccepted);
      } else {
        await resellerApi.rejectInvitation(token);
        notifySuccess(messages.invitationRejected);
      }
      navigate('/login', { replace: true });
    } catch (error) {
      setFailure(
        isApiError(error) && error.status >= 400 && error.status < 500
          ? error.message
          : messages.invitationFailed,
      );
    } finally {
      setBusy(null);
    }
  };

  return (
    <AuthCard
      width={520}
      title={
        <IconTitle icon={<IconBuildingStore size={28} stroke={1.6} />}>You are invited to Carte</IconTitle>
      }
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void run('accept');
        }}
      >
        <Stack gap="lg">
          <Text ta="center">
            <Text span fw={700}>
              {company}
            </Text>{' '}
            invites you to manage the menu of{' '}
            <Text span fw={700}>
              {restaurant}
            </Text>{' '}
            with Carte. {company} holds the licence and pays the subscription for you.
          </Text>
          <FormAlert message={failure} />
          {invitation.shouldEnterPassword && (
            <PasswordInput
              label={invitation.hasAccount ? 'Enter the password of your Carte account' : 'Choose a password'}
              description={
                invitation.hasAccount
                  ? 'This address already has a Carte account: its password links the new account to it.'
                  : messages.passwordHint
              }
              autoComplete={invitation.hasAccount ? 'current-password' : 'new-password'}
              withAsterisk
              value={password}
              error={passwordError}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                setPasswordError(null);
              }}
              data-autofocus
            />
          )}
          <Group grow gap="sm">
            <Button
              variant="default"
              size="md"
              onClick={() => void run('reject')}
              loading={busy === 'reject'}
              disabled={busy === 'accept'}
            >
              Reject
            </Button>
            <Button type="submit" size="md" loading={busy === 'accept'} disabled={busy === 'reject'}>
              Accept
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
