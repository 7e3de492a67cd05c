/** Allergens in the owner's screens (issue 23): the 14-allergen editor, the dish form's section, words. */
export { AllergenLevels } from './allergen-levels.tsx';
export { declarationText, dishAllergenText, fromIngredients, levelOf, withLevel } from './allergen-words.ts';
export { DishAllergens } from './dish-allergens.tsx';
