/** The ingredients screen (/create-ingredient), loaded as its own chunk (STYLE rule 14). */
export { IngredientsPage } from './ingredients-page.tsx';
