import { isAdminRole, messages, requiredString, type User, updateAccountSchema } from '@carte/domain';
import { Alert, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { queryKeys } from '../../api/query-keys.ts';
import { sessionStore } from '../../api/session.ts';
import { usersApi } from '../../api/users.api.ts';
import { useCaptcha } from '../../ui/captcha/use-captcha.tsx';
import { FormAlert } from '../../ui/form/form-alert.tsx';
import { schemaValidate, validateChangedOnBlur } from '../../ui/form/schema-validate.ts';
import { applyServerError } from '../../ui/form/server-error.ts';
import { SubmitButton } from '../../ui/form/submit-button.tsx';
import { notifySuccess } from '../../ui/notify.ts';
import { composePhone, splitPhone } from '../../ui/phone.ts';
import { PhoneInput } from '../../ui/phone-input.tsx';

interface PersonalValues {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  phoneCountry: string;
  phoneNational: string;
  company_name: string;
  /** Asked only when the email changes (docs/security.md, finding 5). */
  current_password: string;
}

/** Resellers must name their company (doc 2 §5: "Company name cannot be empty"). */
const resellerSchema = updateAccountSchema.extend({
  company_name: requiredString(messages.companyNameRequired, 100),
});

// Password first: "enter your current password to change your email" is about the password field.
const serverFields = [
  ['password', 'current_password'],
  ['username', 'username'],
  ['email', 'email'],
  ['phone', 'phoneNational'],
  ['company', 'company_name'],
] as const;

const emailChanged = (values: { email: string }, user: User) =>
  values.email.trim().toLowerCase() !== user.email.toLowerCase();

const valuesOf = (user: User): PersonalValues => {
  const phone = splitPhone(user.phoneNumber);
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    email: user.email,
    phoneCountry: phone.country,
    phoneNational: phone.national,
    company_name: user.company_name ?? '',
    current_password: '',
  };
};

/** `emailLocked`: an admin or a reseller acting as the user cannot change the address (issue 20). */
export function PersonalInfoForm({ user, emailLocked = false }: { user: User; emailLocked?: boolean }) {
  const queryClient = useQueryClient();
  const captcha = useCaptcha('update_account');
  const [formError, setFormError] = useState<string | null>(null);
  const isReseller = user.role === 'DMA';
  // Admin and super-admin usernames cannot be edited (doc 2 §5).
  const usernameLocked = isAdminRole(user.role);

  const toPayload = useMemo(
    () => (values: PersonalValues) => ({
      firstName: values.firstName,
      lastName: values.lastName,
      username: values.username,
      email: values.email,
      phoneNumber: composePhone(values.phoneCountry, values.phoneNational),
      ...(isReseller ? { company_name: values.company_name } : {}),
      ...(emailChanged(values, user) ? { current_password: values.current_password } : {}),
    }),
    [isReseller, user],
  );

  const validateSchema = schemaValidate(isReseller ? resellerSchema : updateAccountSchema, {
    toPayload,
    fields: { phoneNumber: 'phoneNational' },
  });
  const form = useForm<PersonalValues>({
    initialValues: valuesOf(user),
    validate: (values) => {
      const errors = validateSchema(values);
      if (emailChanged(values, user) && !values.current_password) {
        return { ...errors, current_password: messages.emailChangePasswordRequired };
      }
      return errors;
    },
    ...validateChangedOnBlur,
  });
  const changingEmail = emailChanged(form.values, user);

  const handleSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const reCaptchaToken = await captcha.getToken();
      const updated = await usersApi.updateAccount({ ...toPayload(values), reCaptchaToken });
      sessionStore.setUser(updated);
      queryClient.setQueryData(queryKeys.users.me, updated);
      form.setValues(valuesOf(updated));
      form.resetDirty(valuesOf(updated));
      // A new email waits for its link: say where to look (the account keeps its address until then).
      const asked = values.email.trim().toLowerCase();
      notifySuccess(
        updated.pendingEmail === asked ? messages.emailChangeSent(asked) : messages.accountUpdated,
      );
    } catch (error) {
      setFormError(applyServerError(form, error, serverFields));
    } finally {
      captcha.reset();
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('lastName')} />
          <TextInput
            label="Username"
            autoComplete="username"
            withAsterisk={!usernameLocked}
            readOnly={usernameLocked}
            variant={usernameLocked ? 'filled' : 'default'}
            description={usernameLocked ? 'Admin usernames cannot be changed.' : undefined}
            {...form.getInputProps('username')}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            withAsterisk={!emailLocked}
            readOnly={emailLocked}
            variant={emailLocked ? 'filled' : 'default'}
            description={emailLocked ? 'Only the account’s owner can change its email.' : undefined}
            {...form.getInputProps('email')}
          />
        </SimpleGrid>
        {changingEmail && (
          <PasswordInput
            label="Current password"
            description="Needed to change your email. We will send a link to the new address; your email changes once you open it."
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('current_password')}
          />
        )}
        {user.pendingEmail && !changingEmail && (
          <Alert color="blue" variant="light" icon={<IconMailForward size={18} />}>
            {messages.emailChangePending(user.pendingEmail)}
          </Alert>
        )}
        <PhoneInput
          country={form.values.phoneCountry}
          onCountryChange={(country) => form.setFieldValue('phoneCountry', country)}
          numberProps={form.getInputProps('phoneNational')}
        />
        {isReseller && (
          <TextInput
            label="Company name"
            autoComplete="organization"
            withAsterisk
            {...form.getInputProps('company_name')}
          />
        )}
        {captcha.field}
        <Group justify="flex-end">
          <SubmitButton form={form}>Save changes</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
