import { formatCents, homePathFor, messages, type SingleClient } from '@carte/domain';
import {
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconCode, IconLogin2, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { actAsClient, resellerApi, useResellerMutation, useSingleClient } from '../../api/resellers.api.ts';
import { usePublicConfig } from '../../api/use-public-config.ts';
import { DeleteWithPasswordModal } from '../../ui/delete-with-password.tsx';
import { notifyError, notifyFailure, notifySuccess } from '../../ui/notify.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PaginatedTable, type TableColumn } from '../../ui/paginated-table.tsx';
import { CopyMenuUrlButton, EmbedCodeModal } from '../sharing/index.ts';

/** Period dates as DD/MM/YYYY (doc 3 §2.4, §9); the provider's times are unix seconds. */
const day = (seconds: number | null) => (seconds === null ? '—' : dayjs.unix(seconds).format('DD/MM/YYYY'));
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/**
 * /dma/client?id= (doc 3 §2.4): Back, Delete client (password), Login as this client; the client's
 * details, the subscription with "Cancel subscription", the restaurant with its member count, copy
 * URL and embed code, and the menus, categories, dishes and ingredients tables (local pagination).
 * "This page could not be found." for an unknown client or another reseller's.
 */
export function ResellerClientPage() {
  const id = useSearchParams()[0].get('id') ?? '';
  const client = useSingleClient(id);
  if (!id) return <NotFound />;
  if (client.isPending) return <PageLoader />;
  if (client.isError) return <NotFound />;
  return <ClientView data={client.data} />;
}

function NotFound() {
  return (
    <Stack gap="md" align="flex-start">
      <BackButton />
      <Card padding="xl" w="100%">
        <Text ta="center" size="lg" fw={600} role="alert" py="xl">
          {messages.pageCouldNotBeFound}
        </Text>
      </Card>
    </Stack>
  );
}

function BackButton() {
  return (
    <Button component={Link} to="/dma/dashboard" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
      Back
    </Button>
  );
}

function ClientView({ data }: { data: SingleClient }) {
  const { client, subscription, restaurant } = data;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = usePublicConfig();
  const [deleting, setDeleting] = useState(false);
  const [acting, setActing] = useState(false);
  const [cancelOpened, cancelModal] = useDisclosure(false);
  const [embedOpened, embed] = useDisclosure(false);
  const remove = useResellerMutation(resellerApi.deleteClient);
  const cancel = useResellerMutation(resellerApi.cancelSubscription);
  const title = restaurant?.name || client.restaurant_name || client.username;
  const url =
    restaurant && config.data ? `${config.data.publicUrl.replace(/\/$/, '')}/menu/${restaurant._id}` : null;

  const handleLoginAs = async () => {
    if (!client.state) {
      notifyError(messages.clientNotVerified);
      return;
    }
    setActing(true);
    try {
      const result = await actAsClient(client._id);
      queryClient.clear();
      navigate(homePathFor(result.user.role), { replace: true });
    } catch (error) {
      notifyFailure(error);
      setActing(false);
    }
  };

  const handleCancel = async () => {
    if (!subscription) return;
    try {
      await cancel.mutateAsync({ subscriptionId: subscription.id, clientId: client._id });
      notifySuccess(messages.clientSubscriptionCanceled);
      cancelModal.close();
      // Doc 3 §4: cancelling returns to the reseller dashboard.
      navigate('/dma/dashboard');
    } catch (error) {
      notifyFailure(error);
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <BackButton />
        <Group gap="sm" wrap="wrap">
          <Button
            variant="light"
            leftSection={<IconLogin2 size={16} />}
            onClick={handleLoginAs}
            loading={acting}
          >
            Login as this client
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setDeleting(true)}
          >
            Delete client
          </Button>
        </Group>
      </Group>
      <Group gap="md" wrap="nowrap">
        <Avatar src={restaurant?.logo ?? null} size={56} radius="md" color="carte" alt="">
          {title.slice(0, 2).toUpperCase()}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          <Group gap={6} mt={4}>
            <Badge variant="outline" color={client.state ? 'teal.9' : 'orange.9'}>
              {client.state ? 'Verified' : 'Not verified'}
            </Badge>
            <Badge variant="outline" color={subscription ? 'teal.9' : 'gray.7'}>
              {subscription ? 'Subscribed' : 'Not subscribed'}
            </Badge>
          </Group>
        </div>
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card padding="lg" component="section" aria-labelledby="client-info-title">
          <Title order={2} fz="lg" mb="sm" id="client-info-title">
            Client info
          </Title>
          <Facts
            rows={[
              ['Username', client.username],
              ['First name', client.firstName || '—'],
              ['Last name', client.lastName || '—'],
              ['Email', client.email],
              ['Phone number', client.phoneNumber || '—'],
            ]}
          />
        </Card>
        <Card padding="lg" component="section" aria-labelledby="client-restaurant-title">
          <Title order={2} fz="lg" mb="sm" id="client-restaurant-title">
            Restaurant
          </Title>
          {restaurant ? (
            <Stack gap="md">
              <Facts
                rows={[
                  ['Name', restaurant.name],
                  ['Members', String(restaurant.members)],
                ]}
              />
              {url && (
                <Group gap="sm" wrap="wrap">
                  <CopyMenuUrlButton url={url} recordShare={false} size="sm" />
                  <Button
                    variant="default"
                    size="sm"
                    leftSection={<IconCode size={16} />}
                    onClick={embed.open}
                  >
                    Embed code
                  </Button>
                </Group>
              )}
            </Stack>
          ) : (
            <Text c="dimmed" size="sm">
              The restaurant is created when the client accepts the invitation.
            </Text>
          )}
        </Card>
      </SimpleGrid>

      <Card padding="lg" component="section" aria-labelledby="client-subscription-title">
        <Group justify="space-between" mb="sm" gap="sm" wrap="wrap">
          <Title order={2} fz="lg" id="client-subscription-title">
            Subscription
          </Title>
          {subscription && (
            <Button variant="light" color="red" size="sm" onClick={cancelModal.open}>
              Cancel subscription
            </Button>
          )}
        </Group>
        {subscription ? (
          <SubscriptionDetails subscription={subscription} />
        ) : (
          <Text c="dimmed" size="sm">
            This client has no active subscription: its menus cannot be published. Subscribe it from the
            dashboard.
          </Text>
        )}
      </Card>

      <ContentTables data={data} />

      {url && restaurant && (
        <EmbedCodeModal
          opened={embedOpened}
          onClose={embed.close}
          url={url}
          restaurantName={restaurant.name}
        />
      )}
      <Modal opened={cancelOpened} onClose={cancelModal.close} title="Cancel subscription" centered>
        <Stack gap="md">
          <Text size="sm">
            The subscription of {title} ends now and every one of its menus goes back to draft. Continue?
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={cancelModal.close}>
              Keep it
            </Button>
            <Button color="red" onClick={handleCancel} loading={cancel.isPending} data-autofocus>
              Cancel subscription
            </Button>
          </Group>
        </Stack>
      </Modal>
      <DeleteWithPasswordModal
        target={deleting ? { id: client._id, label: `the client ${client.username}` } : null}
        onClose={() => setDeleting(false)}
        onDelete={async (input) => {
          const message = await remove.mutateAsync(input);
          navigate('/dma/dashboard', { replace: true });
          return message;
        }}
      />
    </Stack>
  );
}

/**
 * The subscription's columns (doc 3 §2.4): a one-row table on a wide screen, the same values as a
 * list on a phone (a table there would scroll sideways).
 */
function SubscriptionDetails({ subscription }: { subscription: NonNullable<SingleClient['subscription']> }) {
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 0.1px))`, false, {
    getInitialValueInEffect: false,
  });
  const discount = subscription.discount?.coupon;
  const columns: [string, string][] = [
    ['Period start', day(subscription.current_period_start)],
    ['Period end', day(subscription.current_period_end)],
    ['Amount', subscription.plan.amount === null ? '—' : formatCents(subscription.plan.amount)],
    ['Interval', subscription.plan.interval],
    ...(discount
      ? ([
          [
            'Discount',
            discount.percent_off !== null
              ? `${discount.percent_off}%`
              : formatCents(discount.amount_off ?? 0),
          ],
        ] as [string, string][])
      : []),
    [
      'Status',
      `${subscription.status}${subscription.cancel_at_period_end ? ' (cancels at period end)' : ''}`,
    ],
    [
      'Payment method',
      subscription.default_payment_method
        ? `${subscription.default_payment_method.card.last4} - ${subscription.default_payment_method.card.brand}`
        : '—',
    ],
  ];
  if (phone) return <Facts rows={columns} />;
  return (
    <Table aria-label="Subscription" verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          {columns.map(([label]) => (
            <Table.Th key={label}>{label}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <Table.Tr>
          {columns.map(([label, value]) => (
            <Table.Td key={label}>{value}</Table.Td>
          ))}
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <Stack gap={6} component="dl" m={0}>
      {rows.map(([label, value]) => (
        <Group key={label} gap="sm" wrap="nowrap" align="flex-start">
          <Text component="dt" size="sm" c="dimmed" w={120} style={{ flexShrink: 0 }}>
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

type Menu = SingleClient['menus'][number];
type Category = SingleClient['categories'][number];
type Dish = SingleClient['dishes'][number];
type Ingredient = SingleClient['ingredients'][number];

/** Menus, Categories, Dishes, Ingredients (doc 3 §2.4), each paginated in the browser. */
function ContentTables({ data }: { data: SingleClient }) {
  const menuColumns: TableColumn<Menu>[] = [
    { key: 'name', header: 'Name', render: (row) => row.name },
    { key: 'published', header: 'Published', render: (row) => yesNo(!row.draft) },
    { key: 'categories', header: 'Categories', render: (row) => row.categories },
    {
      key: 'cover',
      header: 'Cover',
      hideWhenCompact: true,
      render: (row) =>
        row.cover ? (
          <Image src={row.cover} alt={`Cover of ${row.name}`} w={96} h={54} radius="sm" fit="cover" />
        ) : (
          '—'
        ),
    },
  ];
  const categoryColumns: TableColumn<Category>[] = [
    { key: 'name', header: 'Name', render: (row) => row.name },
    { key: 'available', header: 'Available', render: (row) => yesNo(row.isAvailable) },
    { key: 'dishes', header: 'Dishes', render: (row) => row.dishes },
  ];
  const dishColumns: TableColumn<Dish>[] = [
    { key: 'name', header: 'Name', render: (row) => row.name },
    { key: 'available', header: 'Available', render: (row) => yesNo(row.isAvailable) },
    { key: 'calories', header: 'Calories', hideWhenCompact: true, render: (row) => row.calories ?? '—' },
    {
      key: 'alcohol',
      header: 'Alcohol Percentage',
      hideWhenCompact: true,
      render: (row) => (row.alcoholPercentage === null ? '—' : `${row.alcoholPercentage}%`),
    },
    { key: 'sides', header: 'Side dishes', hideWhenCompact: true, render: (row) => row.sideDishes },
    { key: 'ingredients', header: 'Ingredients', render: (row) => row.ingredients },
    {
      key: 'image',
      header: 'Image',
      hideWhenCompact: true,
      render: (row) =>
        row.image ? <Image src={row.image} alt={row.name} w={72} h={48} radius="sm" fit="cover" /> : '—',
    },
  ];
  const ingredientColumns: TableColumn<Ingredient>[] = [
    { key: 'name', header: 'Name', render: (row) => row.name },
    { key: 'available', header: 'Available', render: (row) => yesNo(row.isAvailable) },
  ];
  return (
    <Card padding="lg" component="section" aria-label="Menu content">
      <Tabs defaultValue="menus" keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="menus">Menus ({data.menus.length})</Tabs.Tab>
          <Tabs.Tab value="categories">Categories ({data.categories.length})</Tabs.Tab>
          <Tabs.Tab value="dishes">Dishes ({data.dishes.length})</Tabs.Tab>
          <Tabs.Tab value="ingredients">Ingredients ({data.ingredients.length})</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="menus">
          <PaginatedTable
            label="Menus"
            rows={data.menus}
            columns={menuColumns}
            rowId={(row) => row._id}
            minWidth={480}
            emptyMessage="This client has no menu yet. “Login as this client” to create one."
          />
        </Tabs.Panel>
        <Tabs.Panel value="categories">
          <PaginatedTable
            label="Categories"
            rows={data.categories}
            columns={categoryColumns}
            rowId={(row) => row._id}
            minWidth={400}
            emptyMessage="This client has no category yet. “Login as this client” to add some."
          />
        </Tabs.Panel>
        <Tabs.Panel value="dishes">
          <PaginatedTable
            label="Dishes"
            rows={data.dishes}
            columns={dishColumns}
            rowId={(row) => row._id}
            minWidth={760}
            emptyMessage="This client has no dish yet. “Login as this client” to add some."
          />
        </Tabs.Panel>
        <Tabs.Panel value="ingredients">
          <PaginatedTable
            label="Ingredients"
            rows={data.ingredients}
            columns={ingredientColumns}
            rowId={(row) => row._id}
            minWidth={320}
            emptyMessage="This client has no ingredient yet. “Login as this client” to add some."
          />
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}
