import { Alert, Button, Card, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { allergenRecordsApi } from '../../api/allergen-records.api.ts';
import { dishesApi, dishKeys } from '../../api/dishes.api.ts';
import { invalidatedBy } from '../../api/query-keys.ts';
import { notifyFailure, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { byDish, type FoodTypeProposal, foodTypeProposals, withContained } from './food-type-proposals.ts';

/**
 * /allergens/food-types (issue 23 §7): the restaurant's "food types" tags that name one of the 14
 * ("Dairy" → milk, "Gluten" → gluten), proposed dish by dish as the dish's own "contains". The owner
 * ticks the rows to keep; each dish is then saved through the dish update (PUT /api/dishes/{id},
 * `allergens` only), so the change is kept in the dish's history. Nothing is declared here: the
 * owner still confirms each dish in its form.
 */
export function FoodTypeMappingPage() {
  // Read afresh on every visit: a proposal must start from the dishes as they are now.
  const dishes = useQuery({
    queryKey: [...dishKeys.all, 'food-type-mapping'],
    queryFn: ({ signal }) => dishesApi.list(signal),
    staleTime: 0,
    gcTime: 0,
  });
  const queryClient = useQueryClient();
  const proposals = useMemo(() => foodTypeProposals(dishes.data ?? []), [dishes.data]);
  // Every row starts ticked; a row unticked stays out.
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<number | null>(null);

  if (dishes.isPending) return <PageLoader />;

  const chosen = proposals.filter((proposal) => !unticked.has(proposal.id));
  const toggle = (proposal: FoodTypeProposal) =>
    setUnticked((current) => {
      const next = new Set(current);
      if (next.has(proposal.id)) next.delete(proposal.id);
      else next.add(proposal.id);
      return next;
    });
  const allTicked = chosen.length === proposals.length;

  const apply = async () => {
    setSaving(true);
    let saved = 0;
    try {
      for (const [dishId, keys] of byDish(chosen)) {
        // The dish as it is now (another tab may have changed it), then its own part with the additions.
        const dish = await dishesApi.get(dishId);
        await allergenRecordsApi.setDishAllergens(dishId, withContained(dish.ownAllergens, keys));
        saved++;
      }
      notifySuccess(`Allergens added to ${saved} ${saved === 1 ? 'dish' : 'dishes'}`);
      setDone(saved);
      setUnticked(new Set());
    } catch (error) {
      notifyFailure(error);
    } finally {
      setSaving(false);
      if (saved > 0)
        await Promise.all(invalidatedBy.dish.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Food types to allergens"
        description="Your dishes’ food types that name one of the 14 regulated allergens, ready to become declarations."
      />
      {done !== null && (
        <Alert color="teal" variant="light" icon={<IconCheck size={18} />} title="Added">
          {done} {done === 1 ? 'dish now contains' : 'dishes now contain'} the allergens you chose. Open each
          dish to check its allergens and confirm it as declared: until then guests read “Allergens not
          declared — ask the staff”.
        </Alert>
      )}
      {proposals.length === 0 ? (
        <Card padding="lg">
          <Text>
            Nothing to map: no food type of your dishes names an allergen they do not already contain.
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            Food types such as “Dairy”, “Gluten”, “Eggs” or “Soy” are proposed here as “Contains Milk”,
            “Contains Gluten”…
          </Text>
        </Card>
      ) : (
        <Card padding="md">
          <Stack gap="md">
            <Text size="sm">
              Each ticked row adds the allergen to the dish’s own “contains”. The dish is not declared by
              this: confirm each dish in its form once its allergens are complete.
            </Text>
            <Table striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={44}>
                    <Checkbox
                      aria-label="Choose every row"
                      checked={allTicked}
                      indeterminate={chosen.length > 0 && !allTicked}
                      onChange={() =>
                        setUnticked(allTicked ? new Set(proposals.map((proposal) => proposal.id)) : new Set())
                      }
                    />
                  </Table.Th>
                  <Table.Th>Dish</Table.Th>
                  <Table.Th>Food type → declaration</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {proposals.map((proposal) => {
                  const becomes = proposal.label.slice(proposal.label.lastIndexOf('→') + 2);
                  return (
                    <Table.Tr key={proposal.id}>
                      <Table.Td>
                        <Checkbox
                          aria-label={proposal.label}
                          checked={!unticked.has(proposal.id)}
                          onChange={() => toggle(proposal)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Text
                          component={Link}
                          to={`/update-dish/${proposal.dishId}`}
                          size="sm"
                          fw={500}
                          c="inherit"
                        >
                          {proposal.dishName}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {proposal.foodType} → <strong>{becomes}</strong>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" c="dimmed">
                {chosen.length} of {proposals.length} chosen, for {byDish(chosen).size}{' '}
                {byDish(chosen).size === 1 ? 'dish' : 'dishes'}
              </Text>
              <Button onClick={() => void apply()} loading={saving} disabled={chosen.length === 0}>
                Add to the dishes
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
