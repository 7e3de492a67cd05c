import {
  clearsPicture,
  type cloneSchema,
  copyName,
  defaultMenuColors,
  defaultMenuCta,
  likePattern,
  type Menu,
  type MenuSort,
  type menuInputSchema,
  type menuUpdateSchema,
  mergeTranslations,
  messages,
  type PageRequest,
  type Paginated,
  type removeCategoryFromMenuSchema,
  type reorderSchema,
  type selectCategoriesSchema,
  translationSources,
} from '@carte/domain';
import { and, asc, count, desc, eq, ilike, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { Caller } from '../../core/caller.ts';
import { ForbiddenError, NameClashError, NotFoundError, PaymentRequiredError } from '../../core/errors.ts';
import type { PublicMenuChanges } from '../../core/public-menu-changes.ts';
import { assertVisible, assertWritable, type RestaurantScope } from '../../core/restaurant-scope.ts';
import type { UploadedFile } from '../../core/uploaded-file.ts';
import type { Db } from '../../db/connect.ts';
import { lowerName, pageOrder, readPage } from '../../db/list-page.ts';
import { assertRoomFor } from '../../db/restaurant-limits.ts';
import { readableMenus, scopeOf } from '../../db/restaurant-scope.ts';
import { categories, categoryDishes, menuCategories, menus } from '../../db/schema.ts';
import { otherLanguagesOf } from '../../db/translation-languages.ts';
import { addUploadToLibrary, copyMediaImage, deleteImage, storeImage } from '../media/index.ts';
import { createMenuLister, type MenuRow, presentMenu, presentMenus } from './menu.presenter.ts';
import type { MenuCompliancePort } from './menu-compliance.ts';
import { copyImage } from './menu-images.ts';
import type { CanPublish } from './publishing.ts';

export interface MenuServiceDeps {
  db: Db;
  storage: Storage;
  canPublish: CanPublish;
  /** The labelling check every publish passes (issue 23 §5). */
  compliance: Pick<MenuCompliancePort, 'assertPublishable'>;
  now: () => Date;
  publicMenu: PublicMenuChanges;
}

import type { Tx } from '../../core/transaction.ts';

type Executor = Db | Tx;
type MenuFiles = Record<string, UploadedFile>;
type CategoryRef = { category: string; valid: boolean };

/** The first occurrence of each id wins, so a list never inserts one link twice. */
const uniqueBy = <T>(items: T[], key: (item: T) => string): T[] => {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};

/** Own menus first, then the parent's; each in its saved order, new menus at the end (doc 1 §4). */
const byListOrder = (scope: RestaurantScope) => (a: MenuRow, b: MenuRow) =>
  Number(a.restaurantId !== scope.restaurantId) - Number(b.restaurantId !== scope.restaurantId) ||
  a.position - b.position ||
  a.createdAt.getTime() - b.createdAt.getTime();

/**
 * Menus of the owner's workshop (doc 1 §3, §4, §7). Every query is scoped by the caller's restaurant;
 * a parent's menus are visible read-only (decisions §4).
 */
export function createMenuService(deps: MenuServiceDeps) {
  const { db, storage, canPublish, compliance, now, publicMenu } = deps;
  const listMenus = createMenuLister(db, storage);

  async function findMenu(scope: RestaurantScope, id: string): Promise<MenuRow | undefined> {
    const [row] = await db
      .select()
      .from(menus)
      .where(and(eq(menus.id, id), readableMenus(scope)));
    return row;
  }

  async function reload(scope: RestaurantScope, id: string): Promise<Menu> {
    return presentMenu(db, storage, scope, assertVisible(scope, await findMenu(scope, id)));
  }

  /** Categories placed in a menu must be visible to the caller (own or inherited); 404 otherwise. */
  async function assertCategoriesVisible(scope: RestaurantScope, ids: string[]): Promise<void> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    const found = await db
      .select({ id: categories.id })
      .from(categories)
      .where(and(inArray(categories.id, unique), inArray(categories.restaurantId, scope.visibleIds)));
    if (found.length !== unique.length) throw new NotFoundError();
  }

  /**
   * Going live needs a subscription (doc 1 §4): 402 "Payment not setup!" otherwise; a reseller's
   * client (and a reseller acting as one) is told to contact its account manager, who pays (issue 14).
   */
  async function assertCanPublish(scope: RestaurantScope, caller: Caller): Promise<void> {
    if (await canPublish(scope.restaurantId)) return;
    throw new PaymentRequiredError(
      caller.role === 'DMA_CLIENT' ? messages.subscribeRequiredClient : messages.paymentNotSetup,
    );
  }

  /**
   * Stores the uploaded cover and logo — or copies of the media library items picked for them
   * (doc 2 §2, media picker; a file wins over a pick) — before the database write (a bad file is a
   * 400 that changes nothing), and removes them again if that write fails; uploaded files then join
   * the media library.
   */
  async function withUploads<T>(
    scope: RestaurantScope,
    files: MenuFiles,
    picks: { coverMedia?: string; logoMedia?: string },
    write: (stored: { cover?: string; logo?: string }) => Promise<T>,
  ): Promise<T> {
    const stored: { cover?: string; logo?: string } = {};
    const discard = () =>
      Promise.all([deleteImage(storage, stored.cover), deleteImage(storage, stored.logo)]);
    let written: T;
    try {
      if (files.cover) stored.cover = await storeImage(storage, files.cover, 'cover');
      else if (picks.coverMedia)
        stored.cover = await copyMediaImage(db, storage, scope, picks.coverMedia, 'cover');
      if (files.logo) stored.logo = await storeImage(storage, files.logo, 'logo');
      else if (picks.logoMedia)
        stored.logo = await copyMediaImage(db, storage, scope, picks.logoMedia, 'logo');
      written = await write(stored);
    } catch (error) {
      await discard();
      throw error;
    }
    // Uploaded pictures join the media library, for other menus and dishes (issue 22).
    for (const file of [files.cover, files.logo]) {
      if (file) await addUploadToLibrary({ db, storage, now }, scope.restaurantId, file);
    }
    return written;
  }

  async function nextMenuPosition(tx: Executor, restaurantId: string): Promise<number> {
    const [row] = await tx
      .select({ next: sql<number>`coalesce(max(${menus.position}), -1) + 1` })
      .from(menus)
      .where(eq(menus.restaurantId, restaurantId));
    return Number(row?.next ?? 0);
  }

  /** Makes `list` the menu's categories in that order, keeping per-category schedules of those that stay. */
  async function replaceCategories(tx: Tx, menuId: string, list: CategoryRef[]): Promise<void> {
    const ids = list.map((item) => item.category);
    await tx
      .delete(menuCategories)
      .where(
        and(
          eq(menuCategories.menuId, menuId),
          ids.length > 0 ? notInArray(menuCategories.categoryId, ids) : undefined,
        ),
      );
    if (list.length === 0) return;
    await tx
      .insert(menuCategories)
      .values(
        list.map((item, position) => ({ menuId, categoryId: item.category, valid: item.valid, position })),
      )
      .onConflictDoUpdate({
        target: [menuCategories.menuId, menuCategories.categoryId],
        set: { valid: sql`excluded.valid`, position: sql`excluded.position` },
      });
  }

  async function menuCategoryIds(tx: Executor, menuId: string): Promise<string[]> {
    const rows = await tx
      .select({ categoryId: menuCategories.categoryId })
      .from(menuCategories)
      .where(eq(menuCategories.menuId, menuId))
      .orderBy(asc(menuCategories.position));
    return rows.map((row) => row.categoryId);
  }

  const sanitizeCta = (cta: { title: string; content: string; emails: string[] }) => ({
    title: cta.title,
    content: cta.content,
    emails: cta.emails.map((email) => email.trim()).filter(Boolean),
  });

  return {
    async list(caller: Caller): Promise<Menu[]> {
      const scope = await scopeOf(db, caller);
      return listMenus(scope, byListOrder(scope));
    },

    /**
     * One page of the list (issue 21): the menus whose name contains `search`, in the list's order
     * (own first, then saved order, new ones last) or by `sort` (created: newest first, name),
     * counted and cut in SQL.
     */
    async page(caller: Caller, request: PageRequest<MenuSort>): Promise<Paginated<Menu>> {
      const scope = await scopeOf(db, caller);
      const where = and(
        readableMenus(scope),
        request.search ? ilike(menus.name, likePattern(request.search)) : undefined,
      );
      const [counted] = await db.select({ total: count() }).from(menus).where(where);
      // Without a sort, the list's order: own menus first, then saved order, new ones last.
      const order = pageOrder(
        request,
        { created: [menus.createdAt, 'desc'], name: [lowerName(menus.name), 'asc'] },
        [asc(sql`${menus.restaurantId} <> ${scope.restaurantId}`), asc(menus.position), asc(menus.createdAt)],
        desc(menus.id),
      );
      return readPage(
        request,
        counted?.total ?? 0,
        (limit, offset) =>
          db
            .select()
            .from(menus)
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
        (rows) => presentMenus(db, storage, scope, rows),
      );
    },

    async get(caller: Caller, id: string): Promise<Menu> {
      return reload(await scopeOf(db, caller), id);
    },

    async create(
      caller: Caller,
      options: { input: z.output<typeof menuInputSchema>; files: MenuFiles },
    ): Promise<Menu> {
      const { input, files } = options;
      const scope = await scopeOf(db, caller);
      // A new menu is a draft unless the form asks to publish it at once (doc 1 §4).
      const draft = input.draft ?? true;
      if (!draft) await assertCanPublish(scope, caller);
      const list = uniqueBy(input.categories, (item) => item.category);
      await assertCategoriesVisible(
        scope,
        list.map((item) => item.category),
      );

      const id = await withUploads(scope, files, input, (stored) =>
        db.transaction(async (tx) => {
          await assertRoomFor(tx, 'menus', scope.restaurantId);
          const [row] = await tx
            .insert(menus)
            .values({
              restaurantId: scope.restaurantId,
              name: input.name,
              description: input.description,
              cover: stored.cover ?? null,
              logo: stored.logo ?? null,
              colors: input.colors ?? { ...defaultMenuColors },
              ...(input.fonts ? { fonts: input.fonts } : {}),
              selectedTemplate: input.selectedTemplate,
              templateMeta: input.templateMeta ?? {},
              // The issue-report emails default to the creator's own (doc 1 §3).
              showCta: input.showCTA
                ? sanitizeCta(input.showCTA)
                : { ...defaultMenuCta, emails: [caller.email] },
              displayIngredients: input.displayIngredients ?? true,
              displayDietary: input.displayDietary ?? true,
              displaySideDishes: input.displaySideDishes ?? true,
              draft,
              translations: input.translations
                ? mergeTranslations(
                    {},
                    input.translations,
                    translationSources.menu(input),
                    await otherLanguagesOf(tx, scope.restaurantId),
                  )
                : {},
              position: await nextMenuPosition(tx, scope.restaurantId),
            })
            .returning({ id: menus.id });
          await replaceCategories(tx, row!.id, list);
          // Published at once: the restaurant's labelling rules may forbid it (409, nothing kept).
          if (!draft) await compliance.assertPublishable(tx, scope.restaurantId, [row!.id]);
          return row!.id;
        }),
      );
      publicMenu.changed(scope.restaurantId);
      return reload(scope, id);
    },

    async update(
      caller: Caller,
      id: string,
      options: { input: z.output<typeof menuUpdateSchema>; files: MenuFiles },
    ): Promise<Menu> {
      const { input, files } = options;
      const scope = await scopeOf(db, caller);
      const existing = assertWritable(scope, await findMenu(scope, id));
      // Only the step from draft to published needs a subscription; unpublishing is always allowed.
      if (input.draft === false && existing.draft) await assertCanPublish(scope, caller);
      const list = input.categories ? uniqueBy(input.categories, (item) => item.category) : undefined;
      if (list)
        await assertCategoriesVisible(
          scope,
          list.map((item) => item.category),
        );

      const replaced: (string | null)[] = [];
      await withUploads(scope, files, input, (stored) =>
        db.transaction(async (tx) => {
          const set: Partial<typeof menus.$inferInsert> = { updatedAt: now() };
          if (input.name !== undefined) set.name = input.name;
          if (input.description !== undefined) set.description = input.description;
          if (input.colors) set.colors = input.colors;
          if (input.fonts) set.fonts = input.fonts;
          if (input.selectedTemplate) set.selectedTemplate = input.selectedTemplate;
          if (input.templateMeta) set.templateMeta = input.templateMeta;
          if (input.showCTA) set.showCta = sanitizeCta(input.showCTA);
          if (input.displayIngredients !== undefined) set.displayIngredients = input.displayIngredients;
          if (input.displayDietary !== undefined) set.displayDietary = input.displayDietary;
          if (input.displaySideDishes !== undefined) set.displaySideDishes = input.displaySideDishes;
          if (input.draft !== undefined) set.draft = input.draft;
          // Merged against the texts as this update leaves them; a source edit alone leaves the
          // stored translations as they are, stale by themselves (issue 24).
          if (input.translations)
            set.translations = mergeTranslations(
              existing.translations,
              input.translations,
              translationSources.menu({
                name: set.name ?? existing.name,
                description: set.description ?? existing.description,
              }),
              await otherLanguagesOf(tx, scope.restaurantId),
            );
          if (stored.cover || input.removeCover || clearsPicture(input.cover)) {
            set.cover = stored.cover ?? null;
            replaced.push(existing.cover);
          }
          if (stored.logo || input.removeLogo || clearsPicture(input.logo)) {
            set.logo = stored.logo ?? null;
            replaced.push(existing.logo);
          }
          await tx
            .update(menus)
            .set(set)
            .where(and(eq(menus.id, id), eq(menus.restaurantId, scope.restaurantId)));
          if (list) await replaceCategories(tx, id, list);
          // Checked on the menu as this update leaves it; a 409 rolls the whole update back.
          if (input.draft === false && existing.draft)
            await compliance.assertPublishable(tx, scope.restaurantId, [id]);
        }),
      );
      publicMenu.changed(scope.restaurantId);
      // Old pictures go only once the new state is committed.
      await Promise.all(replaced.map((key) => deleteImage(storage, key)));
      return reload(scope, id);
    },

    async remove(caller: Caller, id: string): Promise<string> {
      const scope = await scopeOf(db, caller);
      const existing = assertWritable(scope, await findMenu(scope, id));
      // Its category links go with it (cascade); the categories themselves stay.
      await db.delete(menus).where(and(eq(menus.id, id), eq(menus.restaurantId, scope.restaurantId)));
      publicMenu.changed(scope.restaurantId);
      await Promise.all([deleteImage(storage, existing.cover), deleteImage(storage, existing.logo)]);
      return messages.menuDeleted;
    },

    /**
     * Drag and drop on the dashboard (doc 1 §2): the order of the menu's categories and of the dishes
     * inside each category. Ids outside the menu or category answer 404 and nothing changes.
     */
    async reorder(caller: Caller, input: z.output<typeof reorderSchema>): Promise<Menu> {
      // A category's dish order belongs to the category: it needs the category flag too (doc 1 §6).
      if (input.categoryDishes.length > 0 && !caller.permissions.category) throw new ForbiddenError();
      const scope = await scopeOf(db, caller);
      const menu = assertWritable(scope, await findMenu(scope, input.menu_id));

      const current = await menuCategoryIds(db, menu.id);
      const wanted = [...new Set(input.categories)];
      if (wanted.some((categoryId) => !current.includes(categoryId))) throw new NotFoundError();
      const order = [...wanted, ...current.filter((categoryId) => !wanted.includes(categoryId))];

      const dishOrders: { categoryId: string; order: string[] }[] = [];
      const entries = uniqueBy(input.categoryDishes, (entry) => entry.categoryID);
      if (entries.length > 0) {
        const rows = await db
          .select({ id: categories.id, restaurantId: categories.restaurantId })
          .from(categories)
          .where(
            and(
              inArray(
                categories.id,
                entries.map((entry) => entry.categoryID),
              ),
              inArray(categories.restaurantId, scope.visibleIds),
            ),
          );
        for (const entry of entries) {
          assertWritable(
            scope,
            rows.find((row) => row.id === entry.categoryID),
          );
          const held = (
            await db
              .select({ dishId: categoryDishes.dishId })
              .from(categoryDishes)
              .where(eq(categoryDishes.categoryId, entry.categoryID))
              .orderBy(asc(categoryDishes.position))
          ).map((row) => row.dishId);
          const wantedDishes = [...new Set(entry.dishes)];
          if (wantedDishes.some((dishId) => !held.includes(dishId))) throw new NotFoundError();
          dishOrders.push({
            categoryId: entry.categoryID,
            order: [...wantedDishes, ...held.filter((dishId) => !wantedDishes.includes(dishId))],
          });
        }
      }

      await db.transaction(async (tx) => {
        for (const [position, categoryId] of order.entries()) {
          await tx
            .update(menuCategories)
            .set({ position })
            .where(and(eq(menuCategories.menuId, menu.id), eq(menuCategories.categoryId, categoryId)));
        }
        for (const { categoryId, order: dishOrder } of dishOrders) {
          for (const [position, dishId] of dishOrder.entries()) {
            await tx
              .update(categoryDishes)
              .set({ position })
              .where(and(eq(categoryDishes.categoryId, categoryId), eq(categoryDishes.dishId, dishId)));
          }
        }
      });
      publicMenu.changed(scope.restaurantId);
      return reload(scope, menu.id);
    },

    /** Adds categories to a menu (doc 1 §7 selectCategories): existing ones stay, new ones go last. */
    async selectCategories(caller: Caller, input: z.output<typeof selectCategoriesSchema>): Promise<Menu> {
      const scope = await scopeOf(db, caller);
      const menu = assertWritable(scope, await findMenu(scope, input.menu));
      const selected = uniqueBy(input.selected, (item) => item.category);
      await assertCategoriesVisible(
        scope,
        selected.map((item) => item.category),
      );
      await db.transaction(async (tx) => {
        const current = await menuCategoryIds(tx, menu.id);
        const added = selected.filter((item) => !current.includes(item.category));
        if (added.length === 0) return;
        const [row] = await tx
          .select({ next: sql<number>`coalesce(max(${menuCategories.position}), -1) + 1` })
          .from(menuCategories)
          .where(eq(menuCategories.menuId, menu.id));
        const start = Number(row?.next ?? 0);
        await tx
          .insert(menuCategories)
          .values(
            added.map((item, index) => ({
              menuId: menu.id,
              categoryId: item.category,
              valid: item.valid,
              position: start + index,
            })),
          )
          .onConflictDoNothing();
      });
      publicMenu.changed(scope.restaurantId);
      return reload(scope, menu.id);
    },

    async removeCategory(
      caller: Caller,
      input: z.output<typeof removeCategoryFromMenuSchema>,
    ): Promise<Menu> {
      const scope = await scopeOf(db, caller);
      const menu = assertWritable(scope, await findMenu(scope, input.menuID));
      await assertCategoriesVisible(scope, [input.categoryID]);
      await db
        .delete(menuCategories)
        .where(and(eq(menuCategories.menuId, menu.id), eq(menuCategories.categoryId, input.categoryID)));
      publicMenu.changed(scope.restaurantId);
      return reload(scope, menu.id);
    },

    /**
     * Copies a menu into the caller's restaurant as a draft named "{name} (copy)" (doc 1 §4), with the
     * same categories (references) and its own copy of the pictures. Inherited menus may be copied
     * (decisions §4). A name the caller's menus already use answers 412; the client retries.
     */
    async copy(caller: Caller, id: string, input: z.output<typeof cloneSchema>): Promise<Menu> {
      const scope = await scopeOf(db, caller);
      const source = assertVisible(scope, await findMenu(scope, id));
      const name = input.name ?? copyName(source.name);
      const [clash] = await db
        .select({ id: menus.id })
        .from(menus)
        .where(and(eq(menus.restaurantId, scope.restaurantId), sql`lower(${menus.name}) = lower(${name})`))
        .limit(1);
      if (clash) throw new NameClashError(messages.nameClash);

      const links = await db
        .select({
          categoryId: menuCategories.categoryId,
          valid: menuCategories.valid,
          adjustment: menuCategories.adjustment,
        })
        .from(menuCategories)
        .innerJoin(categories, eq(categories.id, menuCategories.categoryId))
        .where(and(eq(menuCategories.menuId, source.id), inArray(categories.restaurantId, scope.visibleIds)))
        .orderBy(asc(menuCategories.position));

      const cover = await copyImage(storage, source.cover);
      const logo = await copyImage(storage, source.logo);
      let copyId: string;
      try {
        copyId = await db.transaction(async (tx) => {
          await assertRoomFor(tx, 'menus', scope.restaurantId);
          const [row] = await tx
            .insert(menus)
            .values({
              restaurantId: scope.restaurantId,
              name,
              description: source.description,
              cover,
              logo,
              colors: source.colors,
              fonts: source.fonts,
              selectedTemplate: source.selectedTemplate,
              templateMeta: source.templateMeta,
              showCta: source.showCta,
              displayIngredients: source.displayIngredients,
              displayDietary: source.displayDietary,
              displaySideDishes: source.displaySideDishes,
              draft: true,
              valid: source.valid,
              twentyFourHours: source.twentyFourHours,
              translations: source.translations,
              position: await nextMenuPosition(tx, scope.restaurantId),
            })
            .returning({ id: menus.id });
          if (links.length > 0) {
            await tx.insert(menuCategories).values(
              links.map((link, position) => ({
                menuId: row!.id,
                categoryId: link.categoryId,
                valid: link.valid,
                adjustment: link.adjustment,
                position,
              })),
            );
          }
          return row!.id;
        });
      } catch (error) {
        await Promise.all([deleteImage(storage, cover), deleteImage(storage, logo)]);
        throw error;
      }
      publicMenu.changed(scope.restaurantId);
      return reload(scope, copyId);
    },
  };
}

export type MenuService = ReturnType<typeof createMenuService>;
