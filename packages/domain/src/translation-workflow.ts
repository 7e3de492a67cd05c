import { z } from 'zod';
import { TRANSLATABLE_KINDS } from './translations.ts';

/**
 * The translation screen's API (issue 24 §3): every translatable text of the caller's own restaurant
 * for one of its other languages, with where each stands, and the writes of that screen (typing,
 * accepting a machine draft, importing a file).
 */

export const translationKindSchema = z.enum(TRANSLATABLE_KINDS);
export const translationStateSchema = z.enum(['missing', 'stale', 'machine', 'done']);

/** Rich-text fields (descriptions of dishes and of the restaurant): edited with the restricted editor. */
export const isRichTranslationField = (kind: string, field: string) =>
  field === 'description' && (kind === 'dish' || kind === 'restaurant');

export const translationRowSchema = z.object({
  kind: translationKindSchema,
  id: z.string(),
  field: z.string(),
  /** The record's name, so a row says what it belongs to ("Soup of the day"). */
  label: z.string(),
  source: z.string(),
  translation: z.string(),
  state: translationStateSchema,
  rich: z.boolean(),
  /** The caller's menus the text appears in (empty: on no menu). */
  menus: z.array(z.string()),
});
export type TranslationRow = z.infer<typeof translationRowSchema>;

export const translationCountsSchema = z.object({
  missing: z.number(),
  stale: z.number(),
  machine: z.number(),
  done: z.number(),
  total: z.number(),
});
export type TranslationCounts = z.infer<typeof translationCountsSchema>;

export const translationListSchema = z.object({
  language: z.string(),
  languages: z.object({ default: z.string(), others: z.array(z.string()) }),
  menus: z.array(z.object({ id: z.string(), name: z.string() })),
  items: z.array(translationRowSchema),
  counts: translationCountsSchema,
});
export type TranslationList = z.infer<typeof translationListSchema>;

/** The most rows one save may carry. */
export const MAX_TRANSLATION_ITEMS = 500;

export const translationWriteSchema = z.object({
  items: z
    .array(
      z.object({
        kind: translationKindSchema,
        id: z.string().min(1).max(40),
        field: z.string().min(1).max(200),
        text: z.string().max(20_000).default(''),
        accept: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(MAX_TRANSLATION_ITEMS, { error: `At most ${MAX_TRANSLATION_ITEMS} items at once` }),
});
export type TranslationWrite = z.infer<typeof translationWriteSchema>;

export const translationSaveResultSchema = z.object({
  items: z.array(
    translationRowSchema.pick({ kind: true, id: true, field: true, translation: true, state: true }),
  ),
  counts: translationCountsSchema,
});
export type TranslationSaveResult = z.infer<typeof translationSaveResultSchema>;

export const translationImportResultSchema = z.object({
  saved: z.number(),
  unmatched: z.array(
    z.object({ line: z.number().optional(), unit: z.string().optional(), reason: z.string() }),
  ),
});
export type TranslationImportResult = z.infer<typeof translationImportResultSchema>;

/** Per language: what is left to do, for the dashboard. */
export const translationSummarySchema = z.object({
  languages: z.array(
    z.object({ language: z.string(), missing: z.number(), stale: z.number(), machine: z.number() }),
  ),
});
export type TranslationSummary = z.infer<typeof translationSummarySchema>;
