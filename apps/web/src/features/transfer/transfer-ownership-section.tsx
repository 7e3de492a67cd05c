import { messages, transferRequestSchema } from '@carte/domain';
import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconClockHour4, IconTransfer } from '@tabler/icons-react';
import { useState } from 'react';
import { useCurrentUser } from '../../api/session.ts';
import { useCancelTransfer, usePendingTransfer, useRequestTransfer } from '../../api/transfer.api.ts';
import { confirmAction } from '../../ui/confirm.tsx';
import { formatDate } from '../../ui/dates.ts';
import { FormAlert } from '../../ui/form/form-alert.tsx';
import { schemaValidate, validateChangedOnBlur } from '../../ui/form/schema-validate.ts';
import { applyServerError } from '../../ui/form/server-error.ts';
import { SubmitButton } from '../../ui/form/submit-button.tsx';
import { jumpTargetStyle } from '../../ui/jump-links.tsx';
import { errorMessage, notifyFailure, notifySuccess } from '../../ui/notify.ts';
import classes from './transfer.module.css';

/**
 * The ownership part of /settings (doc 2 §2 modals, §4, §6): the owner alone sees "Transfer
 * ownership" when no request is pending, or "Cancel ownership" while one is (the status is fetched
 * on load: pending only when it answers a request).
 */
export function TransferOwnershipSection({ restaurantName }: { restaurantName: string }) {
  const user = useCurrentUser();
  const isOwner = user.role === 'RESTAURANT';
  const pending = usePendingTransfer(isOwner);
  const cancel = useCancelTransfer();
  const [opened, setOpened] = useState(false);
  if (!isOwner) return null;

  const handleCancel = async () => {
    const confirmed = await confirmAction({
      title: 'Cancel ownership transfer?',
      message: 'The link sent to the new owner stops working. You stay the owner.',
      confirmLabel: 'Cancel ownership',
      cancelLabel: 'Keep the request',
      danger: true,
    });
    if (!confirmed) return;
    try {
      notifySuccess(await cancel.mutateAsync());
    } catch (error) {
      notifyFailure(error);
    }
  };

  const request = pending.data;
  return (
    <Card
      padding="lg"
      component="section"
      id="settings-ownership"
      aria-labelledby="ownership-title"
      className={classes.section}
      style={jumpTargetStyle}
    >
      <Group justify="space-between" align="center" gap="md" wrap="wrap">
        <Group gap="md" wrap="nowrap" align="flex-start" className={classes.sectionText}>
          <ThemeIcon variant="light" color={request ? 'orange' : 'gray'} radius="md" size={40}>
            {request ? <IconClockHour4 size={22} stroke={1.7} /> : <IconTransfer size={22} stroke={1.7} />}
          </ThemeIcon>
          <div>
            <Text component="h2" id="ownership-title" fw={700} size="lg">
              Ownership
            </Text>
            {pending.isPending ? (
              <Skeleton height={14} width={260} mt={6} />
            ) : pending.isError ? (
              <Text size="sm" c="red" role="alert">
                {errorMessage(pending.error)}
              </Text>
            ) : request ? (
              <Text size="sm" c="dimmed">
                Waiting for <b>{request.email}</b> to accept, until {formatDate(request.expiresAt)}. Until
                then you stay the owner.
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                Hand {restaurantName} over to someone else, with its menus, media, team and subscription.
              </Text>
            )}
          </div>
        </Group>
        {!pending.isPending &&
          !pending.isError &&
          (request ? (
            <Button color="red" variant="light" onClick={handleCancel} loading={cancel.isPending}>
              Cancel ownership
            </Button>
          ) : (
            <Button variant="default" onClick={() => setOpened(true)}>
              Transfer ownership
            </Button>
          ))}
      </Group>
      <TransferOwnershipModal
        opened={opened}
        onClose={() => setOpened(false)}
        restaurantName={restaurantName}
      />
    </Card>
  );
}

function TransferOwnershipModal({
  opened,
  onClose,
  restaurantName,
}: {
  opened: boolean;
  onClose: () => void;
  restaurantName: string;
}) {
  const request = useRequestTransfer();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: schemaValidate(transferRequestSchema),
    ...validateChangedOnBlur,
  });
  const close = () => {
    form.reset();
    setFormError(null);
    onClose();
  };

  const handleSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await request.mutateAsync(values);
      notifySuccess(messages.transferRequested);
      close();
    } catch (error) {
      // "Fail gives message" (doc 2 §7), shown at the ownership email (doc 2 §8).
      setFormError(
        applyServerError(form, error, [
          ['password', 'password'],
          ['email', 'email'],
        ]),
      );
    }
  });

  return (
    <Modal opened={opened} onClose={close} title="Transfer ownership" size="md">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            We will email a link to the new owner. Once they accept, {restaurantName} with its menus, media,
            team and subscription is theirs, and this account closes. Its locations that you hold go with it
            (your accounts of them close too); a location someone else holds stays theirs. We will email you
            when it is done.
          </Text>
          <FormAlert message={formError} />
          <TextInput
            label="New owner's email"
            type="email"
            autoComplete="off"
            withAsterisk
            data-autofocus
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Your password"
            description={messages.transferPasswordRequired}
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('password')}
          />
          <Alert variant="light" color="orange" icon={<IconAlertCircle size={18} />}>
            You lose access to this restaurant as soon as the new owner accepts.
          </Alert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <SubmitButton form={form}>Send transfer request</SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
