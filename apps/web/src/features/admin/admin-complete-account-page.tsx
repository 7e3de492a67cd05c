import { type AdminInvitation, adminCompleteSchema, messages } from '@carte/domain';
import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { adminApi, adminKeys } from '../../api/admin.api.ts';
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
 * /admin-complete-account?token=… (doc 3 §2.8): loading, then "User has been already verified, or
 * this link is not valid." or the form (email read-only, phone +1); success toasts and goes to sign-in.
 */
export function AdminCompleteAccountPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  if (!token) return <InvalidLink />;
  return <AdminCompleteAccount token={token} />;
}

function AdminCompleteAccount({ token }: { token: string }) {
  const invitation = useQuery({
    queryKey: adminKeys.invitation(token),
    queryFn: ({ signal }) => adminApi.invitation(token, signal),
    retry: false,
  });
  if (invitation.isPending) return <LinkLoading title="Opening your invitation" />;
  if (invitation.isError) return <InvalidLink />;
  return <CompleteForm token={token} invitation={invitation.data} />;
}

function InvalidLink() {
  return (
    <InvalidLinkCard
      message={messages.adminLinkInvalid}
      hint="An invitation link works once and for 7 days. Ask the super admin to send a new one."
    />
  );
}

function CompleteForm({ token, invitation }: { token: string; invitation: AdminInvitation }) {
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const toPayload = (values: CompleteValues) => ({
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
    validate: schemaValidate(adminCompleteSchema, { toPayload, fields: { phoneNumber: 'phoneNational' } }),
    ...validateChangedOnBlur,
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      notifySuccess(await adminApi.complete(token, toPayload(values)));
      navigate('/login', { replace: true });
    } catch (error) {
      setFormError(applyServerError(form, error, newAccountServerFields));
    }
  });

  return (
    <AuthCard
      width={560}
      title="Complete your account"
      description="You have been added as an administrator of Carte. Choose how you sign in."
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
