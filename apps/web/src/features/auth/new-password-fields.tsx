import { messages } from '@carte/domain';
import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

/** A new password and its confirmation, the password rule said under the first (doc 1 §5). */
export function NewPasswordFields({
  labels,
  password,
  confirm,
}: {
  labels: [password: string, confirm: string];
  password: GetInputPropsReturnType;
  confirm: GetInputPropsReturnType;
}) {
  return (
    <>
      <PasswordInput
        label={labels[0]}
        autoComplete="new-password"
        description={messages.passwordHint}
        {...password}
      />
      <PasswordInput label={labels[1]} autoComplete="new-password" {...confirm} />
    </>
  );
}
