import { type MemberInvitation, memberCompleteSchema, messages } from '@carte/domain';
import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { membersApi, useMemberInvitation } from '../../api/members.api.ts';
import { FormAlert } from '../../ui/form/form-alert.tsx';
import { schemaValidate, validateChangedOnBlur } from '../../ui/form/schema-validate.ts';
import { applyServerError } from '../../ui/form/server-error.ts';
import { SubmitButton } from '../../ui/form/submit-button.tsx';
import { notifySuccess } from '../../ui/notify.ts';
import { composePhone, DEFAULT_COUNTRY } from '../../ui/phone.ts';
import {
  AuthCard,
  InvalidLinkCard,
  LinkLoading,
  NewAccountFields,
  type NewAccountValues,
  newAccountServerFields,
} from '../auth/index.ts';

type CompleteValues = NewAccountValues;

/**
 * /member-verify-account?token=… (doc 2 §2 Members, §4 "Member token page"): loading, then the
 * invalid-link notice (already completed, expired or bad link) or the form; success goes to sign-in.
 */
export function MemberVerifyAccountPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  if (!token) return <InvalidLink />;
  return <MemberVerifyAccount token={token} />;
}

function MemberVerifyAccount({ token }: { token: string }) {
  const invitation = useMemberInvitation(token);
  if (invitation.isPending) return <LinkLoading title="Opening your invitation" />;
  if (invitation.isError) return <InvalidLink />;
  return <CompleteForm token={token} invitation={invitation.data} />;
}

function InvalidLink() {
  return (
    <InvalidLinkCard
      message={messages.verifyLinkInvalid}
      hint="An invitation link works once and for 7 days. Ask the restaurant’s owner to send a new one."
    />
  );
}

function CompleteForm({ token, invitation }: { token: string; invitation: MemberInvitation }) {
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const toPayload = (values: CompleteValues) => ({
    token,
    firstName: values.firstName,
    lastName: values.lastName,
    username: values.username,
    phoneNumber: composePhone(values.phoneCountry, values.phoneNational),
    password: values.password,
    confirm_password: values.confirm_password,
  });
  const form = useForm<CompleteValues>({
    initialValues: {
      firstName: invitation.firstName,
      lastName: invitation.lastName,
      username: '',
      phoneCountry: DEFAULT_COUNTRY,
      phoneNational: '',
      password: '',
      confirm_password: '',
    },
    validate: schemaValidate(memberCompleteSchema, { toPayload, fields: { phoneNumber: 'phoneNational' } }),
    ...validateChangedOnBlur,
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      notifySuccess(await membersApi.complete(toPayload(values)));
      navigate('/login', { replace: true });
    } catch (error) {
      setFormError(applyServerError(form, error, newAccountServerFields));
    }
  });

  return (
    <AuthCard
      width={560}
      title="Complete your account"
      description={
        invitation.restaurantName ? (
          <>
            You have been invited to join the team of <b>{invitation.restaurantName}</b>. Choose how you sign
            in.
          </>
        ) : (
          'You have been invited to join a restaurant team. Choose how you sign in.'
        )
      }
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          <NewAccountFields form={form} email={invitation.email} usernameAutofocus />
          <SubmitButton form={form} fullWidth size="md">
            Complete account
          </SubmitButton>
        </Stack>
      </form>
    </AuthCard>
  );
}
