import {
  type DietaryLists,
  type DietaryRename,
  type DietaryType,
  dietaryTypeLabels,
  dietaryTypes,
  emptyDietary,
  isAdminRole,
  messages,
} from '@carte/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Caller } from '../../core/caller.ts';
import { ForbiddenError, InvalidError, NotFoundError } from '../../core/errors.ts';
import type { PublicMenuChanges } from '../../core/public-menu-changes.ts';
import { assertWritable } from '../../core/restaurant-scope.ts';
import type { Tx } from '../../core/transaction.ts';
import type { Db } from '../../db/connect.ts';
import { scopeOf } from '../../db/restaurant-scope.ts';
import { dishes, restaurants, settings } from '../../db/schema.ts';
import { recordAudit } from '../identity/index.ts';

type Executor = Db | Tx;

/** The `app_settings` key of the platform's lists (doc 3 §2.2, edited by admins). */
const SETTINGS_KEY = 'dietary';

/** What a fresh platform offers until an admin edits the lists. */
export const defaultPlatformDietary: DietaryLists = {
  diets: ['Vegan', 'Vegetarian', 'Pescatarian', 'Keto', 'Paleo', 'Gluten free', 'Halal', 'Kosher'],
  foodTypes: [
    'Gluten',
    'Crustaceans',
    'Eggs',
    'Fish',
    'Peanuts',
    'Soy',
    'Milk',
    'Tree nuts',
    'Celery',
    'Mustard',
    'Sesame',
    'Sulphites',
    'Lupin',
    'Molluscs',
  ],
  other: ['Spicy', 'Organic', 'Local', 'Raw'],
};

export interface DietaryView {
  admin: DietaryLists;
  own: DietaryLists;
}

export interface DietaryUpdate {
  name: string;
  type: DietaryType;
  defaultValue?: string | null;
  dish_id?: string | null;
}

const key = (value: string) => value.trim().toLowerCase();

/** The platform's lists are the staff's (doc 3 §2.2); the route checks the role too. */
function requireStaff(caller: Caller): void {
  if (!isAdminRole(caller.role)) throw new ForbiddenError();
}

const asLists = (value: unknown): DietaryLists => {
  const lists = emptyDietary();
  if (value && typeof value === 'object') {
    for (const type of dietaryTypes) {
      const list = (value as Record<string, unknown>)[type];
      if (Array.isArray(list)) lists[type] = list.filter((item): item is string => typeof item === 'string');
    }
  }
  return lists;
};

/**
 * Dietary considerations (doc 1 §3, doc 2 §5): the platform's lists (admin) plus each restaurant's
 * own additions, which owners add, rename and delete from the dish form. A rename or a deletion
 * follows into every dish of the restaurant.
 */
