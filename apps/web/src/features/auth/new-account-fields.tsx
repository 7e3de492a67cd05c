import { messages } from '@carte/domain';
import { PasswordInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { schemaValidate, validateChangedOnBlur } from '../../ui/form/schema-validate.ts';
import { MailedLinkForm, type MailedLinkFormProps } from '../../ui/mailed-link-page.tsx';
import { composePhone, DEFAULT_COUNTRY } from '../../ui/phone.ts';
import { PhoneInput } from '../../ui/phone-input.tsx';

/** The fields of a new account opened from a mailed link (a member's invitation, a transfer). */
export interface NewAccountValues {
  firstName: string;
  lastName: string;
  username: string;
  phoneCountry: string;
  phoneNational: string;
  password: string;
  confirm_password: string;
}

const blankNewAccount: NewAccountValues = {
  firstName: '',
  lastName: '',
  username: '',
  phoneCountry: DEFAULT_COUNTRY,
  phoneNational: '',
  password: '',
  confirm_password: '',
};

/** A new account's part of a payload (domain's `newAccountFields`): the phone as one E.164 number. */
export const newAccountPayload = (values: NewAccountValues) => ({
  firstName: values.firstName,
  lastName: values.lastName,
  username: values.username,
  phoneNumber: composePhone(values.phoneCountry, values.phoneNational),
  password: values.password,
  confirm_password: values.confirm_password,
});

/**
 * The form of a new account, checked with the payload's domain schema. `initial` gives the page's
 * own fields and any names the link already knows; the rest starts empty (phone +1).
 */
export function useNewAccountForm<V extends NewAccountValues>(
  schema: z.ZodType,
  toPayload: (values: V) => unknown,
  initial: Omit<V, keyof NewAccountValues> & Partial<NewAccountValues>,
) {
  return useForm<V>({
    initialValues: { ...blankNewAccount, ...initial } as V,
    validate: schemaValidate(schema, { toPayload, fields: { phoneNumber: 'phoneNational' } }),
    ...validateChangedOnBlur,
  });
}

/** Where the server's field errors land in those fields (applyServerError). */
export const newAccountServerFields = [
  ['username', 'username'],
  ['phone', 'phoneNational'],
  ['confirm', 'confirm_password'],
  ['password', 'password'],
] as const;

/**
 * Names, the address the link was mailed to (read only), username, phone and password twice, with
 * the password rule said once, under the two password fields.
 */
export function NewAccountFields<T extends NewAccountValues>({
  form,
  email,
  usernameAutofocus = false,
}: {
  form: UseFormReturnType<T>;
  email: string;
  usernameAutofocus?: boolean;
}) {
  // Mantine's form typing is per field path; these fields exist on every T.
  const field = (name: keyof NewAccountValues) => form.getInputProps(name as never);
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
        <TextInput label="First name" autoComplete="given-name" {...field('firstName')} />
        <TextInput label="Last name" autoComplete="family-name" {...field('lastName')} />
      </SimpleGrid>
      <TextInput
        label="Email"
        type="email"
        value={email}
        readOnly
        variant="filled"
        description="The invitation was sent to this address."
      />
      <TextInput
        label="Username"
        autoComplete="username"
        withAsterisk
        data-autofocus={usernameAutofocus || undefined}
        {...field('username')}
      />
      <PhoneInput
        country={form.values.phoneCountry}
        onCountryChange={(country) => form.setFieldValue('phoneCountry' as never, country as never)}
        numberProps={field('phoneNational')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
        <PasswordInput label="Password" autoComplete="new-password" withAsterisk {...field('password')} />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          withAsterisk
          {...field('confirm_password')}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={-6}>
        {messages.passwordHint}
      </Text>
    </>
  );
}

/**
 * A mailed link's form that makes a new account: the page's own fields (`children`) first, then the
 * new-account fields with the address the link was sent to.
 */
export function NewAccountLinkForm<V extends NewAccountValues>({
  email,
  usernameAutofocus = false,
  serverFields = newAccountServerFields,
  children,
  ...props
}: Omit<MailedLinkFormProps<V>, 'serverFields' | 'children'> & {
  email: string;
  usernameAutofocus?: boolean;
  serverFields?: MailedLinkFormProps<V>['serverFields'];
  children?: ReactNode;
}) {
  return (
    <MailedLinkForm {...props} serverFields={serverFields}>
      {children}
      <NewAccountFields form={props.form} email={email} usernameAutofocus={usernameAutofocus} />
    </MailedLinkForm>
  );
}
