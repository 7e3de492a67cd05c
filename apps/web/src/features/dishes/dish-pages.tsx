import { messages } from '@carte/domain';
import { Alert, Button, Card, Center, EmptyState, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCopy, IconFileUpload, IconLock, IconToolsKitchen2, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { dishesApi, useDeleteDishes, useDish } from '../../api/dishes.api.ts';
import { confirmDelete } from '../../ui/confirm.tsx';
import { CsvUploadDialog } from '../../ui/csv-upload-dialog.tsx';
import { notifyFailure, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { useCan } from '../../ui/use-can.ts';
import { DishForm } from './dish-form.tsx';
import { DishesTable } from './dishes-table.tsx';
import { useCloneDishAction } from './use-clone-dish-action.ts';

/** /create-dish: the dish form, the CSV import and the restaurant's dishes. */
export function CreateDishPage() {
  const [csvOpened, csv] = useDisclosure(false);
  return (
    <Stack gap="xl">
      <PageHeader
        title="Create dish"
        description="Add a dish with its price, photo, ingredients and options. It appears on menus through its category."
        actions={
          <Button variant="default" leftSection={<IconFileUpload size={16} />} onClick={csv.open}>
            Upload CSV
          </Button>
        }
      />
      <DishForm dish={null} />
      <Card component="section" aria-labelledby="your-dishes">
        <Title order={2} fz="h3" id="your-dishes" mb="md">
          Your dishes
        </Title>
        <DishesTable />
      </Card>
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
export function UpdateDishPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const can = useCan();
  const dish = useDish(id);
  const { clone, cloningId } = useCloneDishAction({ openCopy: true });
  const deleteDishes = useDeleteDishes();

  const handleDelete = async () => {
    if (!dish.data || !(await confirmDelete(`“${dish.data.name}”`))) return;
    try {
      await deleteDishes.mutateAsync([dish.data._id]);
      notifySuccess(messages.dishDeleted);
      navigate('/create-dish', { replace: true });
    } catch (error) {
      notifyFailure(error);
    }
  };

  if (dish.isPending) {
    return (
      <Stack gap="lg">
        <Skeleton height={36} width={280} />
        <Skeleton height={420} radius="lg" />
        <Skeleton height={160} radius="lg" />
      </Stack>
    );
  }

  if (!dish.data) {
    const missing = isApiError(dish.error) && dish.error.status === 404;
    return (
      <Center mih="50vh">
        <EmptyState
          icon={<IconToolsKitchen2 size={28} stroke={1.6} />}
          withIndicatorBackground
          title={missing ? 'Dish not found' : messages.somethingWentWrong}
          description={missing ? 'It may have been deleted.' : 'Please try again later.'}
        >
          <EmptyState.Actions>
            <Button component={Link} to="/create-dish" variant="light">
              Back to dishes
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Center>
    );
  }

  const current = dish.data;
  return (
    <Stack gap="xl">
      <PageHeader
        title={
          <Group gap="xs" component="span">
            {current.fromParent && <IconLock size={22} aria-label="Read-only" />}
            <span>Edit dish</span>
          </Group>
        }
        description={current.name}
        actions={
          can('dish') && (
            <>
              <Button
                variant="default"
                leftSection={<IconCopy size={16} />}
                onClick={() => clone(current)}
                loading={cloningId === current._id}
              >
                Clone
              </Button>
              {!current.fromParent && (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={handleDelete}
                  loading={deleteDishes.isPending}
                >
                  Delete
                </Button>
              )}
            </>
          )
        }
      />
      {current.fromParent && (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
          <Text size="sm">{messages.readOnlyFromParent}</Text>
        </Alert>
      )}
      <DishForm key={current._id} dish={current} />
    </Stack>
  );
}
