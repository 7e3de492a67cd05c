import type { Layout, LayoutInput, LayoutMenu, MenuDisplay, Zone } from '@carte/domain';

/**
 * The editor's changes to the layout tree, pure: each answers a new tree (the old one is never
 * changed), which the page saves whole. New zones and displays get ids with a dash, which the server
 * replaces by real ones (doc 2 §3).
 */

const clientId = (kind: string) =>
  `${kind}-${typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : Math.random().toString(36).slice(2)}`;

const mapZones = (layout: Layout, locationId: string, change: (zones: Zone[]) => Zone[]): Layout => ({
  locations: layout.locations.map((location) =>
    location._id === locationId ? { ...location, zones: change(location.zones) } : location,
  ),
});

const mapZone = (layout: Layout, zoneId: string, change: (zone: Zone) => Zone): Layout => ({
  locations: layout.locations.map((location) => ({
    ...location,
    zones: location.zones.map((zone) => (zone._id === zoneId ? change(zone) : zone)),
  })),
});

const mapDisplay = (
  layout: Layout,
  displayId: string,
  change: (display: MenuDisplay) => MenuDisplay,
): Layout => ({
  locations: layout.locations.map((location) => ({
    ...location,
    zones: location.zones.map((zone) => ({
      ...zone,
      maps: zone.maps.map((display) => (display._id === displayId ? change(display) : display)),
    })),
  })),
});

/** The first "Zone N" / "Table N" not taken among `names`. */
export function nextName(prefix: string, names: string[]): string {
  const taken = new Set(names);
  let n = names.length + 1;
  while (taken.has(`${prefix} ${n}`)) n += 1;
  return `${prefix} ${n}`;
}

export function addZone(layout: Layout, locationId: string): Layout {
  return mapZones(layout, locationId, (zones) => [
    ...zones,
    {
      _id: clientId('zone'),
      name: nextName(
        'Zone',
        zones.map((zone) => zone.name),
      ),
      maps: [],
    },
  ]);
}

export function addDisplay(layout: Layout, zoneId: string): Layout {
  return mapZone(layout, zoneId, (zone) => ({
    ...zone,
    maps: [
      ...zone.maps,
      {
        _id: clientId('display'),
        name: nextName(
          'Table',
          zone.maps.map((display) => display.name),
        ),
        url: '',
        menus: [],
      },
    ],
  }));
}

export function addMenu(layout: Layout, displayIds: string[], menu: LayoutMenu['menu']): Layout {
  let next = layout;
  for (const id of displayIds) {
    next = mapDisplay(next, id, (display) =>
      display.menus.some((entry) => entry.menu._id === menu._id)
        ? display
        : { ...display, menus: [...display.menus, { menu }] },
    );
  }
  return next;
}

export const removeMenu = (layout: Layout, displayId: string, menuId: string): Layout =>
  mapDisplay(layout, displayId, (display) => ({
    ...display,
    menus: display.menus.filter((entry) => entry.menu._id !== menuId),
  }));

export const renameZone = (layout: Layout, zoneId: string, name: string): Layout =>
  mapZone(layout, zoneId, (zone) => ({ ...zone, name }));

export const renameDisplay = (layout: Layout, displayId: string, name: string): Layout =>
  mapDisplay(layout, displayId, (display) => ({ ...display, name }));

export const deleteZone = (layout: Layout, zoneId: string): Layout => ({
  locations: layout.locations.map((location) => ({
    ...location,
    zones: location.zones.filter((zone) => zone._id !== zoneId),
  })),
});

export const deleteDisplay = (layout: Layout, displayId: string): Layout => ({
  locations: layout.locations.map((location) => ({
    ...location,
    zones: location.zones.map((zone) => ({
      ...zone,
      maps: zone.maps.filter((display) => display._id !== displayId),
    })),
  })),
});

export function findZone(layout: Layout, zoneId: string): Zone | undefined {
  for (const location of layout.locations) {
    const zone = location.zones.find((entry) => entry._id === zoneId);
    if (zone) return zone;
  }
  return undefined;
}

export function findDisplay(layout: Layout, displayId: string): MenuDisplay | undefined {
  for (const location of layout.locations)
    for (const zone of location.zones) {
      const display = zone.maps.find((entry) => entry._id === displayId);
      if (display) return display;
    }
  return undefined;
}

/** One group of the panel's menus: a restaurant's own menus, each with where it may be placed. */
export interface MenuGroup {
  location: { _id: string; name: string };
  menus: { menu: LayoutMenu['menu']; locations: string[] }[];
}

/**
 * The panel's menus, grouped (decisions, "Menu displays (issue 15)"): the caller's location first
 * with every menu its displays may hold (a location's own and inherited ones alike), then each of a
 * parent's locations with its own menus. A menu may be placed in every location that lists it: a
 * parent's menus in each location, a location's own in that location only.
 */
export function menuGroups(layout: Layout): MenuGroup[] {
  const [first, ...others] = layout.locations;
  if (!first) return [];
  const placeable = (menuId: string) =>
    layout.locations
      .filter((location) => location.availableMenus.some((menu) => menu._id === menuId))
      .map((location) => location._id);
  const group = (location: Layout['locations'][number], menus: LayoutMenu['menu'][]): MenuGroup => ({
    location: { _id: location._id, name: location.name },
    menus: menus.map((menu) => ({ menu, locations: placeable(menu._id) })),
  });
  return [
    group(first, first.availableMenus),
    ...others.map((location) =>
      group(
        location,
        location.availableMenus.filter((menu) => !menu.fromParent),
      ),
    ),
  ];
}

/** The menu as the location holds it (`fromParent` seen from that location), or undefined. */
export const menuInLocation = (layout: Layout, locationId: string, menuId: string) =>
  layout.locations
    .find((location) => location._id === locationId)
    ?.availableMenus.find((menu) => menu._id === menuId);

/**
 * What a save sends: the locations whose trees differ from the last saved tree, without the panel's
 * menus (the server replaces each sent location's tree and leaves the others as they are).
 */
export function changedLocations(saved: Layout | null, next: Layout): LayoutInput {
  const before = new Map((saved?.locations ?? []).map((location) => [location._id, location.zones]));
  return {
    locations: next.locations
      .filter((location) => JSON.stringify(before.get(location._id)) !== JSON.stringify(location.zones))
      .map(({ _id, name, zones }) => ({ _id, name, zones })),
  };
}
