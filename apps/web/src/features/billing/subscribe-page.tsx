import {
  type BasePlan,
  billingMessages,
  formatCents,
  formatDayMonthYear,
  type HasActive,
  localCheckoutPath,
  type PlanProduct,
} from '@carte/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconFlask, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { useCheckoutSession, useHasActive, usePlan, usePortalSession } from '../../api/billing.api.ts';
import { useCurrentUser } from '../../api/session.ts';
import { usePublicConfig } from '../../api/use-public-config.ts';
import { useCaptcha } from '../../ui/captcha/use-captcha.tsx';
import { notifyError } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';

const perInterval = { month: 'per month', year: 'per year' } as const;

/** A failure the API client has not already shown (403 toasts, 401 signs out). */
const unannounced = (error: unknown) => !(isApiError(error) && error.notified);

/**
 * /subscribe (doc 2 §2 "Subscription checkout screen"; owner role only, doc 2 §6): "Please wait" while
 * loading; with an active subscription "Subscribed successfully" and Manage (the provider's portal);
 * otherwise the monthly and yearly plans, each sending the browser to the checkout.
 */
export function SubscribePage() {
  const user = useCurrentUser();
  const config = usePublicConfig();
  const plan = usePlan();
  const active = useHasActive();
  const [params, setParams] = useSearchParams();
  const canceled = params.get('canceled') === 'true';
  const timeZone = user.restaurants[0]?.timeZone;

  // Back from a paid checkout: has-active (re-read on mount) tells the result; the id is not needed.
  useEffect(() => {
    if (params.has('session_id')) setParams({}, { replace: true });
  }, [params, setParams]);

  const loading = plan.isPending || active.isPending || config.isPending;
  const failed = plan.isError || active.isError;

  return (
    <Stack gap="lg" maw={820}>
      <PageHeader
        title="Subscription"
        description="Publish your menus for your guests with a monthly or a yearly plan."
      />
      {canceled && (
        <Alert
          color="gray"
          icon={<IconInfoCircle size={18} />}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setParams({}, { replace: true })}
        >
          {billingMessages.checkoutCanceled}
        </Alert>
      )}
      {loading ? (
        <Center mih={240} role="status">
          <Stack align="center" gap="xs">
            <Loader type="dots" />
            <Text c="dimmed">{billingMessages.pleaseWait}</Text>
          </Stack>
        </Center>
      ) : failed || !plan.data || !active.data ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />}>
          {billingMessages.pageFailed}
        </Alert>
      ) : active.data.active && active.data.subscription ? (
        <ActiveSubscription subscription={active.data.subscription} plan={plan.data} timeZone={timeZone} />
      ) : config.data?.billingProvider === 'off' ? (
        <Alert color="blue" icon={<IconInfoCircle size={18} />}>
          {billingMessages.billingOff}
        </Alert>
      ) : (
        <PlanChoice plan={plan.data} testMode={config.data?.billingProvider === 'local'} />
      )}
    </Stack>
  );
}

