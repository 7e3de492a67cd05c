import type { z } from 'zod';
// Types only: the public page's script imports this module without zod.
import type { Menu, scheduleSchema, weekDays } from './workshop.ts';

/**
 * When menus and categories are open (decisions §4, doc 2 §2–§4). Every function takes the instant
 * (`now`) and the restaurant's IANA time zone explicitly, so the server, the owner's timeline screen
 * and the public page agree, and tests need no fake clock.
 *
 * Time-zone arithmetic uses `Intl.DateTimeFormat` only (no date library): it knows every IANA zone
 * and its daylight-saving rules, and adds nothing to the public page's bundle.
 *
 * The rules, in one place:
 * - A day's window opens at its start time on that day and closes the next time the restaurant's
 *   clock shows its end time. So an end before the start crosses midnight and belongs to the start
 *   day (decisions §4: Friday 22:00–02:00 is open at Saturday 01:00 because Friday is checked), and
 *   an end equal to the start means 24 hours from the start (00:00–00:00 is the whole day).
 * - A 24-hour schedule is open from 00:00 to the next 00:00 on each checked day.
 * - Windows are half-open: open at the start instant, closed at the end instant.
 * - A clock time is "reached" at the first instant the clock shows it or a later time. On the
 *   spring-forward day a time inside the skipped hour (Paris 02:30 on the last Sunday of March) is
 *   reached when the clocks jump (03:00 CEST), so a window 02:30–04:00 opens at 03:00, exactly
 *   when the wall clock passes 02:30; a window lying wholly inside the skipped hour does not open
 *   that day. On the fall-back day a repeated time means its first occurrence: a window 01:00–01:30
 *   in New York closes at the first 01:30 (EDT) and stays closed during the repeated half hour,
 *   while a window spanning the change (22:00–04:00) lasts its real seven hours.
 */

/** The days and hours of a menu or category adjustment, as `scheduleSchema` validates them. */
export type ScheduleTimes = z.infer<typeof scheduleSchema>;
/** A schedule as these functions read it; `twentyFourHours` opens every checked day all day. */
export type Schedule = ScheduleTimes & { twentyFourHours: boolean };
/** One opening: real instants, the end excluded. */
export interface TimeWindow {
  start: Date;
  end: Date;
}
/** A published menu in the customer response's `menusTimeline` (doc 2 §3): its id and schedule. */
export type TimelineMenu = Pick<Menu, '_id' | 'valid' | 'twentyFourHoursMenuAvailable'>;
/** What the public page's banner needs (doc 2 §4). */
export interface UpcomingSwitch {
  /** The menu to offer. */
  menuId: string;
  /** When it opens. */
  startsAt: Date;
  /** "The current menu expires in N minutes": whole minutes, rounded up, never negative. */
  minutesLeft: number;
  /** When the current menu closes, if it is open now and ever closes. */
  currentEndsAt: Date | null;
}

/** The public page looks for an upcoming menu this often (doc 2 §9). */
export const TIMELINE_CHECK_MS = 30_000;
/** After the diner accepts, the new menu is selected this much later (doc 2 §4, §9). */
export const SWITCH_DELAY_MS = 500;

const MINUTE = 60_000;
const DAY = 86_400_000;
/** `Date#getUTCDay` order, to name the week day of a civil date. */
const daysFromSunday = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const satisfies readonly (typeof weekDays)[number][];

/**
 * Minutes after midnight of an "HH:mm" (or "H:mm") time, or null when it is not one. Time strings
 * without a colon are rejected (doc 2 §5), so "0930" is not read as 09:30.
 */
export function parseTime(value: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
}

/** All seven days checked. */
export const everyDayOfWeek = Object.freeze(
  Object.fromEntries(daysFromSunday.map((day) => [day, true])) as Record<(typeof weekDays)[number], true>,
);

/** Midnight: a window from it to itself is the whole day by the rules above. */
export const midnight = '00:00';

/**
 * Every day checked, 00:00–00:00: open all day by the rules above (an end equal to the start is 24
 * hours from the start). New menus get it (decisions §4: "New menus: every day, 24 hours"), so
 * turning their 24-hour flag off leaves whole days, not days that close a minute before midnight.
 */
export const defaultWeek: Readonly<ScheduleTimes> = Object.freeze({
  ...everyDayOfWeek,
  startTime: midnight,
  endTime: midnight,
});

/** `defaultWeek` with the 24-hour flag on: a new menu's schedule. */
export const allDayEveryDay: Readonly<Schedule> = Object.freeze({ ...defaultWeek, twentyFourHours: true });

/** The schedule of a menu (`valid` plus `twentyFourHoursMenuAvailable`, decisions §4). */
export const menuSchedule = (menu: Pick<Menu, 'valid' | 'twentyFourHoursMenuAvailable'>): Schedule => ({
  ...menu.valid,
  twentyFourHours: menu.twentyFourHoursMenuAvailable,
});

