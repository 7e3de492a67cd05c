import type { UseFormReturnType } from '@mantine/form';
import { isApiError } from '../../api/api-error.ts';
import { errorMessage } from '../notify.ts';

/**
 * Puts a server's 400 message under the field it is obviously about (the texts name the field:
 * "Username cannot be empty", "This username is already taken.", "Invalid email address"…) and
 * returns the message otherwise, for an Alert. `fields` lists [word in the message, field], most
 * specific first.
 */
export function applyServerError<Values>(
  form: UseFormReturnType<Values>,
  error: unknown,
  fields: ReadonlyArray<readonly [string, string]>,
): string | null {
  if (isApiError(error) && error.notified) return null;
  const message = errorMessage(error);
  if (isApiError(error) && error.status === 400) {
    const lower = message.toLowerCase();
    const match = fields.find(([word]) => lower.includes(word.toLowerCase()));
    if (match) {
      form.setFieldError(match[1] as never, message);
      return null;
    }
  }
  return message;
}

/** True while a form shows any error: submit buttons stay disabled (doc 1 §5). */
export const hasErrors = (form: { errors: Record<string, unknown> }) =>
  Object.values(form.errors).some((error) => error !== undefined && error !== null && error !== '');
