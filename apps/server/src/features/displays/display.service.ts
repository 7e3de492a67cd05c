import {
  canArrangeLocations,
  isClientMadeId,
  LAYOUT_LIMITS,
  type Layout,
  type LayoutInputParsed,
  layoutMenuIds,
  messages,
} from '@carte/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { Caller } from '../../core/caller.ts';
import { ForbiddenError, InvalidError, NotFoundError } from '../../core/errors.ts';
import type { PublicMenuChanges } from '../../core/public-menu-changes.ts';
import { type RestaurantScope, readsMenu, scopeFor } from '../../core/restaurant-scope.ts';
import type { Db } from '../../db/connect.ts';
import { newId } from '../../db/ids.ts';
import { scopeOf } from '../../db/restaurant-scope.ts';
import { displayZones, menuDisplayMenus, menuDisplays, menus, restaurants } from '../../db/schema.ts';
import { type LocationRows, presentLayout } from './display.presenter.ts';

export interface DisplayServiceDeps {
  db: Db;
  storage: Storage;
  publicUrl: string;
  now: () => Date;
  publicMenu: PublicMenuChanges;
}

/**
 * The restaurants whose layouts a caller arranges, each with the scope its displays' menus are read
 * in: its own first, then, for a parent restaurant, its locations (decisions, "Menu displays (issue
 * 15)"). `withheld` are the parent's locations the caller may not arrange (a member without the
 * `restaurant` flag): naming one answers 403 rather than 404.
 */
interface Arrangeable {
  scopes: RestaurantScope[];
  withheld: Set<string>;
}

/**
 * The layout editor's data (doc 2 §2, §3, §7 `/maps`). Each location (a restaurant) holds zones,
 * displays and their menus; a location's tree is read and saved whole. A parent restaurant arranges
 * its locations' trees too. Every id in a save is checked against the location it is sent for:
 * stored zones and displays must be that location's own, menus its own or inherited from its parent
 * (decisions §4, read-only inheritance: placing a parent's menu does not change it).
 */
