import { dishSorts, ingredientSorts } from '@carte/domain';
import { describe, expect, it } from 'vitest';
import { isLargeList, pageQueryOf, SERVER_PAGING_THRESHOLD } from '../src/ui/server-list.ts';

describe('big lists (issue 21): when and how a table pages on the server', () => {
  it('pages on the server only past the threshold, and not before the total is known', () => {
    expect(isLargeList(undefined)).toBe(false);
    expect(isLargeList(0)).toBe(false);
    expect(isLargeList(SERVER_PAGING_THRESHOLD)).toBe(false);
    expect(isLargeList(SERVER_PAGING_THRESHOLD + 1)).toBe(true);
    expect(isLargeList(10_000)).toBe(true);
  });

  it("turns the table's sort menu into the server's sort and order", () => {
    const view = { search: '', page: 3 };
    expect(pageQueryOf({ ...view, sort: 'newest' }, dishSorts)).toEqual({
      page: 3,
      per_page: 10,
      sort: 'created',
      order: 'desc',
    });
    expect(pageQueryOf({ ...view, sort: 'oldest' }, dishSorts)).toMatchObject({
      sort: 'created',
      order: 'asc',
    });
    expect(pageQueryOf({ ...view, sort: 'name-asc' }, dishSorts)).toMatchObject({
      sort: 'name',
      order: 'asc',
    });
    expect(pageQueryOf({ ...view, sort: 'price-desc' }, dishSorts)).toMatchObject({
      sort: 'price',
      order: 'desc',
    });
    expect(pageQueryOf({ ...view, sort: 'used-asc' }, ingredientSorts)).toMatchObject({
      sort: 'used',
      order: 'asc',
    });
  });

  it('leaves out a sort the server does not offer, an empty search and a bad page', () => {
    const query = pageQueryOf({ sort: 'used-desc', search: '   ', page: 0 }, dishSorts, 25);
    expect(query).toEqual({ page: 1, per_page: 25 });
    expect(pageQueryOf({ sort: 'weird', search: ' taco ', page: 2.7 }, dishSorts)).toEqual({
      page: 2,
      per_page: 10,
      search: 'taco',
    });
  });
});
