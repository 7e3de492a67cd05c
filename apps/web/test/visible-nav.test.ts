import { effectivePermissions, type NavEntry, type User } from '@carte/domain';
import { describe, expect, it } from 'vitest';
import { visibleNav } from '../src/ui/visible-nav.ts';

const owner: User = {
  _id: 'a'.repeat(24),
  username: 'noor',
  email: 'noor@carte.test',
  pendingEmail: null,
  firstName: 'Noor',
  lastName: 'Haddad',
  phoneNumber: '',
  role: 'RESTAURANT',
  permissions: effectivePermissions('RESTAURANT', null),
  verified: true,
  company_name: null,
  dma_parent_email: null,
  restaurants: [
    {
      _id: 'b'.repeat(24),
      name: 'Noor Bakery',
      restaurantType: 'FOOD_TRUCK',
      timeZone: 'UTC',
      parentRestaurant: null,
    },
  ],
  accounts: [],
  createdAt: '2026-11-27T00:00:00.000Z',
};

const paths = (entries: NavEntry[]): string[] =>
  entries.flatMap((entry) => [entry.path, ...paths(entry.children ?? [])]);

describe('visibleNav', () => {
  it('offers an owner "Add Food Truck" for a food truck', () => {
    const entries = visibleNav(owner);
    expect(paths(entries)).toContain('/add-restaurant');
    expect(entries.find((entry) => entry.path === '/add-restaurant')?.name).toBe('Add Food Truck');
  });

  it('leaves out adding a restaurant while an admin or a reseller acts as the owner (issue 20)', () => {
    const acting = paths(visibleNav(owner, { acting: true }));
    expect(acting).not.toContain('/add-restaurant');
    // Everything else the owner sees stays.
    expect(acting).toEqual(paths(visibleNav(owner)).filter((path) => path !== '/add-restaurant'));
  });
});
