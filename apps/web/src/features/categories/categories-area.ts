/** The category screens, loaded as one chunk (STYLE rule 14). */
export { CategoriesPage } from './categories-page.tsx';
export { UpdateCategoryPage } from './update-category-page.tsx';
