import { Button, type ButtonProps } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { hasErrors } from './server-error.ts';

interface SubmitButtonProps extends ButtonProps {
  /** Disabled whatever happens (e.g. the form cannot be used now). */
  disabled?: boolean;
  /** A @mantine/form form (its `values` tell a change made outside the form's DOM, e.g. in a dialog). */
  form: { submitting: boolean; errors: Record<string, unknown>; values?: unknown };
  children: ReactNode;
}

/**
 * Disabled while the request runs, and while errors are shown until the user acts (doc 1 §5, doc 2
 * §5). Once an error appears (a failed submit, a field left invalid) the button waits; the next
 * change anywhere in the form enables it again, while the message stays beside its field until that
 * field is fixed (issue 11 §1): a button that stays grey after every keystroke reads as broken.
 */
export function SubmitButton({ form, children, disabled, ...props }: SubmitButtonProps) {
  const button = useRef<HTMLButtonElement>(null);
  const showsErrors = hasErrors(form);
  const [actedSinceErrors, setActedSinceErrors] = useState(false);
  const hadErrors = useRef(showsErrors);

  // New errors (none before): wait for the user again.
  useEffect(() => {
    if (showsErrors && !hadErrors.current) setActedSinceErrors(false);
    hadErrors.current = showsErrors;
  }, [showsErrors]);

  // A change made in a dropdown or a dialog (rendered outside the form) fires no input event here.
  const lastValues = useRef(form.values);
  useEffect(() => {
    if (form.values === lastValues.current) return;
    lastValues.current = form.values;
    setActedSinceErrors(true);
  }, [form.values]);

  useEffect(() => {
    const owner = button.current?.form;
    if (!owner) return;
    const handleAct = () => setActedSinceErrors(true);
    const handleSubmit = () => setActedSinceErrors(false);
    owner.addEventListener('input', handleAct);
    owner.addEventListener('change', handleAct);
    owner.addEventListener('submit', handleSubmit);
    return () => {
      owner.removeEventListener('input', handleAct);
      owner.removeEventListener('change', handleAct);
      owner.removeEventListener('submit', handleSubmit);
    };
  }, []);

  return (
    <Button
      ref={button}
      type="submit"
      loading={form.submitting}
      disabled={disabled || (showsErrors && !actedSinceErrors)}
      {...props}
    >
      {children}
    </Button>
  );
}
