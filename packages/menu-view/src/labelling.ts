import {
  type AllergenDeclaration,
  type AllergenKey,
  type DishAllergens,
  mandatedSentences,
  type PublicDish,
  type PublicMenu,
  type PublicRestaurant,
} from '@carte/domain';
import { englishWords, type MenuWords } from './texts.ts';

/**
 * What the diner reads of the restaurant's labelling rules (issue 23 §3–4). JSX-free: the page's
 * script reads the greying words through filtering.ts without pulling the components in.
 *
 * Names are the list's `short` words ("Gluten", "Tree nuts", "Soy") in every region: a key stands
 * for the regulation's group (gluten covers wheat, rye, barley and oats), and naming it "Wheat" on a
 * US menu would tell a diner avoiding barley that the dish is fine.
 */
export const allergenName = (key: AllergenKey, words: MenuWords = englishWords): string =>
  words.allergen(key);
export const allergenNames = (keys: readonly AllergenKey[], words: MenuWords = englishWords): string =>
  keys.map((key) => allergenName(key, words)).join(', ');

type Labelling = PublicRestaurant['labelling'];

/** Whether the rules ask for a written allergen declaration (EU and UK: before the order, online included). */
export const allergensAreLegal = (labelling: Labelling): boolean =>
  labelling.region === 'EU' || labelling.region === 'UK';

/**
 * Whether a menu names its dishes' allergens: always under EU and UK rules (it is legal information,
 * not a matter of taste), elsewhere as the menu's "display dietary" switch says.
 */
export const showsAllergens = (
  menu: Pick<PublicMenu, 'displayDietary'>,
  restaurant: Pick<PublicRestaurant, 'labelling'>,
): boolean => allergensAreLegal(restaurant.labelling) || menu.displayDietary;

export interface AllergenPart {
  kind: 'contains' | 'mayContain' | 'none' | 'unknown';
  text: string;
}

/**
 * A dish's allergens in words: "Contains: Milk, Tree nuts" and "May contain: Sesame" apart; "None
 * of the 14 regulated allergens" when declared without any; "Allergens not declared — ask the
 * staff" when its owner has not confirmed (after what its ingredients already name, if anything).
 */
export function allergenParts(allergens: DishAllergens, words: MenuWords = englishWords): AllergenPart[] {
  const parts = declarationParts(allergens, words);
  if (!allergens.declared) parts.push({ kind: 'unknown', text: words.allergenNotDeclared });
  else if (parts.length === 0) parts.push({ kind: 'none', text: words.allergenNone });
  return parts;
}

function declarationParts(declaration: AllergenDeclaration, words: MenuWords): AllergenPart[] {
  const parts: AllergenPart[] = [];
  if (declaration.contains.length > 0)
    parts.push({
      kind: 'contains',
      text: `${words.contains}${words.colon}${allergenNames(declaration.contains, words)}`,
    });
  if (declaration.mayContain.length > 0)
    parts.push({
      kind: 'mayContain',
      text: `${words.mayContain}${words.colon}${allergenNames(declaration.mayContain, words)}`,
    });
  return parts;
}

/** An option's allergens (its ingredient's declaration) on one line, or null when it names none. */
export const optionAllergenText = (
  allergens: AllergenDeclaration | undefined,
  words: MenuWords = englishWords,
): string | null => {
  if (!allergens) return null;
  const parts = declarationParts(allergens, words);
  return parts.length === 0 ? null : parts.map((part) => part.text).join('; ');
};

/**
 * A dish's calories as its rules say: England's "310 kcal per 350 g" (the portion named), the US
 * chain rule's and everyone else's "310 cal".
 */
export const calorieText = (
  dish: Pick<PublicDish, 'calories' | 'portion'>,
  labelling: Labelling,
  words: MenuWords = englishWords,
) => {
  if (dish.calories === null) return null;
  if (labelling.calories === 'england') return words.kcal(dish.calories, dish.portion);
  return words.calories(dish.calories);
};

/** The sentences the page shows once, in their exact wording (calorie statements, state notice). */
export const pageSentences = (labelling: Labelling): string[] =>
  mandatedSentences({ ...labelling, blockIncomplete: false });
