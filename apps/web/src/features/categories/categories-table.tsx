import type { Menu } from '@carte/domain';
import { type Category, messages } from '@carte/domain';
import { ActionIcon, Badge, Button, Group, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCopy, IconPencil, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCloneCategory, useDeleteCategories } from '../../api/categories.api.ts';
import { confirmDelete } from '../../ui/confirm.tsx';
import { notifyFailure, notifySuccess } from '../../ui/notify.ts';
import { PaginatedTable, type TableColumn } from '../../ui/paginated-table.tsx';

/**
 * The category table of the categories page (doc 1 §2): clone (as unavailable, doc 1 §4), edit,
 * delete, bulk delete; inherited rows are locked but can be cloned.
 */
export function CategoriesTable({
  categories,
  menus,
  loading,
  canEdit,
}: {
  categories: Category[];
  menus: Menu[];
  loading: boolean;
  canEdit: boolean;
}) {
  const clone = useCloneCategory();
  const remove = useDeleteCategories();
  const [selected, setSelected] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const menuNames = new Map(menus.map((menu) => [menu._id, menu.name]));
  const rows = categories.filter((category) =>
    category.name.toLowerCase().includes(search.trim().toLowerCase()),
  );
  const visibleSelected = selected.filter((id) => rows.some((row) => row._id === id && !row.fromParent));

  const handleDelete = async (ids: string[], label: string) => {
    if (!(await confirmDelete(label, 'Its dishes stay; menus stop showing it.'))) return;
    remove.mutate(ids, {
      onSuccess: () => {
        setSelected((current) => current.filter((id) => !ids.includes(id)));
        notifySuccess(messages.categoryDeleted);
      },
      onError: notifyFailure,
    });
  };

  const columns: TableColumn<Category>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (category) => (
        <Text size="sm" fw={500}>
          {category.name}
        </Text>
      ),
    },
    {
      key: 'dishes',
      header: 'Dishes',
      align: 'right',
      width: 80,
      render: (category) => (
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {category.dishes.length}
        </Text>
      ),
    },
    {
      key: 'menus',
      header: 'Menus',
      render: (category) => {
        const names = category.menus.flatMap((id) => menuNames.get(id) ?? []);
        return names.length === 0 ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : (
          <Group gap={4}>
            {names.map((name) => (
              <Badge key={name} variant="default" size="sm" radius="sm" tt="none" fw={500}>
                {name}
              </Badge>
            ))}
          </Group>
        );
      },
    },
    {
      key: 'available',
      header: 'Availability',
      width: 120,
      render: (category) => (
        <Badge variant="light" color={category.isAvailable ? 'teal' : 'gray'} size="sm">
          {category.isAvailable ? 'Available' : 'Unavailable'}
        </Badge>
      ),
    },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 120,
      render: (category) => (
        <Group gap={2} justify="flex-end" wrap="nowrap">
          <Tooltip label="Clone">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Clone ${category.name}`}
              loading={clone.isPending && clone.variables?.category._id === category._id}
              onClick={() =>
                // Cloned from the categories page, the copy is unavailable (doc 1 §4).
                clone.mutate(
                  { category, isAvailable: false },
                  { onSuccess: () => notifySuccess(messages.categoryCloned), onError: notifyFailure },
                )
              }
            >
              <IconCopy size={16} />
            </ActionIcon>
          </Tooltip>
          {!category.fromParent && (
            <Tooltip label="Edit">
              <ActionIcon
                component={Link}
                to={`/update-category/${category._id}`}
                variant="subtle"
                color="gray"
                aria-label={`Edit ${category.name}`}
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          {!category.fromParent && (
            <Tooltip label="Delete">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${category.name}`}
                onClick={() => handleDelete([category._id], `"${category.name}"`)}
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
    <>
      <Group justify="space-between" mb="sm" gap="xs" wrap="wrap">
        <TextInput
          size="xs"
          placeholder="Search categories"
          aria-label="Search categories"
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={220}
        />
        {canEdit && visibleSelected.length > 0 && (
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconTrash size={14} />}
            loading={remove.isPending}
            onClick={() =>
              handleDelete(
                visibleSelected,
                `${visibleSelected.length} ${visibleSelected.length === 1 ? 'category' : 'categories'}`,
              )
            }
          >
            Delete selected ({visibleSelected.length})
          </Button>
        )}
      </Group>
      <PaginatedTable
        label="Categories"
        rows={rows}
        columns={columns}
        rowId={(category) => category._id}
        rowLabel={(category) => category.name}
        loading={loading}
        isLocked={(category) => category.fromParent}
        selection={canEdit ? { selected, onChange: setSelected } : undefined}
        minWidth={600}
      />
    </>
  );
}
