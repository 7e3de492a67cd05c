import { type Ingredient, messages } from '@carte/domain';
import { ActionIcon, Button, Group, Switch, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCopy, IconPencil, IconSearch, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import {
  useCloneIngredient,
  useDeleteIngredients,
  useIngredients,
  useUpdateIngredient,
} from '../../api/ingredients.api.ts';
import { confirmDelete } from '../../ui/confirm.tsx';
import { notifyFailure, notifySuccess } from '../../ui/notify.ts';
import { PaginatedTable, type TableColumn } from '../../ui/paginated-table.tsx';
import { useCan } from '../../ui/use-can.ts';
import { EditIngredientModal } from './edit-ingredient-modal.tsx';

/**
 * The ingredients table (doc 1 §2, §4): name, parent, how many dishes use it, availability; edit,
 * clone (" (copy)", retried on 412), delete and bulk delete. Inherited rows are locked but cloneable.
 */
export function IngredientsTable() {
  const can = useCan();
  const canEdit = can('ingredient');
  const ingredients = useIngredients();
  const update = useUpdateIngredient();
  const clone = useCloneIngredient();
  const remove = useDeleteIngredients();
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<Ingredient | null>(null);
  const [search, setSearch] = useState('');

  const needle = search.trim().toLowerCase();
  const rows = useMemo(
    () =>
      (ingredients.data ?? []).filter(
        (ingredient) =>
          !needle ||
          ingredient.name.toLowerCase().includes(needle) ||
          ingredient.parent?.name.toLowerCase().includes(needle),
      ),
    [ingredients.data, needle],
  );

  const handleDelete = async (ids: string[], what: string) => {
    if (!(await confirmDelete(what, 'Dishes that use it lose it too. This cannot be undone.'))) return;
    try {
      await remove.mutateAsync(ids);
      setSelected((current) => current.filter((id) => !ids.includes(id)));
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

  const columns: TableColumn<Ingredient>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (ingredient) => (
        <Text size="sm" fw={500}>
          {ingredient.name}
        </Text>
      ),
    },
    {
      key: 'parent',
      header: 'Inside',
      render: (ingredient) =>
        ingredient.parent ? (
          <Text size="sm">{ingredient.parent.name}</Text>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      key: 'count',
      header: 'Used by',
      width: 110,
      render: (ingredient) => (
        <Text size="sm" c={ingredient.count === 0 ? 'dimmed' : undefined}>
          {ingredient.count} dish{ingredient.count === 1 ? '' : 'es'}
        </Text>
      ),
    },
    {
      key: 'available',
      header: 'Available',
      width: 100,
      render: (ingredient) => (
        <Switch
          size="sm"
          aria-label={`${ingredient.name} available`}
          checked={ingredient.isAvailable}
          disabled={
            ingredient.fromParent || !canEdit || (update.isPending && update.variables?.id === ingredient._id)
          }
          onChange={(event) => handleAvailability(ingredient, event.currentTarget.checked)}
        />
      ),
    },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      width: 120,
      align: 'right',
      render: (ingredient) =>
        canEdit && (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            {!ingredient.fromParent && (
              <Tooltip label="Edit">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Edit ${ingredient.name}`}
                  onClick={() => setEditing(ingredient)}
                >
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
            )}
            <Tooltip label="Clone">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Clone ${ingredient.name}`}
                onClick={() => handleClone(ingredient)}
                loading={clone.isPending && clone.variables?._id === ingredient._id}
              >
                <IconCopy size={16} />
              </ActionIcon>
            </Tooltip>
            {!ingredient.fromParent && (
              <Tooltip label="Delete">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${ingredient.name}`}
                  onClick={() => handleDelete([ingredient._id], `“${ingredient.name}”`)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        ),
    },
  ];

  return (
    <>
      <Group justify="space-between" gap="sm" mb="sm" wrap="wrap">
        <TextInput
          style={{ flex: '1 1 220px', maxWidth: 320 }}
          placeholder="Search ingredients"
          aria-label="Search ingredients"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {selected.length > 0 && canEdit && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            onClick={() =>
              handleDelete(selected, `${selected.length} ingredient${selected.length === 1 ? '' : 's'}`)
            }
            loading={remove.isPending}
          >
            Delete selected ({selected.length})
          </Button>
        )}
      </Group>
      <PaginatedTable
        label="Ingredients"
        rows={rows}
        columns={columns}
        rowId={(ingredient) => ingredient._id}
        rowLabel={(ingredient) => ingredient.name}
        loading={ingredients.isPending}
        selection={canEdit ? { selected, onChange: setSelected } : undefined}
        isLocked={(ingredient) => ingredient.fromParent}
        minWidth={600}
      />
      <EditIngredientModal ingredient={editing} onClose={() => setEditing(null)} />
    </>
  );
}
