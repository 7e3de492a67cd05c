import {
  type AllergenKey,
  allergenByWord,
  allergenOf,
  type DishAllergenInput,
  sortAllergens,
} from '@carte/domain';

/**
 * "Map existing food types" (issue 23 §7): a restaurant's dishes carry free "food types" tags
 * ("Dairy", "Gluten"); those that name one of the 14 (`allergenByWord`) are proposed as the dish's own
 * "contains", which the owner ticks and confirms. Nothing is declared for them: confirming a dish
 * stays the owner's word, in the dish form.
 */

export interface MappableDish {
  _id: string;
  name: string;
  fromParent: boolean;
  dietaryConsiderations: { selected: { foodTypes?: string[] }; admin: { foodTypes?: string[] } };
  allergens: { contains: string[] };
  ownAllergens: DishAllergenInput;
}

export interface FoodTypeProposal {
  /** Stable across renders: dish and allergen. */
  id: string;
  dishId: string;
  dishName: string;
  foodType: string;
  allergen: AllergenKey;
  /** "Dish X: Dairy → Contains Milk". */
  label: string;
}

/**
 * The proposals for these dishes: the restaurant's own dishes only (a parent's are read-only), one
 * per dish and allergen (two tags naming milk make one row), none for an allergen the dish already
 * contains, whether from its ingredients or of its own.
 */
export function foodTypeProposals(dishes: readonly MappableDish[]): FoodTypeProposal[] {
  const proposals: FoodTypeProposal[] = [];
  for (const dish of dishes) {
    if (dish.fromParent) continue;
    const tags = [
      ...(dish.dietaryConsiderations.selected.foodTypes ?? []),
      ...(dish.dietaryConsiderations.admin.foodTypes ?? []),
    ];
    const seen = new Set<AllergenKey>();
    for (const tag of tags) {
      const key = allergenByWord(tag);
      if (!key || seen.has(key)) continue;
      seen.add(key);
      if (dish.allergens.contains.includes(key) || dish.ownAllergens.contains.includes(key)) continue;
      proposals.push({
        id: `${dish._id}:${key}`,
        dishId: dish._id,
        dishName: dish.name,
        foodType: tag,
        allergen: key,
        label: `${dish.name}: ${tag} → Contains ${allergenOf(key).short}`,
      });
    }
  }
  return proposals;
}

/**
 * A dish's own part with these allergens added to "contains" (taken out of "may contain"); its
 * confirmation is kept as it was.
 */
export function withContained(own: DishAllergenInput, keys: readonly AllergenKey[]): DishAllergenInput {
  const contains = sortAllergens([...own.contains, ...keys]);
  return {
    contains,
    mayContain: own.mayContain.filter((key) => !contains.includes(key)),
    declared: own.declared,
  };
}

/** The chosen proposals, dish by dish: what each dish's update adds. */
export function byDish(chosen: readonly FoodTypeProposal[]): Map<string, AllergenKey[]> {
  const out = new Map<string, AllergenKey[]>();
  for (const proposal of chosen)
    out.set(proposal.dishId, [...(out.get(proposal.dishId) ?? []), proposal.allergen]);
  return out;
}
