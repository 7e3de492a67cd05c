import { describe, expect, it } from 'vitest';
import { addInterval } from '../src/index.ts';

const utc = (iso: string) => new Date(`${iso}Z`);

describe('addInterval (a subscription period)', () => {
  it('adds one calendar month or year, keeping the time of day', () => {
    expect(addInterval(utc('2030-01-09T12:30:00'), 'month')).toEqual(utc('2030-02-09T12:30:00'));
    expect(addInterval(utc('2030-01-09T12:30:00'), 'year')).toEqual(utc('2031-01-09T12:30:00'));
    expect(addInterval(utc('2030-12-15T00:00:00'), 'month')).toEqual(utc('2031-01-15T00:00:00'));
  });

  it("clamps the day to the next month's length", () => {
    expect(addInterval(utc('2030-01-31T08:00:00'), 'month')).toEqual(utc('2030-02-28T08:00:00'));
    expect(addInterval(utc('2028-01-31T08:00:00'), 'month')).toEqual(utc('2028-02-29T08:00:00'));
    expect(addInterval(utc('2028-02-29T08:00:00'), 'year')).toEqual(utc('2029-02-28T08:00:00'));
    expect(addInterval(utc('2030-03-31T08:00:00'), 'month')).toEqual(utc('2030-04-30T08:00:00'));
  });
});
