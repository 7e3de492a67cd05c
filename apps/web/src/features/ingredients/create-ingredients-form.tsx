import { type AllergenDeclaration, createIngredientsSchema, messages, noAllergens } from '@carte/domain';
import { Accordion, Group, Stack, TagsInput, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../api/api-error.ts';
import { useCreateIngredients } from '../../api/ingredients.api.ts';
import { FormAlert } from '../../ui/form/form-alert.tsx';
import { SubmitButton } from '../../ui/form/submit-button.tsx';
import { errorMessage, notifySuccess } from '../../ui/notify.ts';
import { AllergenLevels, declarationText } from '../allergens/index.ts';
import { ParentIngredientSelect } from './parent-ingredient-select.tsx';

const key = (value: string) => value.trim().toLowerCase();

/**
 * Creates several ingredients at once (doc 2 §5): at least one name ("You must add at least one
 * ingredient to submit."); names already there or repeated are reported ("{x} already exists.").
 */
export function CreateIngredientsForm({ onAdded }: { onAdded?: () => void }) {
  const create = useCreateIngredients();
  const [names, setNames] = useState<string[]>([]);
  const [parent, setParent] = useState<string | null>(null);
  const [allergens, setAllergens] = useState<AllergenDeclaration>(noAllergens);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const handleChange = (next: string[]) => {
    // The same name twice (ignoring case) is reported rather than silently kept.
    const seen = new Set<string>();
    const repeated: string[] = [];
    const unique = next.filter((name) => {
      const k = key(name);
      if (!k) return false;
      if (seen.has(k)) {
        repeated.push(name.trim());
        return false;
      }
      seen.add(k);
      return true;
    });
    setNames(unique.map((name) => name.trim()));
    setError(repeated.length > 0 ? repeated.map(messages.nameExists).join(' ') : null);
  };

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = createIngredientsSchema.safeParse({ ingredients: names, parent, allergens });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.ingredientRequired);
      return;
    }
    try {
      const answer = await create.mutateAsync(parsed.data);
      const inserted = new Set(answer.insertedIngredients.map((ingredient) => key(ingredient.name)));
      const rejected = names.filter((name) => !inserted.has(key(name)));
      setNames(rejected);
      // The server words each problem itself: "{x} already exists."
      setError(answer.errors.length > 0 ? answer.errors.join(' ') : null);
      if (answer.insertedIngredients.length > 0) {
        notifySuccess(messages.ingredientCreated);
        if (rejected.length === 0) {
          setParent(null);
          setAllergens(noAllergens());
          onAdded?.();
        }
      }
    } catch (caught) {
      if (isApiError(caught) && caught.notified) return;
      if (isApiError(caught) && caught.status === 400) setError(caught.message);
      else setFailure(errorMessage(caught));
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormAlert message={failure} />
        <TagsInput
          label="Ingredient names"
          description="Type a name and press Enter. Add as many as you like, or paste a comma-separated list."
          placeholder={names.length === 0 ? 'e.g. Tomato, Basil, Mozzarella' : 'Add another'}
          value={names}
          onChange={handleChange}
          splitChars={[',', ';']}
          allowDuplicates
          clearable
          error={error}
          withAsterisk
          acceptValueOnBlur
          data-autofocus
          onSearchChange={(search) => {
            if (search && error === messages.ingredientRequired) setError(null);
          }}
        />
        <ParentIngredientSelect
          description="Optional, e.g. Mozzarella inside Cheese"
          value={parent}
          onChange={setParent}
        />
        <Accordion variant="contained" chevronPosition="left">
          <Accordion.Item value="allergens">
            <Accordion.Control>
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={500}>
                  Allergens
                </Text>
                <Text size="sm" c="dimmed">
                  {declarationText(allergens) ?? 'Optional, for every name above'}
                </Text>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <AllergenLevels
                label="Allergens of the new ingredients"
                value={allergens}
                onChange={setAllergens}
              />
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
        <Group justify="flex-end">
          <SubmitButton
            form={{ submitting: create.isPending, errors: { ingredients: error }, values: names }}
            leftSection={<IconPlus size={16} />}
          >
            {names.length > 1 ? `Add ${names.length} ingredients` : 'Add ingredient'}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
