import {
  billingMessages,
  discountedCents,
  discountLabel,
  formatCents,
  messages,
  type PaymentMethod,
  type ProductPrices,
  type PromotionCoupon,
} from '@carte/domain';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  List,
  Loader,
  Modal,
  Radio,
  Stack,
  Stepper,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCircleCheck, IconCreditCard, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { usePaymentMethods } from '../../api/billing.api.ts';
import {
  type ClientsCreateSubscriptionResult,
  type DmaClient,
  resellerApi,
  useProductPrices,
  useResellerMutation,
} from '../../api/resellers.api.ts';
import { errorMessage } from '../../ui/notify.ts';
import { useAddPaymentMethod } from './payment-methods-section.tsx';

type Interval = 'month' | 'year';

/** The price of one plan, for display; null when the plan is missing. */
const priceOf = (plan: ProductPrices | undefined, interval: Interval) =>
  (interval === 'year' ? plan?.yearly_product : plan?.monthly_product)?.price ?? null;

/** Hidden from sight, still read by screen readers. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The client subscription wizard (doc 3 §2.3): [Choose clients →] Choose plan → Payment Method →
 * Promotion Code (skippable) → Complete, listing the clients subscribed and those that failed.
 * `choose` starts with the client choice of "Add card for client"; "Subscribe for all" skips it.
 */
