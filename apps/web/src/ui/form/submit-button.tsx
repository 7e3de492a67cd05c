import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { hasErrors } from './server-error.ts';

interface SubmitButtonProps extends ButtonProps {
  form: { submitting: boolean; errors: Record<string, unknown> };
  children: ReactNode;
}

/** Disabled while the request runs or while any field shows an error (doc 1 §5, doc 2 §5). */
export function SubmitButton({ form, children, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" loading={form.submitting} disabled={hasErrors(form)} {...props}>
      {children}
    </Button>
  );
}
