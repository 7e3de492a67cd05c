import { type Ingredient, messages, TABLE_PAGE_SIZE, updateIngredientSchema } from '@carte/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCopy, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  useCloneIngredient,
  useDeleteIngredients,
  useIngredients,
  useUpdateIngredient,
} from '../../api/ingredients.api.ts';
import { confirmDelete } from '../../ui/confirm.tsx';
import { FormAlert } from '../../ui/form/form-alert.tsx';
import { schemaValidate } from '../../ui/form/schema-validate.ts';
import { applyServerError } from '../../ui/form/server-error.ts';
import { SubmitButton } from '../../ui/form/submit-button.tsx';
import { notifyFailure, notifySuccess } from '../../ui/notify.ts';
import { PaginatedTable, type TableColumn } from '../../ui/paginated-table.tsx';
import { useCan } from '../../ui/use-can.ts';

const matches = (name: string, search: string) => name.toLowerCase().includes(search.trim().toLowerCase());

/** The dashboard's ingredients table (doc 1 §2): name, parent, how many dishes use it, actions. */
export function IngredientsTable() {
  const can = useCan();
  const canIngredient = can('ingredient');
  const ingredients = useIngredients();
  const clone = useCloneIngredient();
  const remove = useDeleteIngredients();
  const [editing, setEditing] = useState<Ingredient | null>(null);
  const [search, setSearch] = useState('');
  const rows = (ingredients.data ?? []).filter((ingredient) => matches(ingredient.name, search));

  const handleDelete = async (ingredient: Ingredient) => {
    const detail =
      ingredient.count > 0
        ? `It is used in ${ingredient.count} ${ingredient.count === 1 ? 'dish' : 'dishes'} and will be taken out of ${ingredient.count === 1 ? 'it' : 'them'}.`
        : undefined;
    if (!(await confirmDelete(`"${ingredient.name}"`, detail))) return;
    remove.mutate([ingredient._id], {
      onSuccess: () => notifySuccess(messages.ingredientDeleted),
      onError: notifyFailure,
    });
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
      header: 'Parent',
      render: (ingredient) => (
        <Text size="sm" c={ingredient.parent ? undefined : 'dimmed'}>
          {ingredient.parent?.name ?? '—'}
        </Text>
      ),
    },
    {
      key: 'count',
      header: 'Dishes',
      align: 'right',
      width: 90,
      render: (ingredient) => (
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {ingredient.count}
        </Text>
      ),
    },
  ];
  if (canIngredient) {
    columns.push({
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 120,
      render: (ingredient) => (
        <Group gap={2} justify="flex-end" wrap="nowrap">
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
              loading={clone.isPending && clone.variables?._id === ingredient._id}
              onClick={() =>
                clone.mutate(ingredient, {
                  onSuccess: () => notifySuccess(messages.ingredientCloned),
                  onError: notifyFailure,
                })
              }
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
                onClick={() => handleDelete(ingredient)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    });
  }

  return (
    <Card padding="md">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Group gap={8}>
          <Text fw={700}>Ingredients</Text>
          <Badge variant="light" color="gray" size="sm">
            {ingredients.data?.length ?? 0}
          </Badge>
        </Group>
        <Group gap="xs" wrap="wrap">
          {(ingredients.data?.length ?? 0) > TABLE_PAGE_SIZE && (
            <TextInput
              size="xs"
              placeholder="Search ingredients"
              aria-label="Search ingredients"
              leftSection={<IconSearch size={14} />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              w={180}
            />
          )}
          {canIngredient && (
            <Button
              component={Link}
              to="/create-ingredient"
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              data-tour="create-ingredient"
            >
              Add ingredient
            </Button>
          )}
        </Group>
      </Group>
      <PaginatedTable
        label="Ingredients"
        rows={rows}
        columns={columns}
        rowId={(ingredient) => ingredient._id}
        loading={ingredients.isLoading}
        isLocked={(ingredient) => ingredient.fromParent}
        minWidth={440}
      />
      <EditIngredientModal
        ingredient={editing}
        ingredients={ingredients.data ?? []}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}

interface EditValues {
  name: string;
  parent: string | null;
}

/** Rename an ingredient or move it under another (one level deep, doc 1 §3 parent/child). */
function EditIngredientModal({
  ingredient,
  ingredients,
  onClose,
}: {
  ingredient: Ingredient | null;
  ingredients: Ingredient[];
  onClose: () => void;
}) {
  return (
    <Modal opened={ingredient !== null} onClose={onClose} title="Edit ingredient">
      {ingredient && (
        <EditIngredientForm
          key={ingredient._id}
          ingredient={ingredient}
          ingredients={ingredients}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function EditIngredientForm({
  ingredient,
  ingredients,
  onDone,
}: {
  ingredient: Ingredient;
  ingredients: Ingredient[];
  onDone: () => void;
}) {
  const update = useUpdateIngredient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<EditValues>({
    initialValues: { name: ingredient.name, parent: ingredient.parent?._id ?? null },
    validate: schemaValidate(updateIngredientSchema),
  });
  // A parent is a top-level ingredient other than this one; one that has children cannot get a parent.
  const hasChildren = ingredients.some((candidate) => candidate.parent?._id === ingredient._id);
  const parents = ingredients
    .filter((candidate) => candidate._id !== ingredient._id && !candidate.parent)
    .map((candidate) => ({ value: candidate._id, label: candidate.name }));

  const handleSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await update.mutateAsync({ id: ingredient._id, input: { name: values.name, parent: values.parent } });
      notifySuccess(messages.ingredientUpdated);
      onDone();
    } catch (error) {
      setFormError(
        applyServerError(form, error, [
          ['ingredient', 'name'],
          ['exists', 'name'],
          ['name', 'name'],
        ]),
      );
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
        <Select
          label="Parent ingredient"
          placeholder="None"
          description={
            hasChildren ? 'This ingredient has children, so it stays at the top level.' : undefined
          }
          data={parents}
          searchable
          clearable
          disabled={hasChildren}
          nothingFoundMessage="No ingredient found"
          {...form.getInputProps('parent')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <SubmitButton form={{ submitting: update.isPending, errors: form.errors }}>Save</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
