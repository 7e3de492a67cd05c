import { z } from 'zod';
import { ALLERGEN_KEYS, type AllergenKey, allergenOf, dishAllergensSchema } from './allergens.ts';

/**
 * What the owner's screens read of declarations (issue 23 §6, §7): a declaration's history, the
 * allergen matrix of a menu, and how a cell of it reads in words.
 */

/** One kept change of a declaration: who, when, which field, before and after. */
export const declarationChangeSchema = z.object({
  _id: z.string(),
  field: z.enum(['allergens', 'calories', 'portion']),
  before: z.unknown(),
  after: z.unknown(),
  username: z.string(),
  createdAt: z.string(),
});
export type DeclarationChangeEntry = z.infer<typeof declarationChangeSchema>;

/** The last change of a dish's allergen declaration: its own part's or one of its ingredients'. */
export const lastDeclarationChangeSchema = z
  .object({
    username: z.string(),
    createdAt: z.string(),
    /** The ingredient whose declaration changed, or null: the dish's own part. */
    ingredient: z.string().nullable(),
  })
  .nullable();

export const allergenMatrixSchema = z.object({
  menu: z.object({ _id: z.string(), name: z.string() }),
  restaurant: z.object({ name: z.string(), timeZone: z.string() }),
  /** The allergens in the regulation's order: the matrix's columns. */
  allergens: z.array(z.object({ key: z.string(), name: z.string(), short: z.string() })),
  categories: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      dishes: z.array(
        z.object({
          _id: z.string(),
          name: z.string(),
          allergens: dishAllergensSchema,
          lastChange: lastDeclarationChangeSchema,
        }),
      ),
    }),
  ),
});
export type AllergenMatrix = z.infer<typeof allergenMatrixSchema>;
export type AllergenMatrixDish = AllergenMatrix['categories'][number]['dishes'][number];

export type MatrixCell = 'contains' | 'mayContain' | 'free' | 'unknown';

/** How a dish stands for one allergen: contains, may contain, free, or not declared. */
export function matrixCell(
  allergens: { contains: readonly string[]; mayContain: readonly string[]; declared: boolean },
  key: AllergenKey,
): MatrixCell {
  if (allergens.contains.includes(key)) return 'contains';
  if (allergens.mayContain.includes(key)) return 'mayContain';
  return allergens.declared ? 'free' : 'unknown';
}

/** The matrix's marks and their words (never colour alone). */
export const matrixMarks: Record<MatrixCell, { mark: string; label: string }> = {
  contains: { mark: '●', label: 'Contains' },
  mayContain: { mark: '◐', label: 'May contain' },
  free: { mark: '–', label: 'Free' },
  unknown: { mark: '?', label: 'Not declared' },
};

/** A declaration as words: "contains Eggs, Milk; may contain Tree nuts (declared)". */
export function declarationWords(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (typeof value !== 'object') return String(value);
  const record = value as { contains?: unknown; mayContain?: unknown; declared?: unknown };
  const names = (list: unknown) =>
    Array.isArray(list)
      ? list
          .filter((key): key is AllergenKey => ALLERGEN_KEYS.includes(key as AllergenKey))
          .map((key) => allergenOf(key).short)
          .join(', ')
      : '';
  const parts: string[] = [];
  const contains = names(record.contains);
  const may = names(record.mayContain);
  if (contains) parts.push(`contains ${contains}`);
  if (may) parts.push(`may contain ${may}`);
  const words = parts.length ? parts.join('; ') : 'no allergens';
  if (record.declared === true) return `${words} (declared)`;
  if (record.declared === false) return `${words} (not declared)`;
  return words;
}
