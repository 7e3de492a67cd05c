import { type Dish, dishSorts, messages } from '@carte/domain';
import { Anchor, Group, Text, VisuallyHidden } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useCategories } from '../../api/categories.api.ts';
import { dishesApi, dishKeys, useDeleteDishes, useDishes } from '../../api/dishes.api.ts';
import { AvailabilitySwitch } from '../../ui/availability-switch.tsx';
import { confirmDelete } from '../../ui/confirm.tsx';
import { formatPrice } from '../../ui/format.ts';
import { byName, nameAndDateSorts, type SortOption, useListView } from '../../ui/list-view.ts';
import { EmptyListNext } from '../../ui/next-step.tsx';
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
import { dishAllergenText } from '../allergens/index.ts';
import { DishThumb } from './dish-thumb.tsx';
import classes from './dishes-table.module.css';
import { useCloneDishAction } from './use-clone-dish-action.ts';

const isLocked = (dish: Dish) => dish.fromParent;
const dishId = (dish: Dish) => dish._id;

/** New dishes first (doc 1 §4 puts them at the top), then by name or price. */
const sorts: SortOption<Dish>[] = [
  ...nameAndDateSorts<Dish>('newest'),
  { value: 'price-asc', label: 'Price: low to high', compare: (a, b) => a.price - b.price || byName(a, b) },
  { value: 'price-desc', label: 'Price: high to low', compare: (a, b) => b.price - a.price || byName(a, b) },
];

/**
 * The restaurant's dishes (doc 1 §2): thumbnail 80 px wide at the photos' 4:3 (80×60), name (it opens the dish) with its categories,
 * price (USD), availability switched in place; edit, clone (inherited rows too), delete; search, sort,
 * 10 rows a page; the selected rows made available, unavailable or deleted at once. On narrow
 * screens a row stacks picture, name, price and availability beside its actions.
 *
 * `dashboard`: a card of its own with the title, the count and "Add dish"; the search appears once
 * there is more than a page. Otherwise it is the list of /create-dish, which titles it.
 */
