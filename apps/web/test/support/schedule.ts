import { type Schedule, weekDays } from '@carte/domain';

export type WeekDay = (typeof weekDays)[number];

/** A schedule open on these days (the others unchecked), 11:00–15:00 unless `hours` says otherwise. */
export const scheduleOn = (days: readonly WeekDay[], hours: Partial<Schedule> = {}): Schedule => ({
  ...(Object.fromEntries(weekDays.map((day) => [day, days.includes(day)])) as Record<WeekDay, boolean>),
  startTime: '11:00',
  endTime: '15:00',
  twentyFourHours: false,
  ...hours,
});
