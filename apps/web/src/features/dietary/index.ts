/** Dietary considerations of a dish: the picker and its edit/delete dialogs (doc 1 §2, doc 2 §2). */
export { DeleteDietaryModal } from './delete-dietary-modal.tsx';
export { DietaryPicker, type DishDietary } from './dietary-picker.tsx';
export { type DietaryEntry, EditDietaryModal } from './edit-dietary-modal.tsx';
