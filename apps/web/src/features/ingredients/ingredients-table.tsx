import { type Ingredient, ingredientSorts, messages } from '@carte/domain';
import { Anchor, Group, Text } from '@mantine/core';
import { useState } from 'react';
import {
  ingredientKeys,
  ingredientsApi,
  useCloneIngredient,
  useDeleteIngredients,
  useIngredients,
} from '../../api/ingredients.api.ts';
import { AvailabilitySwitch } from '../../ui/availability-switch.tsx';
import { confirmDelete } from '../../ui/confirm.tsx';
import { nameAndDateSorts, type SortOption, useListView } from '../../ui/list-view.ts';
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
import { useAvailability } from '../../ui/use-availability.ts';
import { useListSize, useServerPage } from '../../ui/use-big-list.ts';
import { useCan } from '../../ui/use-can.ts';
import { declarationText, fromIngredients } from '../allergens/index.ts';
import { EditIngredientDrawer } from './edit-ingredient-drawer.tsx';

const isLocked = (ingredient: Ingredient) => ingredient.fromParent;
const ingredientId = (ingredient: Ingredient) => ingredient._id;
const usedBy = (ingredient: Ingredient) => countOf(ingredient.count, 'dish', 'dishes');

/** New ingredients at the end (doc 1 §4), then by name or use. */
const sorts: SortOption<Ingredient>[] = [
  ...nameAndDateSorts<Ingredient>('oldest'),
  {
    value: 'used-desc',
    label: 'Most used',
    compare: (a, b) => b.count - a.count || a.name.localeCompare(b.name),
  },
  {
    value: 'used-asc',
    label: 'Least used',
    compare: (a, b) => a.count - b.count || a.name.localeCompare(b.name),
  },
];

/** What deleting takes with it (doc 1 §4: dishes lose the ingredient, children move to the top). */
function deleteDetail(ingredients: Ingredient[]) {
  const [only] = ingredients;
  if (ingredients.length === 1 && only && only.count > 0) {
    return `It is used in ${usedBy(only)} and will be taken out of ${only.count === 1 ? 'it' : 'them'}. This cannot be undone.`;
  }
  return 'Dishes that use them lose them too. This cannot be undone.';
}

/**
 * The ingredients table (doc 1 §2, §4): name (it opens the edit drawer), parent, how many dishes use
 * it, availability switch; edit, clone (" (copy)", retried on 412), (bulk) delete, bulk availability; search, sort, 10 rows a page. Inherited
 * rows are locked but cloneable. On narrow screens parent and use count move under the name.
 *
 * `dashboard`: a card of its own with the title, the count and "Add ingredient"; the search appears
 * once there is more than a page.
 */
