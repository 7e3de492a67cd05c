/** What other features use: the one customization editor (dish-specific dialog, menu-wide screen). */
export {
  blankCustomization,
  type CustomizationDraft,
  type CustomizationErrors,
  draftOf,
  inputOf,
  validateCustomizations,
} from './customization-draft.ts';
export { CustomizationEditor } from './customization-editor.tsx';
export { useIngredientOptions } from './use-ingredient-options.ts';
