import { messages, type TransferInfo, transferAcceptSchema, transferNewOwnerFormSchema } from '@carte/domain';
import { Divider, Group, Paper, PasswordInput, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconBuildingStore, IconMapPin, IconSitemap, IconUser } from '@tabler/icons-react';
import { transferApi, transferInfoQuery } from '../../api/transfer.api.ts';
import { formatDate } from '../../ui/dates.ts';
import { MailedLinkForm, MailedLinkPage } from '../../ui/mailed-link-page.tsx';
import {
  NewAccountFields,
  type NewAccountValues,
  newAccountPayload,
  newAccountServerFields,
  useNewAccountForm,
} from '../auth/index.ts';
import classes from './transfer.module.css';

/**
 * /transfer-ownership?token=… (doc 2 §2 "Take ownership page", §4 "Transfer page"): loading, then
 * the invalid-link notice or the form showing the restaurant and its current owner; a new person
 * enters account details, someone with an account under the invited address its password. Success
 * goes to sign-in.
 */
export const TransferOwnershipPage = () => (
  <MailedLinkPage query={transferInfoQuery} loadingTitle="Opening the transfer" invalid={invalidLink}>
    {(info, token) => <AcceptForm token={token} info={info} />}
  </MailedLinkPage>
);

const invalidLink = {
  message: messages.transferLinkInvalid,
  hint: 'A transfer link works once and for 7 days, and stops working when the owner cancels the request. Ask the owner to send a new one.',
};

/** One row of the summary: an icon, a small upper-case label and what it names. */
function SummaryRow({
  icon: Icon,
  color,
  label,
  children,
}: {
  icon: typeof IconUser;
  color?: string;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" color={color} radius="md" size={36}>
        <Icon size={20} stroke={1.7} />
      </ThemeIcon>
      <div className={classes.summaryText}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        {children}
      </div>
    </Group>
  );
}

/**
 * The restaurant and who hands it over (doc 2 §2: restaurant name, owner username and email), the
 * locations that come along, and for a location what it keeps of its parent (issue 22).
 */
function TransferSummary({ info }: { info: TransferInfo }) {
  const parent = info.parentRestaurant;
  return (
    <Paper withBorder radius="md" p="md" className={classes.summary}>
      <Stack gap="sm">
        <SummaryRow icon={IconBuildingStore} label="Restaurant">
          <Text fw={700}>{info.restaurant.name}</Text>
        </SummaryRow>
        <Divider />
        <SummaryRow icon={IconUser} color="gray" label="Current owner">
          <Text fw={600}>{info.owner.username}</Text>
          <Text size="sm" c="dimmed">
            {info.owner.email}
          </Text>
        </SummaryRow>
        {info.locations.length > 0 && (
          <>
            <Divider />
            <SummaryRow
              icon={IconMapPin}
              color="teal"
              label={info.locations.length === 1 ? 'Its location comes too' : 'Its locations come too'}
            >
              <Text fw={600}>{info.locations.map((location) => location.name).join(', ')}</Text>
              <Text size="sm" c="dimmed">
                Each becomes one more account of yours, named after your username (.1, .2…); switch between
                them from your account menu.
              </Text>
            </SummaryRow>
          </>
        )}
        {parent && (
          <>
            <Divider />
            <SummaryRow icon={IconSitemap} color="orange" label={`A location of ${parent.name}`}>
              <Text size="sm" data-testid="transfer-parent-note">
                {parent.name} stays with its owner. After the transfer, {info.restaurant.name} keeps showing{' '}
                {parent.name}'s published menus, and no longer sees its draft menus.
              </Text>
            </SummaryRow>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function AcceptForm({ token, info }: { token: string; info: TransferInfo }) {
  const existing = info.hasAccount;
  const toPayload = (values: NewAccountValues) =>
    existing
      ? { username: values.username, password: values.password }
      : { ...newAccountPayload(values), email: info.email };
  const form = useNewAccountForm(existing ? transferAcceptSchema : transferNewOwnerFormSchema, toPayload, {});

  return (
    <MailedLinkForm
      form={form}
      submit={(values) => transferApi.accept(token, toPayload(values))}
      serverFields={newAccountServerFields}
      title="Take ownership"
      description={
        <>
          <b>{info.owner.username}</b> would like to hand <b>{info.restaurant.name}</b> over to you, with its
          menus, team and subscription.
        </>
      }
      submitLabel="Accept ownership"
      header={<TransferSummary info={info} />}
      footer={
        <Text size="xs" c="dimmed" ta="center">
          The link is valid until {formatDate(info.expiresAt)}. Nothing changes until you accept.
        </Text>
      }
    >
      {existing ? (
        <>
          <Text size="sm">
            You already have an account under <b>{info.email}</b>. The restaurant comes as a new account of
            yours: choose its username and confirm with your password.
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
    </MailedLinkForm>
  );
}