export function IngredientsTable({ dashboard = false }: { dashboard?: boolean }) {
  const can = useCan();
  const canEdit = can('ingredient');
  // A large list (issue 21) is asked of the server a page at a time; a small one is read whole.
  const size = useListSize(ingredientKeys.all, ingredientsApi.page);
  const ingredients = useIngredients({}, { enabled: size.decided && !size.large });
  const clone = useCloneIngredient();
  const remove = useDeleteIngredients();
  const availability = useAvailability('ingredients', messages.ingredientUpdated);
  const [editing, setEditing] = useState<Ingredient | null>(null);
  const [dashboardSearch, setDashboardSearch] = useState('');
  const [dashboardPage, setDashboardPage] = useState(1);

  const all = ingredients.data ?? [];
  const searchText = (ingredient: Ingredient) => [ingredient.name, ingredient.parent?.name];
  const list = useListView(dashboard ? 'ingredients-dashboard' : 'ingredients', all, { searchText, sorts });
  const serverPage = useServerPage(
    ingredientKeys.all,
    ingredientsApi.page,
    dashboard
      ? { search: dashboardSearch, sort: 'oldest', page: dashboardPage }
      : { search: list.search.value, sort: list.sort.value, page: list.page.value },
    ingredientSorts,
    size.large,
  );
  const rows = size.large
    ? (serverPage.data?.data ?? [])
    : dashboard
      ? all.filter((ingredient) => matchesSearch(dashboardSearch, ...searchText(ingredient)))
      : list.rows;
  const selection = useRowSelection(rows, ingredientId, isLocked);

  const handleDelete = async (ids: string[], what: string) => {
    const chosen = (size.large ? rows : all).filter((ingredient) => ids.includes(ingredient._id));
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

  const availableSwitch = (ingredient: Ingredient) => (
    <AvailabilitySwitch
      name={ingredient.name}
      checked={availability.checkedOf(ingredient._id, ingredient.isAvailable)}
      disabled={ingredient.fromParent || !canEdit || availability.isPending(ingredient._id)}
      onChange={(checked) => void availability.set([ingredient._id], checked)}
    />
  );

  const columns: TableColumn<Ingredient>[] = [
    {
      key: 'name',
      header: 'Name',
      sortBy: { asc: 'name-asc', desc: 'name-desc' },
      render: (ingredient, { compact }) => (
        <>
          {canEdit && !ingredient.fromParent ? (
            <Anchor
              component="button"
              type="button"
              fw={600}
              size="sm"
              c="inherit"
              underline="hover"
              onClick={() => setEditing(ingredient)}
            >
              {ingredient.name}
            </Anchor>
          ) : (
            <Text size="sm" fw={500}>
              {ingredient.name}
            </Text>
          )}
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
      key: 'allergens',
      header: 'Allergens',
      hideWhenCompact: true,
      render: (ingredient) => {
        const text = declarationText(fromIngredients([ingredient]));
        return (
          <Text size="sm" c={text ? undefined : 'dimmed'} lineClamp={2}>
            {text ?? '—'}
          </Text>
        );
      },
    },
    {
      key: 'count',
      header: 'Used by',
      sortBy: { asc: 'used-asc', desc: 'used-desc' },
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
      count={size.large ? (size.total ?? 0) : all.length}
      search={
        dashboard
          ? {
              label: 'Search ingredients',
              value: dashboardSearch,
              onChange: (search: string) => {
                setDashboardSearch(search);
                setDashboardPage(1);
              },
            }
          : { label: 'Search ingredients', ...list.search }
      }
      sort={dashboard ? undefined : list.sort}
      bulkAvailability={
        canEdit &&
        !dashboard && {
          count: selection.ids.length,
          loading: availability.bulkPending,
          onChange: (available) => void availability.set(selection.ids, available),
        }
      }
      bulkDelete={
        canEdit && {
          count: selection.ids.length,
          loading: remove.isPending,
          onClick: () =>
            handleDelete(selection.ids, countOf(selection.ids.length, 'ingredient', 'ingredients')),
        }
      }
      add={canEdit && { label: 'Add ingredient', to: '/create-ingredient?new', tour: 'create-ingredient' }}
    >
      <PaginatedTable
        label="Ingredients"
        rows={rows}
        columns={columns}
        rowId={ingredientId}
        rowLabel={(ingredient) => ingredient.name}
        loading={!size.decided || (size.large ? serverPage.isPending : ingredients.isPending)}
        selection={canEdit ? selection.selection : undefined}
        isLocked={isLocked}
        minWidth={600}
        page={size.large ? (serverPage.data?.page ?? 1) : dashboard ? undefined : list.page.value}
        onPageChange={dashboard ? (size.large ? setDashboardPage : undefined) : list.page.onChange}
        sort={dashboard ? undefined : list.sort}
        total={size.large ? serverPage.data?.total : undefined}
        emptyMessage={
          all.length > 0 || size.large
            ? 'No ingredient matches your search. Try another word or clear the search.'
            : canEdit
              ? 'No ingredient yet. Add one with “Add ingredient”, then pick it in your dishes.'
              : 'No ingredient yet. Someone with the ingredients permission can add them.'
        }
      />
      <EditIngredientDrawer ingredient={editing} onClose={() => setEditing(null)} />
    </TablePanel>
  );
}
