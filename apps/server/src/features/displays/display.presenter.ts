import { type Layout, type LayoutLocation, type LayoutMenu, menuDisplayUrl } from '@carte/domain';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { displayZones, menuDisplays } from '../../db/schema.ts';
import { presentImage } from '../media/index.ts';

export interface MenuRow {
  id: string;
  name: string;
  cover: string | null;
  draft: boolean;
  restaurantId: string;
}

interface EntryRow {
  displayId: string;
  menu: MenuRow;
}

/** One location's rows: its zones, displays and their entries, and the menus its displays may hold. */
export interface LocationRows {
  restaurant: { id: string; name: string };
  zones: (typeof displayZones.$inferSelect)[];
  displays: (typeof menuDisplays.$inferSelect)[];
  entries: EntryRow[];
  available: MenuRow[];
}

/**
 * The layout as it leaves the server (doc 2 §3 map structure): locations → zones → maps (menu
 * displays) → menus, each menu as a reference (name, cover) marked `fromParent` when it is not the
 * location's own (inherited from its parent).
 */
export function presentLayout(input: {
  storage: Storage;
  publicUrl: string;
  locations: LocationRows[];
}): Layout {
  const { storage, publicUrl } = input;
  const presentLocation = ({
    restaurant,
    zones,
    displays,
    entries,
    available,
  }: LocationRows): LayoutLocation => {
    const menuOf = (menu: MenuRow): LayoutMenu['menu'] => ({
      _id: menu.id,
      name: menu.name,
      cover: presentImage(storage, menu.cover).url,
      draft: menu.draft,
      fromParent: menu.restaurantId !== restaurant.id,
    });
    const menusOf = new Map<string, LayoutMenu[]>();
    for (const entry of entries) {
      const list = menusOf.get(entry.displayId) ?? [];
      list.push({ menu: menuOf(entry.menu) });
      menusOf.set(entry.displayId, list);
    }
    return {
      _id: restaurant.id,
      name: restaurant.name,
      zones: zones.map((zone) => ({
        _id: zone.id,
        name: zone.name,
        maps: displays
          .filter((display) => display.zoneId === zone.id)
          .map((display) => ({
            _id: display.id,
            name: display.name,
            url: menuDisplayUrl(publicUrl, restaurant.id, display.id),
            menus: menusOf.get(display.id) ?? [],
          })),
      })),
      availableMenus: available.map(menuOf),
    };
  };
  return { locations: input.locations.map(presentLocation) };
}
