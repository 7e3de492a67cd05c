import {
  type AllergenDeclaration,
  type CsvResult,
  categoryNameField,
  type DishAllergenInput,
  dishInputSchema,
  ingredientNameField,
  messages,
} from '@carte/domain';
import { and, eq, inArray, max, min, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Caller } from '../../core/caller.ts';
import type { PublicMenuChanges } from '../../core/public-menu-changes.ts';
import { assertWritable, type RestaurantScope } from '../../core/restaurant-scope.ts';
import type { Tx } from '../../core/transaction.ts';
import type { Db } from '../../db/connect.ts';
import { newId } from '../../db/ids.ts';
import { assertRoomFor } from '../../db/restaurant-limits.ts';
import { scopeOf } from '../../db/restaurant-scope.ts';
import {
  categories,
  categoryDishes,
  declarationChanges,
  dishes,
  dishIngredients,
  ingredients,
  menuCategories,
  menus,
} from '../../db/schema.ts';
import {
  type CsvRow,
  MAX_CELL_NAMES,
  nameKey,
  readAllergenList,
  readAvailable,
  readCsv,
  splitList,
} from './csv-reader.ts';
import { CsvReport, issueMessages, screenNames, shown } from './csv-report.ts';
import { pacer } from './pace.ts';

export interface CsvImportService {
  /** `name[,parent]` — new ingredients go to the end of the list, in file order. */
  importIngredients(caller: Caller, options: { file: Buffer }): Promise<CsvResult>;
  /** `name[,available][,dishes]` — new categories go to the top; with `menuId` they also join that menu. */
  importCategories(caller: Caller, options: { file: Buffer; menuId?: string | null }): Promise<CsvResult>;
  /**
   * `name,price[,description][,calories][,alcoholPercentage][,available][,category][,ingredients]` —
   * new dishes go to the top; unknown ingredients are created (decisions §4), and so are unknown
   * categories when the caller holds the category permission.
   */
  importDishes(caller: Caller, options: { file: Buffer }): Promise<CsvResult>;
}

/**
 * Bulk import (decisions §4; doc 1 §5, §8). Every row is checked with the same domain schemas and
 * messages as the forms; the valid rows are written in one transaction with batched inserts, and
 * nothing at all when no row is valid. Names are matched without regard to case, within the caller's
 * restaurant and the parent it inherits from — never another restaurant's.
 *
 * Every step is linear in the file (maps and sets keyed by name, never a scan per row) and paced:
 * the loops over rows hand the event loop back every few milliseconds and the writes go in batches,
 * so an import of a 10 MB file leaves other requests answering (issue 8).
 */
