/** The allergen matrix and the food-type mapping screens, loaded as one chunk (STYLE rule 14). */
export { AllergenMatrixPage } from './allergen-matrix-page.tsx';
export { FoodTypeMappingPage } from './food-type-mapping-page.tsx';
