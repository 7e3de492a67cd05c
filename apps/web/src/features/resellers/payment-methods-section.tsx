import { billingMessages, type PaymentMethod } from '@carte/domain';
import { ActionIcon, Alert, Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import { IconCreditCard, IconExternalLink, IconPlus } from '@tabler/icons-react';
import { isApiError } from '../../api/api-error.ts';
import { usePaymentMethods, usePortalSession, useSavePayment } from '../../api/billing.api.ts';
import { notifyError } from '../../ui/notify.ts';
import { PaginatedTable, type TableColumn } from '../../ui/paginated-table.tsx';

const unannounced = (error: unknown) => !(isApiError(error) && error.notified);

/** Where the provider's card and portal pages lead back to. */
const backHere = () => `${window.location.origin}/dma/dashboard`;

/** "Add payment method": the provider's hosted card page (the billing feature's save-payment call). */
export function useAddPaymentMethod() {
  const save = useSavePayment();
  return {
    busy: save.isPending || save.isSuccess,
    run: async () => {
      try {
        const { url } = await save.mutateAsync(backHere());
        window.location.assign(url);
      } catch (error) {
        if (unannounced(error)) notifyError(billingMessages.savePaymentFailed);
      }
    },
  };
}

/**
 * "Payment methods (n)" (doc 3 §2.3): Brand, Credit Card (holder and masked number), Exp Month, Exp
 * Year, Manage (the provider's portal); "Add payment method"; a prompt while there is none.
 */
export function PaymentMethodsSection() {
  const methods = usePaymentMethods(true);
  const addPayment = useAddPaymentMethod();
  const portal = usePortalSession();
  const cards = methods.data?.data ?? [];

  const handleManage = async () => {
    try {
      const { url } = await portal.mutateAsync(backHere());
      window.location.assign(url);
    } catch (error) {
      if (unannounced(error)) notifyError(billingMessages.portalFailed);
    }
  };

  const defaultBadge = (
    <Badge size="xs" variant="outline" color="teal.9" style={{ flexShrink: 0, overflow: 'visible' }}>
      Default
    </Badge>
  );
  const columns: TableColumn<PaymentMethod>[] = [
    {
      key: 'brand',
      header: 'Brand',
      hideWhenCompact: true,
      render: (row) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600}>
            {row.card.brand.toUpperCase()}
          </Text>
          {row.isDefault && defaultBadge}
        </Group>
      ),
    },
    {
      key: 'card',
      header: 'Credit Card',
      render: (row, { compact }) => (
        <div>
          <Group gap={6} wrap="nowrap">
            <Text size="sm">
              {compact && `${row.card.brand.toUpperCase()} · `}
              {row.billing_details.name || '—'}
            </Text>
            {compact && row.isDefault && defaultBadge}
          </Group>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            •••• {compact ? '' : '•••• •••• '}
            {row.card.last4}
            {compact && ` · ${String(row.card.exp_month).padStart(2, '0')}/${row.card.exp_year}`}
          </Text>
        </div>
      ),
    },
    {
      key: 'month',
      header: 'Exp Month',
      hideWhenCompact: true,
      render: (row) => String(row.card.exp_month).padStart(2, '0'),
    },
    { key: 'year', header: 'Exp Year', hideWhenCompact: true, render: (row) => row.card.exp_year },
    {
      key: 'manage',
      header: 'Manage',
      align: 'right',
      render: (row, { compact }) =>
        compact ? (
          <ActionIcon
            variant="light"
            onClick={handleManage}
            loading={portal.isPending || portal.isSuccess}
            aria-label={`Manage the card ending in ${row.card.last4}`}
          >
            <IconExternalLink size={16} />
          </ActionIcon>
        ) : (
          <Button
            size="compact-sm"
            variant="light"
            rightSection={<IconExternalLink size={14} aria-hidden />}
            onClick={handleManage}
            loading={portal.isPending || portal.isSuccess}
            aria-label={`Manage the card ending in ${row.card.last4}`}
          >
            Manage
          </Button>
        ),
    },
  ];

  return (
    <Card padding="lg" component="section" aria-labelledby="payment-methods-title">
      <Group justify="space-between" mb="md" gap="sm" wrap="wrap">
        <Title order={2} fz="lg" id="payment-methods-title">
          Payment methods ({cards.length})
        </Title>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={addPayment.run}
          loading={addPayment.busy}
        >
          Add payment method
        </Button>
      </Group>
      {!methods.isPending && !methods.isError && cards.length === 0 ? (
        <Alert color="yellow" icon={<IconCreditCard size={18} />} title="Add a payment method">
          Your clients' licences are paid with your card. Add one to subscribe your clients.
        </Alert>
      ) : (
        <PaginatedTable
          label="Payment methods"
          rows={cards}
          columns={columns}
          rowId={(row) => row.id}
          loading={methods.isPending}
          emptyMessage={methods.isError ? billingMessages.pageFailed : 'No payment method yet.'}
          minWidth={560}
        />
      )}
    </Card>
  );
}