export function createCsvImportService(deps: { db: Db; publicMenu: PublicMenuChanges }): CsvImportService {
  const { db } = deps;
  const imports: CsvImportService = {
    async importIngredients(caller, { file }) {
      const pace = pacer();
      const rows = await readCsv(file, { required: ['name'] }, pace);
      const scope = await scopeOf(db, caller);
      return db.transaction(async (tx) => {
        await lockImports(tx, scope);
        const existing = await visibleIngredients(tx, scope, pace);
        const report = new CsvReport();
        const kept = screenNames(rows, existing, report);

        const candidates: {
          row: number;
          id: string;
          name: string;
          parentName: string | null;
          allergens: AllergenDeclaration;
        }[] = [];
        for (const row of kept) {
          await pace();
          const name = ingredientName(row.cells.name);
          const problems = [...name.problems];
          const allergens = allergenCells(row, problems);
          if (problems.length > 0) {
            report.rowProblems(row.row, problems);
            continue;
          }
          candidates.push({
            row: row.row,
            id: newId(),
            name: name.value,
            parentName: row.cells.parent || null,
            allergens,
          });
        }
        // A parent is an existing ingredient or another row of the file, created in the same insert;
        // parents are top-level ingredients, as in the form's parent picker (exceptChildren).
        const inFile = new Map(candidates.map((c) => [nameKey(c.name), c]));
        const valid: { id: string; name: string; parentId: string | null; allergens: AllergenDeclaration }[] =
          [];
        for (const candidate of candidates) {
          await pace();
          const { parentName, allergens } = candidate;
          if (!parentName) {
            valid.push({ id: candidate.id, name: candidate.name, parentId: null, allergens });
            continue;
          }
          const key = nameKey(parentName);
          const known = existing.get(key);
          const fresh = inFile.get(key);
          const parent = known
            ? { id: known.id, isChild: known.parentId !== null }
            : fresh
              ? { id: fresh.id, isChild: fresh.parentName !== null }
              : null;
          if (key === nameKey(candidate.name)) report.rowProblems(candidate.row, [messages.csvOwnParent]);
          else if (!parent) report.rowProblems(candidate.row, [messages.csvUnknownParent(shown(parentName))]);
          else if (parent.isChild)
            report.rowProblems(candidate.row, [messages.csvParentNested(shown(parentName))]);
          else valid.push({ id: candidate.id, name: candidate.name, parentId: parent.id, allergens });
        }

        let inserted = 0;
        if (valid.length > 0) {
          await assertRoomFor(tx, 'ingredients', scope.restaurantId, valid.length);
          const start = (await endPosition(tx, ingredients, scope)) + 1;
          const made = await insertRows(
            tx,
            ingredients,
            valid,
            [
              [ingredients.id, 'text', (v) => v.id],
              [ingredients.restaurantId, 'text', () => scope.restaurantId],
              [ingredients.name, 'text', (v) => v.name],
              [ingredients.parentId, 'text', (v) => v.parentId],
              [ingredients.allergens, 'jsonb', (v) => JSON.stringify(v.allergens)],
              [ingredients.position, 'int', (_, index) => start + index],
            ],
            // A form may have created the same name a moment ago: that one stands.
            { skipConflicts: true },
          );
          inserted = made.length;
          const written = new Set(made);
          await recordImported(
            tx,
            caller,
            scope,
            valid
              .filter((v) => written.has(v.id) && hasDeclaration(v.allergens))
              .map((v) => ({ ingredientId: v.id, after: v.allergens })),
          );
        }
        return report.result(messages.csvUploaded(inserted));
      });
    },

    async importCategories(caller, { file, menuId }) {
      const pace = pacer();
      const rows = await readCsv(file, { required: ['name'] }, pace);
      const scope = await scopeOf(db, caller);
      return db.transaction(async (tx) => {
        await lockImports(tx, scope);
        if (menuId) {
          const [menu] = await tx
            .select({ id: menus.id, restaurantId: menus.restaurantId })
            .from(menus)
            .where(eq(menus.id, menuId));
          assertWritable(scope, menu);
        }
        const existing = await visibleByName(tx, categories, scope, pace);
        const knownDishes = await visibleByName(tx, dishes, scope, pace);
        const report = new CsvReport();
        const kept = screenNames(rows, existing, report);

        const valid: { id: string; name: string; isAvailable: boolean; dishIds: string[] }[] = [];
        for (const row of kept) {
          await pace();
          const name = categoryNameField.safeParse(row.cells.name ?? '');
          const problems = issueMessages(name.error?.issues);
          const isAvailable = readAvailable(row.cells.available);
          if (isAvailable === null) problems.push(messages.csvAvailableInvalid);
          const dishIds: string[] = [];
          const listed = splitList(row.cells.dishes);
          if (listed === null) problems.push(messages.csvTooManyNames('dishes', MAX_CELL_NAMES));
          for (const dishName of listed ?? []) {
            const dish = knownDishes.get(nameKey(dishName));
            if (dish) dishIds.push(dish.id);
            else problems.push(messages.csvUnknownDish(shown(dishName)));
          }
          if (!name.success || isAvailable === null || problems.length > 0) {
            report.rowProblems(row.row, problems);
            continue;
          }
          valid.push({ id: newId(), name: name.data, isAvailable, dishIds });
        }

        if (valid.length > 0) {
          await assertRoomFor(tx, 'categories', scope.restaurantId, valid.length);
          const top = await topPosition(tx, categories, scope);
          await insertRows(tx, categories, valid, [
            [categories.id, 'text', (c) => c.id],
            [categories.restaurantId, 'text', () => scope.restaurantId],
            [categories.name, 'text', (c) => c.name],
            [categories.isAvailable, 'boolean', (c) => c.isAvailable],
            [categories.position, 'int', (_, index) => top - valid.length + index],
          ]);
          await insertLinks(
            tx,
            (function* () {
              for (const c of valid) {
                for (const [position, dishId] of c.dishIds.entries())
                  yield { categoryId: c.id, dishId, position };
              }
            })(),
          );
          if (menuId) {
            const [last] = await tx
              .select({ value: max(menuCategories.position) })
              .from(menuCategories)
              .where(eq(menuCategories.menuId, menuId));
            const start = (last?.value ?? -1) + 1;
            await insertRows(tx, menuCategories, valid, [
              [menuCategories.menuId, 'text', () => menuId],
              [menuCategories.categoryId, 'text', (c) => c.id],
              [menuCategories.position, 'int', (_, index) => start + index],
            ]);
          }
        }
        return report.result(messages.csvCategoriesUploaded(valid.length));
      });
    },

    async importDishes(caller, { file }) {
      const pace = pacer();
      const rows = await readCsv(file, { required: ['name', 'price'] }, pace);
      const scope = await scopeOf(db, caller);
      return db.transaction(async (tx) => {
        await lockImports(tx, scope);
        const existingDishes = await visibleByName(tx, dishes, scope, pace);
        const knownIngredients = await visibleIngredients(tx, scope, pace);
        const knownCategories = await visibleByName(tx, categories, scope, pace);
        const report = new CsvReport();
        const kept = screenNames(rows, existingDishes, report);

        // Created once however many rows name them, in the order the file first names them.
        const newIngredients = new Map<string, { id: string; name: string }>();
        const newCategories = new Map<string, { id: string; name: string }>();
        const valid: DishRow[] = [];
        for (const row of kept) {
          await pace();
          const problems: string[] = [];
          const fields = dishFields(row, problems);

          const categoryIds: string[] = [];
          const wantedCategories = new Map<string, { id: string; name: string }>();
          const listedCategories = splitList(row.cells.category);
          if (listedCategories === null) problems.push(messages.csvTooManyNames('category', MAX_CELL_NAMES));
          for (const name of listedCategories ?? []) {
            const checked = categoryNameField.safeParse(name);
            if (!checked.success) {
              problems.push(...checked.error.issues.map((issue) => issue.message));
              continue;
            }
            const key = nameKey(name);
            const known = knownCategories.get(key);
            // A parent's category is read-only here: adding a dish to it would change it (decisions §4).
            if (known && known.restaurantId !== scope.restaurantId) {
              problems.push(messages.csvCategoryReadOnly(name));
            } else if (known) categoryIds.push(known.id);
            // Creating a category takes the category permission (doc 1 §6).
            else if (!caller.permissions.category) problems.push(messages.csvUnknownCategory(name));
            else {
              const fresh = newCategories.get(key) ?? { id: newId(), name: checked.data };
              wantedCategories.set(key, fresh);
              categoryIds.push(fresh.id);
            }
          }

          const ingredientIds: string[] = [];
          const wantedIngredients = new Map<string, { id: string; name: string }>();
          const listedIngredients = splitList(row.cells.ingredients);
          if (listedIngredients === null)
            problems.push(messages.csvTooManyNames('ingredients', MAX_CELL_NAMES));
          for (const name of listedIngredients ?? []) {
            const checked = ingredientNameField.safeParse(name);
            if (!checked.success) {
              problems.push(...checked.error.issues.map((issue) => issue.message));
              continue;
            }
            const key = nameKey(name);
            const known = knownIngredients.get(key) ?? newIngredients.get(key);
            const ingredient = known ?? { id: newId(), name: checked.data };
            if (!known) wantedIngredients.set(key, ingredient);
            ingredientIds.push(ingredient.id);
          }

          if (problems.length > 0 || !fields) {
            report.rowProblems(row.row, problems);
            continue;
          }
          for (const [key, value] of wantedCategories) newCategories.set(key, value);
          for (const [key, value] of wantedIngredients) newIngredients.set(key, value);
          valid.push({ ...fields, id: newId(), categoryIds, ingredientIds });
        }

        if (valid.length > 0) {
          await writeDishes(tx, scope, valid, newIngredients, newCategories, pace);
          await recordImported(
            tx,
            caller,
            scope,
            valid.flatMap((dish) => [
              ...(hasDeclaration(dish.allergens) || dish.allergens.declared
                ? [{ dishId: dish.id, after: dish.allergens }]
                : []),
              ...(dish.calories !== null
                ? [{ dishId: dish.id, field: 'calories' as const, after: dish.calories }]
                : []),
              ...(dish.portion !== null
                ? [{ dishId: dish.id, field: 'portion' as const, after: dish.portion }]
                : []),
            ]),
          );
        }
        return report.result(
          messages.csvDishesUploaded(valid.length, newIngredients.size, newCategories.size),
        );
      });
    },
  };

  /** Each import writes in one transaction: once it answered, what it wrote is committed. */
  async function reported(caller: Caller, result: Promise<CsvResult>): Promise<CsvResult> {
    const answer = await result;
    if (caller.restaurantId) deps.publicMenu.changed(caller.restaurantId);
    return answer;
  }
  return {
    importIngredients: (caller, options) => reported(caller, imports.importIngredients(caller, options)),
    importCategories: (caller, options) => reported(caller, imports.importCategories(caller, options)),
    importDishes: (caller, options) => reported(caller, imports.importDishes(caller, options)),
  };
}

