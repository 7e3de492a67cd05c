import { type Ingredient, messages } from '@carte/domain';
import { Group, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import {
  useCloneIngredient,
  useDeleteIngredients,
  useIngredients,
  useUpdateIngredient,
} from '../../api/ingredients.api.ts';
import { confirmDelete } from '../../ui/confirm.tsx';
import { notifyFailure, notifySuccess } from '../../ui/notify.ts';
import {
  actionsColumn,
  PaginatedTable,
  type TableColumn,
  useRowSelection,
} from '../../ui/paginated-table.tsx';
import { countOf, RowActions } from '../../ui/row-actions.tsx';
import { matchesSearch } from '../../ui/search-input.tsx';
import { TablePanel } from '../../ui/table-panel.tsx';
import { useCan } from '../../ui/use-can.ts';
import { EditIngredientModal } from './edit-ingredient-modal.tsx';

const isLocked = (ingredient: Ingredient) => ingredient.fromParent;
const ingredientId = (ingredient: Ingredient) => ingredient._id;
const usedBy = (ingredient: Ingredient) => countOf(ingredient.count, 'dish', 'dishes');

/** What deleting takes with it (doc 1 §4: dishes lose the ingredient, children move to the top). */
function deleteDetail(ingredients: Ingredient[]) {
  const [only] = ingredients;
  if (ingredients.length === 1 && only && only.count > 0) {
    return `It is used in ${usedBy(only)} and will be taken out of ${only.count === 1 ? 'it' : 'them'}. This cannot be undone.`;
  }
  return 'Dishes that use them lose them too. This cannot be undone.';
}

/**
 * The ingredients table (doc 1 §2, §4): name, parent, how many dishes use it, availability switch;
 * edit (dialog), clone (" (copy)", retried on 412), (bulk) delete; search; 10 rows a page. Inherited
 * rows are locked but cloneable. On narrow screens parent and use count move under the name.
 *
 * `dashboard`: a card of its own with the title, the count and "Add ingredient"; the search appears
 * once there is more than a page.
 */
export function IngredientsTable({ dashboard = false }: { dashboard?: boolean }) {
  const can = useCan();
  const canEdit = can('ingredient');
  const ingredients = useIngredients();
  const update = useUpdateIngredient();
  const clone = useCloneIngredient();
  const remove = useDeleteIngredients();
  const [editing, setEditing] = useState<Ingredient | null>(null);
  const [search, setSearch] = useState('');

  const all = ingredients.data ?? [];
  const rows = all.filter((ingredient) => matchesSearch(search, ingredient.name, ingredient.parent?.name));
  const selection = useRowSelection(rows, ingredientId, isLocked);

  const handleDelete = async (ids: string[], what: string) => {
    const chosen = all.filter((ingredient) => ids.includes(ingredient._id));
    if (!(await confirmDelete(what, deleteDetail(chosen)))) return;
    try {
      await remove.mutateAsync(ids);
      selection.forget(ids);
      notifySuccess(messages.ingredientDeleted);
    } catch (error) {
      notifyFailure(error);
    }
  };

  const handleClone = async (ingredient: Ingredient) => {
    try {
      await clone.mutateAsync(ingredient);
      notifySuccess(messages.ingredientCloned);
    } catch (error) {
      notifyFailure(error);
    }
  };

  const handleAvailability = async (ingredient: Ingredient, isAvailable: boolean) => {
    try {
      await update.mutateAsync({
        id: ingredient._id,
        input: { name: ingredient.name, parent: ingredient.parent?._id ?? null, isAvailable },
      });
      notifySuccess(messages.ingredientUpdated);
    } catch (error) {
      notifyFailure(error);
    }
  };

  const availableSwitch = (ingredient: Ingredient) => (
    <Switch
      size="sm"
      aria-label={`${ingredient.name} available`}
      checked={ingredient.isAvailable}
      disabled={
        ingredient.fromParent || !canEdit || (update.isPending && update.variables?.id === ingredient._id)
      }
      onChange={(event) => handleAvailability(ingredient, event.currentTarget.checked)}
    />
  );

  const columns: TableColumn<Ingredient>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (ingredient, { compact }) => (
        <>
          <Text size="sm" fw={500}>
            {ingredient.name}
          </Text>
          {compact && (
            <Group gap="xs" wrap="nowrap" mt={2}>
              {availableSwitch(ingredient)}
              <Text size="xs" c="dimmed">
                {ingredient.parent ? `Inside ${ingredient.parent.name} · ` : ''}
                {usedBy(ingredient)}
              </Text>
            </Group>
          )}
        </>
      ),
    },
    {
      key: 'parent',
      header: 'Parent',
      hideWhenCompact: true,
      render: (ingredient) => (
        <Text size="sm" c={ingredient.parent ? undefined : 'dimmed'}>
          {ingredient.parent?.name ?? '—'}
        </Text>
      ),
    },
    {
      key: 'count',
      header: 'Used by',
      width: 110,
      hideWhenCompact: true,
      render: (ingredient) => (
        <Text size="sm" c={ingredient.count === 0 ? 'dimmed' : undefined}>
          {usedBy(ingredient)}
        </Text>
      ),
    },
    {
      key: 'available',
      header: 'Available',
      width: 96,
      hideWhenCompact: true,
      render: (ingredient) => availableSwitch(ingredient),
    },
  ];
  if (canEdit) {
    columns.push(
      actionsColumn((ingredient) => (
        <RowActions
          name={ingredient.name}
          locked={ingredient.fromParent}
          onEdit={() => setEditing(ingredient)}
          onClone={() => handleClone(ingredient)}
          cloning={clone.isPending && clone.variables?._id === ingredient._id}
          onDelete={() => handleDelete([ingredient._id], `“${ingredient.name}”`)}
        />
      )),
    );
  }

  return (
    <TablePanel
      dashboard={dashboard}
      title="Ingredients"
      count={all.length}
      search={{ label: 'Search ingredients', value: search, onChange: setSearch }}
      bulkDelete={
        canEdit && {
          count: selection.ids.length,
          loading: remove.isPending,
          onClick: () =>
            handleDelete(selection.ids, countOf(selection.ids.length, 'ingredient', 'ingredients')),
        }
      }
      add={canEdit && { label: 'Add ingredient', to: '/create-ingredient', tour: 'create-ingredient' }}
    >
      <PaginatedTable
        label="Ingredients"
        rows={rows}
        columns={columns}
        rowId={ingredientId}
        rowLabel={(ingredient) => ingredient.name}
        loading={ingredients.isPending}
        selection={canEdit ? selection.selection : undefined}
        isLocked={isLocked}
        minWidth={600}
      />
      <EditIngredientModal ingredient={editing} onClose={() => setEditing(null)} />
    </TablePanel>
  );
}
