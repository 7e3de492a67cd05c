import { messages } from '@carte/domain';
import { Alert, Button, EmptyState, Select, Skeleton, Stack } from '@mantine/core';
import { IconCategory, IconFileUpload, IconLock, IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { categoriesApi, categoryKeys, useCategories, useCategory } from '../../api/categories.api.ts';
import { useSelectedMenu } from '../../api/menus.api.ts';
import { CsvUploadDialog } from '../../ui/csv-upload-dialog.tsx';
import { FormDrawer } from '../../ui/form-drawer.tsx';
import { FirstStepCallout } from '../../ui/next-step.tsx';
import { errorMessage } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { useListSize } from '../../ui/use-big-list.ts';
import { useCan } from '../../ui/use-can.ts';
import { CategoriesTable } from './categories-table.tsx';
import { CategoryForm } from './category-form.tsx';

const LIST = '/create-category';
/** "Create category" opens the form over the list (issue 11 §2): /create-category?new. */
const CREATE = `${LIST}?new`;
const DRAWER_WIDTH = 620;

/**
 * The category screens (doc 1 §2), list first (issue 11 §2): /create-category is the restaurant's
 * categories with the CSV upload; "Create category" (/create-category?new) and a category's name
 * (/update-category/:id) open the form in a drawer over the list. A new category joins the selected
 * menu, which must be the restaurant's own (doc 1 §5).
 */
function CategoriesPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const can = useCan();
  const canCategory = can('category');
  // A large list (issue 21) is asked of the server a page at a time; a small one is read whole.
  const size = useListSize(categoryKeys.all, categoriesApi.page);
  const categories = useCategories({ enabled: size.decided && !size.large });
  const { menus } = useSelectedMenu();
  const [csvOpened, setCsvOpened] = useState(false);
  const { targetMenuId } = useCreateTarget();
  const creating = !id && params.has('new');
  const backToList = () => navigate(LIST);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Categories"
        description="Group your dishes into categories and add them to your menus."
        actions={
          canCategory && (
            <>
              <Button
                variant="default"
                leftSection={<IconFileUpload size={16} />}
                onClick={() => setCsvOpened(true)}
              >
                Upload CSV
              </Button>
              <Button component={Link} to={CREATE} leftSection={<IconPlus size={16} />}>
                Create category
              </Button>
            </>
          )
        }
      />

      <CategoriesTable
        categories={categories.data ?? []}
        menus={menus}
        loading={!size.decided || categories.isLoading}
        canEdit={canCategory}
        large={size.large ? { total: size.total ?? 0 } : null}
      />

      <FormDrawer
        opened={creating && canCategory}
        onClose={backToList}
        title="Create category"
        size={DRAWER_WIDTH}
      >
        <CreateCategoryForm onSaved={backToList} />
      </FormDrawer>
      <EditCategoryDrawer id={id} onClose={backToList} />

      <CsvUploadDialog
        kind="categories"
        opened={csvOpened}
        onClose={() => setCsvOpened(false)}
        upload={(file, onProgress) =>
          categoriesApi.uploadCsv(file, {
            menu: targetMenuId,
            onUploadProgress: (progress) => onProgress(progress.percent),
          })
        }
      />
    </Stack>
  );
}

/** The selected menu a new category joins: the restaurant's own, never an inherited one. */
function useCreateTarget() {
  const selected = useSelectedMenu();
  const { menu } = selected;
  return { ...selected, targetMenuId: menu && !menu.fromParent ? menu._id : null };
}

function CreateCategoryForm({ onSaved }: { onSaved: () => void }) {
  const { menu, menus, isLoading: menusLoading, select, targetMenuId } = useCreateTarget();
  const ownMenus = menus.filter((item) => !item.fromParent);
  // What comes first is said at the top, with its action (issue 22): a new category joins one of the
  // restaurant's own menus, so without one the form is not shown at all.
  if (!menusLoading && ownMenus.length === 0) return <FirstStepCallout step="menu" />;
  const blockedReason =
    !menusLoading && menu?.fromParent
      ? `${messages.selectedMenuInherited}. Select one of your own menus.`
      : null;

  const menuPicker = (
    <Stack gap="sm">
      {blockedReason && (
        <Alert variant="light" color="yellow" icon={<IconLock size={18} />} title="Choose one of your menus">
          {blockedReason}
        </Alert>
      )}
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
        placeholder={menusLoading ? 'Loading menus…' : 'Choose a menu'}
        allowDeselect={false}
        w={{ base: '100%', sm: 320 }}
      />
    </Stack>
  );

  return (
    <CategoryForm
      category={null}
      menuId={targetMenuId}
      blockedReason={menusLoading ? 'Loading menus…' : blockedReason}
      header={menuPicker}
      onSaved={onSaved}
    />
  );
}

/** /update-category/:id: the category's form in the drawer; inherited categories are read-only. */
function EditCategoryDrawer({ id, onClose }: { id: string | undefined; onClose: () => void }) {
  // While the drawer slides out the route has no id any more: keep showing the category it had.
  const lastId = useRef(id);
  if (id) lastId.current = id;
  const category = useCategory(id ?? lastId.current);
  const current = category.data;

  return (
    <FormDrawer
      opened={id !== undefined}
      onClose={onClose}
      title={current?.fromParent ? 'Category' : 'Edit category'}
      description={current?.name}
      size={DRAWER_WIDTH}
    >
      {category.isLoading ? (
        <Stack gap="md" aria-busy>
          <Skeleton height={36} />
          <Skeleton height={160} radius="lg" />
        </Stack>
      ) : !current ? (
        <EmptyState
          icon={<IconCategory size={26} stroke={1.6} />}
          withIndicatorBackground
          title="Category not found"
          description={
            category.error ? errorMessage(category.error) : 'This category does not exist any more.'
          }
        >
          <EmptyState.Actions>
            <Button variant="light" onClick={onClose}>
              Back to categories
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : current.fromParent ? (
        <Alert color="yellow" variant="light" icon={<IconLock size={18} />}>
          {messages.readOnlyFromParent}
        </Alert>
      ) : (
        <CategoryForm key={current._id} category={current} onSaved={onClose} />
      )}
    </FormDrawer>
  );
}

/** /create-category: the list (with the create drawer on ?new). */
export { CategoriesPage };
/** /update-category/:id: the list with the category's drawer open. */
export const UpdateCategoryPage = CategoriesPage;
