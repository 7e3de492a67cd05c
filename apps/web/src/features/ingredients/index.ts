/**
 * What other features use of the ingredients: the ingredients table (the dashboard shows it) and the
 * parent picker (the dish form's "Add missing ingredient").
 */
export { IngredientsTable } from './ingredients-table.tsx';
export { ParentIngredientSelect } from './parent-ingredient-select.tsx';
