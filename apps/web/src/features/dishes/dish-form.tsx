import { type Dish, dishInputSchema, MAX_PER_PAGE, messages, PRICE_PATTERN } from '@carte/domain';
import {
  Button,
  Card,
  Grid,
  Group,
  NumberInput,
  Paper,
  Progress,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { useMemo, useRef, useState } from 'react';
import { isApiError } from '../../api/api-error.ts';
import { useCategories } from '../../api/categories.api.ts';
import { dishesApi, dishKeys, useCreateDish, useDishes, useUpdateDish } from '../../api/dishes.api.ts';
import { useRestaurant } from '../../api/restaurants.api.ts';
import { useCurrentUser } from '../../api/session.ts';
import { confirmAnywayOnce, confirmContinueAnyway } from '../../ui/confirm.tsx';
import { FormAlert } from '../../ui/form/form-alert.tsx';
import { schemaValidate, validateChangedOnBlur } from '../../ui/form/schema-validate.ts';
import { applyServerError } from '../../ui/form/server-error.ts';
import { SubmitButton } from '../../ui/form/submit-button.tsx';
import { DISH_CROP_ASPECT, ImageInput } from '../../ui/image-input.tsx';
import { notifySuccess } from '../../ui/notify.ts';
import { RichTextEditor } from '../../ui/rich-text-editor.tsx';
import { UnsavedChangesBanner, useUnsavedChangesGuard } from '../../ui/unsaved-changes.tsx';
import { useListSize } from '../../ui/use-big-list.ts';
import { DishAllergens } from '../allergens/index.ts';
import { DietaryPicker } from '../dietary/index.ts';
import { DeclarationHistory } from './declaration-history.tsx';
import { DishCustomizations } from './dish-customizations.tsx';
import classes from './dish-form.module.css';
import { type DishFormValues, dishPayloadOf, dishValuesOf, emptyDishValues } from './dish-form-values.ts';
import { IngredientPicker } from './ingredient-picker.tsx';
import { UpsellPicker } from './upsell-picker.tsx';

/** Which field a server 400 belongs to; anything else goes under the dish name (doc 1 §8). */
const serverFields = [
  ['price', 'price'],
  ['calories', 'calories'],
  ['portion', 'portion'],
  ['allergen', 'allergens'],
  ['alcohol', 'alcoholPercentage'],
  ['file', 'image'],
  ['', 'name'],
] as const;

/** The top of the form, on a page or in a drawer. */
const scrollToTop = (form: HTMLFormElement | null) =>
  form?.scrollIntoView({ block: 'start', behavior: 'smooth' });

function Section({
  title,
  description,
  children,
  aside,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <Card component="section" aria-label={title}>
      <Group justify="space-between" align="flex-start" mb="md" gap="xs">
        <div>
          <Title order={2} fz="h3">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {aside}
      </Group>
      {children}
    </Card>
  );
}

/**
 * The dish form (doc 1 §2, §4, §5): details, rich-text description, image with crop and upload
 * progress, ingredients, upsells, customizations and dietary considerations. Without `dish` it
 * creates; with it, it updates (or shows an inherited dish read-only). `onSaved` follows a
 * successful create or update (the list closes its drawer).
 */
export function DishForm({ dish, onSaved }: { dish: Dish | null; onSaved?: (dish: Dish) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const readOnly = dish?.fromParent ?? false;
  const hadImage = Boolean(dish?.image);
  // Past 500 dishes (issue 21) the side-dish picker asks the server; the whole list is not read.
  const dishSize = useListSize(dishKeys.all, dishesApi.page);
  const dishes = useDishes({ enabled: dishSize.decided && !dishSize.large });
  const categories = useCategories();
  const restaurant = useRestaurant();
  const user = useCurrentUser();
  const createDish = useCreateDish();
  const updateDish = useUpdateDish();
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const toPayload = (values: DishFormValues) => dishPayloadOf(values, hadImage);
  const form = useForm<DishFormValues>({
    initialValues: dish ? dishValuesOf(dish) : emptyDishValues(),
    validate: schemaValidate(dishInputSchema, { toPayload }),
    ...validateChangedOnBlur,
  });
  const dirty = !readOnly && form.isDirty();
  const guard = useUnsavedChangesGuard(dirty);

  const ownCategories = useMemo(
    () =>
      (categories.data ?? [])
        .filter((category) => !category.fromParent || category._id === form.values.category)
        .map((category) => ({ value: category._id, label: category.name })),
    [categories.data, form.values.category],
  );
  const basePrice = PRICE_PATTERN.test(form.values.price.trim()) ? Number(form.values.price) : null;
  const sideDishesLabel = restaurant.data?.sideDishesLabel || 'Side Dishes';

  const handleSubmit = form.onSubmit(
    async (values) => {
      setFormError(null);
      const name = values.name.trim();
      if (!dish) {
        const others = dishSize.large
          ? (await dishesApi.page({ page: 1, per_page: MAX_PER_PAGE, search: name })).data
          : (dishes.data ?? []);
        const taken = others.some((other) => other.name.trim().toLowerCase() === name.toLowerCase());
        if (taken && !(await confirmContinueAnyway(messages.alreadyHaveItem(name), 'Create it anyway?')))
          return;
      }
      if (
        values.ingredients.length === 0 &&
        !(await confirmAnywayOnce({
          kind: 'dish-without-ingredients',
          userId: user._id,
          title: messages.noIngredientsSelected,
          message: messages.dishAnyway(!dish),
        }))
      ) {
        return;
      }
      const image = values.image instanceof File ? values.image : null;
      const vars = {
        input: toPayload(values),
        image,
        onUploadProgress: (upload: { percent: number }) => setProgress(upload.percent),
      };
      setProgress(image ? 0 : null);
      try {
        if (dish) {
          const saved = await updateDish.mutateAsync({ id: dish._id, ...vars });
          const next = dishValuesOf(saved);
          form.setInitialValues(next);
          form.setValues(next);
          notifySuccess(messages.dishUpdated);
          if (onSaved) {
            guard.allowNextNavigation();
            onSaved(saved);
          }
        } else {
          const created = await createDish.mutateAsync(vars);
          form.reset();
          scrollToTop(formRef.current);
          notifySuccess(messages.dishCreated);
          if (onSaved) {
            guard.allowNextNavigation();
            onSaved(created);
          }
        }
      } catch (error) {
        setFormError(applyServerError(form, error, serverFields));
        if (isApiError(error) && error.status === 400 && /price/i.test(error.message))
          scrollToTop(formRef.current);
      } finally {
        setProgress(null);
      }
    },
    (errors) => {
      // doc 1 §5: a price problem shows under the price field and the form scrolls to top.
      if (errors.price) scrollToTop(formRef.current);
    },
  );

  const setField =
    <K extends keyof DishFormValues>(field: K) =>
    (value: DishFormValues[K]) =>
      form.setFieldValue(field, value as never);

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate style={{ scrollMarginTop: 80 }}>
      <Stack gap="lg">
        <UnsavedChangesBanner dirty={dirty} />
        <FormAlert message={formError} />

        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Section title="Details">
              <Stack gap="md">
                <TextInput
                  label="Dish name"
                  placeholder="e.g. Al Pastor Taco"
                  withAsterisk
                  data-autofocus
                  maxLength={150}
                  disabled={readOnly}
                  {...form.getInputProps('name')}
                />
                <Grid gap="md">
                  <Grid.Col span={{ base: 12, xs: 4 }}>
                    <TextInput
                      label="Price (USD)"
                      placeholder="0.00"
                      withAsterisk
                      inputMode="decimal"
                      leftSection={<Text size="sm">$</Text>}
                      disabled={readOnly}
                      {...form.getInputProps('price')}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, xs: 4 }}>
                    <NumberInput
                      label="Calories"
                      placeholder="Optional"
                      allowDecimal={false}
                      clampBehavior="none"
                      suffix=" kcal"
                      hideControls
                      disabled={readOnly}
                      {...form.getInputProps('calories')}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, xs: 4 }}>
                    <NumberInput
                      label="Alcohol"
                      placeholder="Optional"
                      decimalScale={2}
                      clampBehavior="none"
                      suffix=" %"
                      hideControls
                      disabled={readOnly}
                      {...form.getInputProps('alcoholPercentage')}
                    />
                  </Grid.Col>
                </Grid>
                <Group gap="md" align="flex-end" wrap="wrap">
                  <Select
                    className={classes.category}
                    label="Category"
                    description="The dish joins the top of it."
                    placeholder={categories.isPending ? 'Loading…' : 'No category'}
                    data={ownCategories}
                    searchable
                    clearable
                    nothingFoundMessage="No category found"
                    disabled={readOnly}
                    {...form.getInputProps('category')}
                  />
                  <Switch
                    label="Available"
                    description="Unavailable dishes are hidden from guests."
                    disabled={readOnly}
                    {...form.getInputProps('isAvailable', { type: 'checkbox' })}
                  />
                </Group>
                <RichTextEditor
                  label="Description"
                  value={form.values.description}
                  onChange={setField('description')}
                  disabled={readOnly}
                  error={form.errors.description}
                />
              </Stack>
            </Section>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Section title="Image" description="Shown on the dish card. JPG, PNG or WebP.">
              <ImageInput
                value={form.values.image}
                onChange={(file) => {
                  form.setFieldValue('image', file);
                  form.setFieldValue('imageMedia', null);
                  form.clearFieldError('image');
                }}
                onPickMedia={(item) => {
                  form.setFieldValue('image', item.imageVariants.card);
                  form.setFieldValue('imageMedia', item._id);
                  form.clearFieldError('image');
                }}
                cropAspect={DISH_CROP_ASPECT}
                progress={progress}
                error={form.errors.image}
                disabled={readOnly}
                previewWidth={125}
              />
            </Section>
          </Grid.Col>
        </Grid>

        <Section title="Ingredients">
          <IngredientPicker
            value={form.values.ingredients}
            onChange={setField('ingredients')}
            disabled={readOnly}
          />
        </Section>

        <Section
          title="Allergens"
          description="The 14 regulated allergens. Guests see them on the menu; the check before publishing reads them."
        >
          <DishAllergens
            ingredientIds={form.values.ingredients}
            value={form.values.allergens}
            onChange={setField('allergens')}
            portion={form.values.portion}
            onPortionChange={setField('portion')}
            portionError={form.errors.portion}
            portionRequired={restaurant.data?.labelling.calories === 'england'}
            disabled={readOnly}
          />
        </Section>

        <Section
          title={sideDishesLabel}
          description="Upsell dishes suggested with this one. Pick whole categories or single dishes."
        >
          <UpsellPicker
            value={form.values.sideDishes}
            onChange={setField('sideDishes')}
            dishes={dishes.data}
            categories={categories.data}
            currentDishId={dish?._id}
            loading={!dishSize.decided || (!dishSize.large && dishes.isPending) || categories.isPending}
            disabled={readOnly}
            largeTotal={dishSize.large ? dishSize.total : undefined}
          />
        </Section>

        <Section title="Customizations" description="Choices guests can make when they order this dish.">
          <DishCustomizations
            menuWide={restaurant.data?.customizations}
            menuWideLoading={restaurant.isPending}
            selected={form.values.selectedCustomizations}
            onSelectedChange={setField('selectedCustomizations')}
            custom={form.values.customCustomizations}
            onCustomChange={setField('customCustomizations')}
            basePrice={basePrice}
            disabled={readOnly}
          />
        </Section>

        <Section
          title="Dietary considerations"
          description="Guests filter the menu by these. Add your own entries to any list."
        >
          <DietaryPicker
            value={{ selected: form.values.dietarySelected, admin: form.values.dietaryAdmin }}
            onChange={(next) => {
              form.setFieldValue('dietarySelected', next.selected);
              form.setFieldValue('dietaryAdmin', next.admin);
            }}
            dishId={dish?._id}
            disabled={readOnly}
          />
        </Section>

        {dish && <DeclarationHistory dishId={dish._id} />}

        {!readOnly && (
          <Paper className={classes.actions} withBorder shadow="sm" radius="lg">
            <div className={classes.actionsRow}>
              {progress !== null ? (
                <Group gap="sm" wrap="nowrap" className={classes.uploading} aria-live="polite">
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {progress >= 100 ? 'Saving…' : `Uploading image… ${progress}%`}
                  </Text>
                  <Progress value={progress} size="sm" animated className={classes.uploadBar} />
                </Group>
              ) : (
                // With changes, the page's floating notice says so (once); the bar only acts.
                <Text size="sm" c="dimmed" className={classes.status} visibleFrom="xs">
                  {dirty ? '' : dish ? 'All changes saved' : 'Fill in the details to add a dish'}
                </Text>
              )}
              <Group gap="sm" wrap="nowrap">
                {dirty && (
                  <Button variant="default" onClick={() => form.reset()} disabled={form.submitting}>
                    Discard
                  </Button>
                )}
                <SubmitButton form={form}>{dish ? 'Update dish' : 'Create dish'}</SubmitButton>
              </Group>
            </div>
          </Paper>
        )}
      </Stack>
    </form>
  );
}
