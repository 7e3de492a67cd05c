import {
  clearsPicture,
  type MenuCatalog,
  menuFonts,
  menuTemplateCatalog,
  mergeTranslations,
  messages,
  type Restaurant,
  type RestaurantUpdate,
  restaurantTypeLabel,
  type Translations,
} from '@carte/domain';
import { and, eq } from 'drizzle-orm';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { Caller } from '../../core/caller.ts';
import { InvalidError, NotFoundError } from '../../core/errors.ts';
import type { PublicMenuChanges } from '../../core/public-menu-changes.ts';
import type { UploadedFile } from '../../core/uploaded-file.ts';
import type { Db } from '../../db/connect.ts';
import { scopeOf } from '../../db/restaurant-scope.ts';
import { media, restaurants } from '../../db/schema.ts';
import { dietaryTagNames } from '../../db/translation-languages.ts';
import { readIngredientDeclarations } from '../allergens/index.ts';
import { type CustomizationService, presentCustomization } from '../customizations/index.ts';
import { sanitizeRichText } from '../dishes/index.ts';
import { addUploadToLibrary, copyStoredImage, deleteImage, storeImage } from '../media/index.ts';
import {
  presentLanguages,
  presentRestaurant,
  presentSocial,
  type RestaurantRow,
  restaurantSources,
} from './restaurant.presenter.ts';

export interface RestaurantServiceDeps {
  db: Db;
  storage: Storage;
  customizations: CustomizationService;
  publicMenu: PublicMenuChanges;
  now: () => Date;
}

/**
 * The restaurant's profile (doc 2 §2 Settings, §3 Restaurant, §7 update restaurant): read by every
 * member of the restaurant, changed by those holding the `restaurant` flag (the route checks it).
 * Every query is scoped to the caller's own restaurant, taken from the session.
 */
