import {
  type DietaryLists,
  type DietaryType,
  dietaryTypeLabels,
  dietaryTypes,
  messages,
} from '@carte/domain';
import { Alert, Button, Card, Group, Skeleton, Stack, TagsInput, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { adminApi, adminKeys } from '../../api/admin.api.ts';
import { errorMessage, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';

const hints: Record<DietaryType, string> = {
  diets: 'Diets a dish suits (guests filter to include only these)',
  foodTypes: 'Allergens and food types (guests filter to exclude these)',
  other: 'Anything else worth a tag',
};

/**
 * /admin/dietary-considerations (doc 3 §2.2): the platform's three lists, unique tags, Submit. Every
 * restaurant's dish form offers these, plus its own additions.
 */
export function DietaryConsiderationsPage() {
  const queryClient = useQueryClient();
  const dietary = useQuery({
    queryKey: adminKeys.dietary,
    queryFn: ({ signal }) => adminApi.dietary(signal),
  });
  const [lists, setLists] = useState<DietaryLists | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (dietary.data && !lists) setLists(dietary.data.dietaryConsiderations.admin);
  }, [dietary.data, lists]);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!lists) return;
    setSaving(true);
    setError(null);
    try {
      const saved = await adminApi.saveDietary({
        ...lists,
        originalDietaryConsiderations: dietary.data?.dietaryConsiderations.admin,
      });
      setLists(saved.dietaryConsiderations.admin);
      queryClient.setQueryData(adminKeys.dietary, saved);
      notifySuccess(messages.dietarySaved);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Dietary considerations"
        description="The lists every restaurant starts from. Restaurants can add their own entries on top."
      />
      <Card padding="lg" component="form" onSubmit={handleSubmit} maw={760}>
        {dietary.isError ? (
          <Alert color="red" title="Failed to load data">
            {errorMessage(dietary.error)}
          </Alert>
        ) : !lists ? (
          <Stack gap="lg">
            {dietaryTypes.map((type) => (
              <Skeleton key={type} h={64} />
            ))}
          </Stack>
        ) : (
          <Stack gap="lg">
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            {dietaryTypes.map((type) => (
              <TagsInput
                key={type}
                id={`dietary-${type}`}
                label={dietaryTypeLabels[type]}
                description={hints[type]}
                placeholder="Type a tag and press Enter"
                value={lists[type]}
                onChange={(value) => setLists({ ...lists, [type]: value })}
                allowDuplicates={false}
                clearable
                splitChars={[',']}
              />
            ))}
            <Group justify="space-between" gap="sm">
              <Text size="xs" c="dimmed">
                Tags must be unique. Dishes keep the tags they already have.
              </Text>
              <Button type="submit" loading={saving}>
                Submit
              </Button>
            </Group>
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