function ActiveSubscription({
  subscription,
  plan,
  timeZone,
}: {
  subscription: NonNullable<HasActive['subscription']>;
  plan: BasePlan;
  timeZone: string | undefined;
}) {
  const portal = usePortalSession();
  const product = subscription.interval === 'year' ? plan.yearly_product : plan.monthly_product;
  const periodEnd =
    subscription.current_period_end === null
      ? null
      : formatDayMonthYear(new Date(subscription.current_period_end * 1000), timeZone);

  const handleManage = async () => {
    try {
      const { url } = await portal.mutateAsync(`${window.location.origin}/subscribe`);
      window.location.assign(url);
    } catch (error) {
      if (unannounced(error)) notifyError(billingMessages.pageFailed);
    }
  };

  return (
    <Stack gap="md">
      {subscription.cancel_at_period_end && periodEnd && (
        <Alert color="yellow" icon={<IconAlertCircle size={18} />}>
          {billingMessages.cancelsAt(periodEnd)} Your menus go back to draft then.
        </Alert>
      )}
      <Card>
        <Group justify="space-between" align="center" wrap="wrap" gap="md">
          <Group gap="md" wrap="nowrap">
            <ThemeIcon size={44} radius="xl" color="teal" variant="light">
              <IconCircleCheck size={26} />
            </ThemeIcon>
            <div>
              <Title order={2}>{billingMessages.subscribed}</Title>
              <Text c="dimmed" size="sm">
                {subscription.interval === 'year' ? 'Yearly plan' : 'Monthly plan'} ·{' '}
                {formatCents(product.price.unit_amount)} {perInterval[subscription.interval]}
                {periodEnd && !subscription.cancel_at_period_end && <> · Next renewal date {periodEnd}</>}
              </Text>
            </div>
          </Group>
          <Button onClick={handleManage} loading={portal.isPending || portal.isSuccess}>
            Manage
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}

/** The saving of the yearly price against twelve months, in whole percent (0 when none). */
const yearlySaving = (plan: BasePlan): number => {
  const twelveMonths = plan.monthly_product.price.unit_amount * 12;
  if (twelveMonths === 0) return 0;
  return Math.max(0, Math.round((1 - plan.yearly_product.price.unit_amount / twelveMonths) * 100));
};

function PlanChoice({ plan, testMode }: { plan: BasePlan; testMode: boolean }) {
  const checkout = useCheckoutSession();
  const captcha = useCaptcha('checkout');
  const [chosen, setChosen] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const saving = yearlySaving(plan);

  const handleSubscribe = async (product: PlanProduct) => {
    setFailure(null);
    setChosen(product.price.id);
    try {
      const reCaptchaToken = await captcha.getToken();
      const sessionId = await checkout.mutateAsync({ price_id: product.price.id, reCaptchaToken });
      // The button keeps spinning while the browser leaves for the checkout (doc 2 §7).
      window.location.assign(localCheckoutPath(sessionId));
    } catch (error) {
      captcha.reset();
      setChosen(null);
      if (unannounced(error)) setFailure(billingMessages.checkoutFailed);
    }
  };

  const choices = [
    { product: plan.monthly_product, title: 'Monthly', label: 'Subscribe monthly', badge: null },
    {
      product: plan.yearly_product,
      title: 'Yearly',
      label: 'Subscribe yearly',
      badge: saving > 0 ? `Save ${saving}%` : null,
    },
  ];

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {choices.map(({ product, title, label, badge }) => {
          const price = formatCents(product.price.unit_amount);
          return (
            <Card key={product.price.id}>
              <Stack gap="md" h="100%" justify="space-between">
                <Stack gap={4}>
                  <Group justify="space-between" gap="xs">
                    <Title order={2}>{title}</Title>
                    {badge && (
                      <Badge color="teal" variant="light">
                        {badge}
                      </Badge>
                    )}
                  </Group>
                  <Group gap={6} align="baseline">
                    <Text fz={32} fw={700} lh={1.2}>
                      {price}
                    </Text>
                    <Text c="dimmed">{perInterval[product.price.recurring.interval]}</Text>
                  </Group>
                  <Text c="dimmed" size="sm">
                    Publish every menu of your restaurant. Cancel at any time.
                  </Text>
                </Stack>
                <Button
                  fullWidth
                  onClick={() => handleSubscribe(product)}
                  loading={chosen === product.price.id}
                  disabled={chosen !== null && chosen !== product.price.id}
                >
                  {label} — {price}
                </Button>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      {captcha.field}
      {failure && (
        <Alert color="red" icon={<IconAlertCircle size={18} />}>
          {failure}
        </Alert>
      )}
      {testMode && (
        <Group gap="xs" c="dimmed" wrap="nowrap" align="flex-start">
          <IconFlask size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">
            Test mode: the checkout is Carte's built-in test checkout. No card is charged.
          </Text>
        </Group>
      )}
    </Stack>
  );
}
