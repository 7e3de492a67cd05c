import {
  type CsvResult,
  categoryNameField,
  dishInputSchema,
  ingredientNameField,
  messages,
} from '@carte/domain';
import { and, eq, inArray, max, min, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Caller } from '../../core/caller.ts';
import type { PublicMenuChanges } from '../../core/public-menu-changes.ts';
import { assertWritable, type RestaurantScope, scopeOf } from '../../core/restaurant-scope.ts';
import type { Tx } from '../../core/transaction.ts';
import type { Db } from '../../db/connect.ts';
import { newId } from '../../db/ids.ts';
import {
  categories,
  categoryDishes,
  dishes,
  dishIngredients,
  ingredients,
  menuCategories,
  menus,
} from '../../db/schema.ts';
import { type CsvRow, nameKey, readAvailable, readCsv, splitList } from './csv-reader.ts';
import { CsvReport, reportIssues, screenNames } from './csv-report.ts';

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
 */
export function createCsvImportService(deps: { db: Db; publicMenu: PublicMenuChanges }): CsvImportService {
  const { db } = deps;
  const imports: CsvImportService = {
    async importIngredients(caller, { file }) {
      const rows = readCsv(file, { required: ['name'] });
      const scope = await scopeOf(db, caller);
      return db.transaction(async (tx) => {
        await lockImports(tx, scope);
        const existing = await visibleIngredients(tx, scope);
        const report = new CsvReport();
        const kept = screenNames(rows, new Set(existing.keys()), report);

        const candidates: { row: number; id: string; name: string; parentName: string | null }[] = [];
        for (const row of kept) {
          const name = ingredientName(row.cells.name, row.row, report);
          if (name === null) continue;
          candidates.push({ row: row.row, id: newId(), name, parentName: row.cells.parent || null });
        }
        // A parent is an existing ingredient or another row of the file, created in the same insert;
        // parents are top-level ingredients, as in the form's parent picker (exceptChildren).
        const inFile = new Map(candidates.map((c) => [nameKey(c.name), c]));
        const valid: { id: string; name: string; parentId: string | null }[] = [];
        for (const candidate of candidates) {
          const { parentName } = candidate;
          if (!parentName) {
            valid.push({ id: candidate.id, name: candidate.name, parentId: null });
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
          if (key === nameKey(candidate.name)) report.error(candidate.row, messages.csvOwnParent);
          else if (!parent) report.error(candidate.row, messages.csvUnknownParent(parentName));
          else if (parent.isChild) report.error(candidate.row, messages.csvParentNested(parentName));
          else valid.push({ id: candidate.id, name: candidate.name, parentId: parent.id });
        }

        let inserted = 0;
        if (valid.length > 0) {
          const start = (await endPosition(tx, ingredients, scope)) + 1;
          const made = await bulkInsert(
            tx,
            ingredients,
            [
              [ingredients.id, 'text', valid.map((v) => v.id)],
              [ingredients.restaurantId, 'text', valid.map(() => scope.restaurantId)],
              [ingredients.name, 'text', valid.map((v) => v.name)],
              [ingredients.parentId, 'text', valid.map((v) => v.parentId)],
              [ingredients.position, 'int', valid.map((_, index) => start + index)],
            ],
            // A form may have created the same name a moment ago: that one stands.
            { skipConflicts: true },
          );
          inserted = made.length;
        }
        return report.result(messages.csvUploaded(inserted));
      });
    },

    async importCategories(caller, { file, menuId }) {
      const rows = readCsv(file, { required: ['name'] });
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
        const existing = await visibleByName(tx, categories, scope);
        const knownDishes = await visibleByName(tx, dishes, scope);
        const report = new CsvReport();
        const kept = screenNames(rows, new Set(existing.keys()), report);

        const valid: { id: string; name: string; isAvailable: boolean; dishIds: string[] }[] = [];
        for (const row of kept) {
          const problems = new CsvReport();
          const name = categoryNameField.safeParse(row.cells.name ?? '');
          reportIssues(problems, row.row, name.error?.issues);
          const isAvailable = readAvailable(row.cells.available);
          if (isAvailable === null) problems.error(row.row, messages.csvAvailableInvalid);
          const dishIds: string[] = [];
          for (const dishName of splitList(row.cells.dishes)) {
            const dish = knownDishes.get(nameKey(dishName));
            if (dish) dishIds.push(dish.id);
            else problems.error(row.row, messages.csvUnknownDish(dishName));
          }
          if (!name.success || isAvailable === null || problems.validationError.length > 0) {
            for (const problem of problems.validationError) report.error(problem.row, problem.message);
            continue;
          }
          valid.push({ id: newId(), name: name.data, isAvailable, dishIds });
        }

        if (valid.length > 0) {
          const top = await topPosition(tx, categories, scope);
          await bulkInsert(tx, categories, [
            [categories.id, 'text', valid.map((c) => c.id)],
            [categories.restaurantId, 'text', valid.map(() => scope.restaurantId)],
            [categories.name, 'text', valid.map((c) => c.name)],
            [categories.isAvailable, 'boolean', valid.map((c) => c.isAvailable)],
            [categories.position, 'int', valid.map((_, index) => top - valid.length + index)],
          ]);
          const links = valid.flatMap((c) =>
            c.dishIds.map((dishId, position) => ({ categoryId: c.id, dishId, position })),
          );
          await insertLinks(tx, links);
          if (menuId) {
            const [last] = await tx
              .select({ value: max(menuCategories.position) })
              .from(menuCategories)
              .where(eq(menuCategories.menuId, menuId));
            const start = (last?.value ?? -1) + 1;
            await bulkInsert(tx, menuCategories, [
              [menuCategories.menuId, 'text', valid.map(() => menuId)],
              [menuCategories.categoryId, 'text', valid.map((c) => c.id)],
              [menuCategories.position, 'int', valid.map((_, index) => start + index)],
            ]);
          }
        }
        return report.result(messages.csvCategoriesUploaded(valid.length));
      });
    },

    async importDishes(caller, { file }) {
      const rows = readCsv(file, { required: ['name', 'price'] });
      const scope = await scopeOf(db, caller);
      return db.transaction(async (tx) => {
        await lockImports(tx, scope);
        const existingDishes = await visibleByName(tx, dishes, scope);
        const knownIngredients = await visibleIngredients(tx, scope);
        const knownCategories = await visibleByName(tx, categories, scope);
        const report = new CsvReport();
        const kept = screenNames(rows, new Set(existingDishes.keys()), report);

        // Created once however many rows name them, in the order the file first names them.
        const newIngredients = new Map<string, { id: string; name: string }>();
        const newCategories = new Map<string, { id: string; name: string }>();
        const valid: DishRow[] = [];
        for (const row of kept) {
          const problems: string[] = [];
          const fields = dishFields(row, problems);

          const categoryIds: string[] = [];
          const wantedCategories = new Map<string, { id: string; name: string }>();
          for (const name of splitList(row.cells.category)) {
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
          for (const name of splitList(row.cells.ingredients)) {
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
            for (const message of problems) report.error(row.row, message);
            continue;
          }
          for (const [key, value] of wantedCategories) newCategories.set(key, value);
          for (const [key, value] of wantedIngredients) newIngredients.set(key, value);
          valid.push({ ...fields, id: newId(), categoryIds, ingredientIds });
        }

        if (valid.length > 0) await writeDishes(tx, scope, valid, newIngredients, newCategories);
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
  const alcohol = (cells.alcoholPercentage ?? '').replace(/\s*%$/, '');
  const caloriesOk = calories === '' || /^[-+]?\d+$/.test(calories);
  const alcoholOk = alcohol === '' || /^[-+]?\d+(\.\d+)?$/.test(alcohol);
  const parsed = dishInputSchema.safeParse({
    name: cells.name ?? '',
    price: cells.price ?? '',
    description: cells.description ?? '',
    calories: caloriesOk ? calories : null,
    alcoholPercentage: alcoholOk ? alcohol : null,
  });
  const isAvailable = readAvailable(cells.available);

  // In the column order of the file format: name, price, description, calories, alcohol, available.
  const order = ['name', 'price', 'description', 'calories', 'alcoholPercentage'];
  const found = (parsed.error?.issues ?? []).map((issue) => ({
    at: order.indexOf(String(issue.path[0])),
    message: issue.message,
  }));
  if (!caloriesOk) found.push({ at: 3, message: messages.csvCaloriesInvalid });
  if (!alcoholOk) found.push({ at: 4, message: messages.csvAlcoholInvalid });
  if (isAvailable === null) found.push({ at: 5, message: messages.csvAvailableInvalid });
  found.sort((a, b) => a.at - b.at);
  problems.push(...found.map((f) => f.message));
  if (!parsed.success || found.length > 0 || isAvailable === null) return null;
  return {
    name: parsed.data.name,
    description: plainTextToHtml(parsed.data.description),
    price: parsed.data.price,
    calories: parsed.data.calories,
    alcoholPercentage: parsed.data.alcoholPercentage,
    isAvailable,
  };
}

async function writeDishes(
  tx: Tx,
  scope: RestaurantScope,
  valid: DishRow[],
  newIngredients: Map<string, { id: string; name: string }>,
  newCategories: Map<string, { id: string; name: string }>,
): Promise<void> {
  const restaurantId = scope.restaurantId;
  // Ingredient ids chosen here may lose to a name a form created meanwhile: use that one instead.
  const ingredientId = new Map<string, string>();
  if (newIngredients.size > 0) {
    const fresh = [...newIngredients.values()];
    const start = (await endPosition(tx, ingredients, scope)) + 1;
    const made = new Set(
      await bulkInsert(
        tx,
        ingredients,
        [
          [ingredients.id, 'text', fresh.map((i) => i.id)],
          [ingredients.restaurantId, 'text', fresh.map(() => restaurantId)],
          [ingredients.name, 'text', fresh.map((i) => i.name)],
          [ingredients.position, 'int', fresh.map((_, index) => start + index)],
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
            inArray(
              sql`lower(${ingredients.name})`,
              lost.map((ingredient) => nameKey(ingredient.name)),
            ),
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
    await bulkInsert(tx, categories, [
      [categories.id, 'text', fresh.map((c) => c.id)],
      [categories.restaurantId, 'text', fresh.map(() => restaurantId)],
      [categories.name, 'text', fresh.map((c) => c.name)],
      [categories.position, 'int', fresh.map((_, index) => top - fresh.length + index)],
    ]);
  }

  const top = await topPosition(tx, dishes, scope);
  await bulkInsert(tx, dishes, [
    [dishes.id, 'text', valid.map((d) => d.id)],
    [dishes.restaurantId, 'text', valid.map(() => restaurantId)],
    [dishes.name, 'text', valid.map((d) => d.name)],
    [dishes.description, 'text', valid.map((d) => d.description)],
    [dishes.price, 'numeric', valid.map((d) => d.price)],
    [dishes.calories, 'int', valid.map((d) => d.calories)],
    [dishes.alcoholPercentage, 'numeric', valid.map((d) => d.alcoholPercentage)],
    [dishes.isAvailable, 'boolean', valid.map((d) => d.isAvailable)],
    [dishes.position, 'int', valid.map((_, index) => top - valid.length + index)],
  ]);

  const uses = valid.flatMap((dish) =>
    dish.ingredientIds.map((id, position) => ({
      dishId: dish.id,
      ingredientId: ingredientId.get(id) ?? id,
      position,
    })),
  );
  if (uses.length > 0) {
    await bulkInsert(
      tx,
      dishIngredients,
      [
        [dishIngredients.dishId, 'text', uses.map((u) => u.dishId)],
        [dishIngredients.ingredientId, 'text', uses.map((u) => u.ingredientId)],
        [dishIngredients.position, 'int', uses.map((u) => u.position)],
      ],
      // Two names of one cell may have met the same ingredient a form created meanwhile.
      { skipConflicts: true },
    );
  }

  // Like a dish created with the form, an imported dish goes to the top of its categories' own
  // order (doc 1 §4); several keep their file order there.
  const categoryIds = [...new Set(valid.flatMap((dish) => dish.categoryIds))];
  if (categoryIds.length > 0) {
    const first = new Map<string, number>();
    const current = await tx
      .select({ categoryId: categoryDishes.categoryId, first: min(categoryDishes.position) })
      .from(categoryDishes)
      .where(inArray(categoryDishes.categoryId, categoryIds))
      .groupBy(categoryDishes.categoryId);
    for (const row of current) first.set(row.categoryId, row.first ?? 0);
    const joining = new Map<string, string[]>();
    for (const dish of valid) {
      for (const categoryId of dish.categoryIds)
        joining.set(categoryId, [...(joining.get(categoryId) ?? []), dish.id]);
    }
    const links = [...joining].flatMap(([categoryId, dishIds]) => {
      const top = first.get(categoryId) ?? 0;
      return dishIds.map((dishId, index) => ({ categoryId, dishId, position: top - dishIds.length + index }));
    });
    await insertLinks(tx, links);
  }
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

/** Records visible to the caller by lower-cased name: own first, then the parent's; lowest position first. */
async function visibleByName(tx: Tx, table: Named, scope: RestaurantScope) {
  const rows = await tx
    .select({ id: table.id, name: table.name, restaurantId: table.restaurantId, position: table.position })
    .from(table)
    .where(inArray(table.restaurantId, scope.visibleIds));
  rows.sort(
    (a, b) =>
      Number(a.restaurantId !== scope.restaurantId) - Number(b.restaurantId !== scope.restaurantId) ||
      a.position - b.position,
  );
  const byName = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!byName.has(nameKey(row.name))) byName.set(nameKey(row.name), row);
  return byName;
}

async function visibleIngredients(tx: Tx, scope: RestaurantScope) {
  const rows = await tx
    .select({
      id: ingredients.id,
      name: ingredients.name,
      parentId: ingredients.parentId,
      restaurantId: ingredients.restaurantId,
    })
    .from(ingredients)
    .where(inArray(ingredients.restaurantId, scope.visibleIds));
  rows.sort(
    (a, b) => Number(a.restaurantId !== scope.restaurantId) - Number(b.restaurantId !== scope.restaurantId),
  );
  const byName = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!byName.has(nameKey(row.name))) byName.set(nameKey(row.name), row);
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
function ingredientName(cell: string | undefined, row: number, report: CsvReport): string | null {
  if (!cell?.trim()) {
    report.error(row, messages.ingredientNameRequired);
    return null;
  }
  const parsed = ingredientNameField.safeParse(cell);
  if (reportIssues(report, row, parsed.error?.issues)) return null;
  return parsed.data ?? null;
}

type Column = [column: AnyPgColumn, type: 'text' | 'int' | 'numeric' | 'boolean', values: unknown[]];

/**
 * A bulk insert as one `INSERT … SELECT FROM unnest(…)`: one array parameter per column, so a
 * thousand dishes cost one statement and a handful of parameters instead of ten thousand. Answers
 * the ids of the rows written (with `skipConflicts`, those that did not clash with a unique name).
 */
async function bulkInsert(
  tx: Tx,
  table: PgTable,
  columns: Column[],
  options: { skipConflicts?: boolean } = {},
): Promise<string[]> {
  if ((columns[0]?.[2].length ?? 0) === 0) return [];
  const names = sql.join(
    columns.map(([column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const arrays = sql.join(
    columns.map(([, type, values]) => sql`${sql.param(values)}::${sql.raw(type)}[]`),
    sql`, `,
  );
  const hasId = columns.some(([column]) => column.name === 'id');
  const result = await tx.execute<{ id: string }>(
    sql`insert into ${table} (${names}) select * from unnest(${arrays})${
      options.skipConflicts ? sql` on conflict do nothing` : sql``
    }${hasId ? sql` returning id` : sql``}`,
  );
  return result.rows.map((row) => row.id);
}

/** Dishes joining categories, at the given positions. */
async function insertLinks(tx: Tx, links: { categoryId: string; dishId: string; position: number }[]) {
  await bulkInsert(tx, categoryDishes, [
    [categoryDishes.categoryId, 'text', links.map((l) => l.categoryId)],
    [categoryDishes.dishId, 'text', links.map((l) => l.dishId)],
    [categoryDishes.position, 'int', links.map((l) => l.position)],
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
