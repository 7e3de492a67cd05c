import { type AdminUser, adminAddUserSchema, localCheckoutPath, messages } from '@carte/domain';
import { Button, Group, Modal, Radio, SimpleGrid, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { adminApi, useAdminMutation } from '../../api/admin.api.ts';
import { usePlan } from '../../api/billing.api.ts';
import { FormAlert } from '../../ui/form/form-alert.tsx';
import { schemaValidate, validateChangedOnBlur } from '../../ui/form/schema-validate.ts';
import { applyServerError } from '../../ui/form/server-error.ts';
import { SubmitButton } from '../../ui/form/submit-button.tsx';
import { errorMessage, notifySuccess } from '../../ui/notify.ts';

/**
 * "Add user" (doc 3 §2.2): the form, then an optional subscribe step for a chosen plan, then the
 * payment checkout. The new owner sets a password from the mailed link.
 */
export function AddUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add user" size="lg" centered>
      {opened && <AddUserFlow onClose={onClose} />}
    </Modal>
  );
}

function AddUserFlow({ onClose }: { onClose: () => void }) {
  const [created, setCreated] = useState<AdminUser | null>(null);
  return (
    <Stack gap="lg">
      <Stepper active={created ? 1 : 0} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label="User" description="Account and restaurant" />
        <Stepper.Step label="Subscribe" description="Optional" />
      </Stepper>
      {created ? (
        <SubscribeStep user={created} onClose={onClose} />
      ) : (
        <UserStep onCreated={setCreated} onClose={onClose} />
      )}
    </Stack>
  );
}

function UserStep({ onCreated, onClose }: { onCreated: (user: AdminUser) => void; onClose: () => void }) {
  const add = useAdminMutation(adminApi.addUser);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { firstName: '', lastName: '', username: '', email: '', restaurantName: '' },
    validate: schemaValidate(adminAddUserSchema),
    ...validateChangedOnBlur,
  });
  const handleSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const { newUser } = await add.mutateAsync(values);
      notifySuccess(messages.userAdded);
      onCreated(newUser);
    } catch (error) {
      setFormError(
        applyServerError(form, error, [
          ['username', 'username'],
          ['email', 'email'],
        ]),
      );
    }
  });
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="First name" data-autofocus {...form.getInputProps('firstName')} />
          <TextInput label="Last name" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label="Username" withAsterisk autoComplete="off" {...form.getInputProps('username')} />
        <TextInput
          label="Email"
          type="email"
          withAsterisk
          autoComplete="off"
          {...form.getInputProps('email')}
        />
        <TextInput label="Restaurant name" withAsterisk {...form.getInputProps('restaurantName')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton form={form}>Add user</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The optional subscribe step: a plan, then the payment checkout for the new user's restaurant. */
function SubscribeStep({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const plan = usePlan();
  const [priceId, setPriceId] = useState<string>('');
  const [error, setError] = useState<string | null>(null);
  const subscribe = useAdminMutation(adminApi.subscribeUser);
  const products = plan.data ? [plan.data.monthly_product, plan.data.yearly_product] : [];

  const handleSubscribe = async () => {
    if (!priceId) {
      setError('Please select a plan');
      return;
    }
    setError(null);
    try {
      const session = await subscribe.mutateAsync({ plan_id: priceId, user_id: user._id });
      window.location.assign(localCheckoutPath(session.id));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        <b>{user.username}</b> has been added and will receive a link to set a password. You can subscribe
        their restaurant <b>{user.restaurantName}</b> now, or skip this step.
      </Text>
      <FormAlert message={error} />
      {plan.isPending ? (
        <Text size="sm" c="dimmed">
          Loading plans…
        </Text>
      ) : plan.isError ? (
        <Text size="sm" c="red">
          {messages.somethingWentWrongLater}
        </Text>
      ) : (
        <Radio.Group label="Plan" value={priceId} onChange={setPriceId}>
          <Stack gap="xs" mt="xs">
            {products.map((product) => (
              <Radio
                key={product.price.id}
                value={product.price.id}
                label={`${product.name} — ${dollars(product.price.unit_amount)} / ${product.price.recurring.interval}`}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Skip
        </Button>
        <Button
          onClick={handleSubscribe}
          loading={subscribe.isPending}
          disabled={plan.isPending || plan.isError}
        >
          Subscribe
        </Button>
      </Group>
    </Stack>
  );
}
