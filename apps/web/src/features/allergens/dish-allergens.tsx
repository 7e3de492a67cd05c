import type { DishAllergenInput } from '@carte/domain';
import { Accordion, Checkbox, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useIngredientsByIds } from '../../api/ingredients.api.ts';
import { AllergenLevels } from './allergen-levels.tsx';
import { declarationText, fromIngredients } from './allergen-words.ts';

/**
 * The dish form's allergens (issue 23): what its ingredients declare (read live as ingredients are
 * picked), what the kitchen adds (cross-contact), the owner's confirmation, and the portion the
 * calories are for. Diners read "Allergens not declared — ask the staff" until it is confirmed.
 */
export function DishAllergens({
  ingredientIds,
  value,
  onChange,
  portion,
  onPortionChange,
  portionError,
  portionRequired,
  disabled,
}: {
  ingredientIds: readonly string[];
  value: DishAllergenInput;
  onChange: (next: DishAllergenInput) => void;
  portion: string;
  onPortionChange: (next: string) => void;
  portionError?: React.ReactNode;
  /** England's calorie rule asks for it. */
  portionRequired?: boolean;
  disabled?: boolean;
}) {
  const ingredients = useIngredientsByIds(ingredientIds);
  const derived = fromIngredients([...ingredients.byId.values()]);
  const fromKitchen = declarationText(value);
  const fromRecipe = declarationText(derived);
  return (
    <Stack gap="md">
      <div>
        <Text size="sm" fw={500}>
          From its ingredients
        </Text>
        {ingredientIds.length > 0 && ingredients.isLoading ? (
          <Skeleton height={20} mt={4} width="60%" />
        ) : (
          <Text size="sm" c={fromRecipe ? undefined : 'dimmed'} aria-live="polite">
            {ingredientIds.length === 0
              ? 'No ingredients picked.'
              : (fromRecipe ?? 'Its ingredients declare none of the 14.')}
          </Text>
        )}
      </div>
      <Accordion variant="contained" chevronPosition="left">
        <Accordion.Item value="kitchen">
          <Accordion.Control>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" fw={500}>
                Added in the kitchen
              </Text>
              <Text size="sm" c="dimmed">
                {fromKitchen ?? 'Nothing (cross-contact, shared fryer, garnish…)'}
              </Text>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <AllergenLevels
              label="Allergens added in the kitchen"
              columns={2}
              value={value}
              onChange={(next) => onChange({ ...value, ...next })}
              disabled={disabled}
            />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
      <Checkbox
        label="I have checked this dish’s allergens"
        description="Until you tick this, guests read “Allergens not declared — ask the staff”. A dish with none of the 14 is declared by ticking it too."
        checked={value.declared}
        onChange={(event) => onChange({ ...value, declared: event.currentTarget.checked })}
        disabled={disabled}
      />
      <TextInput
        label="Portion"
        description="The portion the calories are for, e.g. 350 g or 1 bowl. England’s calorie rule asks for it."
        placeholder="Optional"
        maxLength={60}
        withAsterisk={portionRequired}
        value={portion}
        onChange={(event) => onPortionChange(event.currentTarget.value)}
        error={portionError}
        disabled={disabled}
        maw={320}
      />
    </Stack>
  );
}
