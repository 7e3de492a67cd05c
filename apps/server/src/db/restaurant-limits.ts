import { LIMITED_KIND_NAMES, type LimitedKind, messages, RESTAURANT_LIMITS } from '@carte/domain';
import { count, eq } from 'drizzle-orm';
import { InvalidError } from '../core/errors.ts';
import type { Tx } from '../core/transaction.ts';
import type { Db } from './connect.ts';
import { categories, dishes, ingredients, media, menus } from './schema.ts';

const tables = { dishes, ingredients, categories, menus, media } as const;

/**
 * Refuses, with the catalogue's message and before anything is written, to take a restaurant past
 * its limit of a kind (domain RESTAURANT_LIMITS, issue 21). `adding` is how many rows the request
 * would add. Two requests racing at the edge may both pass: the limit is a bound on size, not a count
 * to the row.
 */
export async function assertRoomFor(
  executor: Db | Tx,
  kind: LimitedKind,
  restaurantId: string,
  adding = 1,
): Promise<void> {
  if (adding <= 0) return;
  const table = tables[kind];
  const [held] = await executor
    .select({ n: count() })
    .from(table)
    .where(eq(table.restaurantId, restaurantId));
  const max = RESTAURANT_LIMITS[kind];
  if (Number(held?.n ?? 0) + adding > max) {
    throw new InvalidError(messages.restaurantLimitReached(LIMITED_KIND_NAMES[kind], max));
  }
}
