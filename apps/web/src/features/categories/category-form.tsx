import { type Category, createCategorySchema, messages } from '@carte/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Input,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconListCheck, IconLock, IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { isApiError } from '../../api/api-error.ts';
import { useCreateCategory, useUpdateCategory } from '../../api/categories.api.ts';
import { dishesApi, dishKeys, useDishes, useDishesByIds } from '../../api/dishes.api.ts';
import { useCurrentUser } from '../../api/session.ts';
import { confirmAnywayOnce } from '../../ui/confirm.tsx';
import { FormAlert } from '../../ui/form/form-alert.tsx';
import { schemaValidate, validateChangedOnBlur } from '../../ui/form/schema-validate.ts';
import { SubmitButton } from '../../ui/form/submit-button.tsx';
import { formatPrice } from '../../ui/format.ts';
import { errorMessage, notifySuccess } from '../../ui/notify.ts';
import { UnsavedChangesBanner, useUnsavedChangesGuard } from '../../ui/unsaved-changes.tsx';
import { useListSize } from '../../ui/use-big-list.ts';
import { useCan } from '../../ui/use-can.ts';
import { DishThumb } from '../dishes/index.ts';
import classes from './categories.module.css';
import { DishPickerModal } from './dish-picker-modal.tsx';

interface CategoryValues {
  name: string;
  isAvailable: boolean;
  dishes: string[];
}

interface CategoryFormProps {
  /** The category to edit; null to create one. */
  category: Category | null;
  /** Creating: the selected menu the category joins. */
  menuId?: string | null;
  /** Creating: why it cannot be created now (an inherited menu selected, menus loading); said above the form by the caller, it disables the form. */
  blockedReason?: ReactNode;
  /** Extra fields shown before the name (the menu choice on the create page). */
  header?: ReactNode;
  onSaved?: (category: Category) => void;
}

const valuesOf = (category: Category | null): CategoryValues => ({
  name: category?.name ?? '',
  isAvailable: category?.isAvailable ?? true,
  dishes: category ? [...category.dishes] : [],
});

/**
 * The category form (doc 1 §2, §5): name, availability and dishes chosen in a dialog. Saving without
 * dishes asks first — once a session, and only when the restaurant has dishes (issue 22); a server
 * message shows under the name (doc 1 §8).
 */