interface DishRow {
  id: string;
  name: string;
  description: string;
  price: number;
  calories: number | null;
  alcoholPercentage: number | null;
  isAvailable: boolean;
  portion: string | null;
  allergens: DishAllergenInput;
  categoryIds: string[];
  ingredientIds: string[];
}

/**
 * A dish row's own fields, checked by the dish form's schema (doc 1 §5 messages). Numbers a person
 * typed as words get a message of their own, since the form's number inputs never send them.
 */
function dishFields(
  row: CsvRow,
  problems: string[],
): Omit<DishRow, 'id' | 'categoryIds' | 'ingredientIds'> | null {
  const { cells } = row;
  const calories = cells.calories ?? '';
  // "4.5 %" reads as 4.5 (a trailing sign, without a regular expression that backtracks on long cells).
  const typed = cells.alcoholPercentage ?? '';
  const alcohol = typed.endsWith('%') ? typed.slice(0, -1).trimEnd() : typed;
  const caloriesOk = calories === '' || /^[-+]?\d+$/.test(calories);
  const alcoholOk = alcohol === '' || /^[-+]?\d+(\.\d+)?$/.test(alcohol);
  const parsed = dishInputSchema.safeParse({
    name: cells.name ?? '',
    price: cells.price ?? '',
    description: cells.description ?? '',
    calories: caloriesOk ? calories : null,
    alcoholPercentage: alcoholOk ? alcohol : null,
    portion: cells.portion ?? null,
  });
  const isAvailable = readAvailable(cells.available);
  // "declared" reads like "available", but an empty cell is "not confirmed": a blank is no declaration.
  const declared = cells.declared ? readAvailable(cells.declared) : false;
  const allergenProblems: string[] = [];
  const allergens = allergenCells(row, allergenProblems);

  // In the column order of the file format: name, price, description, calories, alcohol, available, …
  const order = ['name', 'price', 'description', 'calories', 'alcoholPercentage', 'available', 'portion'];
  const found = (parsed.error?.issues ?? []).map((issue) => ({
    at: order.indexOf(String(issue.path[0])),
    message: issue.message,
  }));
  if (!caloriesOk) found.push({ at: 3, message: messages.csvCaloriesInvalid });
  if (!alcoholOk) found.push({ at: 4, message: messages.csvAlcoholInvalid });
  if (isAvailable === null) found.push({ at: 5, message: messages.csvAvailableInvalid });
  for (const message of allergenProblems) found.push({ at: 7, message });
  if (declared === null) found.push({ at: 8, message: messages.csvDeclaredInvalid });
  found.sort((a, b) => a.at - b.at);
  problems.push(...found.map((f) => f.message));
  if (!parsed.success || found.length > 0 || isAvailable === null || declared === null) return null;
  return {
    name: parsed.data.name,
    description: plainTextToHtml(parsed.data.description),
    price: parsed.data.price,
    calories: parsed.data.calories,
    alcoholPercentage: parsed.data.alcoholPercentage,
    portion: parsed.data.portion,
    allergens: { ...allergens, declared },
    isAvailable,
  };
}

