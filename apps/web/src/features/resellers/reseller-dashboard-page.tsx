import { billingMessages, type ClientsStatistics, formatCents } from '@carte/domain';
import {
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCreditCard, IconLicense, IconPlayerPlay } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useClientsStatistics, useProductPrices, useSubscriptionStatus } from '../../api/resellers.api.ts';
import { useCurrentUser } from '../../api/session.ts';
import { notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { AddLicenceModal } from './add-licence-modal.tsx';
import { ClientSearchSection, ClientsSection } from './clients-section.tsx';
import { PaymentMethodsSection } from './payment-methods-section.tsx';
import { PendingLicencesSection } from './pending-licences-section.tsx';
import classes from './reseller.module.css';
import { SubscriptionWizard } from './subscription-wizard.tsx';

/**
 * /dma/dashboard (doc 3 §2.3): client statistics; "Add license"; "Add a client card" while clients
 * are unsubscribed; "Subscribe for all" when there are unsubscribed clients and both plans exist;
 * pending licences; subscribed and unsubscribed clients with the plans' prices; the client search;
 * the reseller's payment methods.
 */
export function ResellerDashboardPage() {
  const user = useCurrentUser();
  const statistics = useClientsStatistics();
  const status = useSubscriptionStatus();
  const prices = useProductPrices();
  const [opened, setOpened] = useState<'licence' | 'card' | 'all' | null>(null);
  const unsubscribed = status.data?.unSubscribedClients ?? [];
  // A client who has not accepted yet cannot be subscribed: only verified clients are offered.
  const payable = unsubscribed.filter((client) => client.state);
  const bothPlans = Boolean(prices.data?.monthly_product && prices.data?.yearly_product);
  useCardPageReturn();

  return (
    <Stack gap="xl">
      <PageHeader
        title={`Welcome, ${user.firstName || user.username}`}
        description={user.company_name ? `${user.company_name} · Reseller` : 'Reseller'}
        actions={
          unsubscribed.length > 0 && bothPlans ? (
            <Button
              leftSection={<IconPlayerPlay size={18} />}
              onClick={() => setOpened('all')}
              disabled={payable.length === 0}
            >
              Subscribe for all
            </Button>
          ) : undefined
        }
      />
      <StatisticsBlock
        statistics={statistics.data}
        loading={statistics.isPending}
        failed={statistics.isError}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <ActionCard
          icon={<IconLicense size={24} />}
          title="Add license"
          text="Invite a restaurant: it receives a link to join Carte under your licence."
          onClick={() => setOpened('licence')}
        />
        {unsubscribed.length > 0 && (
          <ActionCard
            icon={<IconCreditCard size={24} />}
            title="Add a client card"
            text={`${unsubscribed.length} ${unsubscribed.length === 1 ? 'client is' : 'clients are'} not subscribed yet. Subscribe them with your card.`}
            onClick={() => setOpened('card')}
          />
        )}
      </SimpleGrid>
      <PendingLicencesSection />
      <ClientsSection
        subscribed={status.data?.subscribedClients ?? []}
        unsubscribed={unsubscribed}
        prices={prices.data}
        loading={status.isPending}
        failed={status.isError}
      />
      <ClientSearchSection />
      <PaymentMethodsSection />
      <AddLicenceModal opened={opened === 'licence'} onClose={() => setOpened(null)} />
      <SubscriptionWizard
        opened={opened === 'card' || opened === 'all'}
        onClose={() => setOpened(null)}
        clients={payable}
        choose={opened === 'card'}
      />
    </Stack>
  );
}

/** Back from the provider's card page (`?setup=done|canceled`): say what happened once, clean the address. */
function useCardPageReturn() {
  const [params, setParams] = useSearchParams();
  const setup = useRef(params.get('setup'));
  useEffect(() => {
    if (params.has('setup')) setParams({}, { replace: true });
  }, [params, setParams]);
  useEffect(() => {
    if (setup.current === 'done') notifySuccess(billingMessages.paymentMethodSaved);
    if (setup.current === 'canceled') notifySuccess(billingMessages.setupCanceled);
    setup.current = null;
  }, []);
}

function ActionCard({
  icon,
  title,
  text,
  onClick,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  onClick: () => void;
}) {
  return (
    <UnstyledButton onClick={onClick} className={classes.actionCard} aria-haspopup="dialog">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="md" variant="light">
          {icon}
        </ThemeIcon>
        <div>
          <Title order={2} fz="md">
            {title}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {text}
          </Text>
        </div>
      </Group>
    </UnstyledButton>
  );
}

function StatisticsBlock({
  statistics,
  loading,
  failed,
}: {
  statistics: ClientsStatistics | undefined;
  loading: boolean;
  failed: boolean;
}) {
  const counts: { label: string; value: ReactNode }[] = [
    { label: 'Clients', value: statistics?.clients },
    { label: 'Subscribed', value: statistics?.subscribedClients },
    { label: 'Unsubscribed', value: statistics?.unSubscribedClients },
    { label: 'Pending licenses', value: statistics?.pendingLicences },
    { label: 'Published menus', value: statistics?.publishedMenus },
    { label: 'Monthly cost', value: statistics ? formatCents(statistics.monthlyCents) : undefined },
  ];
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, lg: 6 }}
      spacing="md"
      component="section"
      aria-label="Client statistics"
    >
      {counts.map((count) => (
        <Card key={count.label} padding="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {count.label}
          </Text>
          <Text fz={26} fw={700} mt={4}>
            {loading ? '…' : failed ? '–' : (count.value ?? 0)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
