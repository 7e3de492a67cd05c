import {
  FILTER_DESCRIPTION_MAX,
  type FilterOptions,
  filterOptionsInputSchema,
  messages,
} from '@carte/domain';
import {
  Alert,
  Card,
  Checkbox,
  Divider,
  Flex,
  Group,
  MultiSelect,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useDietary } from '../../api/dietary.api.ts';
import { useFilterOptions, useSetFilterOptions } from '../../api/filters.api.ts';
import { useIngredients } from '../../api/ingredients.api.ts';
import { schemaValidate, validateChangedOnBlur } from '../../ui/form/schema-validate.ts';
import { hasErrors } from '../../ui/form/server-error.ts';
import { SubmitButton } from '../../ui/form/submit-button.tsx';
import { errorMessage, notifyFailure, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { UnsavedChangesBanner, useUnsavedChangesGuard } from '../../ui/unsaved-changes.tsx';
import { useCan } from '../../ui/use-can.ts';
import { CategoryFiltersField } from './category-filters-field.tsx';
import { useDietaryOptions } from './dietary-options.ts';
import { type FilterFormValues, filterFormValues, filterPayload, sameFilters } from './filter-form-values.ts';
import classes from './filters.module.css';

/**
 * /filters (doc 3 §2.7): the "Menu Filters" card, which sets what the public menu's filter panel
 * offers diners. Needs the menu flag (doc 3 §6; the route guard shows "Permission denied" otherwise).
 */
export function FiltersPage() {
  const options = useFilterOptions();
  return (
    <Stack gap="lg">
      <PageHeader
        title="Menu filters"
        description="Let guests narrow your public menu by diet, allergens or your own ingredient groups, and sort dishes."
      />
      {options.isPending ? (
        <FiltersSkeleton />
      ) : options.data ? (
        // A new answer (after a reload elsewhere) starts the form again from what is saved.
        <FiltersForm saved={options.data} />
      ) : (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {errorMessage(options.error)}
        </Alert>
      )}
    </Stack>
  );
}

function FiltersForm({ saved }: { saved: FilterOptions }) {
  const can = useCan();
  const save = useSetFilterOptions();
  const ingredients = useIngredients();
  // The dietary lists need the dish flag (doc 1 §6); without it only the saved names are offered.
  const dietary = useDietary({ enabled: can('dish') });
  const [baseline, setBaseline] = useState(() => filterFormValues(saved));

  const form = useForm<FilterFormValues>({
    initialValues: baseline,
    validate: schemaValidate<FilterFormValues>(filterOptionsInputSchema, { toPayload: filterPayload }),
    ...validateChangedOnBlur,
  });
  const values = form.getValues();
  const dirty = !sameFilters(values, baseline);
  useUnsavedChangesGuard(dirty && !save.isPending);

  const dietaryOptions = useDietaryOptions(dietary.data, values.dietaryConsiderations);
  const ingredientOptions = useMemo(
    () =>
      (ingredients.data ?? []).map((ingredient) => ({
        value: ingredient._id,
        label: ingredient.parent ? `${ingredient.name} (${ingredient.parent.name})` : ingredient.name,
      })),
    [ingredients.data],
  );

  const handleSubmit = async (submitted: FilterFormValues) => {
    try {
      const answer = await save.mutateAsync(filterPayload(submitted));
      const next = filterFormValues(answer);
      setBaseline(next);
      form.setValues(next);
      form.resetDirty(next);
      notifySuccess(messages.changesSaved);
    } catch (error) {
      // Any failure: the server's message in a toast (doc 3 §2.7).
      notifyFailure(error);
    }
  };

  const descriptionLength = values.description.length;

  return (
    <form noValidate onSubmit={form.onSubmit(handleSubmit)}>
      <Stack gap="lg">
        <UnsavedChangesBanner dirty={dirty} />
        <Card>
          <Stack gap="lg">
            <Group justify="space-between" align="flex-start" gap="md" wrap="nowrap">
              <div>
                <Title order={2} fz="h3">
                  Menu Filters
                </Title>
                <Text size="sm" c="dimmed">
                  Guests open a filter panel on your public menu; dishes that do not match are greyed out,
                  never hidden.
                </Text>
              </div>
              <Switch
                label="Enabled"
                labelPosition="left"
                size="md"
                className={classes.enable}
                {...form.getInputProps('enabled', { type: 'checkbox' })}
              />
            </Group>

            <Section title="Panel text">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label="Filter title"
                  placeholder="Find your dish"
                  maxLength={100}
                  {...form.getInputProps('title')}
                />
                <Textarea
                  label="Description"
                  placeholder="Pick what suits you; other dishes stay visible but greyed out."
                  description={`Max ${FILTER_DESCRIPTION_MAX} characters`}
                  autosize
                  minRows={2}
                  maxRows={5}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  rightSection={
                    <Text
                      size="xs"
                      c={descriptionLength > FILTER_DESCRIPTION_MAX ? 'red' : 'dimmed'}
                      className={classes.counter}
                      aria-hidden
                    >
                      {descriptionLength}/{FILTER_DESCRIPTION_MAX}
                    </Text>
                  }
                  rightSectionWidth={64}
                  {...form.getInputProps('description')}
                />
              </SimpleGrid>
            </Section>

            <Divider />

            <Section
              title="Default dietary considerations"
              hint="The diets and food types the panel offers. Leave empty to offer every one your dishes carry."
            >
              <MultiSelect
                aria-label="Default dietary considerations"
                placeholder={values.dietaryConsiderations.length ? undefined : 'All diets and food types'}
                data={dietaryOptions}
                searchable
                clearable
                hidePickedOptions
                nothingFoundMessage="No dietary consideration matches"
                disabled={dietary.isLoading}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('dietaryConsiderations')}
              />
              {!can('dish') && (
                <Text size="xs" c="dimmed">
                  Only the saved names are listed: the dietary lists need the dish permission.
                </Text>
              )}
            </Section>

            <Divider />

            <Section
              title="Category filters"
              hint="Your own filters, each standing for a group of ingredients (for example “Spicy” or “Contains nuts”)."
            >
              <Radio.Group
                label="Custom filter type"
                {...form.getInputProps('mode')}
                classNames={{ label: classes.groupLabel }}
              >
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt={6}>
                  <Radio.Card value="inclusive" className={classes.radioCard}>
                    <Group wrap="nowrap" align="flex-start" gap="sm">
                      <Radio.Indicator />
                      <div>
                        <Text fw={600} size="sm">
                          Inclusive
                        </Text>
                        <Text size="xs" c="dimmed">
                          Dishes lacking the selected ingredients are greyed out.
                        </Text>
                      </div>
                    </Group>
                  </Radio.Card>
                  <Radio.Card value="exclusive" className={classes.radioCard}>
                    <Group wrap="nowrap" align="flex-start" gap="sm">
                      <Radio.Indicator />
                      <div>
                        <Text fw={600} size="sm">
                          Exclusive
                        </Text>
                        <Text size="xs" c="dimmed">
                          Dishes containing the selected ingredients are greyed out.
                        </Text>
                      </div>
                    </Group>
                  </Radio.Card>
                </SimpleGrid>
              </Radio.Group>
              <CategoryFiltersField
                form={form}
                ingredientOptions={ingredientOptions}
                ingredientsLoading={ingredients.isPending}
              />
            </Section>

            <Divider />

            <Section title="Sort options" hint="The sorts guests may choose, each ascending or descending.">
              <Flex columnGap="xl" rowGap="sm" wrap="wrap">
                <Checkbox label="Price" {...form.getInputProps('sort.price', { type: 'checkbox' })} />
                <Checkbox label="Calories" {...form.getInputProps('sort.calories', { type: 'checkbox' })} />
                <Checkbox
                  label="Alcohol percentage"
                  {...form.getInputProps('sort.alcoholPercentage', { type: 'checkbox' })}
                />
              </Flex>
            </Section>

            <Divider />

            <Group justify="flex-end" gap="sm">
              <SubmitButton
                form={{ submitting: save.isPending, errors: form.errors }}
                disabled={hasErrors(form) || !dirty}
              >
                Save
              </SubmitButton>
            </Group>
          </Stack>
        </Card>
      </Stack>
    </form>
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <div>
        <Title order={3} fz="md">
          {title}
        </Title>
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  );
}

function FiltersSkeleton() {
  return (
    <Card>
      <Stack gap="lg">
        <Group justify="space-between">
          <Skeleton height={24} width={160} />
          <Skeleton height={24} width={90} />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Skeleton height={58} />
          <Skeleton height={78} />
        </SimpleGrid>
        <Skeleton height={36} />
        <Skeleton height={120} />
        <Skeleton height={24} width="50%" />
      </Stack>
    </Card>
  );
}