async function writeDishes(
  tx: Tx,
  scope: RestaurantScope,
  valid: DishRow[],
  newIngredients: Map<string, { id: string; name: string }>,
  newCategories: Map<string, { id: string; name: string }>,
  pace: () => Promise<void>,
): Promise<void> {
  const restaurantId = scope.restaurantId;
  // The whole file is refused, before a row is written, when it would take the restaurant past a limit.
  await assertRoomFor(tx, 'dishes', restaurantId, valid.length);
  await assertRoomFor(tx, 'ingredients', restaurantId, newIngredients.size);
  await assertRoomFor(tx, 'categories', restaurantId, newCategories.size);
  // Ingredient ids chosen here may lose to a name a form created meanwhile: use that one instead.
  const ingredientId = new Map<string, string>();
  if (newIngredients.size > 0) {
    const fresh = [...newIngredients.values()];
    const start = (await endPosition(tx, ingredients, scope)) + 1;
    const made = new Set(
      await insertRows(
        tx,
        ingredients,
        fresh,
        [
          [ingredients.id, 'text', (i) => i.id],
          [ingredients.restaurantId, 'text', () => restaurantId],
          [ingredients.name, 'text', (i) => i.name],
          [ingredients.position, 'int', (_, index) => start + index],
        ],
        { skipConflicts: true },
      ),
    );
    const lost = fresh.filter((ingredient) => !made.has(ingredient.id));
    if (lost.length > 0) {
      const winners = await tx
        .select({ id: ingredients.id, name: ingredients.name })
        .from(ingredients)
        .where(
          and(
            eq(ingredients.restaurantId, restaurantId),
            sql`lower(${ingredients.name}) = any(${sql.param(lost.map((ingredient) => nameKey(ingredient.name)))}::text[])`,
          ),
        );
      const byName = new Map(winners.map((w) => [nameKey(w.name), w.id]));
      for (const ingredient of lost) {
        const winner = byName.get(nameKey(ingredient.name));
        if (winner) ingredientId.set(ingredient.id, winner);
      }
    }
  }

  if (newCategories.size > 0) {
    const fresh = [...newCategories.values()];
    const top = await topPosition(tx, categories, scope);
    await insertRows(tx, categories, fresh, [
      [categories.id, 'text', (c) => c.id],
      [categories.restaurantId, 'text', () => restaurantId],
      [categories.name, 'text', (c) => c.name],
      [categories.position, 'int', (_, index) => top - fresh.length + index],
    ]);
  }

  const top = await topPosition(tx, dishes, scope);
  await insertRows(tx, dishes, valid, [
    [dishes.id, 'text', (d) => d.id],
    [dishes.restaurantId, 'text', () => restaurantId],
    [dishes.name, 'text', (d) => d.name],
    [dishes.description, 'text', (d) => d.description],
    [dishes.price, 'numeric', (d) => d.price],
    [dishes.calories, 'int', (d) => d.calories],
    [dishes.alcoholPercentage, 'numeric', (d) => d.alcoholPercentage],
    [dishes.isAvailable, 'boolean', (d) => d.isAvailable],
    [dishes.portion, 'text', (d) => d.portion],
    [dishes.allergens, 'jsonb', (d) => JSON.stringify(d.allergens)],
    [dishes.position, 'int', (_, index) => top - valid.length + index],
  ]);

  await insertRows(
    tx,
    dishIngredients,
    (function* () {
      for (const dish of valid) {
        for (const [position, id] of dish.ingredientIds.entries()) {
          yield { dishId: dish.id, ingredientId: ingredientId.get(id) ?? id, position };
        }
      }
    })(),
    [
      [dishIngredients.dishId, 'text', (u) => u.dishId],
      [dishIngredients.ingredientId, 'text', (u) => u.ingredientId],
      [dishIngredients.position, 'int', (u) => u.position],
    ],
    // Two names of one cell may have met the same ingredient a form created meanwhile.
    { skipConflicts: true },
  );

  // Like a dish created with the form, an imported dish joins the end of its categories' own order,
  // the order a diner reads (issue 22); several keep their file order there.
  const joining = new Map<string, string[]>();
  for (const dish of valid) {
    await pace();
    for (const categoryId of dish.categoryIds) {
      const list = joining.get(categoryId);
      if (list) list.push(dish.id);
      else joining.set(categoryId, [dish.id]);
    }
  }
  if (joining.size === 0) return;
  // Only categories that existed before hold dishes already; the new ones start at 0.
  const created = new Set([...newCategories.values()].map((category) => category.id));
  const existing = [...joining.keys()].filter((categoryId) => !created.has(categoryId));
  const last = new Map<string, number>();
  for (let at = 0; at < existing.length; at += BATCH_ROWS) {
    const current = await tx
      .select({ categoryId: categoryDishes.categoryId, last: max(categoryDishes.position) })
      .from(categoryDishes)
      .where(
        sql`${categoryDishes.categoryId} = any(${sql.param(existing.slice(at, at + BATCH_ROWS))}::text[])`,
      )
      .groupBy(categoryDishes.categoryId);
    for (const row of current) last.set(row.categoryId, row.last ?? -1);
  }
  await insertLinks(
    tx,
    (function* () {
      for (const [categoryId, dishIds] of joining) {
        const end = last.get(categoryId) ?? -1;
        for (const [index, dishId] of dishIds.entries()) {
          yield { categoryId, dishId, position: end + 1 + index };
        }
      }
    })(),
  );
}