export function createDietaryService(deps: { db: Db; publicMenu: PublicMenuChanges }) {
  const { db, publicMenu } = deps;

  /** The platform lists, seeded with sensible defaults on first read. */
  async function platformLists(executor: Executor = db, lock = false): Promise<DietaryLists> {
    const query = executor.select().from(settings).where(eq(settings.key, SETTINGS_KEY));
    const [row] = lock ? await query.for('update') : await query;
    if (row) return asLists(row.value);
    await executor
      .insert(settings)
      .values({ key: SETTINGS_KEY, value: defaultPlatformDietary })
      .onConflictDoNothing();
    const [seeded] = await executor.select().from(settings).where(eq(settings.key, SETTINGS_KEY));
    return asLists(seeded?.value ?? defaultPlatformDietary);
  }

  async function ownLists(executor: Executor, restaurantId: string, lock = false): Promise<DietaryLists> {
    const query = executor
      .select({ dietary: restaurants.dietary })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    const [row] = lock ? await query.for('update') : await query;
    return asLists(row?.dietary);
  }

  /** Rewrites the chosen names of one type in every dish of a restaurant. */
  async function rewriteDishes(
    tx: Tx,
    restaurantId: string,
    type: DietaryType,
    change: (selected: string[]) => string[],
  ) {
    const rows = await tx
      .select({ id: dishes.id, dietary: dishes.dietary })
      .from(dishes)
      .where(eq(dishes.restaurantId, restaurantId));
    for (const row of rows) {
      const before = row.dietary.selected?.[type] ?? [];
      const after = change(before);
      if (after.length === before.length && after.every((value, index) => value === before[index])) continue;
      await tx
        .update(dishes)
        .set({ dietary: { ...row.dietary, selected: { ...row.dietary.selected, [type]: after } } })
        .where(eq(dishes.id, row.id));
    }
  }

  return {
    platformLists,

    /** A restaurant's own additions. */
    ownLists: (restaurantId: string) => ownLists(db, restaurantId),

    /** Both lists, for the dish form (doc 1 §7 "dietary considerations load"). */
    async read(caller: Caller): Promise<DietaryView> {
      const scope = await scopeOf(db, caller);
      return { admin: await platformLists(), own: await ownLists(db, scope.restaurantId) };
    },

    /** GET /admin/dietary: the platform's lists, for staff (an admin has no restaurant, no `own`). */
    async platform(caller: Caller): Promise<DietaryLists> {
      requireStaff(caller);
      return platformLists();
    },

    /**
     * The admin's three lists (doc 3 §2.2, POST /admin/dietary/create): what every restaurant's dish
     * form offers from now on. A tag removed stays on the dishes that chose it (the public menu shows
     * it until the owner edits the dish). A tag renamed (`renames`) is renamed on every dish of every
     * restaurant that chose it (`dishes.dietary.admin`; a restaurant's own tags live in `selected` and
     * are not touched) and in the filter cards' default names, in the same transaction as the lists.
     * Staff only, and written to the staff audit.
     */
    async savePlatform(
      caller: Caller,
      input: DietaryLists & { renames?: DietaryRename[] | undefined },
    ): Promise<DietaryLists> {
      requireStaff(caller);
      const cleaned = emptyDietary();
      for (const type of dietaryTypes)
        cleaned[type] = unique(input[type].map((item) => item.trim()).filter(Boolean));
      const renames = input.renames ?? [];
      const touched = await db.transaction(async (tx) => {
        const before = renames.length > 0 ? await platformLists(tx, true) : emptyDietary();
        assertRenames(renames, before, cleaned);
        await tx
          .insert(settings)
          .values({ key: SETTINGS_KEY, value: cleaned })
          .onConflictDoUpdate({ target: settings.key, set: { value: cleaned, updatedAt: new Date() } });
        const restaurantIds = renames.length > 0 ? await renameOnDishes(tx, renames) : [];
        await recordAudit(tx, {
          actor: { id: caller.userId, username: caller.username },
          action: 'save-dietary',
          target: null,
          ...(renames.length > 0
            ? {
                detail: `renamed ${renames.map((r) => `${r.type}: ${r.from} → ${r.to}`).join(', ')} on the dishes of ${restaurantIds.length} restaurant(s)`,
              }
            : {}),
        });
        return restaurantIds;
      });
      for (const restaurantId of touched) publicMenu.changed(restaurantId);
      return cleaned;
    },

    /**
     * Without `defaultValue`, adds `name` to the restaurant's own list (and selects it on `dish_id`);
     * with it, renames that entry in the list and in every dish (doc 2 §5).
     */
    async update(caller: Caller, input: DietaryUpdate): Promise<DietaryView> {
      const scope = await scopeOf(db, caller);
      const name = input.name.trim();
      const previous = input.defaultValue?.trim() || null;
      const admin = await platformLists();
      const own = await db.transaction(async (tx) => {
        const lists = await ownLists(tx, scope.restaurantId, true);
        const list = lists[input.type];
        if (previous) {
          const index = list.findIndex((item) => key(item) === key(previous));
          if (index < 0) {
            if (admin[input.type].some((item) => key(item) === key(previous))) {
              throw new InvalidError(messages.dietaryPlatformReadOnly);
            }
            throw new NotFoundError();
          }
          const clash =
            admin[input.type].some((item) => key(item) === key(name)) ||
            list.some((item, at) => at !== index && key(item) === key(name));
          if (clash) throw new InvalidError(messages.dietaryExists);
          const old = list[index]!;
          list[index] = name;
          await rewriteDishes(tx, scope.restaurantId, input.type, (selected) =>
            unique(selected.map((item) => (item === old ? name : item))),
          );
        } else {
          const exists = [...admin[input.type], ...list].some((item) => key(item) === key(name));
          if (exists) throw new InvalidError(messages.dietaryInList(name, dietaryTypeLabels[input.type]));
          if (input.dish_id) {
            const [dish] = await tx
              .select({ id: dishes.id, restaurantId: dishes.restaurantId, dietary: dishes.dietary })
              .from(dishes)
              .where(and(eq(dishes.id, input.dish_id), inArray(dishes.restaurantId, scope.visibleIds)));
            const target = assertWritable(scope, dish);
            const selected = target.dietary.selected ?? emptyDietary();
            await tx
              .update(dishes)
              .set({
                dietary: {
                  ...target.dietary,
                  selected: { ...selected, [input.type]: unique([...(selected[input.type] ?? []), name]) },
                },
              })
              .where(eq(dishes.id, target.id));
          }
          list.push(name);
        }
        await tx.update(restaurants).set({ dietary: lists }).where(eq(restaurants.id, scope.restaurantId));
        return lists;
      });
      publicMenu.changed(scope.restaurantId);
      return { admin, own };
    },

    /** Removes an own entry from the list and from every dish; platform entries stay (400). */
    async remove(caller: Caller, input: { type: DietaryType; name: string }): Promise<DietaryView> {
      const scope = await scopeOf(db, caller);
      const admin = await platformLists();
      const own = await db.transaction(async (tx) => {
        const lists = await ownLists(tx, scope.restaurantId, true);
        const list = lists[input.type];
        const index = list.findIndex((item) => key(item) === key(input.name));
        if (index < 0) {
          if (admin[input.type].some((item) => key(item) === key(input.name))) {
            throw new InvalidError(messages.dietaryPlatformReadOnly);
          }
          throw new NotFoundError();
        }
        const [removed] = list.splice(index, 1);
        await rewriteDishes(tx, scope.restaurantId, input.type, (selected) =>
          selected.filter((item) => item !== removed),
        );
        await tx.update(restaurants).set({ dietary: lists }).where(eq(restaurants.id, scope.restaurantId));
        return lists;
      });
      publicMenu.changed(scope.restaurantId);
      return { admin, own };
    },
  };
}

