import {
  isClientMadeId,
  LAYOUT_LIMITS,
  type Layout,
  type LayoutInputParsed,
  layoutMenuIds,
  messages,
} from '@carte/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { Caller } from '../../core/caller.ts';
import { InvalidError, NotFoundError } from '../../core/errors.ts';
import type { PublicMenuChanges } from '../../core/public-menu-changes.ts';
import { readsMenu } from '../../core/restaurant-scope.ts';
import type { Db } from '../../db/connect.ts';
import { newId } from '../../db/ids.ts';
import { scopeOf } from '../../db/restaurant-scope.ts';
import { displayZones, menuDisplayMenus, menuDisplays, menus, restaurants } from '../../db/schema.ts';
import { presentLayout } from './display.presenter.ts';

export interface DisplayServiceDeps {
  db: Db;
  storage: Storage;
  publicUrl: string;
  now: () => Date;
  publicMenu: PublicMenuChanges;
}

/**
 * The layout editor's data (doc 2 §2, §3, §7 `/maps`). A restaurant's layout is one location (the
 * restaurant itself, a location of a parent included) holding zones, displays and their menus; it
 * is read and saved whole. Every id in a save is checked against the caller's own restaurant:
 * stored zones and displays must be its own, menus its own or inherited (decisions §4, read-only
 * inheritance: placing a parent's menu does not change it).
 */
