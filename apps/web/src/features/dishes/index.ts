/** What other features use of the dishes: a dish's thumbnail and summary, and the dishes table. */
export { DishSummary, DishThumb } from './dish-thumb.tsx';
export { DishesTable } from './dishes-table.tsx';
