import {
  type CategoryAdjustment,
  midnight,
  parseTime,
  type Schedule,
  type TimelineScheduleInput,
  weekDays,
} from '@carte/domain';

/**
 * The timeline form's values: the domain's `Schedule` itself (days, "HH:mm" times and the 24-hour
 * flag), so what the form holds is what `windowsBetween` draws and what the API receives.
 */
export type ScheduleValues = Schedule;
export type WeekDay = (typeof weekDays)[number];

export const dayNames: Record<WeekDay, { short: string; long: string }> = {
  monday: { short: 'Mon', long: 'Monday' },
  tuesday: { short: 'Tue', long: 'Tuesday' },
  wednesday: { short: 'Wed', long: 'Wednesday' },
  thursday: { short: 'Thu', long: 'Thursday' },
  friday: { short: 'Fri', long: 'Friday' },
  saturday: { short: 'Sat', long: 'Saturday' },
  sunday: { short: 'Sun', long: 'Sunday' },
};

export const adjustmentValues = (
  adjustment: Pick<CategoryAdjustment, 'valid' | 'twentyFourHoursAvailable'>,
): ScheduleValues => ({ ...adjustment.valid, twentyFourHours: adjustment.twentyFourHoursAvailable });

/**
 * The `valid` part of a payload. With 24 hours on, the times are not used, so a half-typed one is
 * sent as midnight (00:00) rather than blocking the save; otherwise they go as typed and the schema judges them.
 */
export function scheduleTimes(values: ScheduleValues): TimelineScheduleInput {
  const { twentyFourHours, ...times } = values;
  if (!twentyFourHours) return times;
  return {
    ...times,
    startTime: parseTime(times.startTime) === null ? midnight : times.startTime,
    endTime: parseTime(times.endTime) === null ? midnight : times.endTime,
  };
}

export const sameSchedule = (a: ScheduleValues, b: ScheduleValues): boolean =>
  a.twentyFourHours === b.twentyFourHours &&
  a.startTime === b.startTime &&
  a.endTime === b.endTime &&
  weekDays.every((day) => a[day] === b[day]);

export const checkedDays = (values: ScheduleValues): WeekDay[] => weekDays.filter((day) => values[day]);

/** "Every day", "Weekdays", "Monday to Thursday", "Mon, Wed, Fri". */
export function describeDays(values: ScheduleValues): string {
  const days = checkedDays(values);
  const key = days.join(',');
  if (days.length === 7) return 'Every day';
  if (key === 'monday,tuesday,wednesday,thursday,friday') return 'Weekdays';
  if (key === 'saturday,sunday') return 'Weekends';
  if (days.length === 1) return dayNames[days[0]!].long;
  const indexes = days.map((day) => weekDays.indexOf(day));
  const consecutive = indexes.every((index, i) => i === 0 || index === indexes[i - 1]! + 1);
  if (consecutive && days.length >= 3) {
    return `${dayNames[days[0]!].long} to ${dayNames[days[days.length - 1]!].long}`;
  }
  return days.map((day) => dayNames[day].short).join(', ');
}

/** "11:00 – 15:00", "22:00 – 02:00 (ends the next day)", "all day"; null while a time is invalid. */
export function describeHours(values: ScheduleValues): string | null {
  if (values.twentyFourHours) return 'all day';
  const start = parseTime(values.startTime);
  const end = parseTime(values.endTime);
  if (start === null || end === null) return null;
  // The rules of decisions §4, as packages/domain/src/schedule.ts applies them.
  if (start === end) return start === 0 ? 'all day' : `24 hours from ${values.startTime}`;
  const range = `${values.startTime} – ${values.endTime}`;
  return end < start ? `${range} (ends the next day)` : range;
}

/** One line for a schedule: "Weekdays, 11:00 – 15:00", or why it is never shown. */
export function describeSchedule(values: ScheduleValues): string {
  if (checkedDays(values).length === 0) return 'No day selected: never shown';
  const hours = describeHours(values);
  return hours ? `${describeDays(values)}, ${hours}` : describeDays(values);
}
