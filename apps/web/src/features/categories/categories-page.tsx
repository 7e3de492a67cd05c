import { messages } from '@carte/domain';
import { Badge, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { categoriesApi, useCategories } from '../../api/categories.api.ts';
import { useSelectedMenu } from '../../api/menus.api.ts';
import { CsvUploadDialog } from '../../ui/csv-upload-dialog.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useCan } from '../../ui/use-can.ts';
import { CategoriesTable } from './categories-table.tsx';
import { CategoryForm } from './category-form.tsx';

/**
 * /create-category (doc 1 §2): the create form, the category table and the CSV upload. A new
 * category joins the selected menu, which must be the restaurant's own (doc 1 §5).
 */
export function CategoriesPage() {
  const can = useCan();
  const canCategory = can('category');
  const categories = useCategories();
  const { menu, menus, isLoading: menusLoading, select } = useSelectedMenu();
  const [csvOpened, setCsvOpened] = useState(false);
  const ownMenus = menus.filter((item) => !item.fromParent);
  const targetMenu = menu && !menu.fromParent ? menu : null;

  const blockedReason = !canCategory
    ? messages.permissionDenied
    : menusLoading
      ? null
      : !menu
        ? 'Create a menu first: a new category joins the selected menu.'
        : menu.fromParent
          ? `${messages.selectedMenuInherited}. Select one of your own menus.`
          : null;

  const menuPicker = (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Menu"
        description="The new category is added at the end of this menu."
        data={menus.map((item) => ({
          value: item._id,
          label: item.fromParent ? `${item.name} (parent restaurant)` : item.name,
          disabled: item.fromParent,
        }))}
        value={menu?._id ?? null}
        onChange={(value) => value && select(value)}
        placeholder={menusLoading ? 'Loading menus…' : 'No menu yet'}
        allowDeselect={false}
        disabled={ownMenus.length === 0}
        w={{ base: '100%', sm: 320 }}
      />
      {!menusLoading && menus.length === 0 && can('menu') && (
        <Button component={Link} to="/create-menu" variant="light" size="sm">
          Create menu
        </Button>
      )}
    </Group>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Categories"
        description="Group your dishes into categories and add them to your menus."
        actions={
          canCategory && (
            <Button
              variant="default"
              leftSection={<IconFileUpload size={16} />}
              onClick={() => setCsvOpened(true)}
            >
              Upload CSV
            </Button>
          )
        }
      />

      {canCategory && (
        <Card padding="lg">
          <Text fw={700} size="lg" mb="md" component="h2">
            New category
          </Text>
          <CategoryForm
            category={null}
            menuId={targetMenu?._id ?? null}
            blockedReason={blockedReason}
            header={menuPicker}
          />
        </Card>
      )}

      <Card padding="lg">
        <Group gap={8} mb="md">
          <Text fw={700} size="lg" component="h2">
            All categories
          </Text>
          <Badge variant="light" color="gray" size="sm">
            {categories.data?.length ?? 0}
          </Badge>
        </Group>
        <CategoriesTable
          categories={categories.data ?? []}
          menus={menus}
          loading={categories.isLoading}
          canEdit={canCategory}
        />
      </Card>

      <CsvUploadDialog
        kind="categories"
        opened={csvOpened}
        onClose={() => setCsvOpened(false)}
        upload={(file, onProgress) =>
          categoriesApi.uploadCsv(file, {
            menu: targetMenu?._id ?? null,
            onUploadProgress: (progress) => onProgress(progress.percent),
          })
        }
      />
    </Stack>
  );
}
