import { type Layout, type LayoutMenu, menuDisplayUrl } from '@carte/domain';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { displayZones, menuDisplays } from '../../db/schema.ts';
import { presentImage } from '../media/index.ts';

interface EntryRow {
  displayId: string;
  menu: { id: string; name: string; cover: string | null; draft: boolean; restaurantId: string };
}

/**
 * The layout as it leaves the server (doc 2 §3 map structure): locations → zones → maps (menu
 * displays) → menus, each menu as a reference (name, cover) marked `fromParent` when inherited.
 */
export function presentLayout(input: {
  storage: Storage;
  publicUrl: string;
  restaurant: { id: string; name: string };
  zones: (typeof displayZones.$inferSelect)[];
  displays: (typeof menuDisplays.$inferSelect)[];
  entries: EntryRow[];
}): Layout {
  const { storage, publicUrl, restaurant } = input;
  const menusOf = new Map<string, LayoutMenu[]>();
  for (const entry of input.entries) {
    const list = menusOf.get(entry.displayId) ?? [];
    list.push({
      menu: {
        _id: entry.menu.id,
        name: entry.menu.name,
        cover: presentImage(storage, entry.menu.cover).url,
        draft: entry.menu.draft,
        fromParent: entry.menu.restaurantId !== restaurant.id,
      },
    });
    menusOf.set(entry.displayId, list);
  }
  return {
    locations: [
      {
        _id: restaurant.id,
        name: restaurant.name,
        zones: input.zones.map((zone) => ({
          _id: zone.id,
          name: zone.name,
          maps: input.displays
            .filter((display) => display.zoneId === zone.id)
            .map((display) => ({
              _id: display.id,
              name: display.name,
              url: menuDisplayUrl(publicUrl, restaurant.id, display.id),
              menus: menusOf.get(display.id) ?? [],
            })),
        })),
      },
    ],
  };
}