export function CategoryForm({ category, menuId = null, blockedReason, header, onSaved }: CategoryFormProps) {
  const can = useCan();
  const user = useCurrentUser();
  // Past 500 dishes (issue 21): the picker pages on the server and the chosen ones are read by id.
  const dishSize = useListSize(dishKeys.all, dishesApi.page);
  const dishes = useDishes({ enabled: dishSize.decided && !dishSize.large });
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const [picking, setPicking] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CategoryValues>({
    initialValues: valuesOf(category),
    validate: schemaValidate<CategoryValues>(createCategorySchema),
    ...validateChangedOnBlur,
  });
  const saving = create.isPending || update.isPending;
  const dirty = form.isDirty();
  const guard = useUnsavedChangesGuard(dirty && !saving);
  const chosen = form.values.dishes;
  const chosenDishes = useDishesByIds(chosen, { enabled: dishSize.large });
  const dishesById = dishSize.large
    ? chosenDishes.byId
    : new Map((dishes.data ?? []).map((dish) => [dish._id, dish]));
  const dishesLoading = !dishSize.decided || (dishSize.large ? chosenDishes.isLoading : dishes.isLoading);
  const blocked = Boolean(blockedReason);

  const handleSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    // Asked only when there are dishes to choose: in the first hour's order (issue 22) categories
    // come before dishes, and an empty category is then what the owner means.
    const dishCount = dishSize.total ?? (await dishesApi.page({ page: 1, per_page: 1 })).total;
    if (values.dishes.length === 0 && dishCount > 0) {
      const proceed = await confirmAnywayOnce({
        kind: 'category-without-dishes',
        userId: user._id,
        title: messages.noDishSelected,
        message: messages.categoryAnyway(!category),
      });
      if (!proceed) return;
    }
    try {
      const saved = category
        ? await update.mutateAsync({
            id: category._id,
            input: { name: values.name, isAvailable: values.isAvailable, dishes: values.dishes },
          })
        : await create.mutateAsync({ ...values, menu: menuId });
      notifySuccess(category ? messages.categoryUpdated : messages.categoryCreated);
      const next = category ? valuesOf(saved) : valuesOf(null);
      form.setInitialValues(next);
      form.setValues(next);
      form.resetDirty(next);
      if (onSaved) {
        guard.allowNextNavigation();
        onSaved(saved);
      }
    } catch (error) {
      // Category save failures show under the category name (doc 1 §8); 403 was toasted already.
      if (isApiError(error) && error.notified) return;
      if (isApiError(error) && error.status >= 400 && error.status < 500) {
        form.setFieldError('name', errorMessage(error));
      } else setFormError(errorMessage(error));
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <UnsavedChangesBanner dirty={dirty} />
        <FormAlert message={formError} />
        {header}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Category name"
            placeholder="e.g. Starters"
            withAsterisk
            data-autofocus
            maxLength={100}
            disabled={blocked}
            {...form.getInputProps('name')}
          />
          <Switch
            label="Available"
            description="Unavailable categories are hidden from guests."
            disabled={blocked}
            mt={{ base: 0, sm: 28 }}
            {...form.getInputProps('isAvailable', { type: 'checkbox' })}
          />
        </SimpleGrid>

        <Input.Wrapper label="Dishes" description="The dishes of this category, in this order.">
          <Stack gap={6} mt={8}>
            {chosen.length === 0 && (
              <Text size="sm" c="dimmed">
                No dishes selected yet.
              </Text>
            )}
            {chosen.map((id) => {
              const dish = dishesById.get(id);
              return (
                <Group key={id} gap="sm" wrap="nowrap" className={classes.dishRow}>
                  <DishThumb dish={dish} size="mini" />
                  <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate>
                    {dish?.name ?? (dishesLoading ? 'Loading…' : 'Dish not available')}
                  </Text>
                  {dish?.fromParent && (
                    <Tooltip label={messages.readOnlyFromParent} multiline w={220}>
                      <IconLock size={14} aria-label="From the parent restaurant" />
                    </Tooltip>
                  )}
                  {dish && !dish.isAvailable && (
                    <Badge size="xs" variant="light" color="gray">
                      Unavailable
                    </Badge>
                  )}
                  {dish && (
                    <Text size="sm" c="dimmed">
                      {formatPrice(dish.price)}
                    </Text>
                  )}
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Remove ${dish?.name ?? 'dish'}`}
                    onClick={() =>
                      form.setFieldValue(
                        'dishes',
                        chosen.filter((other) => other !== id),
                      )
                    }
                    disabled={blocked}
                  >
                    <IconX size={14} />
                  </ActionIcon>
                </Group>
              );
            })}
            <Button
              variant="light"
              size="xs"
              leftSection={<IconListCheck size={14} />}
              onClick={() => setPicking(true)}
              loading={!dishSize.decided || (!dishSize.large && dishes.isLoading)}
              disabled={blocked}
              w="fit-content"
            >
              {chosen.length === 0 ? 'Select dishes' : 'Change dishes'}
            </Button>
          </Stack>
        </Input.Wrapper>

        <Group justify="flex-end">
          <Tooltip label={blockedReason} disabled={!blockedReason} multiline w={260}>
            <span>
              <SubmitButton
                form={{ submitting: saving, errors: form.errors, values: form.values }}
                disabled={blocked}
              >
                {category ? 'Update category' : 'Create category'}
              </SubmitButton>
            </span>
          </Tooltip>
        </Group>
      </Stack>

      <DishPickerModal
        opened={picking}
        onClose={() => setPicking(false)}
        dishes={dishes.data ?? []}
        selected={chosen}
        onApply={(ids) => form.setFieldValue('dishes', ids)}
        canCreateDish={can('dish')}
        largeTotal={dishSize.large ? dishSize.total : undefined}
      />
    </form>
  );
}
