import { type Dish, messages } from '@carte/domain';
import { Alert, Button, EmptyState, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconCopy,
  IconFileUpload,
  IconLock,
  IconPlus,
  IconToolsKitchen2,
  IconTrash,
} from '@tabler/icons-react';
import { useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { dishesApi, useDeleteDishes, useDish } from '../../api/dishes.api.ts';
import { ingredientKeys, ingredientsApi } from '../../api/ingredients.api.ts';
import { confirmDelete } from '../../ui/confirm.tsx';
import { CsvUploadDialog } from '../../ui/csv-upload-dialog.tsx';
import { ExportCsvButton } from '../../ui/export-csv-button.tsx';
import { FormDrawer } from '../../ui/form-drawer.tsx';
import { notifyFailure, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { useListSize } from '../../ui/use-big-list.ts';
import { useCan } from '../../ui/use-can.ts';
import { DishForm } from './dish-form.tsx';
import { DishesTable } from './dishes-table.tsx';
import { useCloneDishAction } from './use-clone-dish-action.ts';

const LIST = '/create-dish';
/** "Create dish" opens the form over the list (issue 11 §2): /create-dish?new. */
export const CREATE_DISH = `${LIST}?new`;
const DRAWER_WIDTH = 960;

/**
 * The dish screens (doc 1 §2), list first (issue 11 §2): /create-dish is the restaurant's dishes;
 * "Create dish" (/create-dish?new) and a dish's name (/update-dish/:id) open the form in a drawer
 * over the list, so the routes of the specification keep working and a phone never scrolls past an
 * empty form to reach the list.
 */
function DishesPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const can = useCan();
  const [csvOpened, csv] = useDisclosure(false);
  const creating = !id && params.has('new');
  const backToList = () => navigate(LIST);
  // The form one click away decides its ingredient picker by this count (issue 21): asked with the
  // list, it is there when the form opens.
  useListSize(ingredientKeys.all, ingredientsApi.page);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Dishes"
        description="Everything you serve, with prices, photos and options. A dish appears on menus through its category."
        actions={
          can('dish') && (
            <>
              <ExportCsvButton area="dishes" />
              <Button variant="default" leftSection={<IconFileUpload size={16} />} onClick={csv.open}>
                Upload CSV
              </Button>
              <Button component={Link} to={CREATE_DISH} leftSection={<IconPlus size={16} />}>
                Create dish
              </Button>
            </>
          )
        }
      />
      <DishesTable />
      <FormDrawer opened={creating} onClose={backToList} title="Create dish" size={DRAWER_WIDTH}>
        <DishForm dish={null} onSaved={backToList} />
      </FormDrawer>
      <EditDishDrawer id={id} onClose={backToList} />
      <CsvUploadDialog
        kind="dishes"
        opened={csvOpened}
        onClose={csv.close}
        upload={(file, onProgress) => dishesApi.uploadCsv(file, (progress) => onProgress(progress.percent))}
      />
    </Stack>
  );
}

/** /update-dish/:id: the same form for a saved dish; inherited dishes are read-only but cloneable. */
function EditDishDrawer({ id, onClose }: { id: string | undefined; onClose: () => void }) {
  // While the drawer slides out the route has no id any more: keep showing the dish it had.
  const lastId = useRef(id);
  if (id) lastId.current = id;
  const shownId = id ?? lastId.current;
  const dish = useDish(shownId);
  const current = dish.data;
  return (
    <FormDrawer
      opened={id !== undefined}
      onClose={onClose}
      title={
        current?.fromParent ? (
          <>
            <IconLock size={18} aria-label="Read-only" style={{ verticalAlign: -2 }} /> Dish
          </>
        ) : (
          'Edit dish'
        )
      }
      description={current?.name}
      actions={current && <DishActions dish={current} onDeleted={onClose} />}
      size={DRAWER_WIDTH}
    >
      {dish.isPending ? (
        <Stack gap="lg" aria-busy>
          <Skeleton height={36} width={280} />
          <Skeleton height={420} radius="lg" />
        </Stack>
      ) : !current ? (
        <EmptyState
          icon={<IconToolsKitchen2 size={28} stroke={1.6} />}
          withIndicatorBackground
          title={
            isApiError(dish.error) && dish.error.status === 404
              ? 'Dish not found'
              : messages.somethingWentWrong
          }
          description={
            isApiError(dish.error) && dish.error.status === 404
              ? 'It may have been deleted.'
              : 'Please try again later.'
          }
        >
          <EmptyState.Actions>
            <Button variant="light" onClick={onClose}>
              Back to dishes
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : (
        <Stack gap="lg">
          {current.fromParent && (
            <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
              <Text size="sm">{messages.readOnlyFromParent}</Text>
            </Alert>
          )}
          <DishForm key={current._id} dish={current} onSaved={onClose} />
        </Stack>
      )}
    </FormDrawer>
  );
}

/** Clone (the copy opens) and delete, beside the open dish's title. */
function DishActions({ dish, onDeleted }: { dish: Dish; onDeleted: () => void }) {
  const can = useCan();
  const { clone, cloningId } = useCloneDishAction({ openCopy: true });
  const deleteDishes = useDeleteDishes();
  if (!can('dish')) return null;

  const handleDelete = async () => {
    if (!(await confirmDelete(`“${dish.name}”`))) return;
    try {
      await deleteDishes.mutateAsync([dish._id]);
      notifySuccess(messages.dishDeleted);
      onDeleted();
    } catch (error) {
      notifyFailure(error);
    }
  };

  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconCopy size={14} />}
        onClick={() => clone(dish)}
        loading={cloningId === dish._id}
      >
        Clone
      </Button>
      {!dish.fromParent && (
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={handleDelete}
          loading={deleteDishes.isPending}
        >
          Delete
        </Button>
      )}
    </>
  );
}

/** /create-dish: the list (with the create drawer on ?new). */
export const CreateDishPage = DishesPage;
/** /update-dish/:id: the list with the dish's drawer open. */
export const UpdateDishPage = DishesPage;
