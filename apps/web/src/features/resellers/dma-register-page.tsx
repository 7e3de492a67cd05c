import { dmaRegisterSchema, messages } from '@carte/domain';
import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { resellerApi, resellerKeys } from '../../api/resellers.api.ts';
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

interface RegisterValues extends NewAccountValues {
  company_name: string;
}

/**
 * /dma-register?token=… (doc 3 §2.8, §5): the reseller registration an admin mailed. The link is
 * read first ("Something went wrong. Please try again later." when it fails), then the form: names,
 * the mailed address read-only, username (5 characters at least), phone (+1), company name and the
 * password twice. Success toasts "Successfully registered. Please login to continue." → /login.
 */
export function DmaRegisterPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  if (!token) return <InvalidLink />;
  return <DmaRegister token={token} />;
}

function InvalidLink() {
  return (
    <InvalidLinkCard
      message={messages.dmaRegisterLinkInvalid}
      hint="A registration link works once and for 7 days. Ask the Carte team for a new one."
    />
  );
}

function DmaRegister({ token }: { token: string }) {
  const invitation = useQuery({
    queryKey: resellerKeys.registerToken(token),
    queryFn: ({ signal }) => resellerApi.verifyRegisterToken(token, signal),
    retry: false,
  });
  if (invitation.isPending) return <LinkLoading title="Opening your invitation" />;
  if (invitation.isError) return <InvalidLink />;
  return <RegisterForm token={token} email={invitation.data.email} />;
}

const serverFields = [['company', 'company_name'], ...newAccountServerFields] as const;

function RegisterForm({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const toPayload = (values: RegisterValues) => ({
    firstName: values.firstName,
    lastName: values.lastName,
    username: values.username,
    phoneNumber: composePhone(values.phoneCountry, values.phoneNational),
    company_name: values.company_name,
    password: values.password,
    confirm_password: values.confirm_password,
  });
  const form = useForm<RegisterValues>({
    initialValues: {
      firstName: '',
      lastName: '',
      username: '',
      phoneCountry: DEFAULT_COUNTRY,
      phoneNational: '',
      company_name: '',
      password: '',
      confirm_password: '',
    },
    validate: schemaValidate(dmaRegisterSchema, { toPayload, fields: { phoneNumber: 'phoneNational' } }),
    ...validateChangedOnBlur,
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await resellerApi.register(token, toPayload(values));
      notifySuccess(messages.dmaRegistered);
      navigate('/login', { replace: true });
    } catch (error) {
      setFormError(applyServerError(form, error, serverFields));
    }
  });

  return (
    <AuthCard
      width={560}
      title="Become a Carte reseller"
      description="You have been invited to sell Carte licences to restaurants. Tell us about you and your company."
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          <TextInput
            label="Company name"
            autoComplete="organization"
            withAsterisk
            data-autofocus
            {...form.getInputProps('company_name')}
          />
          <NewAccountFields form={form} email={email} />
          <SubmitButton form={form} fullWidth size="md">
            Register
          </SubmitButton>
        </Stack>
      </form>
    </AuthCard>
  );
}
