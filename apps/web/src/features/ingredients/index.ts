/** What other features use of the ingredients: the ingredients table (the dashboard shows it). */
export { IngredientsTable } from './ingredients-table.tsx';
