import {
  ActionIcon,
  Button,
  Group,
  MultiSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconFilterPlus, IconPlus, IconTrash } from '@tabler/icons-react';
import { blankCategoryFilter, type FilterFormValues } from './filter-form-values.ts';
import classes from './filters.module.css';

/** The card's empty-list hint (doc 3 §2.7). */
const EMPTY_HINT = 'Start by adding a Category filter';

/** The list of category filters: a name and an ingredient multi-select each, "Add filter", delete. */
export function CategoryFiltersField({
  form,
  ingredientOptions,
  ingredientsLoading,
}: {
  form: UseFormReturnType<FilterFormValues>;
  ingredientOptions: Array<{ value: string; label: string }>;
  ingredientsLoading: boolean;
}) {
  const rows = form.getValues().filter;

  const handleAdd = () => {
    form.insertListItem('filter', blankCategoryFilter());
    // Focus the new row's name, so keyboard users can type at once.
    const index = rows.length;
    requestAnimationFrame(() => document.getElementById(`category-filter-${index}-name`)?.focus());
  };

  return (
    <Stack gap="sm">
      {rows.length === 0 ? (
        <Paper className={classes.empty} p="lg" radius="md">
          <Stack align="center" gap={6}>
            <IconFilterPlus size={26} stroke={1.5} className={classes.emptyIcon} />
            <Text size="sm" fw={500}>
              {EMPTY_HINT}
            </Text>
            <Text size="xs" c="dimmed" ta="center">
              Name it and pick the ingredients it stands for.
            </Text>
          </Stack>
        </Paper>
      ) : (
        rows.map((row, index) => (
          <Paper key={row.key} withBorder p="sm" radius="md" className={classes.row}>
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <div className={classes.rowFields}>
                <TextInput
                  id={`category-filter-${index}-name`}
                  label="Filter name"
                  placeholder="Spicy"
                  maxLength={60}
                  className={classes.nameField}
                  {...form.getInputProps(`filter.${index}.name`)}
                />
                <MultiSelect
                  label="Ingredients"
                  placeholder={row.ingredients.length ? undefined : 'Pick ingredients'}
                  data={ingredientOptions}
                  searchable
                  hidePickedOptions
                  maxDropdownHeight={260}
                  nothingFoundMessage={ingredientsLoading ? 'Loading ingredients…' : 'No ingredient matches'}
                  disabled={ingredientsLoading}
                  className={classes.ingredientsField}
                  comboboxProps={{ withinPortal: true }}
                  {...form.getInputProps(`filter.${index}.ingredients`)}
                />
              </div>
              <Tooltip label="Delete filter">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mt={24}
                  aria-label={`Delete filter ${row.name || index + 1}`}
                  onClick={() => form.removeListItem('filter', index)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Paper>
        ))
      )}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={handleAdd}>
          Add filter
        </Button>
      </Group>
    </Stack>
  );
}
