/** What other features use of the allergen records: a kept change in words, and the matrix's link. */

export { AllergenMatrixLink } from './allergen-matrix-link.tsx';
export { changeSentence } from './declaration-words.ts';
