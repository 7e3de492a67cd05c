import { z } from 'zod';

/**
 * The regulated allergens (issue 23): the 14 of Regulation (EU) 1169/2011 Annex II, which the UK kept,
 * with the major food allergens of the US (FALCPA and the FASTER Act) mapped onto them. Fixed: no
 * restaurant edits this list (its own dietary tags stay free, as the specification says). The keys are
 * stable: stored in declarations, read by CSV files and the public answer.
 */
export const ALLERGEN_KEYS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soybeans',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export type AllergenKey = (typeof ALLERGEN_KEYS)[number];

export interface Allergen {
  key: AllergenKey;
  /** The official English name (Annex II). */
  name: string;
  /** The word a diner reads beside a dish. */
  short: string;
  /** The US major allergens this one covers, by their FDA names; none when it is not one. */
  us: string[];
}

export const ALLERGENS: readonly Allergen[] = [
  { key: 'gluten', name: 'Cereals containing gluten', short: 'Gluten', us: ['Wheat'] },
  { key: 'crustaceans', name: 'Crustaceans', short: 'Crustaceans', us: ['Crustacean shellfish'] },
  { key: 'eggs', name: 'Eggs', short: 'Eggs', us: ['Eggs'] },
  { key: 'fish', name: 'Fish', short: 'Fish', us: ['Fish'] },
  { key: 'peanuts', name: 'Peanuts', short: 'Peanuts', us: ['Peanuts'] },
  { key: 'soybeans', name: 'Soybeans', short: 'Soy', us: ['Soybeans'] },
  { key: 'milk', name: 'Milk', short: 'Milk', us: ['Milk'] },
  { key: 'nuts', name: 'Nuts', short: 'Tree nuts', us: ['Tree nuts'] },
  { key: 'celery', name: 'Celery', short: 'Celery', us: [] },
  { key: 'mustard', name: 'Mustard', short: 'Mustard', us: [] },
  { key: 'sesame', name: 'Sesame seeds', short: 'Sesame', us: ['Sesame'] },
  { key: 'sulphites', name: 'Sulphur dioxide and sulphites', short: 'Sulphites', us: [] },
  { key: 'lupin', name: 'Lupin', short: 'Lupin', us: [] },
  { key: 'molluscs', name: 'Molluscs', short: 'Molluscs', us: [] },
];

const byKey = new Map(ALLERGENS.map((allergen) => [allergen.key, allergen]));
export const allergenOf = (key: AllergenKey): Allergen => byKey.get(key) as Allergen;

/** Words a file or a person may use for an allergen: its key, names and common English ones. */
const aliases: Record<AllergenKey, string[]> = {
  gluten: ['cereals', 'wheat', 'rye', 'barley', 'oats', 'spelt', 'kamut'],
  crustaceans: ['crustacean', 'shellfish', 'crustacean shellfish', 'prawns', 'shrimp', 'crab', 'lobster'],
  eggs: ['egg'],
  fish: [],
  peanuts: ['peanut', 'groundnuts'],
  soybeans: ['soy', 'soya', 'soybean', 'soja'],
  milk: ['dairy', 'lactose'],
  nuts: [
    'tree nuts',
    'tree nut',
    'nut',
    'almonds',
    'hazelnuts',
    'walnuts',
    'cashews',
    'pecans',
    'pistachios',
    'macadamia',
  ],
  celery: ['celeriac'],
  mustard: [],
  sesame: ['sesame seed', 'sesame seeds'],
  sulphites: [
    'sulphite',
    'sulfites',
    'sulfite',
    'sulphur dioxide',
    'sulfur dioxide',
    'sulfur dioxide and sulfites',
  ],
  lupin: ['lupine', 'lupins'],
  molluscs: ['mollusc', 'mollusks', 'mollusk'],
};
const byWord = new Map<string, AllergenKey>();
for (const allergen of ALLERGENS) {
  for (const word of [allergen.key, allergen.name, allergen.short, ...allergen.us, ...aliases[allergen.key]])
    byWord.set(word.trim().toLowerCase(), allergen.key);
}

/** The allergen a word names (key, official, short, US or common English name), case-insensitive. */
export const allergenByWord = (word: string): AllergenKey | undefined =>
  byWord.get(word.trim().toLowerCase());

/** Keys in the regulation's order, each once. */
export const sortAllergens = (keys: Iterable<AllergenKey>): AllergenKey[] => {
  const set = new Set(keys);
  return ALLERGEN_KEYS.filter((key) => set.has(key));
};

export const allergenKeySchema = z.enum(ALLERGEN_KEYS, { error: 'Unknown allergen' });
const keyList = z.array(allergenKeySchema).max(ALLERGEN_KEYS.length * 2);

