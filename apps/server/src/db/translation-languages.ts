import { type RestaurantLanguages, restaurantLanguagesSchema } from '@carte/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../core/transaction.ts';
import type { Db } from './connect.ts';
import { restaurants } from './schema.ts';

/**
 * A restaurant's languages (issue 24), as stored; a write's translations keep only its `others`
 * (mergeTranslations ignores the rest).
 */
export async function languagesOf(db: Db | Tx, restaurantId: string): Promise<RestaurantLanguages> {
  const [row] = await db
    .select({ languages: restaurants.languages })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  const parsed = restaurantLanguagesSchema.safeParse(row?.languages ?? {});
  return parsed.success ? parsed.data : { default: 'en', others: [] };
}

/** The languages a write's translations may name: the restaurant's others. */
export async function otherLanguagesOf(db: Db | Tx, restaurantId: string): Promise<string[]> {
  return (await languagesOf(db, restaurantId)).others;
}