// ---------- helpers ----------

/**
 * One import at a time per restaurant: the names read at the start of the transaction stay true
 * until it commits, so two uploads of one file cannot both create the same dishes.
 */
async function lockImports(tx: Tx, scope: RestaurantScope): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`csv-import:${scope.restaurantId}`}, 0))`,
  );
}

type Named = typeof ingredients | typeof categories | typeof dishes;

/** Own records first, then the parent's (the first of a name wins in the maps below). */
const ownFirst = (table: Named, scope: RestaurantScope) =>
  sql`(${table.restaurantId} = ${scope.restaurantId}) desc`;

/** Records visible to the caller by lower-cased name: own first, then the parent's; lowest position first. */
async function visibleByName(tx: Tx, table: Named, scope: RestaurantScope, pace: () => Promise<void>) {
  const rows = await tx
    .select({ id: table.id, name: table.name, restaurantId: table.restaurantId, position: table.position })
    .from(table)
    .where(inArray(table.restaurantId, scope.visibleIds))
    .orderBy(ownFirst(table, scope), table.position);
  return byNameKey(rows, pace);
}

async function visibleIngredients(tx: Tx, scope: RestaurantScope, pace: () => Promise<void>) {
  const rows = await tx
    .select({
      id: ingredients.id,
      name: ingredients.name,
      parentId: ingredients.parentId,
      restaurantId: ingredients.restaurantId,
    })
    .from(ingredients)
    .where(inArray(ingredients.restaurantId, scope.visibleIds))
    .orderBy(ownFirst(ingredients, scope));
  return byNameKey(rows, pace);
}

/** Records by lower-cased name, the first of a name winning; paced, as a restaurant may hold many. */
async function byNameKey<T extends { name: string }>(rows: T[], pace: () => Promise<void>) {
  const byName = new Map<string, T>();
  for (const [index, row] of rows.entries()) {
    const key = nameKey(row.name);
    if (!byName.has(key)) byName.set(key, row);
    if (index % 1024 === 1023) await pace();
  }
  return byName;
}

/** The last position of the caller's own list (new ingredients go after it; doc 1 §4). */
async function endPosition(tx: Tx, table: Named, scope: RestaurantScope): Promise<number> {
  const [row] = await tx
    .select({ value: max(table.position) })
    .from(table)
    .where(eq(table.restaurantId, scope.restaurantId));
  return row?.value ?? -1;
}

/** The first position of the caller's own list (new categories and dishes go before it; doc 1 §4). */
async function topPosition(tx: Tx, table: Named, scope: RestaurantScope): Promise<number> {
  const [row] = await tx
    .select({ value: min(table.position) })
    .from(table)
    .where(eq(table.restaurantId, scope.restaurantId));
  return row?.value ?? 0;
}

/** An ingredient name with the form's rules; an empty one says which name is missing. */
function ingredientName(cell: string | undefined): { value: string; problems: string[] } {
  if (!cell?.trim()) return { value: '', problems: [messages.ingredientNameRequired] };
  const parsed = ingredientNameField.safeParse(cell);
  return { value: parsed.data ?? '', problems: issueMessages(parsed.error?.issues) };
}

/** Rows per insert statement: a few milliseconds to build, and the event loop runs between them. */
const BATCH_ROWS = 2000;

type Column<T> = [
  column: AnyPgColumn,
  type: 'text' | 'int' | 'numeric' | 'boolean' | 'jsonb' | 'timestamptz',
  value: (row: T, index: number) => unknown,
];

/**
 * A bulk insert as `INSERT … SELECT FROM unnest(…)`: one array parameter per column, so a thousand
 * dishes cost one statement and a handful of parameters instead of ten thousand. Rows go in batches
 * of BATCH_ROWS (two million links of a full file are a thousand statements, each built in a few
 * milliseconds), read lazily from `rows`. Answers the ids of the rows written (with `skipConflicts`,
 * those that did not clash with a unique name).
 */
async function insertRows<T>(
  tx: Tx,
  table: PgTable,
  rows: Iterable<T>,
  columns: Column<T>[],
  options: { skipConflicts?: boolean } = {},
): Promise<string[]> {
  const names = sql.join(
    columns.map(([column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const hasId = columns.some(([column]) => column.name === 'id');
  const ids: string[] = [];
  let batch: T[] = [];
  let written = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const first = written;
    const arrays = sql.join(
      columns.map(
        ([, type, value]) =>
          sql`${sql.param(batch.map((row, index) => value(row, first + index)))}::${sql.raw(type)}[]`,
      ),
      sql`, `,
    );
    const result = await tx.execute<{ id: string }>(
      sql`insert into ${table} (${names}) select * from unnest(${arrays})${
        options.skipConflicts ? sql` on conflict do nothing` : sql``
      }${hasId ? sql` returning id` : sql``}`,
    );
    for (const row of result.rows) ids.push(row.id);
    written += batch.length;
    batch = [];
  };
  for (const row of rows) {
    batch.push(row);
    if (batch.length === BATCH_ROWS) await flush();
  }
  await flush();
  return ids;
}

/** Dishes joining categories, at the given positions. */
async function insertLinks(
  tx: Tx,
  links: Iterable<{ categoryId: string; dishId: string; position: number }>,
) {
  await insertRows(tx, categoryDishes, links, [
    [categoryDishes.categoryId, 'text', (l) => l.categoryId],
    [categoryDishes.dishId, 'text', (l) => l.dishId],
    [categoryDishes.position, 'int', (l) => l.position],
  ]);
}

/**
 * The `contains` and `mayContain` cells of a row (issue 23 §7): keys or names, `;` or `|` between
 * them; a word that names no allergen is a problem of the row. A key in both is "contains".
 */
function allergenCells(row: CsvRow, problems: string[]): AllergenDeclaration {
  const contains = readAllergenList(row.cells.contains);
  const may = readAllergenList(row.cells.mayContain);
  for (const word of contains.unknown) problems.push(messages.csvUnknownAllergen('Contains', shown(word)));
  for (const word of may.unknown) problems.push(messages.csvUnknownAllergen('May contain', shown(word)));
  return {
    contains: contains.keys,
    mayContain: may.keys.filter((key) => !contains.keys.includes(key)),
  };
}

const hasDeclaration = (value: AllergenDeclaration) =>
  value.contains.length > 0 || value.mayContain.length > 0;

/**
 * Keeps the declarations an import made (issue 23 §6: every change is kept), as a form's creation
 * keeps them: who, when, nothing before.
 */
async function recordImported(
  tx: Tx,
  caller: Caller,
  scope: RestaurantScope,
  changes: {
    dishId?: string;
    ingredientId?: string;
    field?: 'allergens' | 'calories' | 'portion';
    after: unknown;
  }[],
): Promise<void> {
  if (changes.length === 0) return;
  const at = new Date();
  await insertRows(tx, declarationChanges, changes, [
    [declarationChanges.id, 'text', () => newId()],
    [declarationChanges.restaurantId, 'text', () => scope.restaurantId],
    [declarationChanges.dishId, 'text', (c) => c.dishId ?? null],
    [declarationChanges.ingredientId, 'text', (c) => c.ingredientId ?? null],
    [declarationChanges.field, 'text', (c) => c.field ?? 'allergens'],
    [declarationChanges.after, 'jsonb', (c) => JSON.stringify(c.after)],
    [declarationChanges.userId, 'text', () => caller.userId],
    [declarationChanges.username, 'text', () => caller.username],
    [declarationChanges.createdAt, 'timestamptz', () => at.toISOString()],
  ]);
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A CSV description is plain text; dish descriptions are rich text (doc 1 §3), so it is escaped and
 * kept as paragraphs, with single line breaks as <br>.
 */
export function plainTextToHtml(text: string): string {
  const paragraphs = text
    .trim()
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return paragraphs.map((p) => `<p>${p.split('\n').map(escapeHtml).join('<br>')}</p>`).join('');
}
