import type { Menu } from '@carte/domain';
import { type Category, messages } from '@carte/domain';
import { Badge, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useCloneCategory, useDeleteCategories } from '../../api/categories.api.ts';
import { AvailabilityBadge } from '../../ui/availability-badge.tsx';
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

const isLocked = (category: Category) => category.fromParent;
const categoryId = (category: Category) => category._id;

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
  const [search, setSearch] = useState('');
  const menuNames = new Map(menus.map((menu) => [menu._id, menu.name]));
  const rows = categories.filter((category) => matchesSearch(search, category.name));
  const selection = useRowSelection(rows, categoryId, isLocked);

  const handleDelete = async (ids: string[], label: string) => {
    if (!(await confirmDelete(label, 'Its dishes stay; menus stop showing it.'))) return;
    remove.mutate(ids, {
      onSuccess: () => {
        selection.forget(ids);
        notifySuccess(messages.categoryDeleted);
      },
      onError: notifyFailure,
    });
  };

  const columns: TableColumn<Category>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (category, { compact }) => (
        <>
          <Text size="sm" fw={500}>
            {category.name}
          </Text>
          {compact && (
            <>
              <Text size="xs" c="dimmed" mb={4}>
                {countOf(category.dishes.length, 'dish', 'dishes')}
                {category.menus.length > 0 &&
                  ` · ${category.menus.flatMap((id) => menuNames.get(id) ?? []).join(', ')}`}
              </Text>
              <AvailabilityBadge available={category.isAvailable} />
            </>
          )}
        </>
      ),
    },
    {
      key: 'dishes',
      header: 'Dishes',
      align: 'right',
      width: 80,
      hideWhenCompact: true,
      render: (category) => (
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {category.dishes.length}
        </Text>
      ),
    },
    {
      key: 'menus',
      header: 'Menus',
      hideWhenCompact: true,
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
      hideWhenCompact: true,
      render: (category) => <AvailabilityBadge available={category.isAvailable} />,
    },
  ];
  if (canEdit) {
    columns.push(
      actionsColumn((category) => (
        <RowActions
          name={category.name}
          locked={category.fromParent}
          editTo={`/update-category/${category._id}`}
          // Cloned from the categories page, the copy is unavailable (doc 1 §4).
          onClone={() =>
            clone.mutate(
              { category, isAvailable: false },
              { onSuccess: () => notifySuccess(messages.categoryCloned), onError: notifyFailure },
            )
          }
          cloning={clone.isPending && clone.variables?.category._id === category._id}
          onDelete={() => handleDelete([category._id], `“${category.name}”`)}
        />
      )),
    );
  }

  return (
    <TablePanel
      title="Categories"
      count={categories.length}
      search={{ label: 'Search categories', value: search, onChange: setSearch }}
      bulkDelete={
        canEdit && {
          count: selection.ids.length,
          loading: remove.isPending,
          onClick: () => handleDelete(selection.ids, countOf(selection.ids.length, 'category', 'categories')),
        }
      }
    >
      <PaginatedTable
        label="Categories"
        rows={rows}
        columns={columns}
        rowId={categoryId}
        rowLabel={(category) => category.name}
        loading={loading}
        isLocked={isLocked}
        selection={canEdit ? selection.selection : undefined}
        minWidth={600}
      />
    </TablePanel>
  );
}
