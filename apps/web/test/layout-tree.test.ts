import type { Layout, LayoutMenu } from '@carte/domain';
import { describe, expect, it } from 'vitest';
import {
  addDisplay,
  addMenu,
  addZone,
  deleteDisplay,
  deleteZone,
  findDisplay,
  findZone,
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
