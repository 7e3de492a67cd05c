import { describe, expect, it } from 'vitest';
import {
  adjustmentSchedule,
  allDayEveryDay,
  currentMenus,
  currentWindowEnd,
  defaultWeek,
  isCategoryVisible,
  isOpenAt,
  menuSchedule,
  nextOpening,
  parseTime,
  type Schedule,
  SWITCH_DELAY_MS,
  TIMELINE_CHECK_MS,
  type TimelineMenu,
  upcomingSwitch,
  wallTime,
  weekDays,
  windowsBetween,
} from '../src/index.ts';

type WeekDay = (typeof weekDays)[number];

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

/** A schedule open on the given days between two clock times. */
const schedule = (days: readonly WeekDay[] | 'every day', startTime: string, endTime: string): Schedule => {
  const checked = days === 'every day' ? weekDays : days;
  return {
    monday: checked.includes('monday'),
    tuesday: checked.includes('tuesday'),
    wednesday: checked.includes('wednesday'),
    thursday: checked.includes('thursday'),
    friday: checked.includes('friday'),
    saturday: checked.includes('saturday'),
    sunday: checked.includes('sunday'),
    startTime,
    endTime,
    twentyFourHours: false,
  };
};
const allDay = (days: readonly WeekDay[] | 'every day'): Schedule => ({
  // The clock times are ignored by a 24-hour schedule.
  ...schedule(days, '10:00', '11:00'),
  twentyFourHours: true,
});
const lengthOf = (window: { start: Date; end: Date }) => window.end.getTime() - window.start.getTime();

// June 2025: Monday 2 … Sunday 8.
describe('parseTime (doc 2 §5)', () => {
  it.each([
    ['00:00', 0],
    ['09:30', 570],
    ['9:30', 570],
    ['23:59', 1439],
  ])('reads %s', (value, minutes) => {
    expect(parseTime(value)).toBe(minutes);
  });

  it.each(['0930', '930', '', '24:00', '12:60', '12:5', 'noon', '12:30:00'])('rejects %j', (value) => {
    expect(parseTime(value)).toBeNull();
  });
});

describe('windows crossing midnight (decisions §4)', () => {
  const fridayNight = schedule(['friday'], '22:00', '02:00');

  it('belong to their start day: Friday 22:00–02:00 is open at Saturday 01:00', () => {
    expect(isOpenAt(fridayNight, at('2025-06-06T21:59:00Z'), 'UTC')).toBe(false);
    expect(isOpenAt(fridayNight, at('2025-06-06T22:00:00Z'), 'UTC')).toBe(true);
    expect(isOpenAt(fridayNight, at('2025-06-06T23:30:00Z'), 'UTC')).toBe(true);
    expect(isOpenAt(fridayNight, at('2025-06-07T01:00:00Z'), 'UTC')).toBe(true);
    expect(isOpenAt(fridayNight, at('2025-06-07T02:00:00Z'), 'UTC')).toBe(false); // the end is excluded
  });

  it('do not open Saturday night when Saturday is unchecked', () => {
    expect(isOpenAt(fridayNight, at('2025-06-07T23:00:00Z'), 'UTC')).toBe(false);
    const weekend = schedule(['friday', 'saturday'], '22:00', '02:00');
    expect(isOpenAt(weekend, at('2025-06-07T23:00:00Z'), 'UTC')).toBe(true);
    expect(isOpenAt(weekend, at('2025-06-08T01:59:00Z'), 'UTC')).toBe(true);
    expect(isOpenAt(weekend, at('2025-06-08T23:00:00Z'), 'UTC')).toBe(false);
  });

  it('give Thursday 01:00 nothing from an unchecked Wednesday', () => {
    expect(isOpenAt(fridayNight, at('2025-06-05T01:00:00Z'), 'UTC')).toBe(false);
  });

  it('last 24 hours from the start when the end equals the start', () => {
    const mondayEight = schedule(['monday'], '08:00', '08:00');
    expect(isOpenAt(mondayEight, at('2025-06-02T07:59:00Z'), 'UTC')).toBe(false);
    expect(isOpenAt(mondayEight, at('2025-06-03T07:59:00Z'), 'UTC')).toBe(true);
    expect(isOpenAt(mondayEight, at('2025-06-03T08:00:00Z'), 'UTC')).toBe(false);
    const [window] = windowsBetween(
      mondayEight,
      at('2025-06-01T00:00:00Z'),
      at('2025-06-08T00:00:00Z'),
      'UTC',
    );
    expect(window).toEqual({ start: at('2025-06-02T08:00:00Z'), end: at('2025-06-03T08:00:00Z') });
  });
});

