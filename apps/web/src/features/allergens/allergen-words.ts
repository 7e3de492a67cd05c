import {
  ALLERGEN_KEYS,
  type AllergenDeclaration,
  type AllergenKey,
  allergenOf,
  type DishAllergens,
  mergeDeclarations,
} from '@carte/domain';

/** How an allergen stands in a declaration the owner edits: a three-way choice per allergen. */
export type AllergenLevel = 'none' | 'may' | 'contains';

export const levelOf = (declaration: AllergenDeclaration, key: AllergenKey): AllergenLevel =>
  declaration.contains.includes(key) ? 'contains' : declaration.mayContain.includes(key) ? 'may' : 'none';

/** The declaration with one allergen set to a level; the others keep theirs, in the regulation's order. */
export function withLevel(
  declaration: AllergenDeclaration,
  key: AllergenKey,
  level: AllergenLevel,
): AllergenDeclaration {
  const contains = new Set(declaration.contains);
  const mayContain = new Set(declaration.mayContain);
  contains.delete(key);
  mayContain.delete(key);
  if (level === 'contains') contains.add(key);
  if (level === 'may') mayContain.add(key);
  return {
    contains: ALLERGEN_KEYS.filter((item) => contains.has(item)),
    mayContain: ALLERGEN_KEYS.filter((item) => mayContain.has(item)),
  };
}

const names = (keys: readonly AllergenKey[]) => keys.map((key) => allergenOf(key).short).join(', ');

/** A declaration in words: "Contains Milk, Tree nuts · May contain Peanuts", or null when empty. */
export function declarationText(declaration: AllergenDeclaration): string | null {
  const parts: string[] = [];
  if (declaration.contains.length) parts.push(`Contains ${names(declaration.contains)}`);
  if (declaration.mayContain.length) parts.push(`May contain ${names(declaration.mayContain)}`);
  return parts.length ? parts.join(' · ') : null;
}

/** A dish's derived allergens as the owner reads them, "not declared" first when it is not. */
export function dishAllergenText(allergens: DishAllergens): string {
  if (!allergens.declared) return 'Not declared';
  return declarationText(allergens) ?? 'None of the 14';
}

/** What a dish's ingredients bring, each with its parents' (`allergens` and `inheritedAllergens`). */
export const fromIngredients = (
  ingredients: readonly { allergens: AllergenDeclaration; inheritedAllergens: AllergenDeclaration }[],
): AllergenDeclaration =>
  mergeDeclarations(ingredients.flatMap((item) => [item.allergens, item.inheritedAllergens]));
