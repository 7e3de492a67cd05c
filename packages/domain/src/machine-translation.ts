import { z } from 'zod';

/** The machine translation services a server may use (TRANSLATE_PROVIDER, issue 24 §4). */
export const TRANSLATE_PROVIDERS = ['off', 'libretranslate', 'deepl'] as const;
export type TranslateProvider = (typeof TRANSLATE_PROVIDERS)[number];

/** "Translate missing": stale fields too when asked (their translation was made from an older text). */
export const machineDraftsInputSchema = z.object({
  includeStale: z.boolean({ error: 'includeStale must be true or false' }).default(false),
});
export type MachineDraftsInput = z.infer<typeof machineDraftsInputSchema>;

/** How many fields received a machine draft. */
export const machineDraftsResultSchema = z.object({ drafted: z.number().int().min(0) });
export type MachineDraftsResult = z.infer<typeof machineDraftsResultSchema>;
