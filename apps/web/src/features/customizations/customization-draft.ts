import {
  type Customization,
  type CustomizationInput,
  customizationInputSchema,
  fieldErrors,
  messages,
} from '@carte/domain';

/**
 * A customization while it is edited (doc 1 §3: name, isCustom, isFixedPrice, isAvailable, options).
 * `key` keeps React rows stable while rows are added and removed; `_id` is kept for saved ones.
 */
export interface OptionDraft {
  key: string;
  _id?: string;
  name: string;
  ingredient: string | null;
  /** Dollars when the customization has a fixed price, otherwise a percentage of the dish price. */
  price: number | '';
  isAvailable: boolean;
}

export interface CustomizationDraft {
  key: string;
  _id?: string;
  name: string;
  isCustom: boolean;
  isFixedPrice: boolean;
  isAvailable: boolean;
  options: OptionDraft[];
}

let counter = 0;
const newKey = () => {
  counter += 1;
  return `draft-${counter}`;
};

export const blankOption = (): OptionDraft => ({
  key: newKey(),
  name: '',
  ingredient: null,
  price: 0,
  isAvailable: true,
});

/** A new customization: named options, a fixed price, available, one empty option. */
export const blankCustomization = (): CustomizationDraft => ({
  key: newKey(),
  name: '',
  isCustom: true,
  isFixedPrice: true,
  isAvailable: true,
  options: [blankOption()],
});

export const draftOf = (customization: Customization): CustomizationDraft => ({
  key: newKey(),
  _id: customization._id,
  name: customization.name,
  isCustom: customization.isCustom,
  isFixedPrice: customization.isFixedPrice,
  isAvailable: customization.isAvailable,
  options: customization.options.map((option) => ({
    key: newKey(),
    _id: option._id,
    name: option.name ?? '',
    ingredient: option.ingredient,
    price: option.price,
    isAvailable: option.isAvailable,
  })),
});

/** What the API receives: custom options carry a name, ingredient options an ingredient. */
export const inputOf = (draft: CustomizationDraft): CustomizationInput => ({
  ...(draft._id ? { _id: draft._id } : {}),
  name: draft.name.trim(),
  isCustom: draft.isCustom,
  isFixedPrice: draft.isFixedPrice,
  isAvailable: draft.isAvailable,
  options: draft.options.map((option) => ({
    ...(option._id ? { _id: option._id } : {}),
    name: draft.isCustom ? option.name.trim() : null,
    ingredient: draft.isCustom ? null : option.ingredient,
    price: option.price === '' ? 0 : option.price,
    isAvailable: option.isAvailable,
  })),
});

/** Error paths: `{index}.name`, `{index}.options.{j}.name|ingredient|price`. */
export type CustomizationErrors = Record<string, string>;

const nameKey = (value: string) => value.trim().toLowerCase();

/**
 * The rules of doc 1 §5 and doc 2 §5: names and custom option names filled ("Please fill this
 * field."), ingredient options choose one ("This field is required"); an option may not repeat
 * within its customization ("{name} already exists.") and an ingredient may not repeat across
 * customizations ("{ingredient} already exists at {parent}.").
 */
export function validateCustomizations(
  drafts: readonly CustomizationDraft[],
  ingredientName: (id: string) => string,
): CustomizationErrors {
  const errors: CustomizationErrors = {};
  const set = (path: string, message: string) => {
    if (!(path in errors)) errors[path] = message;
  };

  drafts.forEach((draft, index) => {
    const parsed = customizationInputSchema.safeParse(inputOf(draft));
    if (!parsed.success) {
      for (const [path, message] of Object.entries(fieldErrors(parsed.error)))
        set(`${index}.${path}`, message);
    }

    // Customization names are how owners and diners tell them apart.
    const sameName = drafts.findIndex((other) => nameKey(other.name) === nameKey(draft.name));
    if (draft.name.trim() && sameName !== index) set(`${index}.name`, messages.nameExists(draft.name.trim()));

    const seen = new Set<string>();
    draft.options.forEach((option, optionIndex) => {
      const field = draft.isCustom ? 'name' : 'ingredient';
      const label = draft.isCustom
        ? option.name.trim()
        : option.ingredient
          ? ingredientName(option.ingredient)
          : '';
      const key = draft.isCustom ? nameKey(option.name) : (option.ingredient ?? '');
      if (!key) return;
      const path = `${index}.options.${optionIndex}.${field}`;
      if (seen.has(key)) {
        set(path, messages.nameExists(label));
        return;
      }
      seen.add(key);
      if (draft.isCustom) return;
      const elsewhere = drafts.find(
        (other, otherIndex) =>
          otherIndex < index &&
          !other.isCustom &&
          other.options.some((candidate) => candidate.ingredient === option.ingredient),
      );
      if (elsewhere)
        set(path, messages.ingredientExistsAt(label, elsewhere.name.trim() || 'another customization'));
    });
  });
  return errors;
}

/** Every path a list of drafts can show an error on, to reveal them all after a save attempt. */
export function allPaths(drafts: readonly CustomizationDraft[]): string[] {
  return drafts.flatMap((draft, index) => [
    `${index}.name`,
    ...draft.options.flatMap((_, optionIndex) => [
      `${index}.options.${optionIndex}.name`,
      `${index}.options.${optionIndex}.ingredient`,
      `${index}.options.${optionIndex}.price`,
    ]),
  ]);
}
