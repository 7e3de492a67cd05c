import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDayOfMonth, formatUnixDate } from '../src/ui/dates.ts';

// 28 December 2026, 15:05 UTC.
const instant = new Date('2026-12-28T15:05:00Z');

describe("dates in the viewer's locale", () => {
  it('writes a calendar date in the order the viewer reads', () => {
    expect(formatDate(instant, 'UTC', 'en-US')).toBe('12/28/2026');
    expect(formatDate(instant, 'UTC', 'en-GB')).toBe('28/12/2026');
    expect(formatDate(instant, 'UTC', 'de-DE')).toBe('28.12.2026');
    expect(formatDate(instant, 'UTC', ['fr-FR', 'en-US'])).toBe('28/12/2026');
  });

  it("takes the day from the restaurant's time zone when given", () => {
    // 01:00 on the 29th in Tokyo, still the 28th in New York.
    const lateEvening = new Date('2026-12-28T16:00:00Z');
    expect(formatDate(lateEvening, 'Asia/Tokyo', 'en-US')).toBe('12/29/2026');
    expect(formatDate(lateEvening, 'America/New_York', 'en-US')).toBe('12/28/2026');
  });

  it('accepts ISO strings and milliseconds, and shows a dash for a date that is not one', () => {
    expect(formatDate('2026-12-28T15:05:00Z', 'UTC', 'en-US')).toBe('12/28/2026');
    expect(formatDate(instant.getTime(), 'UTC', 'en-US')).toBe('12/28/2026');
    expect(formatDate('not a date', 'UTC', 'en-US')).toBe('—');
  });

  it("falls back to the viewer's zone for an unknown time zone instead of failing", () => {
    expect(formatDate(instant, 'Mars/Olympus_Mons', 'en-US')).toMatch(/^12\/2[89]\/2026$/);
  });

  it('writes a date and a time to the minute', () => {
    expect(formatDateTime(instant, 'UTC', 'en-US')).toBe('12/28/2026, 3:05 PM');
    expect(formatDateTime(instant, 'UTC', 'en-GB')).toBe('28/12/2026, 15:05');
  });

  it('writes a day of the month without the year', () => {
    expect(formatDayOfMonth(instant, 'UTC', 'en-US')).toBe('Dec 28');
    expect(formatDayOfMonth(instant, 'UTC', 'en-GB')).toBe('28 Dec');
  });

  it("turns the payment provider's unix seconds into a date, and none into a dash", () => {
    expect(formatUnixDate(instant.getTime() / 1000, 'UTC', 'en-US')).toBe('12/28/2026');
    expect(formatUnixDate(null, 'UTC', 'en-US')).toBe('—');
  });
});
