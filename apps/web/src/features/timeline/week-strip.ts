import { type Schedule, type WallTime, wallTime, windowsBetween } from '@carte/domain';
import { formatDayOfMonth, type Locales, viewerLocales } from '../../ui/dates.ts';

/**
 * The week strip's arithmetic: the windows of a schedule (computed by the domain's `windowsBetween`
 * in the restaurant's time zone, decisions §4) cut into pieces per day of the restaurant's current
 * week, Monday to Sunday, as its wall clock shows them. A window across midnight is drawn on both
 * days; the piece on the second day is marked `continued`.
 */

const DAY_MS = 86_400_000;
const MINUTES_PER_DAY = 1440;

export interface StripDay {
  /** 0 = Monday … 6 = Sunday. */
  index: number;
  day: number;
  /** "Mon", "9 Jan" for the label. */
  weekday: string;
  date: string;
  isToday: boolean;
}

export interface StripWeek {
  days: StripDay[];
  now: WallTime;
}

export interface StripPiece {
  /** 0 = Monday … 6 = Sunday. */
  dayIndex: number;
  startMinute: number;
  endMinute: number;
  /** The whole window, for its label. */
  start: Date;
  end: Date;
  /** It began on the day before (after midnight of a window across midnight). */
  continued: boolean;
}

const weekdayLabel = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });

/** The restaurant's current week, Monday first, and the wall time now; dates in the viewer's locale. */
export function stripWeek(now: Date, timeZone: string, locales: Locales = viewerLocales()): StripWeek {
  const current = wallTime(now, timeZone);
  const mondayOffset = (new Date(current.day * DAY_MS).getUTCDay() + 6) % 7;
  const monday = current.day - mondayOffset;
  const days = Array.from({ length: 7 }, (_, index) => {
    const date = new Date((monday + index) * DAY_MS);
    return {
      index,
      day: monday + index,
      weekday: weekdayLabel.format(date),
      date: formatDayOfMonth(date, 'UTC', locales),
      isToday: monday + index === current.day,
    };
  });
  return { days, now: current };
}

/** The schedule's pieces on each day of the week (a window of Sunday spills into Monday's row). */
export function stripPieces(schedule: Schedule, week: StripWeek, now: Date, timeZone: string): StripPiece[] {
  const first = week.days[0]!.day;
  const last = week.days[6]!.day;
  // Generous bounds: windowsBetween answers whole windows overlapping the range.
  const from = new Date(now.getTime() - 9 * DAY_MS);
  const to = new Date(now.getTime() + 9 * DAY_MS);
  const pieces: StripPiece[] = [];
  for (const window of windowsBetween(schedule, from, to, timeZone)) {
    const start = wallTime(window.start, timeZone);
    const end = wallTime(window.end, timeZone);
    for (let day = Math.max(start.day, first); day <= Math.min(end.day, last); day++) {
      const startMinute = day === start.day ? start.minute : 0;
      const endMinute = day === end.day ? end.minute : MINUTES_PER_DAY;
      if (endMinute <= startMinute) continue;
      pieces.push({
        dayIndex: day - first,
        startMinute,
        endMinute,
        start: window.start,
        end: window.end,
        continued: day !== start.day,
      });
    }
  }
  return pieces;
}

/** "GMT+1" for the zone at that instant, to show next to its name. */
export function zoneOffsetLabel(timeZone: string, at: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
      .formatToParts(at)
      .find((item) => item.type === 'timeZoneName');
    return part?.value ?? '';
  } catch {
    return '';
  }
}

/** "Mon 22:00 – Tue 02:00" on the restaurant's clock. */
export function windowLabel(start: Date, end: Date, timeZone: string): string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${format.format(start)} – ${format.format(end)}`;
}

export const minuteLabel = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** A piece of a category's window: `outside` while its menu is closed, when it is hidden anyway. */
export interface StripSegment extends StripPiece {
  outside: boolean;
}

/**
 * Cuts a category's pieces where its menu opens and closes on the same day row (decisions §4: a
 * category is shown only inside its own hours and while its menu is open).
 */
export function splitByMenu(pieces: StripPiece[], menuPieces: StripPiece[]): StripSegment[] {
  const segments: StripSegment[] = [];
  for (const piece of pieces) {
    const open = menuPieces
      .filter((menu) => menu.dayIndex === piece.dayIndex)
      .sort((a, b) => a.startMinute - b.startMinute);
    let cursor = piece.startMinute;
    const push = (startMinute: number, endMinute: number, outside: boolean) => {
      if (endMinute > startMinute) segments.push({ ...piece, startMinute, endMinute, outside });
    };
    for (const menu of open) {
      if (menu.endMinute <= cursor || menu.startMinute >= piece.endMinute) continue;
      push(cursor, Math.min(menu.startMinute, piece.endMinute), true);
      const insideEnd = Math.min(menu.endMinute, piece.endMinute);
      push(Math.max(cursor, menu.startMinute), insideEnd, false);
      cursor = Math.max(cursor, insideEnd);
    }
    push(cursor, piece.endMinute, true);
  }
  return segments;
}
