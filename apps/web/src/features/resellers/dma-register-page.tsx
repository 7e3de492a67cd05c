import { dmaRegisterSchema, messages } from '@carte/domain';
import { TextInput } from '@mantine/core';
import { registerTokenQuery, resellerApi } from '../../api/resellers.api.ts';
import { MailedLinkPage } from '../../ui/mailed-link-page.tsx';
import {
  NewAccountLinkForm,
  type NewAccountValues,
  newAccountPayload,
  newAccountServerFields,
  useNewAccountForm,
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
export const DmaRegisterPage = () => (
  <MailedLinkPage query={registerTokenQuery} loadingTitle="Opening your invitation" invalid={invalidLink}>
    {(invitation, token) => <RegisterForm token={token} email={invitation.email} />}
  </MailedLinkPage>
);

const invalidLink = {
  message: messages.dmaRegisterLinkInvalid,
  hint: 'A registration link works once and for 7 days. Ask the Carte team for a new one.',
};

const serverFields = [['company', 'company_name'], ...newAccountServerFields] as const;

const toPayload = (values: RegisterValues) => ({
  ...newAccountPayload(values),
  company_name: values.company_name,
});

function RegisterForm({ token, email }: { token: string; email: string }) {
  const form = useNewAccountForm<RegisterValues>(dmaRegisterSchema, toPayload, { company_name: '' });
  return (
    <NewAccountLinkForm
      form={form}
      submit={async (values) => {
        await resellerApi.register(token, toPayload(values));
        return messages.dmaRegistered;
      }}
      serverFields={serverFields}
      title="Become a Carte reseller"
      description="You have been invited to sell Carte licences to restaurants. Tell us about you and your company."
      submitLabel="Register"
      email={email}
    >
      <TextInput
        label="Company name"
        autoComplete="organization"
        withAsterisk
        data-autofocus
        {...form.getInputProps('company_name')}
      />
    </NewAccountLinkForm>
  );
}