/**
 * What an ingredient declares, or what a dish adds of its own (cross-contact in the kitchen): the
 * allergens it contains and those it may contain. A key in both is "contains".
 */
export const allergenDeclarationSchema = z
  .object({ contains: keyList.default([]), mayContain: keyList.default([]) })
  .transform(({ contains, mayContain }) => {
    const sure = sortAllergens(contains);
    return { contains: sure, mayContain: sortAllergens(mayContain).filter((key) => !sure.includes(key)) };
  });
export type AllergenDeclaration = { contains: AllergenKey[]; mayContain: AllergenKey[] };

export const noAllergens = (): AllergenDeclaration => ({ contains: [], mayContain: [] });

/** A dish's own part, as stored and as forms send it: its additions and whether the owner confirmed. */
export const dishAllergenInputSchema = z
  .object({
    contains: keyList.default([]),
    mayContain: keyList.default([]),
    declared: z.boolean().default(false),
  })
  .transform(({ contains, mayContain, declared }) => {
    const sure = sortAllergens(contains);
    return {
      contains: sure,
      mayContain: sortAllergens(mayContain).filter((key) => !sure.includes(key)),
      declared,
    };
  });
export type DishAllergenInput = { contains: AllergenKey[]; mayContain: AllergenKey[]; declared: boolean };

/**
 * A dish's allergens as every answer carries them, derived on the server: its ingredients'
 * declarations (a child ingredient's with its parents'), plus the dish's own additions. `declared` is
 * the owner's confirmation: "contains none of the 14" is a declaration, a blank is not.
 */
export const dishAllergensSchema = z.object({
  contains: z.array(allergenKeySchema),
  mayContain: z.array(allergenKeySchema),
  declared: z.boolean(),
});
export type DishAllergens = z.infer<typeof dishAllergensSchema>;

export const undeclaredAllergens = (): DishAllergens => ({ contains: [], mayContain: [], declared: false });

/** Several declarations as one: what any contains is contained; "may contain" only when none contains it. */
export function mergeDeclarations(list: Iterable<AllergenDeclaration>): AllergenDeclaration {
  const contains = new Set<AllergenKey>();
  const mayContain = new Set<AllergenKey>();
  for (const item of list) {
    for (const key of item.contains) contains.add(key);
    for (const key of item.mayContain) mayContain.add(key);
  }
  return {
    contains: sortAllergens(contains),
    mayContain: sortAllergens(mayContain).filter((key) => !contains.has(key)),
  };
}

/**
 * An ingredient's whole declaration: its own with every ancestor's (a child ingredient adds to its
 * parent's). `parentOf` answers the parent's id; a loop in the data stops at the first repeat.
 */
export function ingredientDeclaration(
  id: string,
  own: (id: string) => AllergenDeclaration | undefined,
  parentOf: (id: string) => string | null | undefined,
): AllergenDeclaration {
  const chain: AllergenDeclaration[] = [];
  const seen = new Set<string>();
  for (let at: string | null | undefined = id; at && !seen.has(at); at = parentOf(at)) {
    seen.add(at);
    const declaration = own(at);
    if (declaration) chain.push(declaration);
  }
  return mergeDeclarations(chain);
}

/** A dish's allergens from its ingredients' whole declarations and its own part. */
export function deriveDishAllergens(
  ingredientDeclarations: Iterable<AllergenDeclaration>,
  own: DishAllergenInput,
): DishAllergens {
  const merged = mergeDeclarations([...ingredientDeclarations, own]);
  return { ...merged, declared: own.declared };
}

/**
 * How a dish stands for a diner who avoids some allergens: `contains` or `mayContain` name the
 * chosen ones it has; an undeclared dish is `unknown`, never safe.
 */
export function allergenVerdict(
  allergens: DishAllergens,
  avoid: readonly AllergenKey[],
): { state: 'safe' | 'contains' | 'mayContain' | 'unknown'; keys: AllergenKey[] } {
  if (avoid.length === 0) return { state: 'safe', keys: [] };
  const contains = avoid.filter((key) => allergens.contains.includes(key));
  if (contains.length) return { state: 'contains', keys: sortAllergens(contains) };
  const may = avoid.filter((key) => allergens.mayContain.includes(key));
  if (may.length) return { state: 'mayContain', keys: sortAllergens(may) };
  if (!allergens.declared) return { state: 'unknown', keys: [] };
  return { state: 'safe', keys: [] };
}

