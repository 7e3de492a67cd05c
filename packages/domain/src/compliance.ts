import { z } from 'zod';
import {
  allergenOf,
  contradictedDiets,
  type DishAllergens,
  type Labelling,
  labellingSchema,
  needsAllergenDeclaration,
  needsCalories,
  needsPortion,
} from './allergens.ts';
import { messages } from './messages.ts';

/**
 * The check before publishing (issue 23 §5): what a menu's dishes lack for the restaurant's labelling
 * rules. Pure: the server reads the dishes a menu shows and calls it; the answer lists problems per
 * dish in the menu's order.
 */

export const COMPLIANCE_KINDS = ['allergens', 'calories', 'portion', 'diet', 'ingredient'] as const;
export type ComplianceKind = (typeof COMPLIANCE_KINDS)[number];

export const complianceProblemSchema = z.object({
  dishId: z.string(),
  dishName: z.string(),
  kind: z.enum(COMPLIANCE_KINDS),
  message: z.string(),
});
export type ComplianceProblem = z.infer<typeof complianceProblemSchema>;

/** GET /api/menus/{id}/compliance. */
export const menuComplianceSchema = z.object({
  rules: labellingSchema,
  problems: z.array(complianceProblemSchema),
  complete: z.boolean(),
});
export type MenuCompliance = z.infer<typeof menuComplianceSchema>;

/** The 409 a publish answers when the restaurant forbids publishing an incomplete menu. */
export const incompleteMenuAnswerSchema = z.object({
  statusCode: z.number().int(),
  confirmation: z.enum(['Success', 'Fail']),
  message: z.string(),
  problems: z.array(complianceProblemSchema),
});

/** What the check reads of a dish, as the owner sees it. */
export interface ComplianceDish {
  id: string;
  name: string;
  /** Derived: its ingredients' declarations and its own part, `declared` the owner's word. */
  allergens: DishAllergens;
  calories: number | null;
  portion: string | null;
  /** Its dietary tags (its own and the platform's), any list. */
  tags: readonly string[];
  /** Its ingredients, with whether each is switched on. */
  ingredients: readonly { name: string; isAvailable: boolean }[];
}

/** "milk", "milk and eggs", "gluten, milk and eggs": allergens mid-sentence. */
function allergenWords(keys: Parameters<typeof allergenOf>[0][]): string {
  const words = keys.map((key) => allergenOf(key).short.toLowerCase());
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * What each dish lacks: an allergen declaration (EU, UK), calories (a calorie rule), a portion
 * (England), and always a diet tag its allergens contradict and an ingredient switched off that it
 * still names. A dish listed twice (in two categories) is checked once.
 */
export function menuCompliance(labelling: Labelling, dishes: Iterable<ComplianceDish>): ComplianceProblem[] {
  const problems: ComplianceProblem[] = [];
  const seen = new Set<string>();
  for (const dish of dishes) {
    if (seen.has(dish.id)) continue;
    seen.add(dish.id);
    const add = (kind: ComplianceKind, message: string) =>
      problems.push({ dishId: dish.id, dishName: dish.name, kind, message });
    if (needsAllergenDeclaration(labelling) && !dish.allergens.declared)
      add('allergens', messages.complianceNoDeclaration);
    if (needsCalories(labelling) && dish.calories === null) add('calories', messages.complianceNoCalories);
    if (needsPortion(labelling) && !dish.portion?.trim()) add('portion', messages.complianceNoPortion);
    for (const clash of contradictedDiets([...new Set(dish.tags)], dish.allergens))
      add('diet', messages.complianceDietContradicted(clash.diet, allergenWords(clash.allergens)));
    const off = new Set<string>();
    for (const ingredient of dish.ingredients) {
      if (ingredient.isAvailable || off.has(ingredient.name)) continue;
      off.add(ingredient.name);
      add('ingredient', messages.complianceIngredientOff(ingredient.name));
    }
  }
  return problems;
}

/** The compliance answer of a menu. */
export const complianceAnswer = (labelling: Labelling, problems: ComplianceProblem[]): MenuCompliance => ({
  rules: labelling,
  problems,
  complete: problems.length === 0,
});

/** Problems grouped by dish, in order, for the publish dialog ("This menu lacks: …"). */
export function problemsByDish(
  problems: readonly ComplianceProblem[],
): { dishId: string; dishName: string; messages: string[] }[] {
  const groups = new Map<string, { dishId: string; dishName: string; messages: string[] }>();
  for (const problem of problems) {
    const group = groups.get(problem.dishId);
    if (group) group.messages.push(problem.message);
    else
      groups.set(problem.dishId, {
        dishId: problem.dishId,
        dishName: problem.dishName,
        messages: [problem.message],
      });
  }
  return [...groups.values()];
}

// ---------- the settings' words for the rules (issue 23 §4) ----------

export const labellingRegionLabels: Record<Labelling['region'], string> = {
  EU: 'EU',
  UK: 'UK',
  US: 'US',
  other: 'Other',
};

/** What each region makes Carte check, under the region's choice in settings. */
export const labellingRegionHelp: Record<Labelling['region'], string> = {
  EU: 'Regulation (EU) 1169/2011: every dish must declare the 14 allergens. Carte flags each dish whose allergens you have not confirmed.',
  UK: 'The Food Standards Agency’s rules: every dish must declare the 14 allergens. Carte flags each dish whose allergens you have not confirmed.',
  US: 'No allergen declaration is asked. The calorie rule and the state notice below may apply.',
  other:
    'No allergen declaration is asked. Carte still flags diet tags your allergens contradict and switched-off ingredients.',
};

export const calorieRuleLabels: Record<Labelling['calories'], { label: string; detail: string }> = {
  none: { label: 'None', detail: 'Calories stay optional.' },
  england: {
    label: 'England’s rule',
    detail: 'kcal per portion, 250+ staff. Every dish needs its calories and portion size.',
  },
  'us-chain': {
    label: 'US chain rule',
    detail: '20+ locations. Every dish needs its calories.',
  },
};

export const usStateNoticeLabels: Record<Labelling['usStateNotice'], string> = {
  none: 'None',
  MA: 'Massachusetts',
  RI: 'Rhode Island',
  IL: 'Illinois',
};