export function DishesTable({ dashboard = false }: { dashboard?: boolean }) {
  const can = useCan();
  const canEdit = can('dish');
  // A large list (issue 21) is asked of the server a page at a time; a small one is read whole.
  const size = useListSize(dishKeys.all, dishesApi.page);
  const dishes = useDishes({ enabled: size.decided && !size.large });
  const categories = useCategories();
  const remove = useDeleteDishes();
  const availability = useAvailability('dishes', messages.dishUpdated);
  const { clone, cloningId } = useCloneDishAction({ openCopy: false });
  const [dashboardSearch, setDashboardSearch] = useState('');
  const [dashboardPage, setDashboardPage] = useState(1);

  const categoryNames = useMemo(
    () => new Map((categories.data ?? []).map((category) => [category._id, category.name])),
    [categories.data],
  );
  const all = dishes.data ?? [];
  const list = useListView(dashboard ? 'dishes-dashboard' : 'dishes', all, {
    searchText: (dish) => [dish.name],
    sorts,
  });
  const serverPage = useServerPage(
    dishKeys.all,
    dishesApi.page,
    dashboard
      ? { search: dashboardSearch, sort: 'newest', page: dashboardPage }
      : { search: list.search.value, sort: list.sort.value, page: list.page.value },
    dishSorts,
    size.large,
  );
  const rows = size.large
    ? (serverPage.data?.data ?? [])
    : dashboard
      ? all.filter((dish) => matchesSearch(dashboardSearch, dish.name))
      : list.rows;
  const selection = useRowSelection(rows, dishId, isLocked);

  const handleDelete = async (ids: string[], what: string) => {
    if (!(await confirmDelete(what))) return;
    try {
      await remove.mutateAsync(ids);
      selection.forget(ids);
      notifySuccess(messages.dishDeleted);
    } catch (error) {
      notifyFailure(error);
    }
  };

  const availableSwitch = (dish: Dish) => (
    <AvailabilitySwitch
      name={dish.name}
      checked={availability.checkedOf(dish._id, dish.isAvailable)}
      disabled={dish.fromParent || !canEdit || availability.isPending(dish._id)}
      onChange={(checked) => void availability.set([dish._id], checked)}
    />
  );

  const columns: TableColumn<Dish>[] = [
    {
      key: 'image',
      header: <VisuallyHidden>Image</VisuallyHidden>,
      width: 104,
      hideWhenCompact: true,
      render: (dish) => <DishThumb dish={dish} />,
    },
    {
      key: 'name',
      header: 'Name',
      sortBy: { asc: 'name-asc', desc: 'name-desc' },
      render: (dish, { compact }) => (
        <div className={classes.name}>
          {compact && <DishThumb dish={dish} />}
          {canEdit ? (
            <Anchor
              component={Link}
              to={`/update-dish/${dish._id}`}
              fw={600}
              size="sm"
              c="inherit"
              underline="hover"
            >
              {dish.name}
            </Anchor>
          ) : (
            <Text size="sm" fw={500}>
              {dish.name}
            </Text>
          )}
          <Text size="xs" c="dimmed" truncate>
            {dish.categories
              .map((id) => categoryNames.get(id))
              .filter(Boolean)
              .join(', ') || 'No category'}
          </Text>
          {compact && (
            <Group gap={8} wrap="nowrap" mt={2}>
              <Text size="sm" className={classes.price}>
                {formatPrice(dish.price)}
              </Text>
              {availableSwitch(dish)}
            </Group>
          )}
        </div>
      ),
    },
    {
      key: 'price',
      header: 'Price',
      sortBy: { asc: 'price-asc', desc: 'price-desc' },
      align: 'right',
      width: 96,
      hideWhenCompact: true,
      render: (dish) => (
        <Text size="sm" className={classes.price}>
          {formatPrice(dish.price)}
        </Text>
      ),
    },
    {
      key: 'allergens',
      header: 'Allergens',
      hideWhenCompact: true,
      render: (dish) => (
        <Text size="sm" c={dish.allergens.declared ? undefined : 'dimmed'} lineClamp={2}>
          {dishAllergenText(dish.allergens)}
        </Text>
      ),
    },
    {
      key: 'available',
      header: 'Available',
      width: 100,
      hideWhenCompact: true,
      render: availableSwitch,
    },
  ];
  if (canEdit) {
    columns.push(
      actionsColumn((dish) => (
        <RowActions
          name={dish.name}
          locked={dish.fromParent}
          editTo={`/update-dish/${dish._id}`}
          onClone={() => clone(dish)}
          cloning={cloningId === dish._id}
          onDelete={() => handleDelete([dish._id], `“${dish.name}”`)}
        />
      )),
    );
  }

  return (
    <TablePanel
      dashboard={dashboard}
      title="Dishes"
      count={size.large ? (size.total ?? 0) : all.length}
      search={
        dashboard
          ? {
              label: 'Search dishes',
              value: dashboardSearch,
              onChange: (search: string) => {
                setDashboardSearch(search);
                setDashboardPage(1);
              },
            }
          : { label: 'Search dishes', ...list.search }
      }
      sort={dashboard ? undefined : list.sort}
      bulkDelete={
        canEdit && {
          count: selection.ids.length,
          loading: remove.isPending,
          onClick: () => handleDelete(selection.ids, countOf(selection.ids.length, 'dish', 'dishes')),
        }
      }
      bulkAvailability={
        canEdit &&
        !dashboard && {
          count: selection.ids.length,
          loading: availability.bulkPending,
          onChange: (available) => void availability.set(selection.ids, available),
        }
      }
      add={canEdit && { label: 'Add dish', to: '/create-dish?new', tour: 'create-dish' }}
    >
      <PaginatedTable
        label="Dishes"
        rows={rows}
        columns={columns}
        rowId={dishId}
        rowLabel={(dish) => dish.name}
        loading={!size.decided || (size.large ? serverPage.isPending : dishes.isPending)}
        isLocked={isLocked}
        selection={canEdit ? selection.selection : undefined}
        minWidth={620}
        page={size.large ? (serverPage.data?.page ?? 1) : dashboard ? undefined : list.page.value}
        onPageChange={dashboard ? (size.large ? setDashboardPage : undefined) : list.page.onChange}
        sort={dashboard ? undefined : list.sort}
        total={size.large ? serverPage.data?.total : undefined}
        emptyMessage={
          all.length > 0 || size.large ? (
            'No dish matches your search. Try another word or clear the search.'
          ) : (
            <EmptyListNext list="dishes" noun="dishes" />
          )
        }
      />
    </TablePanel>
  );
}
