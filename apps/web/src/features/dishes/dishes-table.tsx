import { type Dish, messages } from '@carte/domain';
import { Anchor, Group, Text, VisuallyHidden } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useCategories } from '../../api/categories.api.ts';
import { useDeleteDishes, useDishes } from '../../api/dishes.api.ts';
import { AvailabilityBadge } from '../../ui/availability-badge.tsx';
import { confirmDelete } from '../../ui/confirm.tsx';
import { formatPrice } from '../../ui/format.ts';
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
import { DishThumb } from './dish-thumb.tsx';
import classes from './dishes-table.module.css';
import { useCloneDishAction } from './use-clone-dish-action.ts';

const isLocked = (dish: Dish) => dish.fromParent;
const dishId = (dish: Dish) => dish._id;

/**
 * The restaurant's dishes (doc 1 §2): thumbnail 80×50, name with its categories, price (USD),
 * availability; edit, clone (inherited rows too) and (bulk) delete; search; 10 rows a page. On
 * narrow screens a row stacks picture, name, price and availability beside its actions.
 *
 * `dashboard`: a card of its own with the title, the count and "Add dish"; the search appears once
 * there is more than a page; a clone stays in the list. Otherwise (/create-dish, which titles it) a
 * clone opens the copy's form.
 */
export function DishesTable({ dashboard = false }: { dashboard?: boolean }) {
  const can = useCan();
  const canEdit = can('dish');
  const dishes = useDishes();
  const categories = useCategories();
  const remove = useDeleteDishes();
  const { clone, cloningId } = useCloneDishAction({ openCopy: !dashboard });
  const [search, setSearch] = useState('');

  const categoryNames = useMemo(
    () => new Map((categories.data ?? []).map((category) => [category._id, category.name])),
    [categories.data],
  );
  const all = dishes.data ?? [];
  const rows = all.filter((dish) => matchesSearch(search, dish.name));
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
      render: (dish, { compact }) => (
        <div className={classes.name}>
          {compact && <DishThumb dish={dish} />}
          {canEdit ? (
            <Anchor component={Link} to={`/update-dish/${dish._id}`} fw={500} size="sm" c="inherit">
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
              <AvailabilityBadge available={dish.isAvailable} />
            </Group>
          )}
        </div>
      ),
    },
    {
      key: 'price',
      header: 'Price',
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
      key: 'available',
      header: 'Availability',
      width: 130,
      hideWhenCompact: true,
      render: (dish) => <AvailabilityBadge available={dish.isAvailable} />,
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
      count={all.length}
      search={{ label: 'Search dishes', value: search, onChange: setSearch }}
      bulkDelete={
        canEdit && {
          count: selection.ids.length,
          loading: remove.isPending,
          onClick: () => handleDelete(selection.ids, countOf(selection.ids.length, 'dish', 'dishes')),
        }
      }
      add={canEdit && { label: 'Add dish', to: '/create-dish', tour: 'create-dish' }}
    >
      <PaginatedTable
        label="Dishes"
        rows={rows}
        columns={columns}
        rowId={dishId}
        rowLabel={(dish) => dish.name}
        loading={dishes.isPending}
        isLocked={isLocked}
        selection={canEdit ? selection.selection : undefined}
        minWidth={620}
      />
    </TablePanel>
  );
}
