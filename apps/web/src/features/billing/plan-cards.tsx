import { type BasePlan, formatCents, type PlanProduct, yearlySavingPercent } from '@carte/domain';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';

const perInterval = { month: 'per month', year: 'per year' } as const;

/**
 * The plan's two prices side by side, each with its Subscribe button: on /subscribe, and compact in
 * the "Subscribe required" dialog (issue 22), from the same GET /subscription/base-product.
 */
export function PlanCards({
  plan,
  chosen,
  onChoose,
  compact = false,
}: {
  plan: BasePlan;
  /** The price whose button spins while the browser leaves for the checkout. */
  chosen: string | null;
  onChoose: (product: PlanProduct) => void;
  compact?: boolean;
}) {
  const saving = yearlySavingPercent(plan);
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
    <SimpleGrid cols={compact ? { base: 1, xs: 2 } : { base: 1, sm: 2 }} spacing={compact ? 'sm' : 'md'}>
      {choices.map(({ product, title, label, badge }) => {
        const price = formatCents(product.price.unit_amount);
        return (
          <Card key={product.price.id} withBorder={compact} padding={compact ? 'md' : undefined}>
            <Stack gap={compact ? 'sm' : 'md'} h="100%" justify="space-between">
              <Stack gap={compact ? 2 : 4}>
                <Group justify="space-between" gap="xs">
                  {compact ? <Text fw={600}>{title}</Text> : <Title order={2}>{title}</Title>}
                  {badge && (
                    <Badge variant="outline" color="teal.9">
                      {badge}
                    </Badge>
                  )}
                </Group>
                <Group gap={6} align="baseline">
                  <Text fz={compact ? 24 : 32} fw={700} lh={1.2}>
                    {price}
                  </Text>
                  <Text size={compact ? 'sm' : undefined} c="dimmed">
                    {perInterval[product.price.recurring.interval]}
                  </Text>
                </Group>
                {!compact && (
                  <Text c="dimmed" size="sm">
                    Publish every menu of your restaurant. Cancel at any time.
                  </Text>
                )}
              </Stack>
              <Button
                fullWidth
                onClick={() => onChoose(product)}
                loading={chosen === product.price.id}
                disabled={chosen !== null && chosen !== product.price.id}
              >
                {compact ? label : `${label} — ${price}`}
              </Button>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
