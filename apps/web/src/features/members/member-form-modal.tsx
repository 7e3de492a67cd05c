import {
  type Member,
  memberCreateSchema,
  memberUpdateSchema,
  messages,
  noPermissions,
  type PermissionKey,
  type Permissions,
  permissionKeys,
  permissionLabels,
} from '@carte/domain';
import {
  Button,
  Checkbox,
  Divider,
  Fieldset,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useCreateMember, useUpdateMember } from '../../api/members.api.ts';
import { useCurrentUser } from '../../api/session.ts';
import { FormAlert } from '../../ui/form/form-alert.tsx';
import { schemaValidate, validateChangedOnBlur } from '../../ui/form/schema-validate.ts';
import { applyServerError } from '../../ui/form/server-error.ts';
import { SubmitButton } from '../../ui/form/submit-button.tsx';
import { notifySuccess } from '../../ui/notify.ts';

interface MemberValues {
  firstName: string;
  lastName: string;
  email: string;
  permissions: Permissions;
}

/** What each flag opens, under its check box. */
const permissionHints: Record<PermissionKey, string> = {
  restaurant: 'Settings, customizations and the account',
  menu: 'Menus, timeline and filters',
  category: 'Categories and their dishes',
  dish: 'Dishes and the media library',
  ingredient: 'Ingredients',
  member: 'This team',
};

const serverFields = [
  ['email', 'email'],
  ['member', 'email'],
  ['owner', 'email'],
] as const;

/**
 * "Add member" and "Update member" (doc 2 §2, §6): names, email (fixed once invited) and the
 * permission flags with "All permissions". A flag the signed-in user does not hold is shown but
 * disabled, since they cannot grant it; the server refuses it too.
 */
export function MemberFormModal({
  opened,
  member,
  onClose,
}: {
  opened: boolean;
  /** The member to update; null adds one. */
  member: Member | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={member ? 'Update member' : 'Add member'} size="lg">
      {opened && <MemberForm key={member?._id ?? 'new'} member={member} onClose={onClose} />}
    </Modal>
  );
}

function MemberForm({ member, onClose }: { member: Member | null; onClose: () => void }) {
  const user = useCurrentUser();
  const create = useCreateMember();
  const update = useUpdateMember();
  const [formError, setFormError] = useState<string | null>(null);
  const grantable = permissionKeys.filter((key) => user.permissions[key]);

  const form = useForm<MemberValues>({
    initialValues: {
      firstName: member?.firstName ?? '',
      lastName: member?.lastName ?? '',
      email: member?.email ?? '',
      permissions: member ? { ...member.permissions } : noPermissions(),
    },
    validate: schemaValidate(member ? memberUpdateSchema : memberCreateSchema),
    ...validateChangedOnBlur,
  });

  const flags = form.values.permissions;
  const allOn = grantable.length > 0 && grantable.every((key) => flags[key]);
  const setAll = (on: boolean) => {
    const next = { ...flags };
    for (const key of grantable) next[key] = on;
    form.setFieldValue('permissions', next);
  };

  const handleSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    // Flags the user cannot grant are sent as they are: the server keeps them (doc 2 §6).
    const names = { firstName: values.firstName.trim(), lastName: values.lastName.trim() };
    try {
      if (member) {
        await update.mutateAsync({ id: member._id, input: { ...names, permissions: values.permissions } });
        notifySuccess(messages.memberUpdated);
      } else {
        // An address that already has an account joins only when its owner accepts the invitation.
        await create.mutateAsync({ ...names, email: values.email.trim(), permissions: values.permissions });
        notifySuccess(messages.memberCreated);
      }
      onClose();
    } catch (error) {
      setFormError(applyServerError(form, error, serverFields));
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label="First name"
            autoComplete="off"
            data-autofocus
            maxLength={100}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label="Last name"
            autoComplete="off"
            maxLength={100}
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          autoComplete="off"
          withAsterisk={!member}
          readOnly={Boolean(member)}
          disabled={Boolean(member)}
          description={
            member
              ? 'The invitation went to this address.'
              : 'We send the invitation here. It stays valid for 7 days.'
          }
          {...form.getInputProps('email')}
        />

        <Fieldset legend="Permissions" variant="filled" radius="md">
          <Stack gap="sm">
            <Switch
              label="All permissions"
              description={
                grantable.length < permissionKeys.length
                  ? 'Every permission you hold yourself.'
                  : 'Everything an owner can do, except billing and ownership.'
              }
              checked={allOn}
              disabled={grantable.length === 0}
              onChange={(event) => setAll(event.currentTarget.checked)}
            />
            <Divider />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
              {permissionKeys.map((key) => {
                const held = user.permissions[key];
                return (
                  <Checkbox
                    key={key}
                    label={permissionLabels[key]}
                    description={held ? permissionHints[key] : 'You do not hold this permission'}
                    disabled={!held}
                    checked={flags[key]}
                    onChange={(event) =>
                      form.setFieldValue('permissions', { ...flags, [key]: event.currentTarget.checked })
                    }
                  />
                );
              })}
            </SimpleGrid>
            {grantable.length < permissionKeys.length && (
              <Text size="xs" c="dimmed">
                You can grant only the permissions you hold yourself.
              </Text>
            )}
          </Stack>
        </Fieldset>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton form={form}>{member ? 'Update member' : 'Add member'}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
