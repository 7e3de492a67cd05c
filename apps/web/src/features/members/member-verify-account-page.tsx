import { homePathFor, type MemberInvitation, memberCompleteSchema, messages } from '@carte/domain';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useImpersonator } from '../../api/admin.api.ts';
import { memberInvitationQuery, membersApi, useAcceptInvitation } from '../../api/members.api.ts';
import { type LoginState, type Session, useSession } from '../../api/session.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { FormAlert } from '../../ui/form/form-alert.tsx';
import { MailedLinkPage } from '../../ui/mailed-link-page.tsx';
import { errorMessage, notifySuccess } from '../../ui/notify.ts';
import {
  NewAccountLinkForm,
  type NewAccountValues,
  newAccountPayload,
  useNewAccountForm,
} from '../auth/index.ts';

/**
 * /member-verify-account?token=… (doc 2 §2 Members, §4 "Member token page"): loading, then the
 * invalid-link notice (already completed, expired or bad link), then:
 * - signed out: the form that completes a new account, and the way to sign in and accept with an
 *   account the person already has under the invited address;
 * - signed in: "Join {restaurant}", which makes the invitation a new account linked to the signed-in
 *   person (POST /members/accept; DESIGN: nobody gains an account they did not accept), or a
 *   separate account with the form.
 */
export function MemberVerifyAccountPage() {
  const session = useSession();
  return (
    <MailedLinkPage
      query={memberInvitationQuery}
      loadingTitle="Opening your invitation"
      invalid={invalidLink}
    >
      {(invitation, token) =>
        session ? (
          <SignedInInvitation token={token} invitation={invitation} session={session} />
        ) : (
          <CompleteForm token={token} invitation={invitation} signInToAccept />
        )
      }
    </MailedLinkPage>
  );
}

const invalidLink = {
  message: messages.verifyLinkInvalid,
  hint: 'An invitation link works once and for 7 days. Ask the restaurant’s owner to send a new one.',
};

/** "the team of Harbour Cafe", or "a restaurant team" when the invitation names none. */
const invitedTo = (invitation: MemberInvitation) =>
  invitation.restaurantName ? (
    <>
      the team of <b>{invitation.restaurantName}</b>
    </>
  ) : (
    'a restaurant team'
  );

function SignedInInvitation({
  token,
  invitation,
  session,
}: {
  token: string;
  invitation: MemberInvitation;
  session: Session;
}) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  // An acting-as session may not take accounts for the person it acts as (the server answers 403).
  const actingAs = useImpersonator() !== null;
  const [separate, setSeparate] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (separate) {
    return <CompleteForm token={token} invitation={invitation} onBack={() => setSeparate(false)} />;
  }

  const handleJoin = async () => {
    setFailure(null);
    try {
      await accept.mutateAsync(token);
      notifySuccess(messages.memberInvitationAccepted);
      navigate(homePathFor(session.user.role), { replace: true });
    } catch (error) {
      // A 403 (an acting-as session) is toasted by the API client already.
      setFailure(errorMessage(error));
    }
  };

  return (
    <AuthCard
      width={560}
      title="Join the team"
      description={<>You have been invited to join {invitedTo(invitation)}.</>}
    >
      <Stack gap="md">
        <FormAlert message={failure} />
        <TextInput
          label="Invitation sent to"
          type="email"
          value={invitation.email}
          readOnly
          variant="filled"
        />
        {actingAs ? (
          <Text size="sm" role="note">
            You are acting as <b>{session.user.username}</b>. Return to your own account to accept an
            invitation.
          </Text>
        ) : (
          <Text size="sm">
            Join as <b>{session.user.username}</b>: the team&apos;s account is added to yours, and you switch
            between them from the account menu.
          </Text>
        )}
        <Button
          size="md"
          fullWidth
          h="auto"
          mih={42}
          py={8}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
          onClick={() => void handleJoin()}
          loading={accept.isPending}
          disabled={actingAs}
        >
          Join {invitation.restaurantName || 'the team'}
        </Button>
        <Button variant="subtle" fullWidth onClick={() => setSeparate(true)} disabled={accept.isPending}>
          Create a separate account instead
        </Button>
      </Stack>
    </AuthCard>
  );
}

function CompleteForm({
  token,
  invitation,
  signInToAccept = false,
  onBack,
}: {
  token: string;
  invitation: MemberInvitation;
  /** Signed out: offer to sign in with an account under the invited address and accept. */
  signInToAccept?: boolean;
  /** Signed in: back to joining with the signed-in account. */
  onBack?: () => void;
}) {
  const location = useLocation();
  const toPayload = (values: NewAccountValues) => ({ token, ...newAccountPayload(values) });
  const form = useNewAccountForm(memberCompleteSchema, toPayload, {
    firstName: invitation.firstName,
    lastName: invitation.lastName,
  });
  // After signing in, /login comes back here (LoginState; only a path of this app is followed).
  const returnHere: LoginState = { from: location.pathname + location.search };

  return (
    <NewAccountLinkForm
      form={form}
      submit={(values) => membersApi.complete(toPayload(values))}
      title="Complete your account"
      description={<>You have been invited to join {invitedTo(invitation)}. Choose how you sign in.</>}
      submitLabel="Complete account"
      email={invitation.email}
      usernameAutofocus
      footer={
        <>
          {signInToAccept && (
            <Text size="sm" ta="center">
              Already have a Carte account under <b>{invitation.email}</b>?{' '}
              <Anchor component={Link} to="/login" state={returnHere} fw={600}>
                Sign in to accept
              </Anchor>
            </Text>
          )}
          {onBack && (
            <Button variant="subtle" fullWidth onClick={onBack}>
              Join with your account instead
            </Button>
          )}
        </>
      }
    />
  );
}
