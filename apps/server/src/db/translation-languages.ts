import { type RestaurantLanguages, restaurantLanguagesSchema } from '@carte/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../core/transaction.ts';
import type { Db } from './connect.ts';
import { dishes, restaurants } from './schema.ts';

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

/**
 * The dietary tags a restaurant's diners may read (issue 24): its own lists, and the platform's tags
 * its dishes carry (`dietary.admin`). Each is a label the owner may translate (`dietary.{name}`).
 */
export async function dietaryTagNames(
  db: Db | Tx,
  restaurantId: string,
  own: { diets?: string[]; foodTypes?: string[]; other?: string[] } | null | undefined,
): Promise<string[]> {
  const used = await db.execute<{ name: string }>(sql`
    select distinct tag.name
    from ${dishes},
      lateral jsonb_array_elements_text(
        coalesce(${dishes.dietary} -> 'admin' -> 'diets', '[]'::jsonb)
        || coalesce(${dishes.dietary} -> 'admin' -> 'foodTypes', '[]'::jsonb)
        || coalesce(${dishes.dietary} -> 'admin' -> 'other', '[]'::jsonb)
      ) as tag(name)
    where ${dishes.restaurantId} = ${restaurantId}`);
  const names = [...(own?.diets ?? []), ...(own?.foodTypes ?? []), ...(own?.other ?? [])];
  for (const row of used.rows) if (!names.includes(row.name)) names.push(row.name);
  return names;
}
