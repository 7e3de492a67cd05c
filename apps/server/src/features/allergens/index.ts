/** Allergens (issue 23): the declarations other features read and record. */
export {
  type DeclarationChange,
  declarationHistory,
  dishAllergensOf,
  type IngredientDeclarations,
  readIngredientDeclarations,
  recordDeclarationChanges,
} from './allergen.declarations.ts';
