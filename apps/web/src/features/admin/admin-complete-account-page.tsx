import { type AdminInvitation, adminCompleteSchema, messages } from '@carte/domain';
import { adminApi, adminInvitationQuery } from '../../api/admin.api.ts';
import { MailedLinkPage } from '../../ui/mailed-link-page.tsx';
import { NewAccountLinkForm, newAccountPayload, useNewAccountForm } from '../auth/index.ts';

/**
 * /admin-complete-account?token=… (doc 3 §2.8): loading, then "User has been already verified, or
 * this link is not valid." or the form (email read-only, phone +1); success toasts and goes to sign-in.
 */
export const AdminCompleteAccountPage = () => (
  <MailedLinkPage query={adminInvitationQuery} loadingTitle="Opening your invitation" invalid={invalidLink}>
    {(invitation, token) => <CompleteForm token={token} invitation={invitation} />}
  </MailedLinkPage>
);

const invalidLink = {
  message: messages.adminLinkInvalid,
  hint: 'An invitation link works once and for 7 days. Ask the super admin to send a new one.',
};

function CompleteForm({ token, invitation }: { token: string; invitation: AdminInvitation }) {
  const form = useNewAccountForm(adminCompleteSchema, newAccountPayload, {
    firstName: invitation.firstName,
    lastName: invitation.lastName,
  });
  return (
    <NewAccountLinkForm
      form={form}
      submit={(values) => adminApi.complete(token, newAccountPayload(values))}
      title="Complete your account"
      description="You have been added as an administrator of Carte. Choose how you sign in."
      submitLabel="Complete account"
      email={invitation.email}
      usernameAutofocus
    />
  );
}
