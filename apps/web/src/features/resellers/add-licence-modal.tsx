import { messages } from '@carte/domain';
import {
  Alert,
  Button,
  Group,
  Modal,
  Radio,
  SegmentedControl,
  Stack,
  Stepper,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { type AddClientResult, resellerApi, useResellerMutation } from '../../api/resellers.api.ts';
import { errorMessage, notifySuccess } from '../../ui/notify.ts';

/**
 * "Add license" (doc 3 §2.3): the modal "Add a license" says menus cannot be published for a licence
 * until a subscription is active, then the client wizard: Add email info → Add or select a restaurant
 * → Complete. The restaurant step lists the restaurants the address already owns (the server's answer
 * to the first step) or takes a new restaurant's name and the client's username.
 */
export function AddLicenceModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [started, setStarted] = useState(false);
  const [step, setStep] = useState(0);
  const [email, setEmail] = useState('');
  const [restaurants, setRestaurants] = useState<AddClientResult['restaurants']>([]);
  const [mode, setMode] = useState<'select' | 'new'>('new');
  const [restaurantId, setRestaurantId] = useState<string | null>(null);
  const [restaurantName, setRestaurantName] = useState('');
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const addClient = useResellerMutation(resellerApi.addClient);

  const close = () => {
    onClose();
    // Let the modal fade out before the wizard starts over.
    setTimeout(() => {
      setStarted(false);
      setStep(0);
      setEmail('');
      setRestaurants([]);
      setMode('new');
      setRestaurantId(null);
      setRestaurantName('');
      setUsername('');
      setError(null);
      setFieldErrors({});
      addClient.reset();
    }, 200);
  };

  const handleEmail = async () => {
    setError(null);
    setFieldErrors({});
    try {
      const answer = await addClient.mutateAsync({ email, step: 1 });
      const found = answer.restaurants;
      setRestaurants(found);
      setMode('new');
      setRestaurantId(found[0]?._id ?? null);
      setStep(1);
    } catch (failure) {
      setFieldErrors({ email: errorMessage(failure) });
    }
  };

  const handleRestaurant = async () => {
    setError(null);
    setFieldErrors({});
    if (mode === 'select' && !restaurantId) {
      setError(messages.selectOrAddRestaurant);
      return;
    }
    if (mode === 'new' && !restaurantName.trim()) {
      setError(messages.selectOrAddRestaurant);
      return;
    }
    try {
      await addClient.mutateAsync(
        mode === 'select'
          ? { email, step: 2, restaurant_id: restaurantId ?? undefined, username }
          : { email, step: 2, restaurant_name: restaurantName, username },
      );
      notifySuccess(messages.clientAdded);
      setStep(3);
    } catch (failure) {
      const message = errorMessage(failure);
      const lower = message.toLowerCase();
      if (lower.includes('username')) setFieldErrors({ username: message });
      else if (mode === 'new' && lower.includes('name')) setFieldErrors({ restaurantName: message });
      else setError(message);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Add a license" size="lg" centered>
      {!started ? (
        <Stack gap="md">
          <Alert color="blue" icon={<IconInfoCircle size={18} />}>
            Menus cannot be published on behalf of a licence until its subscription is active. Subscribe the
            client with your card once it has accepted the invitation.
          </Alert>
          <Text size="sm" c="dimmed">
            The restaurant receives an invitation by email. Once it accepts, you can subscribe it with your
            card and act for it.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={() => setStarted(true)} data-autofocus>
              Continue
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stepper active={step} size="sm" allowNextStepsSelect={false} wrap>
          <Stepper.Step label="Add email info">
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void handleEmail();
              }}
            >
              <Stack gap="md" mt="md">
                <TextInput
                  label="Client email"
                  type="email"
                  autoComplete="off"
                  withAsterisk
                  description="The restaurant owner's address: the invitation is sent there."
                  value={email}
                  onChange={(event) => setEmail(event.currentTarget.value)}
                  error={fieldErrors.email}
                  data-autofocus
                />
                <Group justify="flex-end" gap="sm">
                  <Button variant="default" onClick={close}>
                    Cancel
                  </Button>
                  <Button type="submit" loading={addClient.isPending}>
                    Next
                  </Button>
                </Group>
              </Stack>
            </form>
          </Stepper.Step>
          <Stepper.Step label="Add or select a restaurant">
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void handleRestaurant();
              }}
            >
              <Stack gap="md" mt="md">
                {restaurants.length > 0 && (
                  <SegmentedControl
                    fullWidth
                    value={mode}
                    onChange={(value) => {
                      setMode(value as 'select' | 'new');
                      setError(null);
                    }}
                    data={[
                      { value: 'select', label: 'Select a restaurant' },
                      { value: 'new', label: 'Add a new restaurant' },
                    ]}
                  />
                )}
                {mode === 'select' ? (
                  <Radio.Group
                    label="Your clients' restaurants"
                    description="The new client joins the team of the restaurant you pick."
                    value={restaurantId}
                    onChange={(value) => {
                      setRestaurantId(value);
                      setError(null);
                    }}
                  >
                    <Stack gap="xs" mt="xs">
                      {restaurants.map((restaurant) => (
                        <Radio key={restaurant._id} value={restaurant._id} label={restaurant.name} />
                      ))}
                    </Stack>
                  </Radio.Group>
                ) : (
                  <TextInput
                    label="Restaurant name"
                    withAsterisk
                    value={restaurantName}
                    onChange={(event) => {
                      setRestaurantName(event.currentTarget.value);
                      setError(null);
                    }}
                    error={fieldErrors.restaurantName}
                    data-autofocus
                  />
                )}
                <TextInput
                  label="Username"
                  description="The client signs in with it; it must be unique."
                  withAsterisk
                  autoComplete="off"
                  value={username}
                  onChange={(event) => setUsername(event.currentTarget.value)}
                  error={fieldErrors.username}
                />
                {error && (
                  <Text c="red.8" size="sm" role="alert">
                    {error}
                  </Text>
                )}
                <Group justify="space-between" gap="sm">
                  <Button variant="default" onClick={() => setStep(0)}>
                    Back
                  </Button>
                  <Button type="submit" loading={addClient.isPending}>
                    Send invitation
                  </Button>
                </Group>
              </Stack>
            </form>
          </Stepper.Step>
          <Stepper.Step label="Complete" />
          <Stepper.Completed>
            <Stack align="center" gap="sm" mt="lg" ta="center">
              <ThemeIcon size={56} radius="xl" color="teal" variant="light">
                <IconCircleCheck size={30} />
              </ThemeIcon>
              <Text fw={600} role="status">
                The invitation is on its way to {email}.
              </Text>
              <Text size="sm" c="dimmed">
                The licence shows under Pending licenses until the restaurant accepts it.
              </Text>
              <Button onClick={close} mt="sm" data-autofocus>
                Done
              </Button>
            </Stack>
          </Stepper.Completed>
        </Stepper>
      )}
    </Modal>
  );
}