export function createDisplayService(deps: DisplayServiceDeps) {
  const { db, storage, publicUrl, now } = deps;

  async function arrangeable(caller: Caller): Promise<Arrangeable> {
    const own = await scopeOf(db, caller);
    // A location has no locations of its own (decisions, "Locations"): it arranges itself only.
    if (own.parentId !== null) return { scopes: [own], withheld: new Set() };
    // A franchise (a location held by another person, `parent_drafts` false since its transfer)
    // arranges its own displays: the parent lists only the locations one person holds with it.
    const locations = await db
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(and(eq(restaurants.parentId, own.restaurantId), eq(restaurants.parentDrafts, true)))
      .orderBy(asc(restaurants.createdAt), asc(restaurants.id));
    if (!canArrangeLocations(caller.permissions)) {
      return { scopes: [own], withheld: new Set(locations.map((location) => location.id)) };
    }
    return {
      scopes: [own, ...locations.map((location) => scopeFor(location.id, own.restaurantId, true))],
      withheld: new Set(),
    };
  }

  /** The trees of these locations, in this order, each with the menus its displays may hold. */
  async function read(scopes: RestaurantScope[]): Promise<Layout> {
    const ids = scopes.map((scope) => scope.restaurantId);
    const names = new Map(
      (
        await db
          .select({ id: restaurants.id, name: restaurants.name })
          .from(restaurants)
          .where(inArray(restaurants.id, ids))
      ).map((row) => [row.id, row]),
    );
    if (!names.has(ids[0]!)) throw new NotFoundError();
    const zones = await db
      .select()
      .from(displayZones)
      .where(inArray(displayZones.restaurantId, ids))
      .orderBy(asc(displayZones.position), asc(displayZones.createdAt));
    const displays = await db
      .select()
      .from(menuDisplays)
      .where(inArray(menuDisplays.restaurantId, ids))
      .orderBy(asc(menuDisplays.position), asc(menuDisplays.createdAt));
    const menuColumns = {
      id: menus.id,
      name: menus.name,
      cover: menus.cover,
      draft: menus.draft,
      restaurantId: menus.restaurantId,
    };
    const entries = displays.length
      ? await db
          .select({ displayId: menuDisplayMenus.displayId, menu: menuColumns })
          .from(menuDisplayMenus)
          .innerJoin(menus, eq(menus.id, menuDisplayMenus.menuId))
          .innerJoin(menuDisplays, eq(menuDisplays.id, menuDisplayMenus.displayId))
          .where(inArray(menuDisplays.restaurantId, ids))
          .orderBy(asc(menuDisplayMenus.position))
      : [];
    // The panel's menus: every listed location's own and its parent's, in the menu list's order.
    const owners = [...new Set(scopes.flatMap((scope) => scope.visibleIds))];
    const candidates = await db
      .select(menuColumns)
      .from(menus)
      .where(inArray(menus.restaurantId, owners))
      .orderBy(asc(menus.position), asc(menus.createdAt), asc(menus.id));
    const displayOwner = new Map(displays.map((display) => [display.id, display.restaurantId]));

    const locations: LocationRows[] = [];
    for (const scope of scopes) {
      const restaurant = names.get(scope.restaurantId);
      if (!restaurant) continue;
      const readable = candidates.filter((menu) => readsMenu(scope, menu));
      locations.push({
        restaurant,
        zones: zones.filter((zone) => zone.restaurantId === scope.restaurantId),
        displays: displays.filter((display) => display.restaurantId === scope.restaurantId),
        entries: entries.filter((entry) => displayOwner.get(entry.displayId) === scope.restaurantId),
        // Own first, then the parent's (the menu list's order, decisions "Big lists").
        available: [
          ...readable.filter((menu) => menu.restaurantId === scope.restaurantId),
          ...readable.filter((menu) => menu.restaurantId !== scope.restaurantId),
        ],
      });
    }
    return presentLayout({ storage, publicUrl, locations });
  }

  return {
    /** GET /maps: the caller's location, then (a parent's) its locations, with their trees. */
    async layout(caller: Caller): Promise<Layout> {
      return read((await arrangeable(caller)).scopes);
    },

    /**
     * POST /maps {locations}: replaces the tree of each listed location in one transaction (a location
     * left out keeps its tree) and answers the whole layout as GET does. Ids containing a dash were
     * made by the browser and get real ids (doc 2 §3); a stored id must be one of that location's own
     * zones or displays (404 otherwise, revealing nothing of others).
     */
    async save(caller: Caller, input: LayoutInputParsed): Promise<Layout> {
      const { scopes, withheld } = await arrangeable(caller);
      const scopeById = new Map(scopes.map((scope) => [scope.restaurantId, scope]));
      const listed = new Set<string>();
      for (const location of input.locations) {
        if (!scopeById.has(location._id)) {
          // A location of the caller's restaurant that the caller's flags do not reach; anything
          // else (another restaurant, a sibling, the parent of a location) is not found.
          if (withheld.has(location._id)) throw new ForbiddenError();
          throw new NotFoundError();
        }
        if (listed.has(location._id)) throw new InvalidError(messages.layoutIdRepeated);
        listed.add(location._id);
      }

      // Ids sent: none twice in the whole save, stored ones checked below; menus none twice in one display.
      const seen = new Set<string>();
      const claim = (id: string | undefined) => {
        if (id === undefined || isClientMadeId(id)) return;
        if (seen.has(id)) throw new InvalidError(messages.layoutIdRepeated);
        seen.add(id);
      };
      const menuIdsOf = new Map<string, Set<string>>();
      for (const location of input.locations) {
        if (location.zones.reduce((total, zone) => total + zone.maps.length, 0) > LAYOUT_LIMITS.displays) {
          throw new InvalidError(messages.layoutTooLarge);
        }
        const menuIds = new Set<string>();
        for (const zone of location.zones) {
          claim(zone._id);
          for (const display of zone.maps) {
            claim(display._id);
            const ids = layoutMenuIds(display.menus);
            if (new Set(ids).size !== ids.length) throw new InvalidError(messages.menuAlreadyInMap);
            for (const id of ids) menuIds.add(id);
          }
        }
        menuIdsOf.set(location._id, menuIds);
      }
      const ids = [...listed].sort();

      if (ids.length > 0) {
        await db.transaction(async (tx) => {
          // One save at a time per restaurant: a tree is replaced, so two must not interleave. The
          // rows are locked in one stable order (by id), so a parent's save and a location's own
          // never wait for each other in a circle.
          await tx
            .select({ id: restaurants.id })
            .from(restaurants)
            .where(inArray(restaurants.id, ids))
            .orderBy(asc(restaurants.id))
            .for('update');

          const storedZones = new Map(
            (
              await tx
                .select({ id: displayZones.id, restaurantId: displayZones.restaurantId })
                .from(displayZones)
                .where(inArray(displayZones.restaurantId, ids))
            ).map((row) => [row.id, row.restaurantId]),
          );
          const storedDisplays = new Map(
            (
              await tx
                .select({ id: menuDisplays.id, restaurantId: menuDisplays.restaurantId })
                .from(menuDisplays)
                .where(inArray(menuDisplays.restaurantId, ids))
            ).map((row) => [row.id, row.restaurantId]),
          );
          // A stored id must be the location's own: another location's zone is not moved across.
          const stored = (id: string | undefined, known: Map<string, string>, restaurantId: string) => {
            if (id === undefined || isClientMadeId(id)) return newId(now().getTime());
            if (known.get(id) !== restaurantId) throw new NotFoundError();
            return id;
          };
          const allMenuIds = [...new Set([...menuIdsOf.values()].flatMap((set) => [...set]))];
          const menuRows = new Map(
            allMenuIds.length
              ? (
                  await tx
                    .select({ id: menus.id, restaurantId: menus.restaurantId, draft: menus.draft })
                    .from(menus)
                    .where(inArray(menus.id, allMenuIds))
                ).map((row) => [row.id, row])
              : [],
          );

          const zoneRows: (typeof displayZones.$inferInsert)[] = [];
          const displayRows: (typeof menuDisplays.$inferInsert)[] = [];
          const entryRows: (typeof menuDisplayMenus.$inferInsert)[] = [];
          for (const location of input.locations) {
            const scope = scopeById.get(location._id)!;
            const restaurantId = scope.restaurantId;
            // Its own menus and its parent's only: a sibling location's menu is not found here.
            for (const menuId of menuIdsOf.get(restaurantId) ?? []) {
              const menu = menuRows.get(menuId);
              if (!menu || !readsMenu(scope, menu)) throw new NotFoundError(messages.notFound);
            }
            location.zones.forEach((zone, zoneIndex) => {
              const zoneId = stored(zone._id, storedZones, restaurantId);
              zoneRows.push({ id: zoneId, restaurantId, name: zone.name, position: zoneIndex });
              zone.maps.forEach((display, displayIndex) => {
                const displayId = stored(display._id, storedDisplays, restaurantId);
                displayRows.push({
                  id: displayId,
                  zoneId,
                  restaurantId,
                  name: display.name,
                  position: displayIndex,
                });
                layoutMenuIds(display.menus).forEach((menuId, position) => {
                  entryRows.push({ displayId, menuId, position });
                });
              });
            });
          }

          // Replaced whole (cascading to displays and entries); kept ids keep their addresses.
          await tx.delete(displayZones).where(inArray(displayZones.restaurantId, ids));
          if (zoneRows.length) await tx.insert(displayZones).values(zoneRows);
          if (displayRows.length) await tx.insert(menuDisplays).values(displayRows);
          if (entryRows.length) await tx.insert(menuDisplayMenus).values(entryRows);
        });
        // Each saved location's public pages (its displays' too) are built again on the next request.
        for (const id of ids) deps.publicMenu.changed(id);
      }
      return read(scopes);
    },

    /**
     * Print all (issue 15): the displays of one zone, or of a whole location, in the layout's order,
     * each named "Zone · Display", with the restaurant they belong to; null when the zone or location
     * is not one the caller arranges (its own restaurant, or a parent's location).
     */
    async displaysOf(
      caller: Caller,
      where: { zoneId?: string | undefined; locationId?: string | undefined },
    ): Promise<{ restaurantId: string; displays: { id: string; name: string }[] } | null> {
      const { scopes } = await arrangeable(caller);
      let restaurantId = where.locationId ?? scopes[0]!.restaurantId;
      if (where.zoneId !== undefined) {
        const [zone] = await db
          .select({ restaurantId: displayZones.restaurantId })
          .from(displayZones)
          .where(eq(displayZones.id, where.zoneId));
        if (!zone || (where.locationId !== undefined && zone.restaurantId !== where.locationId)) return null;
        restaurantId = zone.restaurantId;
      }
      const scope = scopes.find((entry) => entry.restaurantId === restaurantId);
      if (!scope) return null;
      const layout = await read([scope]);
      const zones = layout.locations[0]?.zones ?? [];
      const chosen = where.zoneId === undefined ? zones : zones.filter((zone) => zone._id === where.zoneId);
      return {
        restaurantId,
        displays: chosen.flatMap((zone) =>
          zone.maps.map((display) => ({ id: display._id, name: `${zone.name} · ${display.name}` })),
        ),
      };
    },

    /**
     * Is the display one the caller arranges (for its QR code)? Answers it with its restaurant (the
     * caller's own, or a parent's location), else null.
     */
    async displayOf(
      caller: Caller,
      displayId: string,
    ): Promise<{ id: string; name: string; restaurantId: string } | null> {
      const [row] = await db
        .select({ id: menuDisplays.id, name: menuDisplays.name, restaurantId: menuDisplays.restaurantId })
        .from(menuDisplays)
        .where(eq(menuDisplays.id, displayId));
      if (!row) return null;
      const { scopes } = await arrangeable(caller);
      return scopes.some((scope) => scope.restaurantId === row.restaurantId) ? row : null;
    },
  };
}

export type DisplayService = ReturnType<typeof createDisplayService>;
