import { Button, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconLinkOff } from '@tabler/icons-react';
import { type QueryFunction, type QueryKey, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from './auth-card.tsx';
import { FormAlert } from './form/form-alert.tsx';
import { applyServerError } from './form/server-error.ts';
import { SubmitButton } from './form/submit-button.tsx';
import { notifySuccess } from './notify.ts';

/**
 * The pages a mailed link lands on (an invitation, a registration, a transfer, an email
 * verification): read the `token` of the address, load what the link is about, show a spinner
 * meanwhile and the specification's message when the link is missing, used, expired or bad, then
 * the page's own content. Drawn in the signed-out card, which keeps its padding on a phone.
 */
export interface MailedLinkPageProps<T> {
  /** How to read the link (a GET, or the POST that spends it); never retried: a bad link stays bad. */
  query: (token: string) => {
    queryKey: QueryKey;
    queryFn: QueryFunction<T>;
    staleTime?: number;
    gcTime?: number;
  };
  /** The spinner card's title, "Opening your invitation". */
  loadingTitle: string;
  /** The card of a link that does not work: the specification's message and what to do. */
  invalid: InvalidLinkProps;
  /** Without a token in the address: the invalid card, unless the page says otherwise. */
  withoutToken?: ReactNode;
  children: (data: T, token: string) => ReactNode;
}

export function MailedLinkPage<T>({ withoutToken, ...props }: MailedLinkPageProps<T>) {
  const token = useSearchParams()[0].get('token') ?? '';
  if (!token) return withoutToken ?? <InvalidLinkCard {...props.invalid} />;
  // Keyed by the token: another link opened in the same tab starts from its own loading state.
  return <MailedLink key={token} token={token} {...props} />;
}

function MailedLink<T>({
  token,
  query,
  loadingTitle,
  invalid,
  children,
}: Omit<MailedLinkPageProps<T>, 'withoutToken'> & { token: string }) {
  const answer = useQuery({ ...query(token), retry: false });
  if (answer.isPending) return <LinkLoading title={loadingTitle} />;
  if (answer.isError) return <InvalidLinkCard {...invalid} />;
  return children(answer.data, token);
}

/** A mailed link being read: the card with a spinner. */
export function LinkLoading({ title }: { title: string }) {
  return (
    <AuthCard title={title}>
      <Stack align="center" gap="sm" py="lg" role="status">
        <Loader />
        <Text size="sm" c="dimmed">
          One moment…
        </Text>
      </Stack>
    </AuthCard>
  );
}

/** A card title with a large round icon above it (a link that failed, an account verified). */
export function IconTitle({
  icon,
  color,
  children,
}: {
  icon: ReactNode;
  color?: string;
  children: ReactNode;
}) {
  return (
    <Stack align="center" gap="md" component="span">
      <ThemeIcon size={56} radius="xl" variant="light" color={color} component="span">
        {icon}
      </ThemeIcon>
      <span>{children}</span>
    </Stack>
  );
}

export interface InvalidLinkProps {
  message: string;
  /** What to do now, under the message. */
  hint?: ReactNode;
}

/**
 * A mailed link that no longer works (used, expired, cancelled or bad): the specification's message,
 * a line on what to do, and the way to sign in.
 */
export function InvalidLinkCard({ message, hint }: InvalidLinkProps) {
  return (
    <AuthCard
      title={
        <IconTitle icon={<IconLinkOff size={28} stroke={1.6} />} color="gray">
          Link not valid
        </IconTitle>
      }
    >
      <Stack gap="lg" ta="center">
        <Text role="alert">{message}</Text>
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
        <Button component={Link} to="/login" size="md" fullWidth>
          Go to sign in
        </Button>
      </Stack>
    </AuthCard>
  );
}

export interface MailedLinkFormProps<V> {
  form: UseFormReturnType<V>;
  /** Sends the form; answers the sentence to toast. */
  submit: (values: V) => Promise<string | undefined>;
  /** After a success, instead of toasting the answer and going to sign-in (a next step on the page). */
  onDone?: () => void;
  /** Where the server's field errors land (applyServerError); the rest shows above the fields. */
  serverFields: ReadonlyArray<readonly [string, string]>;
  title: ReactNode;
  description?: ReactNode;
  /** The card's width: a new account's form needs more room than a password. */
  width?: number;
  submitLabel: string;
  /** Above the error line and the fields (what the link is about). */
  header?: ReactNode;
  /** Under the submit button. */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * The form of a mailed link: the error line, the page's fields and its button; success toasts the
 * server's sentence and goes to sign-in, the new account's (or new role's) first step.
 */
export function MailedLinkForm<V>({
  form,
  submit,
  onDone,
  serverFields,
  title,
  description,
  width = 560,
  submitLabel,
  header,
  footer,
  children,
}: MailedLinkFormProps<V>) {
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const handleSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await submit(values);
      if (onDone) return onDone();
      if (answer) notifySuccess(answer);
      navigate('/login', { replace: true });
    } catch (error) {
      setFormError(applyServerError(form, error, serverFields));
    }
  });

  return (
    <AuthCard width={width} title={title} description={description}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {header}
          <FormAlert message={formError} />
          {children}
          <SubmitButton form={form} fullWidth size="md">
            {submitLabel}
          </SubmitButton>
          {footer}
        </Stack>
      </form>
    </AuthCard>
  );
}
