import type { Ingredient } from '@carte/domain';
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
  return { options, nameOf };
}
