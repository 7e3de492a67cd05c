/** The category screens, loaded as one chunk (STYLE rule 14). */
export { CategoriesPage, UpdateCategoryPage } from './categories-page.tsx';
