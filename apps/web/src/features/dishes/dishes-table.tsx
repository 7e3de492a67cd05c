import { type Dish, messages } from '@carte/domain';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconCopy, IconPencil, IconPhoto, IconSearch, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { useCategories } from '../../api/categories.api.ts';
import { useCloneDish, useDeleteDishes, useDishes } from '../../api/dishes.api.ts';
import { confirmDelete } from '../../ui/confirm.tsx';
import { formatPrice } from '../../ui/format.ts';
import { notifyError, notifyFailure, notifySuccess } from '../../ui/notify.ts';
import { PaginatedTable, type TableColumn } from '../../ui/paginated-table.tsx';
import { useCan } from '../../ui/use-can.ts';
import classes from './dishes-table.module.css';

/** The owner's dishes with edit, clone and (bulk) delete; inherited ones are locked but cloneable. */
export function DishesTable() {
  const can = useCan();
  const canEdit = can('dish');
  const navigate = useNavigate();
  const dishes = useDishes();
  const categories = useCategories();
  const cloneDish = useCloneDish();
  const deleteDishes = useDeleteDishes();
  const [selected, setSelected] = useState<string[]>([]);
  const [search, setSearch] = useState('');

  const categoryNames = useMemo(
    () => new Map((categories.data ?? []).map((category) => [category._id, category.name])),
    [categories.data],
  );
  const needle = search.trim().toLowerCase();
  const rows = useMemo(
    () => (dishes.data ?? []).filter((dish) => !needle || dish.name.toLowerCase().includes(needle)),
    [dishes.data, needle],
  );

  const handleDelete = async (ids: string[], what: string) => {
    if (!(await confirmDelete(what))) return;
    try {
      await deleteDishes.mutateAsync(ids);
      setSelected((current) => current.filter((id) => !ids.includes(id)));
      notifySuccess(messages.dishDeleted);
    } catch (error) {
      notifyFailure(error);
    }
  };

  const handleClone = async (dish: Dish) => {
    try {
      const copy = await cloneDish.mutateAsync(dish);
      notifySuccess(messages.dishCloned);
      navigate(`/update-dish/${copy._id}`);
    } catch (error) {
      if (isApiError(error) && error.notified) return;
      notifyError(messages.cloneDishFailed);
    }
  };

  const columns: TableColumn<Dish>[] = [
    {
      key: 'image',
      header: <VisuallyHidden>Image</VisuallyHidden>,
      width: 96,
      render: (dish) =>
        dish.image ? (
          <img src={dish.image.thumb} alt="" className={classes.thumb} loading="lazy" />
        ) : (
          <span className={classes.thumb} data-empty>
            <IconPhoto size={18} stroke={1.4} />
          </span>
        ),
    },
    {
      key: 'name',
      header: 'Name',
      render: (dish) => (
        <div className={classes.name}>
          <Anchor component={Link} to={`/update-dish/${dish._id}`} fw={500} size="sm">
            {dish.name}
          </Anchor>
          <Text size="xs" c="dimmed" truncate>
            {dish.categories
              .map((id) => categoryNames.get(id))
              .filter(Boolean)
              .join(', ') || 'No category'}
          </Text>
        </div>
      ),
    },
    { key: 'price', header: 'Price', width: 100, render: (dish) => formatPrice(dish.price) },
    {
      key: 'status',
      header: 'Status',
      width: 120,
      render: (dish) =>
        dish.isAvailable ? (
          <Badge variant="light" color="teal">
            Available
          </Badge>
        ) : (
          <Badge variant="light" color="gray">
            Unavailable
          </Badge>
        ),
    },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      width: 120,
      align: 'right',
      render: (dish) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {!dish.fromParent && canEdit && (
            <Tooltip label="Edit">
              <ActionIcon
                component={Link}
                to={`/update-dish/${dish._id}`}
                variant="subtle"
                color="gray"
                aria-label={`Edit ${dish.name}`}
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          {canEdit && (
            <Tooltip label="Clone">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Clone ${dish.name}`}
                onClick={() => handleClone(dish)}
                loading={cloneDish.isPending && cloneDish.variables?._id === dish._id}
              >
                <IconCopy size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          {!dish.fromParent && canEdit && (
            <Tooltip label="Delete">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${dish.name}`}
                onClick={() => handleDelete([dish._id], `“${dish.name}”`)}
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
          className={classes.search}
          placeholder="Search dishes"
          aria-label="Search dishes"
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
              handleDelete(selected, `${selected.length} dish${selected.length === 1 ? '' : 'es'}`)
            }
            loading={deleteDishes.isPending}
          >
            Delete selected ({selected.length})
          </Button>
        )}
      </Group>
      <PaginatedTable
        label="Dishes"
        rows={rows}
        columns={columns}
        rowId={(dish) => dish._id}
        rowLabel={(dish) => dish.name}
        loading={dishes.isPending}
        selection={canEdit ? { selected, onChange: setSelected } : undefined}
        isLocked={(dish) => dish.fromParent}
        minWidth={620}
      />
    </>
  );
}
