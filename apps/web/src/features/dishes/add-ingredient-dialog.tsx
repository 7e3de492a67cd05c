import { type Ingredient, ingredientNameField, messages } from '@carte/domain';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isApiError } from '../../api/api-error.ts';
import { useCreateIngredients } from '../../api/ingredients.api.ts';
import { FormAlert } from '../../ui/form/form-alert.tsx';
import { errorMessage } from '../../ui/notify.ts';
import { ParentIngredientSelect } from '../ingredients/index.ts';

/**
 * The dish form's "add missing ingredient" dialog (doc 1 §2): creates the ingredient
 * (POST /ingredients) and hands it back so the form selects it.
 */
export function AddIngredientDialog({
  opened,
  initialName,
  onClose,
  onCreated,
}: {
  opened: boolean;
  initialName: string;
  onClose: () => void;
  onCreated: (ingredient: Ingredient) => void;
}) {
  const create = useCreateIngredients();
  const [name, setName] = useState('');
  const [parent, setParent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setName(initialName);
    setParent(null);
    setError(null);
    setFailure(null);
  }, [opened, initialName]);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    // The dialog sits inside the dish form in React's tree: its submit must not reach that form.
    event.stopPropagation();
    const parsed = ingredientNameField.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.fieldRequired);
      return;
    }
    setFailure(null);
    try {
      const answer = await create.mutateAsync({ ingredients: [parsed.data], parent });
      const created = answer.insertedIngredients[0];
      if (!created) {
        setError(answer.errors[0] ?? messages.nameExists(parsed.data));
        return;
      }
      onCreated(created);
      onClose();
    } catch (caught) {
      if (isApiError(caught) && caught.notified) return;
      if (isApiError(caught) && caught.status === 400) setError(caught.message);
      else setFailure(errorMessage(caught));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Add a missing ingredient" size="sm">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            It is added to your ingredients and selected for this dish.
          </Text>
          <FormAlert message={failure} />
          <TextInput
            label="Ingredient name"
            withAsterisk
            data-autofocus
            value={name}
            maxLength={100}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            error={error}
          />
          <ParentIngredientSelect
            description="Optional, e.g. Mozzarella inside Cheese"
            value={parent}
            onChange={setParent}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={error !== null}>
              Add ingredient
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
