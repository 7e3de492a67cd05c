/** The dish screens (/create-dish, /update-dish/:id), loaded as one chunk (STYLE rule 14). */
export { CreateDishPage, UpdateDishPage } from './dish-pages.tsx';
