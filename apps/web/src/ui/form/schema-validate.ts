import { fieldErrors } from '@carte/domain';
import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';

/**
 * A @mantine/form `validate` function from a domain schema (STYLE rule 1: one schema, three uses),
 * so the form shows the specification's exact messages. `toPayload` turns the form's values into the
 * request body (e.g. country + number into E.164); `fields` maps a payload key back to the input
 * that shows its message.
 */
export function schemaValidate<Values>(
  schema: z.ZodType,
  options: { toPayload?: (values: Values) => unknown; fields?: Record<string, string> } = {},
): (values: Values) => FormErrors {
  return (values) => {
    const result = schema.safeParse(options.toPayload ? options.toPayload(values) : values);
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const [path, message] of Object.entries(fieldErrors(result.error))) {
      errors[options.fields?.[path] ?? path] = message;
    }
    return errors;
  };
}

/**
 * useForm options: a field is checked when the user leaves it after changing it. Leaving an untouched
 * field says nothing yet: otherwise the blur caused by clicking "Submit" would show one error and
 * disable the button under the pointer before the click lands, and the other errors would stay hidden.
 */
export const validateChangedOnBlur = {
  enhanceGetInputProps: ({
    field,
    form,
  }: {
    field: string;
    form: { isDirty: (path: string) => boolean; validateField: (path: string) => unknown };
  }) => ({
    onBlur: () => {
      if (form.isDirty(field)) form.validateField(field);
    },
  }),
};
