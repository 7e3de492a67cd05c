import type { Menu } from '@carte/domain';
import { type Category, categorySorts, messages } from '@carte/domain';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  categoriesApi,
  categoryKeys,
  useCloneCategory,
  useDeleteCategories,
} from '../../api/categories.api.ts';
import { AvailabilitySwitch } from '../../ui/availability-switch.tsx';
import { confirmDelete } from '../../ui/confirm.tsx';
import { nameAndDateSorts, type SortOption, useListView } from '../../ui/list-view.ts';
import { EmptyListNext } from '../../ui/next-step.tsx';
import { notifyFailure, notifyFailureAs, notifySuccess } from '../../ui/notify.ts';
import {
  actionsColumn,
  PaginatedTable,
  type TableColumn,
  useRowSelection,
} from '../../ui/paginated-table.tsx';
import { countOf, RowActions } from '../../ui/row-actions.tsx';
import { TablePanel } from '../../ui/table-panel.tsx';
import { useAvailability } from '../../ui/use-availability.ts';
import { useServerPage } from '../../ui/use-big-list.ts';

const isLocked = (category: Category) => category.fromParent;
const categoryId = (category: Category) => category._id;

/** New categories first (doc 1 §4 puts them at the top), then by name or size. */
const sorts: SortOption<Category>[] = [
  ...nameAndDateSorts<Category>('newest'),
  {
    value: 'dishes-desc',
    label: 'Most dishes',
    compare: (a, b) => b.dishes.length - a.dishes.length || a.name.localeCompare(b.name),
  },
  {
    value: 'dishes-asc',
    label: 'Fewest dishes',
    compare: (a, b) => a.dishes.length - b.dishes.length || a.name.localeCompare(b.name),
  },
];

/**
 * The category list of /create-category (doc 1 §2): the name opens the category, availability
 * switches in place, clone (as unavailable, doc 1 §4), edit, delete; search, sort, 10 rows a page;
 * the selected rows made available, unavailable or deleted at once. Inherited rows are locked but
 * can be cloned.
 */
export function CategoriesTable({
  categories,
  menus,
  loading,
  canEdit,
  large = null,
}: {
  categories: Category[];
  menus: Menu[];
  loading: boolean;
  canEdit: boolean;
  /** A large list (issue 21): its total, and its pages are asked of the server. */
  large?: { total: number } | null;
}) {
  const clone = useCloneCategory();
  const remove = useDeleteCategories();
  const availability = useAvailability('categories', messages.categoryUpdated);
  const menuNames = new Map(menus.map((menu) => [menu._id, menu.name]));
  const list = useListView('categories', categories, { searchText: (category) => [category.name], sorts });
  const serverPage = useServerPage(
    categoryKeys.all,
    categoriesApi.page,
    { search: list.search.value, sort: list.sort.value, page: list.page.value },
    categorySorts,
    large !== null,
  );
  const rows = large ? (serverPage.data?.data ?? []) : list.rows;
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

  const availableSwitch = (category: Category) => (
    <AvailabilitySwitch
      name={category.name}
      checked={availability.checkedOf(category._id, category.isAvailable)}
      disabled={category.fromParent || !canEdit || availability.isPending(category._id)}
      onChange={(checked) => void availability.set([category._id], checked)}
    />
  );

  const columns: TableColumn<Category>[] = [
    {
      key: 'name',
      header: 'Name',
      sortBy: { asc: 'name-asc', desc: 'name-desc' },
      render: (category, { compact }) => (
        <>
          {canEdit ? (
            <Anchor
              component={Link}
              to={`/update-category/${category._id}`}
              fw={600}
              size="sm"
              c="inherit"
              underline="hover"
            >
              {category.name}
            </Anchor>
          ) : (
            <Text size="sm" fw={500}>
              {category.name}
            </Text>
          )}
          {compact && (
            <>
              <Text size="xs" c="dimmed" mb={4}>
                {countOf(category.dishes.length, 'dish', 'dishes')}
                {category.menus.length > 0 &&
                  ` · ${category.menus.flatMap((id) => menuNames.get(id) ?? []).join(', ')}`}
              </Text>
              {availableSwitch(category)}
            </>
          )}
        </>
      ),
    },
    {
      key: 'dishes',
      header: 'Dishes',
      sortBy: { asc: 'dishes-asc', desc: 'dishes-desc' },
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
      header: 'Available',
      width: 100,
      hideWhenCompact: true,
      render: availableSwitch,
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
              {
                onSuccess: () => notifySuccess(messages.categoryCloned),
                onError: (error) => notifyFailureAs(error, messages.cloneCategoryFailed),
              },
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
      count={large ? large.total : categories.length}
      search={{ label: 'Search categories', ...list.search }}
      sort={list.sort}
      bulkAvailability={
        canEdit && {
          count: selection.ids.length,
          loading: availability.bulkPending,
          onChange: (available) => void availability.set(selection.ids, available),
        }
      }
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
        loading={loading || (large !== null && serverPage.isPending)}
        isLocked={isLocked}
        selection={canEdit ? selection.selection : undefined}
        minWidth={600}
        page={large ? (serverPage.data?.page ?? 1) : list.page.value}
        onPageChange={list.page.onChange}
        sort={list.sort}
        total={large ? serverPage.data?.total : undefined}
        emptyMessage={
          categories.length > 0 || large ? (
            'No category matches your search. Try another word or clear the search.'
          ) : (
            <EmptyListNext list="categories" noun="categories" />
          )
        }
      />
    </TablePanel>
  );
}