const unique = (values: string[]) => [...new Set(values)];

/**
 * A rename must name a tag of the lists saved before (`from`, gone from the lists sent) and a tag of
 * the lists sent (`to`), each at most once per type; otherwise the page was stale (400).
 */
function assertRenames(renames: DietaryRename[], before: DietaryLists, after: DietaryLists): void {
  const has = (list: string[], name: string) => list.some((item) => key(item) === key(name));
  const seen = new Set<string>();
  for (const rename of renames) {
    const from = `${rename.type}\u0000from\u0000${key(rename.from)}`;
    const to = `${rename.type}\u0000to\u0000${key(rename.to)}`;
    const valid =
      has(before[rename.type], rename.from) &&
      (!has(after[rename.type], rename.from) || key(rename.from) === key(rename.to)) &&
      has(after[rename.type], rename.to) &&
      !seen.has(from) &&
      !seen.has(to);
    if (!valid) throw new InvalidError(messages.dietaryRenameStale);
    seen.add(from).add(to);
  }
}

/**
 * Renames platform tags on every dish that chose them (`dietary.admin`, per type, order kept, no
 * repeats) and in every filter card's default names, unless the restaurant has an own tag of the old
 * name (then the card's name is its own). Answers the restaurants whose dishes or card changed.
 */
async function renameOnDishes(tx: Tx, renames: DietaryRename[]): Promise<string[]> {
  const touched = new Set<string>();
  for (const type of dietaryTypes) {
    const map = renames
      .filter((rename) => rename.type === type)
      .map((rename) => ({ from: key(rename.from), to: rename.to.trim() }));
    if (map.length === 0) continue;
    const mapJson = JSON.stringify(map);
    const rows = await tx.execute<{ restaurant_id: string }>(sql`
      update dishes d
         set dietary = jsonb_set(d.dietary, ${`{admin,${type}}`}::text[], (
               select coalesce(jsonb_agg(named.name order by named.first), '[]'::jsonb)
                 from (select coalesce(m."to", e.value) as name, min(e.ord) as first
                         from jsonb_array_elements_text(d.dietary->'admin'->${type}::text) with ordinality e(value, ord)
                         left join jsonb_to_recordset(${mapJson}::jsonb) m("from" text, "to" text)
                           on lower(btrim(e.value)) = m."from"
                        group by 1) named)),
             updated_at = now()
       where jsonb_typeof(d.dietary->'admin'->${type}::text) = 'array'
         and exists (select 1
                       from jsonb_array_elements_text(d.dietary->'admin'->${type}::text) e(value)
                       join jsonb_to_recordset(${mapJson}::jsonb) m("from" text, "to" text)
                         on lower(btrim(e.value)) = m."from")
      returning d.restaurant_id`);
    for (const row of rows.rows) touched.add(row.restaurant_id);
  }
  const map = renames.map((rename) => ({ from: key(rename.from), to: rename.to.trim() }));
  const mapJson = JSON.stringify(map);
  const cards = await tx.execute<{ id: string }>(sql`
    update restaurants r
       set filter_options = jsonb_set(r.filter_options, '{dietaryConsiderations}', (
             select coalesce(jsonb_agg(named.name order by named.first), '[]'::jsonb)
               from (select coalesce(m."to", e.value) as name, min(e.ord) as first
                       from jsonb_array_elements_text(r.filter_options->'dietaryConsiderations') with ordinality e(value, ord)
                       left join jsonb_to_recordset(${mapJson}::jsonb) m("from" text, "to" text)
                         on lower(btrim(e.value)) = m."from"
                        and not exists (select 1
                                          from jsonb_each(coalesce(r.dietary, '{}'::jsonb)) own(type, names),
                                               jsonb_array_elements_text(case jsonb_typeof(own.names) when 'array' then own.names else '[]'::jsonb end) o(name)
                                         where lower(btrim(o.name)) = m."from")
                      group by 1) named)),
           updated_at = now()
     where jsonb_typeof(r.filter_options->'dietaryConsiderations') = 'array'
       and exists (select 1
                     from jsonb_array_elements_text(r.filter_options->'dietaryConsiderations') e(value)
                     join jsonb_to_recordset(${mapJson}::jsonb) m("from" text, "to" text)
                       on lower(btrim(e.value)) = m."from")
    returning r.id`);
  for (const row of cards.rows) touched.add(row.id);
  return [...touched];
}

export type DietaryService = ReturnType<typeof createDietaryService>;