/** Words the diner reads (English; issue 24 translates them). */
export const allergenWords = {
  heading: 'Allergens',
  contains: 'Contains',
  mayContain: 'May contain',
  none: 'None of the 14 regulated allergens',
  notDeclared: 'Allergens not declared — ask the staff',
  avoid: 'Avoid allergens',
  greyedContains: (names: string) => `Contains ${names}`,
  greyedMayContain: (names: string) => `May contain ${names}`,
  greyedUnknown: 'Allergens not declared',
} as const;

// ---------- labelling rules (issue 23 §4) ----------

export const LABELLING_REGIONS = ['EU', 'UK', 'US', 'other'] as const;
export type LabellingRegion = (typeof LABELLING_REGIONS)[number];
export const CALORIE_RULES = ['none', 'england', 'us-chain'] as const;
export type CalorieRule = (typeof CALORIE_RULES)[number];
export const US_STATE_NOTICES = ['none', 'MA', 'RI', 'IL'] as const;
export type UsStateNotice = (typeof US_STATE_NOTICES)[number];

export const labellingSchema = z.object({
  region: z.enum(LABELLING_REGIONS).default('other'),
  calories: z.enum(CALORIE_RULES).default('none'),
  usStateNotice: z.enum(US_STATE_NOTICES).default('none'),
  /** "Don't publish an incomplete menu": publishing answers 409 with the compliance list. */
  blockIncomplete: z.boolean().default(false),
});
export type Labelling = z.infer<typeof labellingSchema>;
export const defaultLabelling = (): Labelling => ({
  region: 'other',
  calories: 'none',
  usStateNotice: 'none',
  blockIncomplete: false,
});

/** The sentences the public menu shows for a restaurant's rules, in their exact wording. */
export function mandatedSentences(labelling: Labelling): string[] {
  const sentences: string[] = [];
  if (labelling.calories === 'england') sentences.push('Adults need around 2000 kcal a day');
  if (labelling.calories === 'us-chain') {
    sentences.push('2,000 calories a day is used for general nutrition advice, but calorie needs vary.');
    sentences.push('Additional nutrition information available upon request.');
  }
  if (labelling.usStateNotice !== 'none')
    sentences.push(
      'Before placing your order, please inform your server if a person in your party has a food allergy.',
    );
  return sentences;
}

/** Whether the rules ask every dish for an allergen declaration (EU and UK: before the order, in writing). */
export const needsAllergenDeclaration = (labelling: Labelling) =>
  labelling.region === 'EU' || labelling.region === 'UK';
/** Whether the rules ask every dish for its calories. */
export const needsCalories = (labelling: Labelling) => labelling.calories !== 'none';
/** Whether the rules ask every dish for its portion (England: kcal per portion, the portion named). */
export const needsPortion = (labelling: Labelling) => labelling.calories === 'england';

/** Portion as an owner writes it ("350 g", "1 bowl"). */
export const portionSchema = z
  .string()
  .trim()
  .max(60, { error: 'Portion must be 60 characters or fewer' })
  .nullish()
  .transform((value) => (value ? value : null));

// ---------- diets that exclude allergens (issue 23 §5: "Gluten free" on a dish that contains gluten) ----------

const dietExclusions: Record<string, AllergenKey[]> = {
  'gluten free': ['gluten'],
  'dairy free': ['milk'],
  'lactose free': ['milk'],
  'milk free': ['milk'],
  'egg free': ['eggs'],
  'nut free': ['nuts', 'peanuts'],
  'peanut free': ['peanuts'],
  'soy free': ['soybeans'],
  'sesame free': ['sesame'],
  'fish free': ['fish'],
  'shellfish free': ['crustaceans', 'molluscs'],
  vegan: ['milk', 'eggs', 'fish', 'crustaceans', 'molluscs'],
  vegetarian: ['fish', 'crustaceans', 'molluscs'],
  'plant based': ['milk', 'eggs', 'fish', 'crustaceans', 'molluscs'],
};
const dietKey = (name: string) => name.trim().toLowerCase().replace(/[-_]+/g, ' ').replace(/\s+/g, ' ');

/** The allergens a diet tag promises are absent ("Gluten free" → gluten); none for other tags. */
export const allergensExcludedBy = (diet: string): AllergenKey[] => dietExclusions[dietKey(diet)] ?? [];

/** Diet tags a dish carries that its allergens contradict, with the allergens that contradict each. */
export function contradictedDiets(
  diets: readonly string[],
  allergens: DishAllergens,
): { diet: string; allergens: AllergenKey[] }[] {
  const found: { diet: string; allergens: AllergenKey[] }[] = [];
  for (const diet of diets) {
    const clash = allergensExcludedBy(diet).filter((key) => allergens.contains.includes(key));
    if (clash.length) found.push({ diet, allergens: sortAllergens(clash) });
  }
  return found;
}
