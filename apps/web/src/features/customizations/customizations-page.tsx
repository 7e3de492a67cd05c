import { messages } from '@carte/domain';
import { Button, Card, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAdjustments, IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useCustomizations, useSetCustomizations } from '../../api/customizations.api.ts';
import { useIngredients } from '../../api/ingredients.api.ts';
import { notifyFailure, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { UnsavedChangesBanner, useUnsavedChangesGuard } from '../../ui/unsaved-changes.tsx';
import {
  blankCustomization,
  type CustomizationDraft,
  draftOf,
  inputOf,
  validateCustomizations,
} from './customization-draft.ts';
import { CustomizationEditor } from './customization-editor.tsx';
import { useIngredientOptions } from './use-ingredient-options.ts';

const snapshot = (drafts: readonly CustomizationDraft[]) => JSON.stringify(drafts.map(inputOf));

/**
 * /customizations (doc 1 §2): the restaurant's menu-wide customizations, which any dish can select.
 * The list is saved as a whole (setCustomizations); a failure's message goes in a toast (doc 1 §8).
 */
export function CustomizationsPage() {
  const customizations = useCustomizations();
  const ingredients = useIngredients();
  const save = useSetCustomizations();
  const ingredientOptions = useIngredientOptions(ingredients.data);

  const [drafts, setDrafts] = useState<CustomizationDraft[] | null>(null);
  const [saved, setSaved] = useState<string>('[]');
  const [revealAll, setRevealAll] = useState(false);

  // The first answer (and each one after a save) becomes the starting point.
  useEffect(() => {
    if (drafts !== null || !customizations.data) return;
    const initial = customizations.data.map(draftOf);
    setDrafts(initial);
    setSaved(snapshot(initial));
  }, [customizations.data, drafts]);

  const list = drafts ?? [];
  const errors = useMemo(
    () => validateCustomizations(list, ingredientOptions.nameOf),
    [list, ingredientOptions.nameOf],
  );
  const hasErrors = Object.keys(errors).length > 0;
  const dirty = drafts !== null && snapshot(list) !== saved;
  useUnsavedChangesGuard(dirty);

  const handleSave = async () => {
    setRevealAll(true);
    if (hasErrors) return;
    try {
      const answer = await save.mutateAsync(list.map(inputOf));
      const next = answer.map(draftOf);
      setDrafts(next);
      setSaved(snapshot(next));
      setRevealAll(false);
      notifySuccess(messages.changesSaved);
    } catch (error) {
      notifyFailure(error);
    }
  };

  const loading = customizations.isPending || drafts === null;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Customizations"
        description="Choices any dish can offer, like sauces, sizes or extra toppings. Pick them per dish in the dish form."
        actions={
          <Button
            onClick={handleSave}
            loading={save.isPending}
            disabled={loading || !dirty || (revealAll && hasErrors)}
          >
            Save changes
          </Button>
        }
      />
      <UnsavedChangesBanner dirty={dirty} />

      {loading ? (
        <Stack gap="md">
          <Skeleton height={180} radius="lg" />
          <Skeleton height={180} radius="lg" />
        </Stack>
      ) : list.length === 0 ? (
        <Card>
          <EmptyState
            icon={<IconAdjustments size={28} stroke={1.6} />}
            withIndicatorBackground
            title="No customizations yet"
            description="Add a customization once and offer it on as many dishes as you like."
          >
            <EmptyState.Actions>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setDrafts([blankCustomization()])}>
                Add customization
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Card>
      ) : (
        <CustomizationEditor
          value={list}
          onChange={setDrafts}
          errors={errors}
          revealAll={revealAll}
          ingredients={ingredientOptions.options}
        />
      )}

      {!loading && list.length > 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {list.length} customization{list.length === 1 ? '' : 's'}
          </Text>
          <Button onClick={handleSave} loading={save.isPending} disabled={!dirty || (revealAll && hasErrors)}>
            Save changes
          </Button>
        </Group>
      )}
    </Stack>
  );
}
