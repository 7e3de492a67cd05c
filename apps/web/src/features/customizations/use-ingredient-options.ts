import { allergenOf, type Ingredient, mergeDeclarations } from '@carte/domain';
import { useCallback, useMemo } from 'react';

/** Ingredients as select options (children named with their parent) and a name lookup. */
export function useIngredientOptions(ingredients: readonly Ingredient[] | undefined) {
  const options = useMemo(
    () =>
      (ingredients ?? []).map((ingredient) => ({
        value: ingredient._id,
        label: ingredient.parent ? `${ingredient.name} (${ingredient.parent.name})` : ingredient.name,
      })),
    [ingredients],
  );
  const names = useMemo(
    () => new Map((ingredients ?? []).map((ingredient) => [ingredient._id, ingredient.name])),
    [ingredients],
  );
  const nameOf = useCallback((id: string) => names.get(id) ?? 'This ingredient', [names]);
  const notes = useMemo(
    () => new Map((ingredients ?? []).map((ingredient) => [ingredient._id, allergenNote(ingredient)])),
    [ingredients],
  );
  /** The name with what the option brings (issue 23): "Pesto (Milk, Tree nuts; may contain Peanuts)". */
  const labelOf = useCallback(
    (id: string) => {
      const note = notes.get(id);
      return note ? `${nameOf(id)} (${note})` : nameOf(id);
    },
    [nameOf, notes],
  );
  return { options, nameOf, labelOf };
}

/** An ingredient's whole declaration in a few words, or '' when it declares none of the 14. */
function allergenNote(ingredient: Ingredient): string {
  const whole = mergeDeclarations([ingredient.allergens, ingredient.inheritedAllergens]);
  const words = (keys: readonly Parameters<typeof allergenOf>[0][]) =>
    keys.map((key) => allergenOf(key).short).join(', ');
  return [
    whole.contains.length ? words(whole.contains) : '',
    whole.mayContain.length ? `may contain ${words(whole.mayContain)}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}
