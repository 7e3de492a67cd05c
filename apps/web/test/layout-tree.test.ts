import type { Layout, LayoutMenu } from '@carte/domain';
import { describe, expect, it } from 'vitest';
import { accepts, type DropTarget } from '../src/features/displays/layout-dnd.ts';
import {
  addDisplay,
  addMenu,
  addZone,
  changedLocations,
  deleteDisplay,
  deleteZone,
  findDisplay,
  findZone,
  menuGroups,
  menuInLocation,
  nextName,
  removeMenu,
  renameDisplay,
  renameZone,
} from '../src/features/displays/layout-tree.ts';

const menu = (id: string, name: string): LayoutMenu['menu'] => ({
  _id: id,
  name,
  cover: null,
  draft: false,
  fromParent: false,
});
const lunch = menu('a'.repeat(24), 'Lunch');
const dinner = menu('b'.repeat(24), 'Dinner');

/** One location with a terrace (two tables, the first showing Lunch) and an empty bar. */
const layout: Layout = {
  locations: [
    {
      _id: 'loc',
      name: 'Harbour Cafe',
      zones: [
        {
          _id: 'terrace',
          name: 'Terrace',
          maps: [
            { _id: 't1', name: 'Table 1', url: '/menu/r/t1', menus: [{ menu: lunch }] },
            { _id: 't2', name: 'Table 2', url: '/menu/r/t2', menus: [] },
          ],
        },
        { _id: 'bar', name: 'Bar', maps: [] },
      ],
      availableMenus: [lunch, dinner],
    },
  ],
};
const zoneNames = (tree: Layout) => tree.locations[0]!.zones.map((zone) => zone.name);
const tableNames = (tree: Layout, zoneId: string) => findZone(tree, zoneId)?.maps.map((d) => d.name);
const menuNames = (tree: Layout, displayId: string) =>
  findDisplay(tree, displayId)?.menus.map((m) => m.menu.name);

describe('the display layout editor', () => {
  it('names a new zone or table with the first free number', () => {
    expect(nextName('Table', [])).toBe('Table 1');
    expect(nextName('Table', ['Table 1', 'Table 2'])).toBe('Table 3');
    // "Table 2" was renamed: the count says 2, so the next is Table 3 unless that is taken too.
    expect(nextName('Table', ['Table 1', 'Table 3'])).toBe('Table 4');
    expect(nextName('Zone', ['Patio'])).toBe('Zone 2');
  });

  it('adds a zone to its location and a table to its zone, each with a new client id (a dash: the server replaces it)', () => {
    const withZone = addZone(layout, 'loc');
    expect(zoneNames(withZone)).toEqual(['Terrace', 'Bar', 'Zone 3']);
    const zone = withZone.locations[0]!.zones[2]!;
    expect(zone._id).toMatch(/^zone-/);
    expect(zone.maps).toEqual([]);

    const withTable = addDisplay(layout, 'terrace');
    expect(tableNames(withTable, 'terrace')).toEqual(['Table 1', 'Table 2', 'Table 3']);
    const table = findZone(withTable, 'terrace')!.maps[2]!;
    expect(table._id).toMatch(/^display-/);
    expect(table).toMatchObject({ url: '', menus: [] });
    expect(addDisplay(withTable, 'terrace').locations[0]!.zones[0]!.maps[3]!._id).not.toBe(table._id);
  });

  it('adds a menu to every display dropped on, once', () => {
    const next = addMenu(layout, ['t1', 't2'], lunch);
    expect(menuNames(next, 't1')).toEqual(['Lunch']);
    expect(menuNames(next, 't2')).toEqual(['Lunch']);
    expect(menuNames(addMenu(next, ['t1'], dinner), 't1')).toEqual(['Lunch', 'Dinner']);
  });

  it('removes a menu from one display only', () => {
    const both = addMenu(layout, ['t2'], lunch);
    const next = removeMenu(both, 't1', lunch._id);
    expect(menuNames(next, 't1')).toEqual([]);
    expect(menuNames(next, 't2')).toEqual(['Lunch']);
  });

  it('renames and deletes zones and tables', () => {
    expect(findZone(renameZone(layout, 'bar', 'Counter'), 'bar')?.name).toBe('Counter');
    expect(findDisplay(renameDisplay(layout, 't2', 'Window'), 't2')?.name).toBe('Window');
    expect(zoneNames(deleteZone(layout, 'terrace'))).toEqual(['Bar']);
    expect(tableNames(deleteDisplay(layout, 't1'), 'terrace')).toEqual(['Table 2']);
    expect(findDisplay(deleteZone(layout, 'terrace'), 't1')).toBeUndefined();
  });

  it('never changes the tree it was given (the page keeps it to compare and to undo)', () => {
    const before = structuredClone(layout);
    addZone(layout, 'loc');
    addDisplay(layout, 'terrace');
    addMenu(layout, ['t2'], dinner);
    removeMenu(layout, 't1', lunch._id);
    renameZone(layout, 'bar', 'Counter');
    deleteDisplay(layout, 't1');
    expect(layout).toEqual(before);
  });

  it('leaves the tree as it is for an unknown zone or display', () => {
    expect(addDisplay(layout, 'nowhere')).toEqual(layout);
    expect(addMenu(layout, ['nowhere'], dinner)).toEqual(layout);
    expect(findZone(layout, 'nowhere')).toBeUndefined();
  });
});