export function createDisplayService(deps: DisplayServiceDeps) {
  const { db, storage, publicUrl, now } = deps;

  async function read(restaurantId: string): Promise<Layout> {
    const [restaurant] = await db
      .select({ id: restaurants.id, name: restaurants.name })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    if (!restaurant) throw new NotFoundError();
    const zones = await db
      .select()
      .from(displayZones)
      .where(eq(displayZones.restaurantId, restaurantId))
      .orderBy(asc(displayZones.position), asc(displayZones.createdAt));
    const displays = await db
      .select()
      .from(menuDisplays)
      .where(eq(menuDisplays.restaurantId, restaurantId))
      .orderBy(asc(menuDisplays.position), asc(menuDisplays.createdAt));
    const entries = displays.length
      ? await db
          .select({
            displayId: menuDisplayMenus.displayId,
            menu: {
              id: menus.id,
              name: menus.name,
              cover: menus.cover,
              draft: menus.draft,
              restaurantId: menus.restaurantId,
            },
          })
          .from(menuDisplayMenus)
          .innerJoin(menus, eq(menus.id, menuDisplayMenus.menuId))
          .where(
            inArray(
              menuDisplayMenus.displayId,
              displays.map((display) => display.id),
            ),
          )
          .orderBy(asc(menuDisplayMenus.position))
      : [];
    return presentLayout({ storage, publicUrl, restaurant, zones, displays, entries });
  }

  return {
    /** GET /maps: the caller's location with its zones, displays and their menus. */
    async layout(caller: Caller): Promise<Layout> {
      const scope = await scopeOf(db, caller);
      return read(scope.restaurantId);
    },

    /**
     * POST /maps {locations}: saves the whole tree in one transaction and answers it as GET does.
     * Ids containing a dash were made by the browser and get real ids (doc 2 §3); a stored id must be
     * one of the restaurant's own zones or displays (404 otherwise, revealing nothing of others).
     */
    async save(caller: Caller, input: LayoutInputParsed): Promise<Layout> {
      const scope = await scopeOf(db, caller);
      const locations = input.locations.filter((location) => location._id === scope.restaurantId);
      // Another restaurant's location (its own locations included: each edits its own layout).
      if (locations.length !== input.locations.length) throw new NotFoundError();
      if (locations.length > 1) throw new InvalidError(messages.layoutIdRepeated);
      const zones = locations[0]?.zones ?? [];
      if (zones.reduce((total, zone) => total + zone.maps.length, 0) > LAYOUT_LIMITS.displays) {
        throw new InvalidError(messages.layoutTooLarge);
      }

      // Ids sent: none twice, stored ones checked below; menus none twice in one display.
      const seen = new Set<string>();
      const claim = (id: string | undefined) => {
        if (id === undefined || isClientMadeId(id)) return;
        if (seen.has(id)) throw new InvalidError(messages.layoutIdRepeated);
        seen.add(id);
      };
      const menuIds = new Set<string>();
      for (const zone of zones) {
        claim(zone._id);
        for (const display of zone.maps) {
          claim(display._id);
          const ids = layoutMenuIds(display.menus);
          if (new Set(ids).size !== ids.length) throw new InvalidError(messages.menuAlreadyInMap);
          for (const id of ids) menuIds.add(id);
        }
      }

      await db.transaction(async (tx) => {
        // One save at a time per restaurant: the tree is replaced, so two must not interleave.
        await tx
          .select({ id: restaurants.id })
          .from(restaurants)
          .where(eq(restaurants.id, scope.restaurantId))
          .for('update');

        const storedZones = new Set(
          (
            await tx
              .select({ id: displayZones.id })
              .from(displayZones)
              .where(eq(displayZones.restaurantId, scope.restaurantId))
          ).map((row) => row.id),
        );
        const storedDisplays = new Set(
          (
            await tx
              .select({ id: menuDisplays.id })
              .from(menuDisplays)
              .where(eq(menuDisplays.restaurantId, scope.restaurantId))
          ).map((row) => row.id),
        );
        const stored = (id: string | undefined, known: Set<string>): string => {
          if (id === undefined || isClientMadeId(id)) return newId(now().getTime());
          if (!known.has(id)) throw new NotFoundError();
          return id;
        };
        if (menuIds.size) {
          const visible = await tx
            .select({ id: menus.id, restaurantId: menus.restaurantId, draft: menus.draft })
            .from(menus)
            .where(inArray(menus.id, [...menuIds]));
          const allowed = visible.filter((row) => readsMenu(scope, row));
          if (allowed.length !== menuIds.size) throw new NotFoundError(messages.notFound);
        }

        const zoneRows: (typeof displayZones.$inferInsert)[] = [];
        const displayRows: (typeof menuDisplays.$inferInsert)[] = [];
        const entryRows: (typeof menuDisplayMenus.$inferInsert)[] = [];
        zones.forEach((zone, zoneIndex) => {
          const zoneId = stored(zone._id, storedZones);
          zoneRows.push({
            id: zoneId,
            restaurantId: scope.restaurantId,
            name: zone.name,
            position: zoneIndex,
          });
          zone.maps.forEach((display, displayIndex) => {
            const displayId = stored(display._id, storedDisplays);
            displayRows.push({
              id: displayId,
              zoneId,
              restaurantId: scope.restaurantId,
              name: display.name,
              position: displayIndex,
            });
            layoutMenuIds(display.menus).forEach((menuId, position) => {
              entryRows.push({ displayId, menuId, position });
            });
          });
        });

        // Replaced whole (cascading to displays and entries); kept ids keep their addresses.
        await tx.delete(displayZones).where(eq(displayZones.restaurantId, scope.restaurantId));
        if (zoneRows.length) await tx.insert(displayZones).values(zoneRows);
        if (displayRows.length) await tx.insert(menuDisplays).values(displayRows);
        if (entryRows.length) await tx.insert(menuDisplayMenus).values(entryRows);
      });
      deps.publicMenu.changed(scope.restaurantId);
      return read(scope.restaurantId);
    },

    /**
     * Print all (issue 15): the displays of one zone, or of the whole location (the restaurant), in
     * the layout's order, each named "Zone · Display"; null when the zone or location is not the
     * restaurant's.
     */
    async displaysOf(
      restaurantId: string,
      where: { zoneId?: string | undefined; locationId?: string | undefined },
    ): Promise<{ id: string; name: string }[] | null> {
      if (where.locationId !== undefined && where.locationId !== restaurantId) return null;
      const layout = await read(restaurantId);
      const zones = layout.locations[0]?.zones ?? [];
      const chosen = where.zoneId === undefined ? zones : zones.filter((zone) => zone._id === where.zoneId);
      if (where.zoneId !== undefined && chosen.length === 0) return null;
      return chosen.flatMap((zone) =>
        zone.maps.map((display) => ({ id: display._id, name: `${zone.name} · ${display.name}` })),
      );
    },

    /** Is the display one of the restaurant's (for its QR code)? */
    async displayOf(restaurantId: string, displayId: string): Promise<{ id: string; name: string } | null> {
      const [row] = await db
        .select({ id: menuDisplays.id, name: menuDisplays.name, restaurantId: menuDisplays.restaurantId })
        .from(menuDisplays)
        .where(eq(menuDisplays.id, displayId));
      return row && row.restaurantId === restaurantId ? { id: row.id, name: row.name } : null;
    },
  };
}

export type DisplayService = ReturnType<typeof createDisplayService>;
