import { type AllergenDeclaration, type Ingredient, messages, updateIngredientSchema } from '@carte/domain';
import { Button, Divider, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ingredientKeys,
  ingredientsApi,
  useIngredient,
  useUpdateIngredient,
} from '../../api/ingredients.api.ts';
import { FormAlert } from '../../ui/form/form-alert.tsx';
import { schemaValidate, validateChangedOnBlur } from '../../ui/form/schema-validate.ts';
import { applyServerError } from '../../ui/form/server-error.ts';
import { SubmitButton } from '../../ui/form/submit-button.tsx';
import { FormDrawer } from '../../ui/form-drawer.tsx';
import { notifySuccess } from '../../ui/notify.ts';
import { AllergenLevels, declarationText, fromIngredients } from '../allergens/index.ts';
import { ParentIngredientSelect } from './parent-ingredient-select.tsx';

interface IngredientValues {
  name: string;
  parent: string | null;
  isAvailable: boolean;
  allergens: AllergenDeclaration;
}

const serverFields = [
  ['parent', 'parent'],
  ['', 'name'],
] as const;

/**
 * The edit-ingredient form in the list's drawer (doc 2 §2, §5: "This field is required";
 * "Ingredient updated successfully!").
 */
export function EditIngredientDrawer({
  ingredient,
  onClose,
}: {
  ingredient: Ingredient | null;
  onClose: () => void;
}) {
  return (
    <FormDrawer
      opened={ingredient !== null}
      onClose={onClose}
      title="Edit ingredient"
      description={ingredient?.name}
      size={480}
    >
      {ingredient && <EditIngredientForm key={ingredient._id} ingredient={ingredient} onClose={onClose} />}
    </FormDrawer>
  );
}

function EditIngredientForm({ ingredient, onClose }: { ingredient: Ingredient; onClose: () => void }) {
  const update = useUpdateIngredient();
  // Parents are top-level ingredients other than this one and its children; one that has children
  // of its own stays at the top level (no grandchildren, doc 1 §3). One row of its children tells.
  const children = useQuery({
    queryKey: [...ingredientKeys.all, 'children', ingredient._id],
    queryFn: ({ signal }) => ingredientsApi.page({ page: 1, per_page: 1, parentID: ingredient._id }, signal),
  });
  const hasChildren = (children.data?.total ?? 0) > 0;
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<IngredientValues>({
    initialValues: {
      name: ingredient.name,
      parent: ingredient.parent?._id ?? null,
      isAvailable: ingredient.isAvailable,
      allergens: ingredient.allergens,
    },
    validate: schemaValidate(updateIngredientSchema),
    ...validateChangedOnBlur,
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await update.mutateAsync({
        id: ingredient._id,
        input: {
          name: values.name.trim(),
          parent: values.parent,
          isAvailable: values.isAvailable,
          allergens: values.allergens,
        },
      });
      notifySuccess(messages.ingredientUpdated);
      onClose();
    } catch (error) {
      setFormError(applyServerError(form, error, serverFields));
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <TextInput label="Name" withAsterisk data-autofocus maxLength={100} {...form.getInputProps('name')} />
        <ParentIngredientSelect
          except={ingredient._id}
          current={ingredient.parent}
          description={
            hasChildren
              ? 'This ingredient has ingredients inside it, so it stays at the top level.'
              : undefined
          }
          disabled={hasChildren}
          {...form.getInputProps('parent')}
        />
        <Switch label="Available" {...form.getInputProps('isAvailable', { type: 'checkbox' })} />
        <Divider label="Allergens" labelPosition="left" />
        <InheritedAllergens parentId={form.values.parent} />
        <AllergenLevels
          label={`Allergens of ${ingredient.name}`}
          value={form.values.allergens}
          onChange={(next) => form.setFieldValue('allergens', next)}
        />
        <Text size="xs" c="dimmed">
          Every dish made with it follows, on your screens and the public menu.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton form={form}>Save</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

/** What the chosen parent declares, which this ingredient carries too (a child adds to its parent's). */
function InheritedAllergens({ parentId }: { parentId: string | null }) {
  const parent = useIngredient(parentId);
  if (!parentId || !parent.data) return null;
  const text = declarationText(fromIngredients([parent.data]));
  return (
    <Text size="sm" c="dimmed">
      From {parent.data.name}: {text ?? 'none of the 14'}
    </Text>
  );
}