/** The schedule of a category adjustment as it is stored (doc 2 §3: `twentyFourHoursAvailable`). */
export const adjustmentSchedule = (
  adjustment: ScheduleTimes & { twentyFourHoursAvailable: boolean },
): Schedule => {
  const { twentyFourHoursAvailable, ...times } = adjustment;
  return { ...times, twentyFourHours: twentyFourHoursAvailable };
};

// ---------- the restaurant's clock ----------

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building one costs far more than using it. Throws on an unknown zone. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      // h23, not hour12: false, which some engines answer with "24" at midnight.
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** What the zone's clock shows at an instant, as milliseconds of a UTC-based "wall" time line. */
function wallClock(instant: number, timeZone: string): number {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return Date.UTC(
    fields.year ?? 1970,
    (fields.month ?? 1) - 1,
    fields.day ?? 1,
    fields.hour ?? 0,
    fields.minute ?? 0,
    fields.second ?? 0,
  );
}

/** A reading of the restaurant's clock: its civil date and the minute of that date. */
export interface WallTime {
  /** Days since 1970-01-01 of the date the clock shows. */
  day: number;
  /** Minutes after that date's midnight. */
  minute: number;
}

/** What the zone's clock shows at an instant, to the minute (the owner's week strip draws it). */
export function wallTime(instant: Date, timeZone: string): WallTime {
  const wall = wallClock(instant.getTime(), timeZone);
  const day = Math.floor(wall / DAY);
  return { day, minute: Math.floor((wall - day * DAY) / MINUTE) };
}

/** The zone's offset from UTC at an instant, in milliseconds. */
const offsetAt = (instant: number, timeZone: string): number =>
  wallClock(instant, timeZone) - Math.floor(instant / 1000) * 1000;

/**
 * The first instant at which the zone's clock shows `wall` or a later time (see the rules above):
 * the earlier of two occurrences in a repeated hour, the moment of the jump in a skipped one.
 */
function reached(wall: number, timeZone: string): number {
  // The offsets a day either side bracket any single change near this wall time.
  const before = offsetAt(wall - DAY, timeZone);
  const after = offsetAt(wall + DAY, timeZone);
  const exact = [wall - before, wall - after].filter((instant) => wallClock(instant, timeZone) === wall);
  if (exact.length > 0) return Math.min(...exact);
  // Skipped by a spring-forward change: find the jump, to the second, between the two readings.
  let low = wall - after; // the clock still shows an earlier time
  let high = wall - before; // the clock already shows a later time
  while (high - low > 1000) {
    const middle = low + Math.floor((high - low) / 2000) * 1000;
    if (wallClock(middle, timeZone) >= wall) high = middle;
    else low = middle;
  }
  return high;
}

/** The civil date (days since 1970-01-01) the zone's clock shows at an instant. */
const localDay = (instant: number, timeZone: string): number =>
  Math.floor(wallClock(instant, timeZone) / DAY);

// ---------- windows ----------

interface Span {
  start: number;
  end: number;
}

/** The window that belongs to one civil day, or null when the day is unchecked or has no opening. */
function windowOfDay(schedule: Schedule, day: number, timeZone: string): Span | null {
  const weekDay = daysFromSunday[new Date(day * DAY).getUTCDay()];
  if (!weekDay || !schedule[weekDay]) return null;
  let startMinutes = 0;
  let endMinutes = 0;
  if (!schedule.twentyFourHours) {
    const start = parseTime(schedule.startTime);
    const end = parseTime(schedule.endTime);
    // Stored schedules are validated (scheduleSchema); a broken one stays closed rather than
    // breaking the public page.
    if (start === null || end === null) return null;
    startMinutes = start;
    endMinutes = end;
  }
  const endDay = endMinutes > startMinutes ? day : day + 1;
  const start = reached(day * DAY + startMinutes * MINUTE, timeZone);
  const end = reached(endDay * DAY + endMinutes * MINUTE, timeZone);
  // Only a window wholly inside a skipped hour can be empty.
  return end > start ? { start, end } : null;
}

/** The windows of the civil days first…last, in order. */
function windowsOfDays(schedule: Schedule, first: number, last: number, timeZone: string): Span[] {
  const spans: Span[] = [];
  for (let day = first; day <= last; day++) {
    const span = windowOfDay(schedule, day, timeZone);
    if (span) spans.push(span);
  }
  return spans;
}

