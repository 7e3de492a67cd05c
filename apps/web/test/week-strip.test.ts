import { describe, expect, it } from 'vitest';
import {
  minuteLabel,
  type StripPiece,
  splitByMenu,
  stripPieces,
  stripWeek,
  windowLabel,
  zoneOffsetLabel,
} from '../src/features/timeline/week-strip.ts';
import { scheduleOn, type WeekDay } from './support/schedule.ts';

/** Open on these days from `startTime` to `endTime`. */
const days = (checked: WeekDay[], startTime: string, endTime: string) =>
  scheduleOn(checked, { startTime, endTime });

// Wednesday 7 January 2026, 10:00 in New York (15:00 UTC).
const now = new Date('2026-01-07T15:00:00Z');
const zone = 'America/New_York';

/** The pieces as the strip draws them: day row, "HH:mm–HH:mm", continued or not. */
const drawn = (pieces: StripPiece[]) =>
  pieces.map((piece) => ({
    day: piece.dayIndex,
    hours: `${minuteLabel(piece.startMinute)}–${minuteLabel(piece.endMinute)}`,
    continued: piece.continued,
  }));

describe('the week strip', () => {
  it("shows the restaurant's current week, Monday first, with today marked", () => {
    const week = stripWeek(now, zone, 'en-GB');
    expect(week.days.map((day) => `${day.weekday} ${day.date}`)).toEqual([
      'Mon 5 Jan',
      'Tue 6 Jan',
      'Wed 7 Jan',
      'Thu 8 Jan',
      'Fri 9 Jan',
      'Sat 10 Jan',
      'Sun 11 Jan',
    ]);
    expect(week.days.filter((day) => day.isToday).map((day) => day.weekday)).toEqual(['Wed']);
    expect(week.now.minute).toBe(10 * 60);
  });

  it("writes the days' dates in the viewer's locale", () => {
    expect(stripWeek(now, zone, 'en-US').days.map((day) => day.date)).toEqual([
      'Jan 5',
      'Jan 6',
      'Jan 7',
      'Jan 8',
      'Jan 9',
      'Jan 10',
      'Jan 11',
    ]);
  });

  it("takes today from the restaurant's clock, not the viewer's: late Sunday in New York is already Monday in UTC", () => {
    const sundayNight = new Date('2026-01-12T03:00:00Z');
    const week = stripWeek(sundayNight, zone, 'en-GB');
    expect(week.days.find((day) => day.isToday)?.weekday).toBe('Sun');
    expect(week.days[0]?.date).toBe('5 Jan');
    expect(stripWeek(sundayNight, 'UTC', 'en-GB').days.find((day) => day.isToday)?.date).toBe('12 Jan');
  });

  it('draws a window across midnight on both days, the second piece marked continued', () => {
    const week = stripWeek(now, zone);
    const pieces = stripPieces(days(['friday'], '22:00', '02:00'), week, now, zone);
    expect(drawn(pieces)).toEqual([
      { day: 4, hours: '22:00–24:00', continued: false },
      { day: 5, hours: '00:00–02:00', continued: true },
    ]);
    expect(windowLabel(pieces[0]!.start, pieces[0]!.end, zone)).toBe('Fri 22:00 – Sat 02:00');
  });

  it("draws last Sunday's late window on this Monday and none past Sunday's row", () => {
    const week = stripWeek(now, zone);
    const pieces = stripPieces(days(['sunday'], '23:00', '01:00'), week, now, zone);
    expect(drawn(pieces)).toEqual([
      { day: 0, hours: '00:00–01:00', continued: true },
      { day: 6, hours: '23:00–24:00', continued: false },
    ]);
  });

  it('draws the whole day for 00:00–00:00 and nothing on unchecked days', () => {
    const week = stripWeek(now, zone);
    const pieces = stripPieces(days(['tuesday', 'thursday'], '00:00', '00:00'), week, now, zone);
    expect(drawn(pieces)).toEqual([
      { day: 1, hours: '00:00–24:00', continued: false },
      { day: 3, hours: '00:00–24:00', continued: false },
    ]);
  });

  it("cuts a category's hours where its menu is closed (shown only inside both)", () => {
    const week = stripWeek(now, zone);
    const menu = stripPieces(days(['monday'], '11:00', '15:00'), week, now, zone);
    const category = stripPieces(days(['monday', 'tuesday'], '10:00', '12:00'), week, now, zone);
    const segments = splitByMenu(category, menu).map((segment) => ({
      day: segment.dayIndex,
      hours: `${minuteLabel(segment.startMinute)}–${minuteLabel(segment.endMinute)}`,
      outside: segment.outside,
    }));
    expect(segments).toEqual([
      { day: 0, hours: '10:00–11:00', outside: true },
      { day: 0, hours: '11:00–12:00', outside: false },
      { day: 1, hours: '10:00–12:00', outside: true },
    ]);
  });

  it('names the zone offset at the instant shown (daylight saving included)', () => {
    expect(zoneOffsetLabel(zone, now)).toBe('GMT-5');
    expect(zoneOffsetLabel(zone, new Date('2026-07-01T12:00:00Z'))).toBe('GMT-4');
    expect(zoneOffsetLabel('Not/AZone', now)).toBe('');
  });
});
