import { type Dish, messages, TABLE_PAGE_SIZE } from '@carte/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconCopy, IconPencil, IconPhoto, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCloneDish, useDeleteDishes, useDishes } from '../../api/dishes.api.ts';
import { confirmDelete } from '../../ui/confirm.tsx';
import { formatPrice } from '../../ui/format.ts';
import { notifyFailure, notifySuccess } from '../../ui/notify.ts';
import { PaginatedTable, type TableColumn } from '../../ui/paginated-table.tsx';
import { useCan } from '../../ui/use-can.ts';
import classes from './dashboard.module.css';

const matches = (name: string, search: string) => name.toLowerCase().includes(search.trim().toLowerCase());

/**
 * The dashboard's dishes table (doc 1 §2): thumbnail 80×50, name, price (USD), availability, edit,
 * clone and delete; bulk delete of own dishes; 10 rows a page.
 */
export function DishesTable() {
  const can = useCan();
  const canDish = can('dish');
  const dishes = useDishes();
  const clone = useCloneDish();
  const remove = useDeleteDishes();
  const [selected, setSelected] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const rows = (dishes.data ?? []).filter((dish) => matches(dish.name, search));
  const visibleSelected = selected.filter((id) => rows.some((dish) => dish._id === id && !dish.fromParent));

  const handleDelete = async (ids: string[], label: string) => {
    if (!(await confirmDelete(label))) return;
    remove.mutate(ids, {
      onSuccess: () => {
        setSelected((current) => current.filter((id) => !ids.includes(id)));
        notifySuccess(messages.dishDeleted);
      },
      onError: notifyFailure,
    });
  };

  const columns: TableColumn<Dish>[] = [
    {
      key: 'image',
      header: 'Image',
      width: 104,
      render: (dish) =>
        dish.image ? (
          <img
            src={dish.image.thumb}
            alt=""
            width={80}
            height={50}
            className={classes.thumb}
            loading="lazy"
          />
        ) : (
          <span className={classes.thumbEmpty}>
            <IconPhoto size={18} aria-label="No image" />
          </span>
        ),
    },
    {
      key: 'name',
      header: 'Name',
      render: (dish) => (
        <Text size="sm" fw={500}>
          {dish.name}
        </Text>
      ),
    },
    {
      key: 'price',
      header: 'Price',
      align: 'right',
      width: 96,
      render: (dish) => (
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatPrice(dish.price)}
        </Text>
      ),
    },
    {
      key: 'available',
      header: 'Availability',
      width: 120,
      render: (dish) => (
        <Badge variant="light" color={dish.isAvailable ? 'teal' : 'gray'} size="sm">
          {dish.isAvailable ? 'Available' : 'Unavailable'}
        </Badge>
      ),
    },
  ];
  if (canDish) {
    columns.push({
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 120,
      render: (dish) => (
        <Group gap={2} justify="flex-end" wrap="nowrap">
          {!dish.fromParent && (
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
          <Tooltip label="Clone">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Clone ${dish.name}`}
              loading={clone.isPending && clone.variables?._id === dish._id}
              onClick={() =>
                clone.mutate(dish, {
                  onSuccess: () => notifySuccess(messages.dishCloned),
                  onError: notifyFailure,
                })
              }
            >
              <IconCopy size={16} />
            </ActionIcon>
          </Tooltip>
          {!dish.fromParent && (
            <Tooltip label="Delete">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${dish.name}`}
                onClick={() => handleDelete([dish._id], `"${dish.name}"`)}
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
          <Text fw={700}>Dishes</Text>
          <Badge variant="light" color="gray" size="sm">
            {dishes.data?.length ?? 0}
          </Badge>
        </Group>
        <Group gap="xs" wrap="wrap">
          {canDish && visibleSelected.length > 0 && (
            <Button
              size="xs"
              color="red"
              variant="light"
              leftSection={<IconTrash size={14} />}
              loading={remove.isPending}
              onClick={() =>
                handleDelete(
                  visibleSelected,
                  `${visibleSelected.length} ${visibleSelected.length === 1 ? 'dish' : 'dishes'}`,
                )
              }
            >
              Delete selected ({visibleSelected.length})
            </Button>
          )}
          {(dishes.data?.length ?? 0) > TABLE_PAGE_SIZE && (
            <TextInput
              size="xs"
              placeholder="Search dishes"
              aria-label="Search dishes"
              leftSection={<IconSearch size={14} />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              w={180}
            />
          )}
          {canDish && (
            <Button
              component={Link}
              to="/create-dish"
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              data-tour="create-dish"
            >
              Add dish
            </Button>
          )}
        </Group>
      </Group>
      <PaginatedTable
        label="Dishes"
        rows={rows}
        columns={columns}
        rowId={(dish) => dish._id}
        rowLabel={(dish) => dish.name}
        loading={dishes.isLoading}
        isLocked={(dish) => dish.fromParent}
        selection={canDish ? { selected, onChange: setSelected } : undefined}
        minWidth={560}
      />
    </Card>
  );
}
