import {
  addRestaurantLabel,
  addRestaurantSchema,
  messages,
  type Restaurant,
  restaurantTypeLabel,
  type User,
} from '@carte/domain';
import {
  Alert,
  Card,
  Grid,
  Group,
  List,
  Radio,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  IconAlertCircle,
  IconBuildingStore,
  IconGitBranch,
  IconLock,
  IconRefresh,
  IconSettings,
  IconSwitchHorizontal,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { locationsApi } from '../../api/locations.api.ts';
import { useRestaurant } from '../../api/restaurants.api.ts';
import { sessionStore, useCurrentUser } from '../../api/session.ts';
import { storageKeys } from '../../api/storage-keys.ts';
import { useCaptcha } from '../../ui/captcha/use-captcha.tsx';
import { FormAlert } from '../../ui/form/form-alert.tsx';
import { schemaValidate, validateChangedOnBlur } from '../../ui/form/schema-validate.ts';
import { applyServerError } from '../../ui/form/server-error.ts';
import { SubmitButton } from '../../ui/form/submit-button.tsx';
import { errorMessage, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import classes from './add-restaurant.module.css';

type Kind = 'standalone' | 'location';

/** What a location shares and keeps (decisions §4; docs/decisions.md, Locations). */
const howItWorks = [
  {
    icon: IconRefresh,
    text: "The parent's menus, categories, dishes and ingredients appear at the location as they are, live: a change at the parent shows there at once.",
  },
  {
    icon: IconLock,
    text: 'At the location they are read-only and marked with a lock. Clone one to make your own editable copy.',
  },
  {
    icon: IconSettings,
    text: 'The location has its own settings, customizations, QR codes, subscription and public menu page.',
  },
  {
    icon: IconSwitchHorizontal,
    text: 'Both accounts use your email and password. Switch between them from the account menu.',
  },
];

interface AddValues {
  kind: Kind;
  parent: string | null;
  restaurantName: string;
  username: string;
}

/** Owners (and resellers' clients) own their restaurant, so they may hang a location on it. */
const ownsRestaurant = (user: User) => user.role === 'RESTAURANT' || user.role === 'DMA_CLIENT';

/**
 * The restaurant a location may be added to: the current one, or its parent when the current one is
 * a location itself (a location has no locations of its own; docs/decisions.md, Locations).
 */
const parentOf = (restaurant: Restaurant) =>
  restaurant.parentRestaurant
    ? { value: restaurant.parentRestaurant._id, label: restaurant.parentRestaurant.name }
    : { value: restaurant._id, label: restaurant.name };

/**
 * /add-restaurant (doc 2 §2 "Add restaurant"), labelled "Add Location" or "Add Food Truck": a new
 * standalone restaurant, or a new location sharing the parent's menus (decisions §4). The new
 * account is signed in and the app goes home (doc 2 §4).
 */
export function AddRestaurantPage() {
  const user = useCurrentUser();
  const restaurant = useRestaurant({ enabled: user.restaurants.length > 0 });
  const title = addRestaurantLabel(user.restaurants[0]?.restaurantType);

  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        description="Run another site or business from Carte. Each one has its own account, settings, QR codes, subscription and public menu."
      />
      {user.restaurants.length > 0 && restaurant.isPending ? (
        <Card>
          <Stack gap="md">
            <Skeleton height={90} />
            <Skeleton height={36} />
            <Skeleton height={36} />
          </Stack>
        </Card>
      ) : restaurant.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {errorMessage(restaurant.error)}
        </Alert>
      ) : (
        <AddRestaurantForm user={user} restaurant={restaurant.data ?? null} />
      )}
    </Stack>
  );
}

