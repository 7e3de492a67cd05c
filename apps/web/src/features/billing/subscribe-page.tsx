import {
  type BasePlan,
  billingMessages,
  discountedCents,
  discountLabel,
  formatCents,
  type HasActive,
  localCheckoutPath,
  type PaymentMethod,
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
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconCircleCheck,
  IconCreditCard,
  IconFlask,
  IconInfoCircle,
  IconPlus,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import {
  useCheckoutSession,
  useHasActive,
  usePaymentMethods,
  usePlan,
  usePortalSession,
  useSavePayment,
} from '../../api/billing.api.ts';
import { useCurrentUser } from '../../api/session.ts';
import { usePublicConfig } from '../../api/use-public-config.ts';
import { useCaptcha } from '../../ui/captcha/use-captcha.tsx';
import { formatUnixDate } from '../../ui/dates.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { PlanCards } from './plan-cards.tsx';

const perInterval = { month: 'per month', year: 'per year' } as const;

/** A failure the API client has not already shown (403 toasts, 401 signs out). */
const unannounced = (error: unknown) => !(isApiError(error) && error.notified);

/**
 * /subscribe (doc 2 §2 "Subscription checkout screen"; owner role only, doc 2 §6): "Please wait" while
 * loading; with an active subscription its status ("Active — renews 12/28/2026", dates in the viewer's
 * locale) and Manage (the provider's portal), "Subscribed successfully" being a toast on the way back
 * from a paid checkout (issue 22);
 * otherwise the monthly and yearly plans, each sending the browser to the checkout.
 */
/** How long /subscribe waits for the provider's events after a paid checkout before it stops asking. */
const CONFIRM_FOR_MS = 30_000;

export function SubscribePage() {
  const user = useCurrentUser();
  const config = usePublicConfig();
  const plan = usePlan();
  const [params, setParams] = useSearchParams();
  // Back from a paid checkout: the subscription starts when the provider's events arrive (issue 12),
  // so has-active is asked again every second for a while.
  const [confirmingSince, setConfirmingSince] = useState<number | null>(() =>
    params.has('session_id') ? Date.now() : null,
  );
  const active = useHasActive(confirmingSince !== null ? 1000 : false);
  const canceled = params.get('canceled') === 'true';
  const timeZone = user.restaurants[0]?.timeZone;
  const setup = useRef(params.get('setup'));

  useEffect(() => {
    if (params.has('session_id') || params.has('setup')) setParams({}, { replace: true });
  }, [params, setParams]);

  // Back from the card page: say what happened once.
  useEffect(() => {
    if (setup.current === 'done') notifySuccess(billingMessages.paymentMethodSaved);
    setup.current = null;
  }, []);

  const isActive = active.data?.active === true;
  useEffect(() => {
    if (confirmingSince === null) return;
    if (isActive) {
      setConfirmingSince(null);
      notifySuccess(billingMessages.subscribed);
      return;
    }
    const timer = setTimeout(() => setConfirmingSince(null), CONFIRM_FOR_MS - (Date.now() - confirmingSince));
    return () => clearTimeout(timer);
  }, [confirmingSince, isActive]);

  const loading = plan.isPending || active.isPending || config.isPending;
  const failed = plan.isError || active.isError;
  const confirming = confirmingSince !== null && !isActive;

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
      {loading || confirming ? (
        <Center mih={240} role="status">
          <Stack align="center" gap="xs">
            <Loader type="dots" />
            <Text c="dimmed">{confirming ? billingMessages.confirming : billingMessages.pleaseWait}</Text>
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
      {!loading && !confirming && !failed && config.data?.billingProvider !== 'off' && <PaymentMethods />}
    </Stack>
  );
}

/** The restaurant's saved cards (doc 3 §2 "Payment methods") and "Add payment method" (save-payment). */
function PaymentMethods() {
  const methods = usePaymentMethods(true);
  const save = useSavePayment();

  const handleAdd = async () => {
    try {
      const { url } = await save.mutateAsync(`${window.location.origin}/subscribe`);
      window.location.assign(url);
    } catch (error) {
      if (unannounced(error)) notifyError(billingMessages.savePaymentFailed);
    }
  };

  const cards = methods.data?.data ?? [];
  return (
    <Card>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2} fz="lg">
            Payment methods ({cards.length})
          </Title>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={handleAdd}
            loading={save.isPending || save.isSuccess}
          >
            Add payment method
          </Button>
        </Group>
        {methods.isPending ? (
          <Loader size="sm" type="dots" aria-label={billingMessages.pleaseWait} />
        ) : methods.isError ? (
          <Text c="red" size="sm">
            {billingMessages.pageFailed}
          </Text>
        ) : cards.length === 0 ? (
          <Text c="dimmed" size="sm">
            No card saved yet. The card you pay with at checkout is saved for the renewals.
          </Text>
        ) : (
          <Stack gap={0}>
            {cards.map((method) => (
              <CardRow key={method.id} method={method} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function CardRow({ method }: { method: PaymentMethod }) {
  const expiry = `${String(method.card.exp_month).padStart(2, '0')}/${method.card.exp_year}`;
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py="xs"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
        <ThemeIcon variant="light" color="gray" radius="md" aria-hidden>
          <IconCreditCard size={18} />
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Text fw={600}>
            {method.card.brand.toUpperCase()} •••• {method.card.last4}
          </Text>
          <Text size="sm" c="dimmed">
            {method.billing_details.name ? `${method.billing_details.name} · ` : ''}Expires {expiry}
          </Text>
        </div>
      </Group>
      {method.isDefault && (
        <Badge variant="outline" color="teal.9" style={{ flexShrink: 0, overflow: 'visible' }}>
          Default
        </Badge>
      )}
    </Group>
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
      : formatUnixDate(subscription.current_period_end, timeZone);
  const status = !periodEnd
    ? 'Active'
    : subscription.cancel_at_period_end
      ? `Active — ends ${periodEnd}`
      : `Active — renews ${periodEnd}`;

  const handleManage = async () => {
    try {
      const { url } = await portal.mutateAsync(`${window.location.origin}/subscribe`);
      window.location.assign(url);
    } catch (error) {
      if (unannounced(error)) notifyError(billingMessages.portalFailed);
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
              <Title order={2}>{status}</Title>
              <Text c="dimmed" size="sm">
                {subscription.interval === 'year' ? 'Yearly plan' : 'Monthly plan'} ·{' '}
                {formatCents(discountedCents(product.price.unit_amount, subscription.discount))}{' '}
                {perInterval[subscription.interval]}
                {subscription.discount && <> ({discountLabel(subscription.discount)})</>}
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

function PlanChoice({ plan, testMode }: { plan: BasePlan; testMode: boolean }) {
  const checkout = useCheckoutSession();
  const captcha = useCaptcha('checkout');
  const [chosen, setChosen] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const handleSubscribe = async (product: PlanProduct) => {
    setFailure(null);
    setChosen(product.price.id);
    try {
      const reCaptchaToken = await captcha.getToken();
      const sessionId = await checkout.mutateAsync({ price_id: product.price.id, reCaptchaToken });
      // The button keeps spinning while the browser leaves for the checkout (doc 2 §7); Carte's
      // /billing/checkout/{id} is the test checkout, or sends the browser on to Stripe Checkout.
      window.location.assign(localCheckoutPath(sessionId));
    } catch (error) {
      captcha.reset();
      setChosen(null);
      if (unannounced(error)) setFailure(billingMessages.checkoutFailed);
    }
  };

  return (
    <Stack gap="md">
      <PlanCards plan={plan} chosen={chosen} onChoose={handleSubscribe} />
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
