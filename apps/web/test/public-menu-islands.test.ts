import { type DinerFilterState, emptyFilterState } from '@carte/domain';
import { compactPayload, PublicMenuApp, viewHref } from '@carte/menu-view';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { customerMenu, lunch, restaurant } from '../../../packages/menu-view/test/fixtures.ts';
import { filteredMenu } from '../src/public-menu/filter-view.ts';
import { needsPage, reportsPageView, wasInPlace } from '../src/public-menu/views.ts';

/**
 * The public menu's script (issue 21, partial hydration) writes the diner's filters into the
 * server's markup instead of drawing the menu again: what it writes must be what the server draws
 * for the same filters.
 */
const data = customerMenu();
const links = { baseUrl: '', restaurantId: restaurant._id, mapId: null };

/** What the server draws for these filters: each category's dishes in order, greyed or not. */
function drawn(filters: DinerFilterState) {
  const html = renderToString(
    createElement(PublicMenuApp, {
      data,
      view: { kind: 'menu', menuId: lunch._id },
      filters,
      baseUrl: '',
      mapId: null,
    }),
  );
  const items = [...html.matchAll(/<li class="([^"]*)" data-dish="([0-9a-f]+)"/g)].map((match) => ({
    id: match[2],
    greyed: match[1]!.includes('is-greyed'),
  }));
  const status = /<p class="cm-status" role="status">([^<]*)<\/p>/.exec(html)?.[1] ?? '';
  const notes = [...html.matchAll(/<p class="cm-why">([^<]*)<\/p>/g)].map((match) => match[1]);
  return {
    items,
    status: status.replace(/&#x27;/g, "'"),
    notes: notes.map((n) => n!.replace(/&#x27;/g, "'")),
  };
}

describe("the diner's filters on the server's markup", () => {
  const cases: [string, DinerFilterState][] = [
    ['no filter', emptyFilterState()],
    ['vegan', { ...emptyFilterState(), diets: ['Vegan'] }],
    [
      'no fish, pineapple, cheapest first',
      { diets: [], foodTypes: ['Fish'], customFilters: ['Pineapple'], sort: 'price-asc', allergens: [] },
    ],
    ['a sort alone', { ...emptyFilterState(), sort: 'price-desc' }],
    // Issue 23: what contains or may contain them, and what is not declared, is greyed with the reason.
    ['avoiding milk and tree nuts', { ...emptyFilterState(), allergens: ['milk', 'nuts'] }],
    ['avoiding sesame, vegan', { ...emptyFilterState(), diets: ['Vegan'], allergens: ['sesame'] }],
  ];
  it.each(cases)('%s: greys, orders and counts the dishes as the server draws them', (_name, filters) => {
    const result = filteredMenu(data, lunch._id, links, filters)!;
    const server = drawn(filters);
    const written = result.categories.flatMap((category) => category.dishes);
    expect(written.map(({ id, greyed }) => ({ id, greyed }))).toEqual(server.items);
    expect(written.flatMap((dish) => (dish.note ? [dish.note] : []))).toEqual(server.notes);
    expect(result.status ?? '').toBe(server.status);
  });

  it('keeps only what the menu offers, and writes the address to share and the dish links with them', () => {
    const result = filteredMenu(data, lunch._id, links, {
      ...emptyFilterState(),
      diets: ['Vegan', 'Keto'],
    })!;
    expect(result.filters.diets).toEqual(['Vegan']);
    expect(result.count).toBe(1);
    expect(result.href).toBe(`/menu/${restaurant._id}?menu=${lunch._id}&diet=Vegan`);
    expect(result.clearHref).toBe(`/menu/${restaurant._id}?menu=${lunch._id}`);
    expect(result.status).toMatch(/^\d of 5 dishes/);
    const first = result.categories[0]!.dishes[0]!;
    expect(first.href).toBe(
      viewHref({ kind: 'dish', menuId: lunch._id, dishId: first.id }, links, result.filters),
    );
    expect(first.href).toContain('?diet=Vegan');
    expect(filteredMenu(data, 'ffffffffffffffffffffffff', links, emptyFilterState())).toBeNull();
  });

  it('writes the avoided allergens into the address and the notes a diner reads (issue 23)', () => {
    const result = filteredMenu(data, lunch._id, links, { ...emptyFilterState(), allergens: ['milk'] })!;
    expect(result.href).toBe(`/menu/${restaurant._id}?menu=${lunch._id}&allergen=milk`);
    expect(result.count).toBe(1);
    const notes = result.categories.flatMap((category) => category.dishes.map((dish) => dish.note));
    expect(notes).toContain('Contains Milk');
    expect(notes).toContain('Allergens not declared');
    expect(result.status).toBe("3 of 5 dishes don't match your filters.");
  });
});

describe('view reports, counted as when screens were drawn in place', () => {
  const payload = compactPayload({
    data,
    view: { kind: 'menu', menuId: lunch._id },
    filters: emptyFilterState(),
    mapId: null,
  });
  const partial = new Set(payload.partial);
  const here = { origin: 'https://menu.example' };
  const at = (path: string) => new URL(path, here.origin);
  const dinnerId = data.menus[1]!._id;

  it("treats the shown menu's own screens as in place, other menus and sites as page loads", () => {
    expect(needsPage({ kind: 'menu', menuId: dinnerId }, partial)).toBe(true);
    expect(needsPage({ kind: 'menu', menuId: lunch._id }, partial)).toBe(false);
    const dish = lunch.categories[0]!.dishes[0]!._id;
    expect(
      wasInPlace(
        payload.data,
        partial,
        at(`/menu/${restaurant._id}/dish/${dish}/menuSelected/${lunch._id}?diet=Vegan`),
        here,
      ),
    ).toBe(true);
    expect(
      wasInPlace(payload.data, partial, at(`/menu/${restaurant._id}?print=1&menu=${lunch._id}`), here),
    ).toBe(true);
    expect(wasInPlace(payload.data, partial, at(`/menu/${restaurant._id}?menu=${dinnerId}`), here)).toBe(
      false,
    );
    expect(wasInPlace(payload.data, partial, at('/menu/0123456789abcdef01234567'), here)).toBe(false);
    expect(
      wasInPlace(payload.data, partial, new URL(`https://elsewhere.example/menu/${restaurant._id}`), here),
    ).toBe(false);
  });

  it('reports a page view per load, but not for a link once followed in place nor for back and forward', () => {
    const href = `https://menu.example/menu/${restaurant._id}`;
    expect(reportsPageView({ navigationType: 'navigate', inPlaceHref: null, href })).toBe(true);
    expect(reportsPageView({ navigationType: 'reload', inPlaceHref: null, href })).toBe(true);
    expect(reportsPageView({ navigationType: 'navigate', inPlaceHref: href, href })).toBe(false);
    expect(reportsPageView({ navigationType: 'navigate', inPlaceHref: `${href}?x=1`, href })).toBe(true);
    expect(reportsPageView({ navigationType: 'back_forward', inPlaceHref: null, href })).toBe(false);
    expect(reportsPageView({ navigationType: undefined, inPlaceHref: null, href })).toBe(true);
  });
});