describe('each week day on its own', () => {
  // 11:00 in Madrid (CEST, UTC+2) on Monday 2 … Sunday 8 June 2025.
  const elevenOn = weekDays.map((_, index) => at(`2025-06-0${index + 2}T09:00:00Z`));

  it.each(weekDays.map((day, index) => [day, index] as const))('%s opens only on %s', (day, index) => {
    const only = schedule([day], '10:00', '12:00');
    const open = elevenOn.map((instant) => isOpenAt(only, instant, 'Europe/Madrid'));
    expect(open).toEqual(weekDays.map((_, i) => i === index));
  });
});

describe('24-hour schedules', () => {
  const monday = allDay(['monday']);

  it('are open all of their checked day and ignore the clock times', () => {
    // Monday 00:00 in Madrid is Sunday 22:00 UTC.
    expect(isOpenAt(monday, at('2025-06-01T21:59:59Z'), 'Europe/Madrid')).toBe(false);
    expect(isOpenAt(monday, at('2025-06-01T22:00:00Z'), 'Europe/Madrid')).toBe(true);
    expect(isOpenAt(monday, at('2025-06-02T15:00:00Z'), 'Europe/Madrid')).toBe(true);
    expect(isOpenAt(monday, at('2025-06-02T21:59:59Z'), 'Europe/Madrid')).toBe(true);
    expect(isOpenAt(monday, at('2025-06-02T22:00:00Z'), 'Europe/Madrid')).toBe(false);
  });

  it('close at the end of the last of several days in a row', () => {
    const mondayTuesday = allDay(['monday', 'tuesday']);
    expect(currentWindowEnd(mondayTuesday, at('2025-06-02T10:00:00Z'), 'UTC')).toEqual(
      at('2025-06-04T00:00:00Z'),
    );
  });

  it('never close or open when every day is checked', () => {
    for (const always of [allDay('every day'), schedule('every day', '06:00', '06:00')]) {
      expect(isOpenAt(always, at('2025-06-04T03:00:00Z'), 'America/New_York')).toBe(true);
      expect(currentWindowEnd(always, at('2025-06-04T03:00:00Z'), 'America/New_York')).toBeNull();
      expect(nextOpening(always, at('2025-06-04T03:00:00Z'), 'America/New_York')).toBeNull();
    }
    // Even in the hour skipped by the spring change.
    expect(isOpenAt(allDay('every day'), at('2025-03-09T07:00:00Z'), 'America/New_York')).toBe(true);
  });
});

