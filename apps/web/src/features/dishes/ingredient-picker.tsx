import { ingredientSorts } from '@carte/domain';
import { Button, Group, MultiSelect, Skeleton, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ingredientKeys, ingredientsApi, useIngredients } from '../../api/ingredients.api.ts';
import { formatCount } from '../../ui/format.ts';
import { useListSize, useSearchedRows } from '../../ui/use-big-list.ts';
import { useCan } from '../../ui/use-can.ts';
import { useIngredientOptions } from '../customizations/index.ts';
import { AddIngredientDialog } from './add-ingredient-dialog.tsx';

/**
 * The dish's ingredients, with a dialog to create one that is missing (doc 1 §2). Past 500
 * ingredients (issue 21) it offers the chosen ones, read by id, and the server's first 50 for what
 * is typed; the whole list is not read.
 */
export function IngredientPicker({
  value,
  onChange,
  disabled,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
}) {
  const can = useCan();
  const [search, setSearch] = useState('');
  const size = useListSize(ingredientKeys.all, ingredientsApi.page);
  const ingredients = useIngredients({}, { enabled: size.decided && !size.large });
  const searched = useSearchedRows(ingredientKeys.all, ingredientsApi.page, ingredientSorts, {
    search,
    chosen: value,
    enabled: size.large,
  });
  const { options } = useIngredientOptions(size.large ? searched.rows : ingredients.data);
  const [adding, setAdding] = useState<string | null>(null);
  const canAdd = can('ingredient') && !disabled;

  // Past 500 the box stays while a search or a chosen one is read: it keeps the focus.
  if (!size.decided || (!size.large && ingredients.isPending)) return <Skeleton height={60} />;

  return (
    <>
      <MultiSelect
        label="Ingredients"
        description={
          size.large
            ? `Guests see them on the menu when the menu shows ingredients. ${formatCount(size.total ?? 0)} ingredients: type a name to find one faster.`
            : 'Guests see them on the menu when the menu shows ingredients.'
        }
        placeholder={value.length === 0 ? 'Search ingredients' : undefined}
        data={options}
        value={value}
        onChange={onChange}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        clearable
        hidePickedOptions
        maxDropdownHeight={260}
        disabled={disabled}
        nothingFoundMessage={
          size.large && !searched.settled ? (
            'Searching…'
          ) : canAdd && search.trim() ? (
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" truncate>
                No “{search.trim()}” yet
              </Text>
              <Button
                size="compact-xs"
                variant="light"
                // The dropdown closes on blur; mousedown keeps it long enough for the click.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => setAdding(search.trim())}
              >
                Add it
              </Button>
            </Group>
          ) : (
            'No ingredient found'
          )
        }
      />
      {canAdd && (
        <Group justify="flex-end" mt={-4}>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            onClick={() => setAdding(search.trim())}
          >
            Add missing ingredient
          </Button>
        </Group>
      )}
      <AddIngredientDialog
        opened={adding !== null}
        initialName={adding ?? ''}
        onClose={() => setAdding(null)}
        onCreated={(ingredient) => {
          onChange([...value, ingredient._id]);
          setSearch('');
        }}
      />
    </>
  );
}
