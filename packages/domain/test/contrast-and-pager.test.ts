import { describe, expect, it } from 'vitest';
import { isDarkColor, luma, pageAfterDelete, pagerItems, paginate, textColorOn } from '../src/index.ts';

describe('colour contrast (doc 1 §5)', () => {
  it('treats a colour as dark below luma 40', () => {
    expect(isDarkColor('#000000')).toBe(true);
    expect(isDarkColor('#ffffff')).toBe(false);
    expect(isDarkColor('#1e1e1e')).toBe(true); // luma 30
    expect(isDarkColor('#333333')).toBe(false); // luma 51
    expect(luma('#fff')).toBeCloseTo(255);
  });

  it('chooses white text on dark colours and black on light ones', () => {
    expect(textColorOn('#101010')).toBe('#ffffff');
    expect(textColorOn('#84cef1')).toBe('#000000');
    expect(textColorOn('#ff1616')).toBe('#000000'); // the default red is light enough by this rule
  });

  it('refuses what is not a colour', () => {
    expect(() => luma('red')).toThrow();
  });
});

describe('pagination (doc 1 §3, §9)', () => {
  it('describes a page', () => {
    expect(paginate(25, 3, 10)).toEqual({
      page: 3,
      per_page: 10,
      previous_page: 2,
      next_page: null,
      total: 25,
      total_pages: 3,
    });
  });

  it('shows first, last and two pages each side of the current, with ellipses', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(5, 10)).toEqual([1, 'ellipsis', 3, 4, 5, 6, 7, 'ellipsis', 10]);
    expect(pagerItems(2, 10)).toEqual([1, 2, 3, 4, 'ellipsis', 10]);
    expect(pagerItems(4, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('moves back a page when the last row of a page is deleted', () => {
    expect(pageAfterDelete(3, 20)).toBe(2);
    expect(pageAfterDelete(3, 21)).toBe(3);
    expect(pageAfterDelete(1, 0)).toBe(1);
  });
});

describe('customization prices (decisions §4)', () => {
  it('adds fixed prices in dollars', async () => {
    const { optionPrice } = await import('../src/index.ts');
    expect(optionPrice(10, { price: 1.5 }, true)).toBe(1.5);
  });

  it('takes a percentage of the base price, rounded half-up to cents', async () => {
    const { optionPrice } = await import('../src/index.ts');
    expect(optionPrice(10, { price: 15 }, false)).toBe(1.5);
    expect(optionPrice(3.3, { price: 15 }, false)).toBe(0.5); // 49.5 cents
    expect(optionPrice(3.29, { price: 15 }, false)).toBe(0.49); // 49.35 cents
    expect(optionPrice(0.1, { price: 5 }, false)).toBe(0.01); // 0.5 cents
  });
});
