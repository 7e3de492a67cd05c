import {
  type AllergenDeclaration,
  type DishAllergenInput,
  type DishAllergens,
  deriveDishAllergens,
  ingredientDeclaration,
  noAllergens,
} from '@carte/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Caller } from '../../core/caller.ts';
import type { Tx } from '../../core/transaction.ts';
import type { Db } from '../../db/connect.ts';
import { anyOf } from '../../db/list-page.ts';
import { declarationChanges, ingredients } from '../../db/schema.ts';

type Executor = Db | Tx;

/** How deep parents are followed; the ingredient form allows one level, older data may hold more. */
const MAX_DEPTH = 8;

export interface IngredientDeclarations {
  /** The ingredient's own declaration. */
  own(id: string): AllergenDeclaration;
  /** Its whole declaration: its own and every parent's. */
  whole(id: string): AllergenDeclaration;
  /** What its parents declare (without its own). */
  inherited(id: string): AllergenDeclaration;
}

/**
 * Reads the allergen declarations of these ingredients and of their parents, up the chain, among the
 * restaurants the caller sees (issue 23: a child ingredient adds to its parent's). One query per level.
 */
export async function readIngredientDeclarations(
  db: Executor,
  visibleIds: readonly string[],
  ids: Iterable<string>,
): Promise<IngredientDeclarations> {
  const rows = new Map<string, { parentId: string | null; allergens: AllergenDeclaration }>();
  let wanted = [...new Set(ids)];
  for (let depth = 0; wanted.length > 0 && depth < MAX_DEPTH; depth++) {
    const found = await db
      .select({ id: ingredients.id, parentId: ingredients.parentId, allergens: ingredients.allergens })
      .from(ingredients)
      .where(and(anyOf(ingredients.id, wanted), inArray(ingredients.restaurantId, [...visibleIds])));
    for (const row of found) rows.set(row.id, { parentId: row.parentId, allergens: row.allergens });
    wanted = [
      ...new Set(
        found.map((row) => row.parentId).filter((id): id is string => Boolean(id) && !rows.has(id!)),
      ),
    ];
  }
  const own = (id: string) => rows.get(id)?.allergens ?? noAllergens();
  const parentOf = (id: string) => rows.get(id)?.parentId ?? null;
  const whole = (id: string) => ingredientDeclaration(id, (at) => rows.get(at)?.allergens, parentOf);
  const inherited = (id: string) => {
    const parent = parentOf(id);
    return parent ? whole(parent) : noAllergens();
  };
  return { own, whole, inherited };
}

/** A dish's allergens from its ingredients (ids, with their declarations read) and its own part. */
export const dishAllergensOf = (
  declarations: IngredientDeclarations,
  ingredientIds: readonly string[],
  own: DishAllergenInput,
): DishAllergens =>
  deriveDishAllergens(
    ingredientIds.map((id) => declarations.whole(id)),
    own,
  );

export type DeclarationField = 'allergens' | 'calories' | 'portion';

export interface DeclarationChange {
  restaurantId: string;
  dishId?: string | null;
  ingredientId?: string | null;
  field: DeclarationField;
  before: unknown;
  after: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Keeps each change of a declaration (issue 23 §6): who, when, before, after. A value that did not
 * change is not recorded. Written in the transaction that makes the change.
 */
export async function recordDeclarationChanges(
  tx: Executor,
  caller: Pick<Caller, 'userId' | 'username'>,
  changes: readonly DeclarationChange[],
  at: Date,
): Promise<void> {
  const real = changes.filter((change) => !same(change.before, change.after));
  if (real.length === 0) return;
  await tx.insert(declarationChanges).values(
    real.map((change) => ({
      restaurantId: change.restaurantId,
      dishId: change.dishId ?? null,
      ingredientId: change.ingredientId ?? null,
      field: change.field,
      before: change.before ?? null,
      after: change.after ?? null,
      userId: caller.userId,
      username: caller.username,
      createdAt: at,
    })),
  );
}

/** The changes of one dish's or ingredient's declarations, newest first. */
export async function declarationHistory(
  db: Executor,
  of: { dishId: string } | { ingredientId: string },
  limit = 200,
) {
  const rows = await db
    .select()
    .from(declarationChanges)
    .where(
      'dishId' in of
        ? eq(declarationChanges.dishId, of.dishId)
        : eq(declarationChanges.ingredientId, of.ingredientId),
    )
    .orderBy(desc(declarationChanges.createdAt), desc(declarationChanges.id))
    .limit(limit);
  return rows.map((row) => ({
    _id: row.id,
    field: row.field as DeclarationField,
    before: row.before,
    after: row.after,
    username: row.username,
    createdAt: row.createdAt.toISOString(),
  }));
}
