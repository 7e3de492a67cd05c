import type { ComplianceProblem } from '@carte/domain';
import { describe, expect, it } from 'vitest';
import { publishDialogLines } from '../src/features/menus/publish-check-lines.ts';

const problem = (dish: string, message: string): ComplianceProblem => ({
  dishId: dish,
  dishName: dish,
  kind: 'allergens',
  message,
});

describe('the publish dialog’s lines', () => {
  it('joins a dish’s problems on one line and leaves out menus that lack nothing', () => {
    const lines = publishDialogLines([
      { menuName: 'Lunch', problems: [] },
      {
        menuName: 'Dinner',
        problems: [
          problem('Soup', 'No allergen declaration'),
          problem('Soup', 'No calories'),
          problem('Pie', 'No calories'),
        ],
      },
    ]);
    expect(lines).toEqual({
      menus: [
        {
          menuName: 'Dinner',
          dishes: [
            { dishId: 'Soup', dishName: 'Soup', text: 'No allergen declaration · No calories' },
            { dishId: 'Pie', dishName: 'Pie', text: 'No calories' },
          ],
        },
      ],
      more: 0,
    });
  });

  it('shows up to the limit of dishes across menus, then counts the rest', () => {
    const many = (menuName: string, count: number) => ({
      menuName,
      problems: Array.from({ length: count }, (_, index) => problem(`${menuName} ${index}`, 'No calories')),
    });
    const lines = publishDialogLines([many('Dinner', 15), many('Lunch', 10)], 20);
    expect(lines.menus.map((menu) => [menu.menuName, menu.dishes.length])).toEqual([
      ['Dinner', 15],
      ['Lunch', 5],
    ]);
    expect(lines.more).toBe(5);
  });
});