describe("a parent's editor with its locations (issue 22)", () => {
  const parentMenu = menu('c'.repeat(24), 'House specials');
  const downtownOwn = menu('d'.repeat(24), 'Downtown brunch');
  const harbourOwn = menu('e'.repeat(24), 'Harbour oysters');
  const inherited = { ...parentMenu, fromParent: true };
  const withLocations: Layout = {
    locations: [
      { _id: 'parent', name: 'Carte HQ', zones: [], availableMenus: [parentMenu] },
      {
        _id: 'downtown',
        name: 'Downtown',
        zones: [
          { _id: 'dz', name: 'Hall', maps: [{ _id: 'd1', name: 'Table 1', url: '/menu/d/d1', menus: [] }] },
        ],
        availableMenus: [downtownOwn, inherited],
      },
      { _id: 'harbour', name: 'Harbour', zones: [], availableMenus: [harbourOwn, inherited] },
    ],
  };

  it("groups the panel's menus by restaurant: the parent's go everywhere, a location's only to its own displays", () => {
    expect(
      menuGroups(withLocations).map((group) => [
        group.location.name,
        group.menus.map((entry) => [entry.menu.name, entry.locations]),
      ]),
    ).toEqual([
      ['Carte HQ', [['House specials', ['parent', 'downtown', 'harbour']]]],
      ['Downtown', [['Downtown brunch', ['downtown']]]],
      ['Harbour', [['Harbour oysters', ['harbour']]]],
    ]);
    // A location's own account: one group, its own menus and its parent's together.
    const alone: Layout = { locations: [withLocations.locations[1]!] };
    expect(menuGroups(alone).map((group) => group.menus.map((entry) => entry.menu.name))).toEqual([
      ['Downtown brunch', 'House specials'],
    ]);
  });

  it('lets a menu land only on the displays and zones of the locations that may hold it', () => {
    const [, downtown, harbour] = menuGroups(withLocations);
    const brunch = { kind: 'menu' as const, ...downtown!.menus[0]! };
    const onDowntown: DropTarget = { kind: 'display', id: 'd1', name: 'Table 1', locationId: 'downtown' };
    const onHarbour: DropTarget = { kind: 'zone', id: 'hz', name: 'Hall', locationId: 'harbour' };
    expect(accepts(brunch, onDowntown)).toBe(true);
    expect(accepts(brunch, onHarbour)).toBe(false);
    expect(accepts({ kind: 'menu', ...harbour!.menus[0]! }, onDowntown)).toBe(false);
    // Zones and displays go to any location.
    expect(accepts({ kind: 'type', type: 'display', label: 'Menu Display' }, onHarbour)).toBe(true);
    // The parent's menu, placed in a location, is marked as inherited there.
    expect(menuInLocation(withLocations, 'downtown', parentMenu._id)?.fromParent).toBe(true);
    expect(menuInLocation(withLocations, 'parent', parentMenu._id)?.fromParent).toBe(false);
  });

  it('saves only the locations a change touched, without the panel menus', () => {
    const next = addMenu(withLocations, ['d1'], inherited);
    expect(changedLocations(withLocations, next)).toEqual({
      locations: [
        {
          _id: 'downtown',
          name: 'Downtown',
          zones: [
            {
              _id: 'dz',
              name: 'Hall',
              maps: [{ _id: 'd1', name: 'Table 1', url: '/menu/d/d1', menus: [{ menu: inherited }] }],
            },
          ],
        },
      ],
    });
    expect(changedLocations(withLocations, withLocations).locations).toEqual([]);
    // Before the first answer, everything is sent.
    expect(changedLocations(null, withLocations).locations.map((location) => location._id)).toEqual([
      'parent',
      'downtown',
      'harbour',
    ]);
  });
});