export function SubscriptionWizard({
  opened,
  onClose,
  clients,
  choose,
}: {
  opened: boolean;
  onClose: () => void;
  /** The unsubscribed clients the wizard may subscribe. */
  clients: DmaClient[];
  choose: boolean;
}) {
  const plan = useProductPrices();
  const methods = usePaymentMethods(opened);
  const addPayment = useAddPaymentMethod();
  const subscribe = useResellerMutation(resellerApi.subscribeClients);
  const [step, setStep] = useState(0);
  const phone = useMediaQuery('(max-width: 30em)', false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [interval, setInterval] = useState<Interval | null>(null);
  const [methodId, setMethodId] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [coupon, setCoupon] = useState<PromotionCoupon['coupon'] | null>(null);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ClientsCreateSubscriptionResult | null>(null);
  const [submitted, setSubmitted] = useState<DmaClient[]>([]);
  const first = choose ? 0 : 1;
  const current = Math.max(step, first);
  const selected = choose ? clients.filter((client) => chosen.includes(client._id)) : clients;
  const cards = methods.data?.data ?? [];
  const price = interval ? priceOf(plan.data, interval) : null;

  const close = () => {
    onClose();
    setTimeout(() => {
      setStep(0);
      setChosen([]);
      setInterval(null);
      setMethodId(null);
      setCode('');
      setCoupon(null);
      setError(null);
      setResult(null);
      setSubmitted([]);
      subscribe.reset();
    }, 200);
  };
  const go = (next: number) => {
    setError(null);
    setStep(next);
  };

  const handleClients = () => {
    if (chosen.length === 0) return setError(messages.chooseAtLeastOneClient);
    go(1);
  };
  const handlePlan = () => {
    if (!interval) return setError(messages.selectAnPlan);
    go(2);
  };
  const handleMethod = () => {
    const method = methodId ?? cards.find((card) => card.isDefault)?.id ?? null;
    if (!method) return setError(messages.selectPaymentMethod);
    setMethodId(method);
    go(3);
  };
  const handleApply = async () => {
    setError(null);
    if (!code.trim()) return setError(billingMessages.enterPromotionCode);
    if (!price) return setError(billingMessages.selectPlan);
    setChecking(true);
    try {
      const answer = await resellerApi.checkPromoCode({ promo_code: code.trim(), price_id: price.id });
      setCoupon(answer.coupon);
    } catch {
      setCoupon(null);
      setError(billingMessages.invalidPromotionCode);
    } finally {
      setChecking(false);
    }
  };
  const handleSubscribe = async (withCode: boolean) => {
    setError(null);
    if (!price) return setError(billingMessages.selectPlan);
    if (!methodId) return setError(messages.selectPaymentMethod);
    if (withCode && code.trim() && !coupon) return setError(billingMessages.invalidPromotionCode);
    try {
      const answer = await subscribe.mutateAsync({
        price_id: price.id,
        default_payment_method: methodId,
        promo_code: withCode && coupon ? code.trim() : undefined,
        clients: selected.map((client) => client._id),
      });
      setResult(answer);
      // The lists reload at once (a subscribed client leaves the unsubscribed ones): keep the names.
      setSubmitted(selected);
      setStep(5);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const errorText = error && (
    <Text c="red.8" size="sm" role="alert">
      {error}
    </Text>
  );
  const active = choose ? current : current - 1;
  const stepNames = [
    ...(choose ? ['Choose clients'] : []),
    'Choose plan',
    'Payment Method',
    'Promotion Code',
    'Complete',
  ];
  const count = selected.length;
  const licences = `${count} ${count === 1 ? 'licence' : 'licences'}`;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={choose ? 'Add card for client' : 'Subscribe for all'}
      size="lg"
      centered
    >
      {phone && (
        <Text size="sm" fw={600} mb="xs" aria-live="polite">
          {stepNames[active] ? `Step ${active + 1} of ${stepNames.length}: ${stepNames[active]}` : 'Done'}
        </Text>
      )}
      {/* On a phone five labels wrapped raggedly (issue 22): the numbers alone, the step named above;
          the labels stay for screen readers (a completed step's button shows only a check). */}
      <Stepper
        active={active}
        size="sm"
        allowNextStepsSelect={false}
        wrap={!phone}
        styles={phone ? { stepBody: visuallyHidden, separator: { marginInline: 6 } } : undefined}
      >
        {choose && (
          <Stepper.Step label="Choose clients">
            <Stack gap="md" mt="md">
              <Checkbox.Group
                label="Clients to subscribe with your card"
                value={chosen}
                onChange={(value) => {
                  setChosen(value);
                  setError(null);
                }}
              >
                <Stack gap="xs" mt="xs">
                  {clients.map((client) => (
                    <Checkbox
                      key={client._id}
                      value={client._id}
                      label={`${client.restaurant_name ?? client.username} (${client.email})`}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
              {errorText}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={close}>
                  Cancel
                </Button>
                <Button onClick={handleClients}>Next</Button>
              </Group>
            </Stack>
          </Stepper.Step>
        )}
        <Stepper.Step label="Choose plan">
          <Stack gap="md" mt="md">
            {plan.isPending ? (
              <Loader size="sm" type="dots" aria-label={billingMessages.pleaseWait} />
            ) : plan.isError ? (
              <Alert color="red">{messages.cannotCalculatePrice}</Alert>
            ) : (
              <Radio.Group
                label={`A plan for ${licences}`}
                value={interval}
                onChange={(value) => {
                  setInterval(value as Interval);
                  setCoupon(null);
                  setError(null);
                }}
              >
                <Stack gap="xs" mt="xs">
                  {(['month', 'year'] as const).map((value) => {
                    const option = priceOf(plan.data, value);
                    return (
                      <Radio.Card key={value} value={value} p="md" radius="md">
                        <Group wrap="nowrap" gap="sm">
                          <Radio.Indicator />
                          <div>
                            <Text fw={600}>{value === 'month' ? 'Monthly' : 'Yearly'}</Text>
                            <Text size="sm" c="dimmed">
                              {option ? formatCents(option.unit_amount) : '—'} per licence a{' '}
                              {value === 'month' ? 'month' : 'year'}
                            </Text>
                          </div>
                        </Group>
                      </Radio.Card>
                    );
                  })}
                </Stack>
              </Radio.Group>
            )}
            {errorText}
            <Group justify={choose ? 'space-between' : 'flex-end'} gap="sm">
              {choose ? (
                <Button variant="default" onClick={() => go(0)}>
                  Back
                </Button>
              ) : (
                <Button variant="default" onClick={close}>
                  Cancel
                </Button>
              )}
              <Button onClick={handlePlan} disabled={!plan.data}>
                Next
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Payment Method">
          <Stack gap="md" mt="md">
            {methods.isPending ? (
              <Loader size="sm" type="dots" aria-label={billingMessages.pleaseWait} />
            ) : cards.length === 0 ? (
              <Alert color="yellow" icon={<IconCreditCard size={18} />} title="No payment method yet">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">Add a card first: your licences are charged to it.</Text>
                  <Button
                    size="xs"
                    leftSection={<IconPlus size={14} />}
                    onClick={addPayment.run}
                    loading={addPayment.busy}
                  >
                    Add payment method
                  </Button>
                </Stack>
              </Alert>
            ) : (
              <Radio.Group
                label="Pay with"
                value={methodId ?? cards.find((card) => card.isDefault)?.id ?? null}
                onChange={(value) => {
                  setMethodId(value);
                  setError(null);
                }}
              >
                <Stack gap="xs" mt="xs">
                  {cards.map((card) => (
                    <Radio key={card.id} value={card.id} label={<CardLabel method={card} />} />
                  ))}
                </Stack>
              </Radio.Group>
            )}
            {errorText}
            <Group justify="space-between" gap="sm">
              <Button variant="default" onClick={() => go(1)}>
                Back
              </Button>
              <Button onClick={handleMethod}>Next</Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Promotion Code" description="Optional">
          <Stack gap="md" mt="md">
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void handleApply();
              }}
            >
              <Group align="flex-end" gap="sm" wrap="nowrap">
                <TextInput
                  label="Promotion code"
                  style={{ flex: 1 }}
                  value={code}
                  onChange={(event) => {
                    setCode(event.currentTarget.value);
                    setCoupon(null);
                  }}
                  autoComplete="off"
                  data-autofocus
                />
                <Button type="submit" variant="light" loading={checking}>
                  Apply
                </Button>
              </Group>
            </form>
            <PriceSummary
              price={price?.unit_amount ?? null}
              coupon={coupon}
              count={count}
              interval={interval}
            />
            {errorText}
            <Group justify="space-between" gap="sm">
              <Button variant="default" onClick={() => go(2)}>
                Back
              </Button>
              <Group gap="sm">
                <Button
                  variant="subtle"
                  onClick={() => void handleSubscribe(false)}
                  disabled={subscribe.isPending}
                >
                  Skip
                </Button>
                <Button onClick={() => void handleSubscribe(true)} loading={subscribe.isPending}>
                  Subscribe
                </Button>
              </Group>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Complete" />
        <Stepper.Completed>
          <SubscribeResult result={result} clients={submitted} onClose={close} />
        </Stepper.Completed>
      </Stepper>
    </Modal>
  );
}

function CardLabel({ method }: { method: PaymentMethod }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" fw={600}>
        {method.card.brand.toUpperCase()} •••• {method.card.last4}
      </Text>
      <Text size="sm" c="dimmed">
        {method.billing_details.name ? `${method.billing_details.name} · ` : ''}
        {String(method.card.exp_month).padStart(2, '0')}/{method.card.exp_year}
      </Text>
      {method.isDefault && (
        <Badge size="sm" variant="outline" color="teal.9">
          Default
        </Badge>
      )}
    </Group>
  );
}

function PriceSummary({
  price,
  coupon,
  count,
  interval,
}: {
  price: number | null;
  coupon: PromotionCoupon['coupon'] | null;
  count: number;
  interval: Interval | null;
}) {
  if (price === null || !interval) {
    return (
      <Text c="red.8" size="sm">
        {messages.cannotCalculatePrice}
      </Text>
    );
  }
  const each = discountedCents(price, coupon);
  return (
    <Stack gap={4} aria-live="polite">
      {coupon && (
        <Text size="sm">
          Discount: <strong>{discountLabel(coupon)}</strong>
        </Text>
      )}
      <Text size="sm">
        {count} × {formatCents(each)}
        {coupon && each !== price && (
          <Text span size="sm" c="dimmed" td="line-through" ml={6}>
            {formatCents(price)}
          </Text>
        )}{' '}
        = <strong>{formatCents(each * count)}</strong> a {interval === 'year' ? 'year' : 'month'}
      </Text>
    </Stack>
  );
}

function SubscribeResult({
  result,
  clients,
  onClose,
}: {
  result: ClientsCreateSubscriptionResult | null;
  clients: DmaClient[];
  onClose: () => void;
}) {
  const name = (entry: { _id: string; username: string }) => {
    const client = clients.find((candidate) => candidate._id === entry._id);
    return client?.restaurant_name ? `${client.restaurant_name} (${entry.username})` : entry.username;
  };
  const subscribed = result?.subscribed ?? [];
  const failed = result?.failed ?? [];
  return (
    <Stack gap="md" mt="lg">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={44} radius="xl" color={failed.length ? 'yellow' : 'teal'} variant="light">
          <IconCircleCheck size={26} />
        </ThemeIcon>
        <Text fw={600} role="status">
          {subscribed.length} subscribed{failed.length ? `, ${failed.length} failed` : ''}
        </Text>
      </Group>
      {subscribed.length > 0 && (
        <div>
          <Text size="sm" fw={600}>
            Subscribed
          </Text>
          <List size="sm">
            {subscribed.map((entry) => (
              <List.Item key={entry._id}>{name(entry)}</List.Item>
            ))}
          </List>
        </div>
      )}
      {failed.length > 0 && (
        <div>
          <Text size="sm" fw={600} c="red.8">
            Failed
          </Text>
          <List size="sm">
            {failed.map((entry) => (
              <List.Item key={entry._id}>
                {name(entry)}: {entry.message}
              </List.Item>
            ))}
          </List>
        </div>
      )}
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