function AddRestaurantForm({ user, restaurant }: { user: User; restaurant: Restaurant | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const captcha = useCaptcha('add_restaurant');
  const [formError, setFormError] = useState<string | null>(null);
  const canAddLocation = restaurant !== null && ownsRestaurant(user);
  const parent = restaurant ? parentOf(restaurant) : null;
  const typeLabel = restaurantTypeLabel(restaurant?.restaurantType);

  const toPayload = (values: AddValues) => ({
    username: values.username,
    restaurantName: values.restaurantName,
    isLocation: values.kind === 'location',
    parent: values.kind === 'location' ? values.parent : null,
  });
  const form = useForm<AddValues>({
    initialValues: {
      kind: canAddLocation ? 'location' : 'standalone',
      parent: parent?.value ?? null,
      restaurantName: '',
      username: '',
    },
    validate: (values) => {
      const errors = schemaValidate<AddValues>(addRestaurantSchema, { toPayload })(values);
      // "{Type} name cannot be empty" (doc 2 §5): the server says the same.
      if (!values.restaurantName.trim()) errors.restaurantName = messages.restaurantNameRequired(typeLabel);
      return errors;
    },
    ...validateChangedOnBlur,
  });
  const isLocation = form.values.kind === 'location';

  const handleSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const reCaptchaToken = await captcha.getToken();
      const session = await locationsApi.add({ ...toPayload(values), reCaptchaToken });
      // New tokens replace the old and the selected menu is cleared (doc 1 §4), then home.
      localStorage.removeItem(storageKeys.selectedMenu);
      queryClient.clear();
      sessionStore.signIn(session);
      notifySuccess(messages.restaurantAdded(values.restaurantName.trim()));
      navigate('/', { replace: true });
    } catch (error) {
      setFormError(
        applyServerError(form, error, [
          ['username', 'username'],
          ['name cannot be empty', 'restaurantName'],
          ['Name is too long', 'restaurantName'],
          ['parent', 'parent'],
          ['location', 'parent'],
        ]),
      );
    } finally {
      captcha.reset();
    }
  });

  const kinds: {
    value: Kind;
    icon: typeof IconBuildingStore;
    title: string;
    text: string;
    disabled: boolean;
  }[] = [
    {
      value: 'location',
      icon: IconGitBranch,
      title: 'A new location',
      text: canAddLocation
        ? `Shares every menu, category, dish and ingredient of ${parent?.label}, kept in sync.`
        : 'Only the owner of a restaurant can add a location to it.',
      disabled: !canAddLocation,
    },
    {
      value: 'standalone',
      icon: IconBuildingStore,
      title: `A new standalone ${typeLabel.toLowerCase()}`,
      text: 'Starts empty: build its menus from scratch.',
      disabled: false,
    },
  ];

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Card padding="lg">
          <form onSubmit={handleSubmit} noValidate>
            <Stack gap="lg">
              <FormAlert message={formError} />
              <Radio.Group
                label="What would you like to add?"
                value={form.values.kind}
                onChange={(value) => {
                  form.setFieldValue('kind', value as Kind);
                  form.clearFieldError('parent');
                }}
              >
                <Stack gap="sm" mt="xs">
                  {kinds.map((kind) => (
                    <Radio.Card
                      key={kind.value}
                      value={kind.value}
                      disabled={kind.disabled}
                      className={classes.choice}
                      radius="md"
                    >
                      <Group wrap="nowrap" align="flex-start" gap="md">
                        <Radio.Indicator disabled={kind.disabled} mt={2} />
                        <ThemeIcon
                          variant="light"
                          size={36}
                          radius="md"
                          color={kind.disabled ? 'gray' : 'carte'}
                        >
                          <kind.icon size={20} stroke={1.7} />
                        </ThemeIcon>
                        <div>
                          <Text fw={600}>{kind.title}</Text>
                          <Text size="sm" c="dimmed">
                            {kind.text}
                          </Text>
                        </div>
                      </Group>
                    </Radio.Card>
                  ))}
                </Stack>
              </Radio.Group>
              {isLocation && parent && (
                <Select
                  label="Parent restaurant"
                  description="The location shows this restaurant's menus."
                  data={[parent]}
                  allowDeselect={false}
                  withAsterisk
                  {...form.getInputProps('parent')}
                />
              )}
              <TextInput
                label={`${typeLabel} name`}
                placeholder={isLocation && parent ? `${parent.label} — Downtown` : undefined}
                autoComplete="organization"
                withAsterisk
                {...form.getInputProps('restaurantName')}
              />
              <TextInput
                label="Username of the new account"
                description="You sign in to it with your email and password, and switch between your accounts from the account menu."
                autoComplete="off"
                withAsterisk
                {...form.getInputProps('username')}
              />
              {captcha.field}
              <Group justify="flex-end">
                <SubmitButton form={form} size="md" className={classes.submit}>
                  {isLocation ? 'Add location' : `Add ${typeLabel.toLowerCase()}`}
                </SubmitButton>
              </Group>
            </Stack>
          </form>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Card padding="lg" className={classes.aside}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              How locations work
            </Title>
            <List
              spacing="sm"
              size="sm"
              className={classes.list}
              classNames={{ itemWrapper: classes.itemWrapper }}
            >
              {howItWorks.map(({ icon: Icon, text }) => (
                <List.Item
                  key={text}
                  icon={
                    <ThemeIcon variant="light" color="gray" size={26} radius="xl">
                      <Icon size={15} stroke={1.8} aria-hidden />
                    </ThemeIcon>
                  }
                >
                  {text}
                </List.Item>
              ))}
            </List>
          </Stack>
        </Card>
      </Grid.Col>
    </Grid>
  );
}