/** Back-to-back windows (Monday and Tuesday 24 hours) make one stretch of opening. */
function mergeTouching(spans: Span[]): Span[] {
  const merged: Span[] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** Open every day all day: it never closes and never opens. */
const alwaysOpen = (schedule: Schedule): boolean =>
  daysFromSunday.every((day) => schedule[day]) &&
  (schedule.twentyFourHours ||
    (parseTime(schedule.startTime) !== null &&
      parseTime(schedule.startTime) === parseTime(schedule.endTime)));

/**
 * The stretches of opening around `now`: from the day before (a window crossing midnight) to
 * eight days on, which holds the next opening of any schedule with a checked day.
 */
const stretchesAround = (schedule: Schedule, now: number, timeZone: string): Span[] => {
  const today = localDay(now, timeZone);
  return mergeTouching(windowsOfDays(schedule, today - 1, today + 8, timeZone));
};

/** Whether the schedule is open at `now` in the restaurant's zone. */
export function isOpenAt(schedule: Schedule, now: Date, timeZone: string): boolean {
  const instant = now.getTime();
  const today = localDay(instant, timeZone);
  // A window ends, by the clock, before the end of the day after its own, so two days suffice.
  return windowsOfDays(schedule, today - 1, today, timeZone).some(
    (span) => span.start <= instant && instant < span.end,
  );
}

/**
 * Each day's window that overlaps [from, to), in order, with real instants (a window over a
 * daylight-saving change is an hour shorter or longer than its clock times say). Windows are not
 * clipped to the range and not merged, one per day, as the timeline screen draws them.
 */
export function windowsBetween(schedule: Schedule, from: Date, to: Date, timeZone: string): TimeWindow[] {
  const start = from.getTime();
  const end = to.getTime();
  if (!(end > start)) return [];
  return windowsOfDays(schedule, localDay(start, timeZone) - 1, localDay(end, timeZone), timeZone)
    .filter((span) => span.end > start && span.start < end)
    .map((span) => ({ start: new Date(span.start), end: new Date(span.end) }));
}

/**
 * The next instant after `now` at which the schedule goes from closed to open; when it is open now,
 * the opening after it closes. Null when no day is checked or it is open all the time.
 */
export function nextOpening(schedule: Schedule, now: Date, timeZone: string): Date | null {
  if (alwaysOpen(schedule)) return null;
  const instant = now.getTime();
  const next = stretchesAround(schedule, instant, timeZone).find((span) => span.start > instant);
  return next ? new Date(next.start) : null;
}

/**
 * When the schedule closes, if it is open at `now`: back-to-back windows count as one, so a menu
 * open Monday and Tuesday all day closes at Wednesday 00:00. Null when closed now or never closing.
 */
export function currentWindowEnd(schedule: Schedule, now: Date, timeZone: string): Date | null {
  if (alwaysOpen(schedule)) return null;
  const instant = now.getTime();
  const current = stretchesAround(schedule, instant, timeZone).find(
    (span) => span.start <= instant && instant < span.end,
  );
  return current ? new Date(current.end) : null;
}

// ---------- categories and the public timeline ----------

/**
 * Category adjustments (decisions §4, doc 2 §2): a category with its own days and hours is shown
 * only inside them, and only while its menu is open. Without one the category simply follows its
 * menu: whether a menu outside its hours is shown at all is the page's choice, not this function's.
 */
export function isCategoryVisible(
  menuSchedule: Schedule,
  adjustment: Schedule | null,
  now: Date,
  timeZone: string,
): boolean {
  if (!adjustment) return true;
  return isOpenAt(adjustment, now, timeZone) && isOpenAt(menuSchedule, now, timeZone);
}

/** The menus open at `now`, in the timeline's order (decisions §4: a menu is current while open). */
export function currentMenus<T extends TimelineMenu>(
  timeline: readonly T[],
  now: Date,
  timeZone: string,
): T[] {
  return timeline.filter((menu) => isOpenAt(menuSchedule(menu), now, timeZone));
}

/**
 * The banner of doc 2 §4, checked every TIMELINE_CHECK_MS: the closest menu, other than the one
 * shown, that is not open now and opens within `transitionMinutes` (inclusive; 0 switches it off,
 * doc 2 §5). Ties go to the earlier menu of the timeline.
 *
 * `minutesLeft` counts to the first change the diner will see: the shown menu closing, or the next
 * one opening, whichever comes first. Counting only to the close would announce "expires in 300
 * minutes" for an all-day menu; counting only to the next start would outlive a menu that closes
 * first. Minutes are rounded up, so the banner says 1, not 0, in the last seconds.
 */
export function upcomingSwitch(
  timeline: readonly TimelineMenu[],
  currentMenuId: string | null,
  now: Date,
  timeZone: string,
  transitionMinutes: number,
): UpcomingSwitch | null {
  if (!(transitionMinutes > 0)) return null;
  const instant = now.getTime();
  const horizon = instant + transitionMinutes * MINUTE;
  let best: { menuId: string; startsAt: number } | null = null;
  for (const menu of timeline) {
    if (menu._id === currentMenuId) continue;
    const schedule = menuSchedule(menu);
    if (isOpenAt(schedule, now, timeZone)) continue;
    const startsAt = nextOpening(schedule, now, timeZone)?.getTime();
    if (startsAt === undefined || startsAt > horizon) continue;
    if (!best || startsAt < best.startsAt) best = { menuId: menu._id, startsAt };
  }
  if (!best) return null;
  const current = timeline.find((menu) => menu._id === currentMenuId);
  const currentEndsAt = current ? currentWindowEnd(menuSchedule(current), now, timeZone) : null;
  const changeAt = Math.min(best.startsAt, currentEndsAt?.getTime() ?? Number.POSITIVE_INFINITY);
  return {
    menuId: best.menuId,
    startsAt: new Date(best.startsAt),
    minutesLeft: Math.max(0, Math.ceil((changeAt - instant) / MINUTE)),
    currentEndsAt,
  };
}
