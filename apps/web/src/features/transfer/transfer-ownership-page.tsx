import {
  formatDayMonthYear,
  messages,
  type TransferInfo,
  transferAcceptSchema,
  transferNewOwnerFormSchema,
} from '@carte/domain';
import { Divider, Group, Paper, PasswordInput, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuildingStore, IconUser } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { transferApi, transferKeys } from '../../api/transfer.api.ts';
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
import classes from './transfer.module.css';

type AcceptValues = NewAccountValues;

/**
 * /transfer-ownership?token=… (doc 2 §2 "Take ownership page", §4 "Transfer page"): loading, then
 * the invalid-link notice or the form showing the restaurant and its current owner; a new person
 * enters account details, someone with an account under the invited address its password. Success
 * goes to sign-in.
 */
export function TransferOwnershipPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  if (!token) return <InvalidLink />;
  return <TransferOwnership token={token} />;
}

function TransferOwnership({ token }: { token: string }) {
  const info = useQuery({
    queryKey: transferKeys.info(token),
    queryFn: ({ signal }) => transferApi.info(token, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (info.isPending) return <LinkLoading title="Opening the transfer" />;
  if (info.isError) return <InvalidLink />;
  return <AcceptForm token={token} info={info.data} />;
}

function InvalidLink() {
  return (
    <InvalidLinkCard
      message={messages.transferLinkInvalid}
      hint="A transfer link works once and for 7 days, and stops working when the owner cancels the request. Ask the owner to send a new one."
    />
  );
}

/** The restaurant and who hands it over (doc 2 §2: restaurant name, owner username and email). */
function TransferSummary({ info }: { info: TransferInfo }) {
  return (
    <Paper withBorder radius="md" p="md" className={classes.summary}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" radius="md" size={36}>
            <IconBuildingStore size={20} stroke={1.7} />
          </ThemeIcon>
          <div className={classes.summaryText}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Restaurant
            </Text>
            <Text fw={700}>{info.restaurant.name}</Text>
          </div>
        </Group>
        <Divider />
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color="gray" radius="md" size={36}>
            <IconUser size={20} stroke={1.7} />
          </ThemeIcon>
          <div className={classes.summaryText}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Current owner
            </Text>
            <Text fw={600}>{info.owner.username}</Text>
            <Text size="sm" c="dimmed">
              {info.owner.email}
            </Text>
          </div>
        </Group>
      </Stack>
    </Paper>
  );
}

function AcceptForm({ token, info }: { token: string; info: TransferInfo }) {
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const existing = info.hasAccount;
  const toPayload = (values: AcceptValues) =>
    existing
      ? { username: values.username, password: values.password }
      : {
          firstName: values.firstName,
          lastName: values.lastName,
          email: info.email,
          username: values.username,
          phoneNumber: composePhone(values.phoneCountry, values.phoneNational),
          password: values.password,
          confirm_password: values.confirm_password,
        };
  const form = useForm<AcceptValues>({
    initialValues: {
      firstName: '',
      lastName: '',
      username: '',
      phoneCountry: DEFAULT_COUNTRY,
      phoneNational: '',
      password: '',
      confirm_password: '',
    },
    validate: schemaValidate(existing ? transferAcceptSchema : transferNewOwnerFormSchema, {
      toPayload,
      fields: { phoneNumber: 'phoneNational' },
    }),
    ...validateChangedOnBlur,
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      notifySuccess(await transferApi.accept(token, toPayload(values)));
      navigate('/login', { replace: true });
    } catch (error) {
      setFormError(applyServerError(form, error, newAccountServerFields));
    }
  });

  return (
    <AuthCard
      width={560}
      title="Take ownership"
      description={
        <>
          <b>{info.owner.username}</b> would like to hand <b>{info.restaurant.name}</b> over to you, with its
          menus, team and subscription.
        </>
      }
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TransferSummary info={info} />
          <FormAlert message={formError} />
          {existing ? (
            <>
              <Text size="sm">
                You already have an account under <b>{info.email}</b>. The restaurant comes as a new account
                of yours: choose its username and confirm with your password.
              </Text>
              <TextInput label="Email" type="email" value={info.email} readOnly />
              <TextInput
                label="Username of the new account"
                autoComplete="off"
                withAsterisk
                data-autofocus
                {...form.getInputProps('username')}
              />
              <PasswordInput
                label="Your password"
                autoComplete="current-password"
                withAsterisk
                {...form.getInputProps('password')}
              />
            </>
          ) : (
            <NewAccountFields form={form} email={info.email} />
          )}
          <SubmitButton form={form} fullWidth size="md">
            Accept ownership
          </SubmitButton>
          <Text size="xs" c="dimmed" ta="center">
            The link is valid until {formatDayMonthYear(new Date(info.expiresAt))}. Nothing changes until you
            accept.
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
