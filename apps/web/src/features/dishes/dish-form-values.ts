import {
  type DietaryLists,
  type Dish,
  type DishAllergenInput,
  type DishInput,
  emptyDietary,
} from '@carte/domain';
import { type CustomizationDraft, draftOf, inputOf } from '../customizations/index.ts';

/** The dish form's fields (doc 1 §2 "Dish form"). Numbers stay as typed until they are sent. */
export interface DishFormValues {
  name: string;
  description: string;
  price: string;
  calories: number | string;
  alcoholPercentage: number | string;
  isAvailable: boolean;
  category: string | null;
  ingredients: string[];
  sideDishes: string[];
  /** Menu-wide customizations the dish offers. */
  selectedCustomizations: string[];
  /** Customizations of this dish only. */
  customCustomizations: CustomizationDraft[];
  /** Chosen entries of the restaurant's own dietary lists, and of the platform's. */
  dietarySelected: DietaryLists;
  dietaryAdmin: DietaryLists;
  /** The saved image's URL, a new file, or nothing. */
  image: File | string | null;
  /** A media library item picked as the new image (`image` then shows its picture). */
  imageMedia: string | null;
  /** The dish's own allergen part (issue 23): the kitchen's additions and the owner's confirmation. */
  allergens: DishAllergenInput;
  /** The portion the calories are for ("350 g"); empty for none. */
  portion: string;
}

export const emptyDishValues = (): DishFormValues => ({
  name: '',
  description: '',
  price: '',
  calories: '',
  alcoholPercentage: '',
  isAvailable: true,
  category: null,
  ingredients: [],
  sideDishes: [],
  selectedCustomizations: [],
  customCustomizations: [],
  dietarySelected: emptyDietary(),
  dietaryAdmin: emptyDietary(),
  image: null,
  imageMedia: null,
  allergens: { contains: [], mayContain: [], declared: false },
  portion: '',
});

const numberText = (value: number | null) => (value === null ? '' : value);

export const dishValuesOf = (dish: Dish): DishFormValues => ({
  name: dish.name,
  description: dish.description,
  price: dish.price.toFixed(2),
  calories: numberText(dish.calories),
  alcoholPercentage: numberText(dish.alcoholPercentage),
  isAvailable: dish.isAvailable,
  category: dish.category,
  ingredients: dish.ingredients.map((entry) => entry.ingredient._id),
  sideDishes: dish.sideDishes,
  selectedCustomizations: dish.customizations.selected,
  customCustomizations: dish.customizations.custom.map(draftOf),
  dietarySelected: dish.dietaryConsiderations.selected,
  dietaryAdmin: dish.dietaryConsiderations.admin,
  image: dish.imageVariants?.card ?? dish.image,
  imageMedia: null,
  allergens: dish.ownAllergens,
  portion: dish.portion ?? '',
});

const optionalNumber = (value: number | string) => (value === '' ? null : value);

/** The request body (validated with `dishInputSchema`); the image file travels beside it. */
export const dishPayloadOf = (values: DishFormValues, hadImage: boolean): DishInput => ({
  name: values.name,
  description: values.description,
  price: values.price.trim(),
  calories: optionalNumber(values.calories),
  alcoholPercentage: optionalNumber(values.alcoholPercentage),
  isAvailable: values.isAvailable,
  category: values.category,
  ingredients: values.ingredients,
  sideDishes: values.sideDishes,
  customizations: {
    selected: values.selectedCustomizations,
    custom: values.customCustomizations.map(inputOf),
  },
  dietaryConsiderations: { selected: values.dietarySelected, admin: values.dietaryAdmin },
  allergens: values.allergens,
  portion: values.portion.trim() || null,
  removeImage: hadImage && values.image === null,
  ...(values.imageMedia ? { imageMedia: values.imageMedia } : {}),
});
