import { describe, expect, it } from 'vitest';
import {
  checkPermissions,
  effectivePermissions,
  findRouteRule,
  grantedList,
  homePathFor,
  navFor,
  satisfies,
} from '../src/index.ts';

describe('checkPermissions (doc 1 §5)', () => {
  it('with "and" needs every area', () => {
    expect(checkPermissions(['menu', 'dish'], ['menu', 'dish'], 'and')).toBe(true);
    expect(checkPermissions(['menu'], ['menu', 'dish'], 'and')).toBe(false);
  });

  it('with "or" needs any area', () => {
    expect(checkPermissions(['dish'], ['menu', 'dish'], 'or')).toBe(true);
    expect(checkPermissions(['member'], ['menu', 'dish'], 'or')).toBe(false);
  });

  it('is false with no list or no permissions', () => {
    expect(checkPermissions(['menu'], [], 'or')).toBe(false);
    expect(checkPermissions(['menu'], undefined)).toBe(false);
    expect(checkPermissions([], ['menu'])).toBe(false);
    expect(checkPermissions(null, ['menu'])).toBe(false);
  });
});

describe('roles and rules', () => {
  it('owners hold every flag, members only theirs, admins none but the admin flag', () => {
    expect(Object.values(effectivePermissions('RESTAURANT', {})).every(Boolean)).toBe(true);
    expect(effectivePermissions('MEMBER', { dish: true })).toMatchObject({ dish: true, menu: false });
    expect(grantedList('SUPER_ADMIN', effectivePermissions('SUPER_ADMIN', {}))).toEqual([
      'admin',
      'superAdmin',
    ]);
  });

  it('applies the route table of doc 3 §6', () => {
    const rule = (path: string) => findRouteRule(path)?.rule;
    expect(satisfies('MEMBER', { dish: true }, rule('/update-dish/abc'))).toBe(true);
    expect(satisfies('MEMBER', { dish: true }, rule('/toggle-list'))).toBe(true);
    expect(satisfies('MEMBER', { dish: true }, rule('/settings'))).toBe(false);
    expect(satisfies('MEMBER', { member: true }, rule('/update-account'))).toBe(true);
    expect(satisfies('MEMBER', { dish: true }, rule('/update-account'))).toBe(false);
    expect(satisfies('MEMBER', {}, rule('/add-restaurant'))).toBe(true);
    expect(satisfies('MEMBER', { restaurant: true }, rule('/subscribe'))).toBe(false);
    expect(satisfies('RESTAURANT', {}, rule('/subscribe'))).toBe(true);
    expect(satisfies('ADMIN', {}, rule('/admin/logs'))).toBe(true);
    expect(satisfies('RESTAURANT', {}, rule('/admin/logs'))).toBe(false);
    expect(satisfies('DMA', {}, rule('/dma/dashboard'))).toBe(true);
  });

  it('sends admins and resellers to their dashboards and picks their navigation', () => {
    expect(homePathFor('SUPER_ADMIN')).toBe('/admin/dashboard');
    expect(homePathFor('DMA')).toBe('/dma/dashboard');
    expect(homePathFor('MEMBER')).toBe('/');
    expect(navFor('ADMIN')[0]?.path).toBe('/admin/dashboard');
    expect(navFor('DMA')[0]?.path).toBe('/dma/dashboard');
    expect(navFor('DMA_CLIENT')[0]?.path).toBe('/');
    expect(navFor(null).every((entry) => !entry.private)).toBe(true);
  });
});