describe('time zones', () => {
  const officeHours = schedule(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], '09:00', '17:00');
  const instant = at('2025-06-02T14:00:00Z');

  it('evaluate the same instant on each restaurant’s own clock', () => {
    expect(isOpenAt(officeHours, instant, 'America/New_York')).toBe(true); // Monday 10:00
    expect(isOpenAt(officeHours, instant, 'Asia/Tokyo')).toBe(false); // Monday 23:00
    expect(isOpenAt(officeHours, at('2025-06-02T01:00:00Z'), 'Asia/Tokyo')).toBe(true); // Monday 10:00
  });

  it('decide the day in the zone too', () => {
    // Sunday 23:30 UTC is already Monday 08:30 in Tokyo but still Sunday in New York.
    const mondayBreakfast = schedule(['monday'], '08:00', '09:00');
    expect(isOpenAt(mondayBreakfast, at('2025-06-01T23:30:00Z'), 'Asia/Tokyo')).toBe(true);
    expect(isOpenAt(mondayBreakfast, at('2025-06-01T23:30:00Z'), 'America/New_York')).toBe(false);
  });

  it('throw on an unknown zone', () => {
    expect(() => isOpenAt(officeHours, instant, 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('daylight-saving changes', () => {
  describe('Europe/Paris, last Sunday of March (02:00 → 03:00)', () => {
    const zone = 'Europe/Paris';

    it('shortens a night window crossing the change to its real length', () => {
      const saturdayNight = schedule(['saturday'], '22:00', '04:00');
      const windows = windowsBetween(
        saturdayNight,
        at('2025-03-29T00:00:00Z'),
        at('2025-03-31T00:00:00Z'),
        zone,
      );
      expect(windows).toEqual([{ start: at('2025-03-29T21:00:00Z'), end: at('2025-03-30T02:00:00Z') }]);
      expect(lengthOf(windows[0]!)).toBe(5 * HOUR);
    });

    it('gives that Sunday 23 hours', () => {
      const [sunday] = windowsBetween(
        allDay(['sunday']),
        at('2025-03-29T12:00:00Z'),
        at('2025-03-30T12:00:00Z'),
        zone,
      );
      expect(sunday).toEqual({ start: at('2025-03-29T23:00:00Z'), end: at('2025-03-30T22:00:00Z') });
    });

    it('opens a window starting in the skipped hour when the clocks jump', () => {
      const early = schedule(['sunday'], '02:30', '04:00');
      const [window] = windowsBetween(early, at('2025-03-29T00:00:00Z'), at('2025-03-31T00:00:00Z'), zone);
      expect(window).toEqual({ start: at('2025-03-30T01:00:00Z'), end: at('2025-03-30T02:00:00Z') });
      expect(isOpenAt(early, at('2025-03-30T00:59:59Z'), zone)).toBe(false); // 01:59:59 CET
      expect(isOpenAt(early, at('2025-03-30T01:00:00Z'), zone)).toBe(true); // 03:00 CEST
    });
  });

  describe('Europe/Paris, last Sunday of October (03:00 → 02:00)', () => {
    const zone = 'Europe/Paris';

    it('lengthens a night window crossing the change to its real length', () => {
      const saturdayNight = schedule(['saturday'], '22:00', '04:00');
      const [window] = windowsBetween(
        saturdayNight,
        at('2025-10-25T00:00:00Z'),
        at('2025-10-27T00:00:00Z'),
        zone,
      );
      expect(window).toEqual({ start: at('2025-10-25T20:00:00Z'), end: at('2025-10-26T03:00:00Z') });
      expect(lengthOf(window!)).toBe(7 * HOUR);
    });

    it('gives that Sunday 25 hours and counts the repeated hour once in a window over it', () => {
      const [sunday] = windowsBetween(
        allDay(['sunday']),
        at('2025-10-26T12:00:00Z'),
        at('2025-10-26T13:00:00Z'),
        zone,
      );
      expect(lengthOf(sunday!)).toBe(25 * HOUR);
      const overTheChange = schedule(['sunday'], '02:00', '03:00');
      const [window] = windowsBetween(
        overTheChange,
        at('2025-10-25T00:00:00Z'),
        at('2025-10-27T00:00:00Z'),
        zone,
      );
      expect(window).toEqual({ start: at('2025-10-26T00:00:00Z'), end: at('2025-10-26T02:00:00Z') });
    });
  });

  describe('America/New_York, second Sunday of March (02:00 → 03:00)', () => {
    const zone = 'America/New_York';

    it('gives that Sunday 23 hours', () => {
      const [sunday] = windowsBetween(
        allDay(['sunday']),
        at('2025-03-09T12:00:00Z'),
        at('2025-03-09T13:00:00Z'),
        zone,
      );
      expect(sunday).toEqual({ start: at('2025-03-09T05:00:00Z'), end: at('2025-03-10T04:00:00Z') });
    });

    it('opens a window starting at 02:30 at 03:00 EDT, and at 02:30 the week after', () => {
      const early = schedule(['sunday'], '02:30', '04:00');
      const windows = windowsBetween(early, at('2025-03-08T00:00:00Z'), at('2025-03-17T00:00:00Z'), zone);
      expect(windows).toEqual([
        { start: at('2025-03-09T07:00:00Z'), end: at('2025-03-09T08:00:00Z') },
        { start: at('2025-03-16T06:30:00Z'), end: at('2025-03-16T08:00:00Z') },
      ]);
      expect(isOpenAt(early, at('2025-03-09T07:10:00Z'), zone)).toBe(true); // 03:10 EDT
    });

    it('does not open a window lying wholly inside the skipped hour', () => {
      const skipped = schedule(['sunday'], '02:00', '02:45');
      expect(windowsBetween(skipped, at('2025-03-08T00:00:00Z'), at('2025-03-10T00:00:00Z'), zone)).toEqual(
        [],
      );
      expect(nextOpening(skipped, at('2025-03-08T12:00:00Z'), zone)).toEqual(at('2025-03-16T06:00:00Z'));
    });

    it('finds the next opening across the change at the same clock time', () => {
      const nine = schedule('every day', '09:00', '17:00');
      // Saturday 10:00 EST → Sunday 09:00 EDT.
      expect(nextOpening(nine, at('2025-03-08T15:00:00Z'), zone)).toEqual(at('2025-03-09T13:00:00Z'));
    });
  });

  describe('America/New_York, first Sunday of November (02:00 → 01:00)', () => {
    const zone = 'America/New_York';

    it('gives that Sunday 25 hours', () => {
      const [sunday] = windowsBetween(
        allDay(['sunday']),
        at('2025-11-02T12:00:00Z'),
        at('2025-11-02T13:00:00Z'),
        zone,
      );
      expect(sunday).toEqual({ start: at('2025-11-02T04:00:00Z'), end: at('2025-11-03T05:00:00Z') });
    });

    it('closes a window ending after the change at its real time', () => {
      const lateNight = schedule(['sunday'], '00:00', '02:00');
      const [window] = windowsBetween(
        lateNight,
        at('2025-11-01T00:00:00Z'),
        at('2025-11-03T00:00:00Z'),
        zone,
      );
      expect(lengthOf(window!)).toBe(3 * HOUR);
    });

    it('reads a time in the repeated hour as its first occurrence', () => {
      const repeated = schedule(['sunday'], '01:00', '01:30');
      const [window] = windowsBetween(repeated, at('2025-11-01T00:00:00Z'), at('2025-11-03T00:00:00Z'), zone);
      expect(window).toEqual({ start: at('2025-11-02T05:00:00Z'), end: at('2025-11-02T05:30:00Z') });
      expect(isOpenAt(repeated, at('2025-11-02T05:15:00Z'), zone)).toBe(true); // 01:15 EDT
      expect(isOpenAt(repeated, at('2025-11-02T06:15:00Z'), zone)).toBe(false); // 01:15 EST, again
    });
  });
});

describe('windowsBetween', () => {
  const weekdays = schedule(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], '09:00', '17:00');

  it('lists each day’s window in order', () => {
    const windows = windowsBetween(weekdays, at('2025-06-01T00:00:00Z'), at('2025-06-08T00:00:00Z'), 'UTC');
    expect(windows.map((w) => w.start.toISOString())).toEqual([
      '2025-06-02T09:00:00.000Z',
      '2025-06-03T09:00:00.000Z',
      '2025-06-04T09:00:00.000Z',
      '2025-06-05T09:00:00.000Z',
      '2025-06-06T09:00:00.000Z',
    ]);
    expect(windows.every((w) => lengthOf(w) === 8 * HOUR)).toBe(true);
  });

  it('includes windows overlapping the range unclipped, and a window from the day before', () => {
    expect(windowsBetween(weekdays, at('2025-06-02T16:00:00Z'), at('2025-06-03T10:00:00Z'), 'UTC')).toEqual([
      { start: at('2025-06-02T09:00:00Z'), end: at('2025-06-02T17:00:00Z') },
      { start: at('2025-06-03T09:00:00Z'), end: at('2025-06-03T17:00:00Z') },
    ]);
    const fridayNight = schedule(['friday'], '22:00', '02:00');
    expect(
      windowsBetween(fridayNight, at('2025-06-07T01:00:00Z'), at('2025-06-07T12:00:00Z'), 'UTC'),
    ).toHaveLength(1);
  });

  it('is empty for an empty or reversed range', () => {
    expect(windowsBetween(weekdays, at('2025-06-02T10:00:00Z'), at('2025-06-02T10:00:00Z'), 'UTC')).toEqual(
      [],
    );
    expect(windowsBetween(weekdays, at('2025-06-03T10:00:00Z'), at('2025-06-02T10:00:00Z'), 'UTC')).toEqual(
      [],
    );
  });
});

describe('nextOpening and currentWindowEnd', () => {
  const mondayMorning = schedule(['monday'], '10:00', '12:00');

  it('find the next opening up to a week ahead', () => {
    expect(nextOpening(mondayMorning, at('2025-06-02T09:00:00Z'), 'UTC')).toEqual(at('2025-06-02T10:00:00Z'));
    expect(nextOpening(mondayMorning, at('2025-06-02T12:00:00Z'), 'UTC')).toEqual(at('2025-06-09T10:00:00Z'));
    expect(nextOpening(mondayMorning, at('2025-06-04T12:00:00Z'), 'UTC')).toEqual(at('2025-06-09T10:00:00Z'));
    expect(nextOpening(schedule(['sunday'], '10:00', '12:00'), at('2025-06-02T00:00:00Z'), 'UTC')).toEqual(
      at('2025-06-08T10:00:00Z'),
    );
  });

  it('give the opening after this one while open', () => {
    expect(nextOpening(mondayMorning, at('2025-06-02T11:00:00Z'), 'UTC')).toEqual(at('2025-06-09T10:00:00Z'));
    const fridayNight = schedule(['friday'], '22:00', '02:00');
    expect(nextOpening(fridayNight, at('2025-06-07T01:00:00Z'), 'UTC')).toEqual(at('2025-06-13T22:00:00Z'));
  });

  it('give null for a schedule without days', () => {
    expect(nextOpening(schedule([], '10:00', '12:00'), at('2025-06-02T09:00:00Z'), 'UTC')).toBeNull();
    expect(isOpenAt(schedule([], '00:00', '00:00'), at('2025-06-02T09:00:00Z'), 'UTC')).toBe(false);
  });

  it('tell when the open window ends, and null when closed', () => {
    expect(currentWindowEnd(mondayMorning, at('2025-06-02T11:00:00Z'), 'UTC')).toEqual(
      at('2025-06-02T12:00:00Z'),
    );
    expect(currentWindowEnd(mondayMorning, at('2025-06-02T12:00:00Z'), 'UTC')).toBeNull();
    const fridayNight = schedule(['friday'], '22:00', '02:00');
    expect(currentWindowEnd(fridayNight, at('2025-06-07T01:00:00Z'), 'UTC')).toEqual(
      at('2025-06-07T02:00:00Z'),
    );
  });
});

describe('category adjustments (decisions §4)', () => {
  const zone = 'America/New_York';
  const menu = schedule('every day', '07:00', '23:00');
  const breakfast = adjustmentSchedule({
    ...schedule(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], '07:00', '11:00'),
    twentyFourHoursAvailable: false,
  });

  it('show a category only inside its own days and hours', () => {
    expect(isCategoryVisible(menu, breakfast, at('2025-06-02T12:00:00Z'), zone)).toBe(true); // Mon 08:00
    expect(isCategoryVisible(menu, breakfast, at('2025-06-02T16:00:00Z'), zone)).toBe(false); // Mon 12:00
    expect(isCategoryVisible(menu, breakfast, at('2025-06-07T12:00:00Z'), zone)).toBe(false); // Sat 08:00
  });

  it('hide an adjusted category while its menu is closed', () => {
    const sundayAllDay = adjustmentSchedule({
      ...schedule(['sunday'], '00:00', '00:00'),
      twentyFourHoursAvailable: true,
    });
    expect(sundayAllDay.twentyFourHours).toBe(true);
    expect(isCategoryVisible(menu, sundayAllDay, at('2025-06-08T16:00:00Z'), zone)).toBe(true); // Sun 12:00
    expect(isCategoryVisible(menu, sundayAllDay, at('2025-06-08T08:00:00Z'), zone)).toBe(false); // Sun 04:00
  });

  it('leave a category without an adjustment to its menu', () => {
    expect(isCategoryVisible(menu, null, at('2025-06-02T16:00:00Z'), zone)).toBe(true);
  });
});

describe('public menu timeline (doc 2 §4)', () => {
  const zone = 'America/New_York'; // June: EDT, UTC−4
  const id = (n: number) => n.toString(16).padStart(24, '0');
  const timelineMenu = (n: number, valid: Schedule): TimelineMenu => {
    const { twentyFourHours, ...times } = valid;
    return { _id: id(n), valid: times, twentyFourHoursMenuAvailable: twentyFourHours };
  };
  const lunch = timelineMenu(1, schedule('every day', '11:00', '17:00'));
  const dinner = timelineMenu(2, schedule('every day', '17:00', '22:00'));
  const timeline = [lunch, dinner];
  /** A June 2nd clock time in New York. */
  const nyc = (time: string) => at(`2025-06-02T${time}-04:00`);

  it('checks every 30 s and switches half a second after the choice (doc 2 §9)', () => {
    expect(TIMELINE_CHECK_MS).toBe(30_000);
    expect(SWITCH_DELAY_MS).toBe(500);
  });

  it('reads a menu’s schedule from its fields', () => {
    expect(menuSchedule(lunch)).toEqual(schedule('every day', '11:00', '17:00'));
  });

  it('lists the menus open now in the timeline’s order', () => {
    expect(currentMenus(timeline, nyc('16:30:00'), zone)).toEqual([lunch]);
    expect(currentMenus(timeline, nyc('17:00:00'), zone)).toEqual([dinner]);
    expect(currentMenus(timeline, nyc('23:00:00'), zone)).toEqual([]);
    const brunch = timelineMenu(3, schedule('every day', '10:00', '14:00'));
    expect(currentMenus([brunch, lunch, dinner], nyc('12:00:00'), zone)).toEqual([brunch, lunch]);
  });

  it('offers the switch exactly when the next menu starts within the transition minutes', () => {
    expect(upcomingSwitch(timeline, lunch._id, nyc('16:29:59'), zone, 30)).toBeNull();
    expect(upcomingSwitch(timeline, lunch._id, nyc('16:30:00'), zone, 30)).toEqual({
      menuId: dinner._id,
      startsAt: nyc('17:00:00'),
      minutesLeft: 30,
      currentEndsAt: nyc('17:00:00'),
    });
  });

  it('rounds the minutes up, never to zero or below while the switch is ahead', () => {
    expect(upcomingSwitch(timeline, lunch._id, nyc('16:45:30'), zone, 30)?.minutesLeft).toBe(15);
    expect(upcomingSwitch(timeline, lunch._id, nyc('16:59:59'), zone, 30)?.minutesLeft).toBe(1);
    expect(upcomingSwitch(timeline, lunch._id, nyc('17:00:00'), zone, 30)).toBeNull(); // dinner is open
  });

  it('is switched off by 0 minutes', () => {
    expect(upcomingSwitch(timeline, lunch._id, nyc('16:59:00'), zone, 0)).toBeNull();
    expect(upcomingSwitch(timeline, lunch._id, nyc('16:59:00'), zone, -5)).toBeNull();
  });

  it('counts to the current menu’s close when it comes before the next start', () => {
    const earlyLunch = timelineMenu(3, schedule('every day', '11:00', '15:00'));
    const tea = timelineMenu(4, schedule('every day', '15:20', '18:00'));
    expect(upcomingSwitch([earlyLunch, tea], earlyLunch._id, nyc('14:55:00'), zone, 30)).toEqual({
      menuId: tea._id,
      startsAt: nyc('15:20:00'),
      minutesLeft: 5,
      currentEndsAt: nyc('15:00:00'),
    });
  });

  it('counts to the next start when the current menu stays open longer', () => {
    const longLunch = timelineMenu(3, schedule('every day', '11:00', '17:30'));
    const result = upcomingSwitch([longLunch, dinner], longLunch._id, nyc('16:45:00'), zone, 30);
    expect(result).toMatchObject({ menuId: dinner._id, minutesLeft: 15, currentEndsAt: nyc('17:30:00') });
    const allDayMenu = timelineMenu(5, allDay('every day'));
    expect(upcomingSwitch([allDayMenu, dinner], allDayMenu._id, nyc('16:45:00'), zone, 30)).toMatchObject({
      minutesLeft: 15,
      currentEndsAt: null,
    });
  });

  it('offers the closest menu, never the one shown or one already open', () => {
    const happyHour = timelineMenu(3, schedule('every day', '16:50', '18:00'));
    expect(upcomingSwitch([lunch, dinner, happyHour], lunch._id, nyc('16:40:00'), zone, 30)?.menuId).toBe(
      happyHour._id,
    );
    // Shown: dinner (not open yet). Lunch is open, so nothing is upcoming.
    expect(upcomingSwitch(timeline, dinner._id, nyc('16:45:00'), zone, 30)).toBeNull();
  });

  it('counts to the next start when no menu is shown', () => {
    expect(upcomingSwitch(timeline, null, nyc('16:40:00'), zone, 30)).toMatchObject({
      menuId: dinner._id,
      minutesLeft: 20,
      currentEndsAt: null,
    });
  });
});

describe('the default week', () => {
  it('is open all day on every day even with the 24-hour flag off, not closing a minute before midnight', () => {
    const timesOnly: Schedule = { ...defaultWeek, twentyFourHours: false };
    for (const instant of ['2026-01-05T23:59:30Z', '2026-01-06T00:00:00Z', '2026-01-11T12:00:00Z']) {
      expect(isOpenAt(timesOnly, at(instant), 'UTC')).toBe(true);
      expect(isOpenAt(allDayEveryDay, at(instant), 'UTC')).toBe(true);
    }
    expect(weekDays.every((day) => defaultWeek[day])).toBe(true);
  });
});

describe('wallTime', () => {
  it("reads the restaurant's clock: the civil date and the minute of that date", () => {
    // 2026-01-05 is day 20458; 23:30 UTC is 18:30 in New York (EST) the same day, 00:30 in Paris the next.
    expect(wallTime(at('2026-01-05T23:30:59Z'), 'UTC')).toEqual({ day: 20458, minute: 23 * 60 + 30 });
    expect(wallTime(at('2026-01-05T23:30:00Z'), 'America/New_York')).toEqual({
      day: 20458,
      minute: 18 * 60 + 30,
    });
    expect(wallTime(at('2026-01-05T23:30:00Z'), 'Europe/Paris')).toEqual({ day: 20459, minute: 30 });
  });
});
