/** The add-restaurant screen (doc 2 §2), loaded as its own chunk (STYLE rule 14). */
export { AddRestaurantPage } from './add-restaurant-page.tsx';