export function createRestaurantService(deps: RestaurantServiceDeps) {
  const { db, storage, customizations, publicMenu, now } = deps;

  async function rowOf(restaurantId: string): Promise<RestaurantRow> {
    const [row] = await db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
    if (!row) throw new NotFoundError();
    return row;
  }

  async function present(row: RestaurantRow): Promise<Restaurant> {
    const [parent] = row.parentId
      ? await db
          .select({ id: restaurants.id, name: restaurants.name, social: restaurants.social })
          .from(restaurants)
          .where(eq(restaurants.id, row.parentId))
      : [];
    const own = await customizations.listOwn(row.id);
    // Each option carries its ingredient's allergens (issue 23).
    const declarations = await readIngredientDeclarations(
      db,
      row.parentId ? [row.id, row.parentId] : [row.id],
      own.flatMap((item) =>
        item.options.map((option) => option.ingredient).filter((id): id is string => !!id),
      ),
    );
    return presentRestaurant(storage, row, {
      // A location's customizations are its own (decisions §4 names menus, categories, dishes and
      // ingredients as inherited).
      customizations: own.map((item) => presentCustomization(item, (id) => declarations.whole(id))),
      parentRestaurant: parent
        ? { _id: parent.id, name: parent.name, social: presentSocial(parent.social) }
        : null,
    });
  }

  /**
   * The new logo's storage key: an uploaded file (checked by content), or a copy of an item of the
   * caller's own media library (a key of its own, so deleting the item keeps the logo). Undefined
   * when the form changes nothing about the logo.
   */
  async function newLogo(
    restaurantId: string,
    input: RestaurantUpdate,
    file: UploadedFile | undefined,
  ): Promise<string | undefined> {
    if (file) return storeImage(storage, file, 'logo');
    if (!input.logoMedia) return undefined;
    const [item] = await db
      .select({ key: media.key })
      .from(media)
      .where(and(eq(media.id, input.logoMedia), eq(media.restaurantId, restaurantId)));
    if (!item) throw new NotFoundError();
    const key = await copyStoredImage(storage, item.key, 'logo');
    if (!key) throw new NotFoundError();
    return key;
  }

  return {
    /** The caller's own restaurant (doc 1 §7 "Restaurant find"). */
    async read(caller: Caller): Promise<Restaurant> {
      const scope = await scopeOf(db, caller);
      return present(await rowOf(scope.restaurantId));
    },

    /**
     * The Settings form (doc 2 §2, §5): only the fields sent change. A new logo is stored before the
     * database write (a bad file is a 400 that changes nothing) and removed again if the write
     * fails; the replaced one is deleted once the change is committed.
     */
    async update(
      caller: Caller,
      options: { input: RestaurantUpdate; files: Record<string, UploadedFile> },
    ): Promise<Restaurant> {
      const { input, files } = options;
      const scope = await scopeOf(db, caller);
      const existing = await rowOf(scope.restaurantId);
      if (input.name === '') {
        // "{Type} name cannot be empty" (doc 2 §5) in the stored type when the form sends none.
        throw new InvalidError(
          messages.restaurantNameRequired(
            restaurantTypeLabel(input.restaurantType ?? existing.restaurantType),
          ),
        );
      }

      const logo = await newLogo(scope.restaurantId, input, files.logo);
      const clearsLogo = logo === undefined && (input.removeLogo === true || clearsPicture(input.logo));
      const set: Partial<typeof restaurants.$inferInsert> = { updatedAt: now() };
      if (input.name !== undefined) set.name = input.name;
      if (input.restaurantType !== undefined) set.restaurantType = input.restaurantType;
      if (input.description !== undefined) set.description = sanitizeRichText(input.description);
      if (input.timeZone !== undefined) set.timeZone = input.timeZone;
      if (input.menu_period_transition !== undefined) set.menuPeriodTransition = input.menu_period_transition;
      if (input.sideDishesLabel !== undefined) set.sideDishesLabel = input.sideDishesLabel;
      if (input.labelling !== undefined) set.labelling = input.labelling;
      // Languages replaced whole; a language taken out of `others` keeps its stored translations,
      // so adding it back brings them back (issue 24).
      if (input.languages !== undefined) set.languages = input.languages;
      if (input.showMachineTranslations !== undefined)
        set.showMachineTranslations = input.showMachineTranslations;
      if (input.cta !== undefined) set.cta = input.cta;
      if (input.social !== undefined) set.social = input.social;
      if (input.qrSettings !== undefined) set.qrSettings = input.qrSettings;
      if (input.selectedQrTemplate !== undefined) set.selectedQrTemplate = input.selectedQrTemplate;
      if (input.templateMeta !== undefined) set.qrTemplateMeta = withoutEmpty(input.templateMeta);
      if (logo !== undefined || clearsLogo) set.logo = logo ?? null;
      if (input.translations !== undefined) {
        // Against the texts as this update leaves them; the languages too (one save may add a
        // language and its translations). A source edit alone leaves them as they are, stale.
        const after = { ...existing, ...set } as RestaurantRow;
        set.translations = mergeTranslations(
          existing.translations,
          sanitizedDescription(input.translations),
          restaurantSources(after, await dietaryTagNames(db, scope.restaurantId, after.dietary)),
          presentLanguages(after.languages).others,
        );
      }

      try {
        await db.update(restaurants).set(set).where(eq(restaurants.id, scope.restaurantId));
      } catch (error) {
        await deleteImage(storage, logo);
        throw error;
      }
      publicMenu.changed(scope.restaurantId);
      // An uploaded logo joins the media library, for menus and QR cards (issue 22).
      if (files.logo) await addUploadToLibrary({ db, storage, now }, scope.restaurantId, files.logo);
      // The old picture goes only once the new state is committed.
      if (set.logo !== undefined && existing.logo && existing.logo !== set.logo)
        await deleteImage(storage, existing.logo);
      return present(await rowOf(scope.restaurantId));
    },

    /**
     * GET /api/restaurants/templates (doc 1 §3): the menu templates with their template_meta (which
     * colours and fonts each uses, defaults, descriptions) and the 50 fonts a menu may use, so every
     * client reads them from the server.
     */
    templates(): MenuCatalog {
      return {
        templates: menuTemplateCatalog.map((template) => ({
          ...template,
          template_meta: structuredClone(template.template_meta),
        })),
        fonts: [...menuFonts],
      };
    },
  };
}

/** The QR cards' values as stored: templates and fields with text only (empty ones are dropped). */
function withoutEmpty(
  meta: Record<string, Record<string, string | undefined> | undefined>,
): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const [slug, fields] of Object.entries(meta)) {
    const kept = Object.fromEntries(
      Object.entries(fields ?? {}).filter((entry): entry is [string, string] => Boolean(entry[1]?.trim())),
    );
    if (Object.keys(kept).length > 0) out[slug] = kept;
  }
  return out;
}

export type RestaurantService = ReturnType<typeof createRestaurantService>;

/** A translated description is rich text like its source: sanitized the same way. */
function sanitizedDescription(input: Translations): Translations {
  const out: Translations = {};
  for (const [lang, fields] of Object.entries(input)) {
    out[lang] = Object.fromEntries(
      Object.entries(fields).map(([field, text]) => [
        field,
        field === 'description' && text.trim() ? sanitizeRichText(text) : text,
      ]),
    );
  }
  return out;
}
