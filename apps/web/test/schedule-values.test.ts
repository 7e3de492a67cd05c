import { allDayEveryDay, timelineScheduleSchema } from '@carte/domain';
import { describe, expect, it } from 'vitest';
import {
  adjustmentValues,
  describeDays,
  describeHours,
  describeSchedule,
  sameSchedule,
  scheduleTimes,
} from '../src/features/timeline/schedule-values.ts';
import { scheduleOn } from './support/schedule.ts';

const none = scheduleOn([]);
const on = scheduleOn;

describe('the timeline form says which days a schedule covers', () => {
  it.each([
    [on(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']), 'Every day'],
    [on(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']), 'Weekdays'],
    [on(['saturday', 'sunday']), 'Weekends'],
    [on(['wednesday']), 'Wednesday'],
    [on(['monday', 'tuesday', 'wednesday', 'thursday']), 'Monday to Thursday'],
    [on(['friday', 'saturday', 'sunday']), 'Friday to Sunday'],
    [on(['monday', 'wednesday', 'friday']), 'Mon, Wed, Fri'],
    // Two days in a row are listed, not written as a range.
    [on(['monday', 'tuesday']), 'Mon, Tue'],
  ])('%# → %s', (values, text) => {
    expect(describeDays(values)).toBe(text);
  });
});

describe('the timeline form says which hours a schedule covers', () => {
  it('says "all day" for the 24-hour flag and for 00:00–00:00, whatever the typed times', () => {
    expect(describeHours(on(['monday'], { twentyFourHours: true, startTime: '9', endTime: '' }))).toBe(
      'all day',
    );
    expect(describeHours(on(['monday'], { startTime: '00:00', endTime: '00:00' }))).toBe('all day');
    expect(describeHours({ ...allDayEveryDay })).toBe('all day');
  });

  it('names a range, a range across midnight and a whole day from a start time', () => {
    expect(describeHours(on(['monday']))).toBe('11:00 – 15:00');
    expect(describeHours(on(['friday'], { startTime: '22:00', endTime: '02:00' }))).toBe(
      '22:00 – 02:00 (ends the next day)',
    );
    expect(describeHours(on(['friday'], { startTime: '06:00', endTime: '06:00' }))).toBe(
      '24 hours from 06:00',
    );
  });

  it('says nothing about hours while a time is half typed', () => {
    expect(describeHours(on(['monday'], { startTime: '1' }))).toBeNull();
    expect(describeSchedule(on(['monday'], { endTime: '25:00' }))).toBe('Monday');
  });

  it('warns that a schedule with no day is never shown', () => {
    expect(describeSchedule(none)).toBe('No day selected: never shown');
    expect(describeSchedule(on(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']))).toBe(
      'Weekdays, 11:00 – 15:00',
    );
  });
});

describe('what the timeline form sends', () => {
  it('sends a half-typed time as midnight when the 24-hour flag makes the times unused', () => {
    const values = on(['monday'], { twentyFourHours: true, startTime: '1', endTime: '' });
    const sent = scheduleTimes(values);
    expect(sent).toMatchObject({ startTime: '00:00', endTime: '00:00', monday: true, tuesday: false });
    expect(sent).not.toHaveProperty('twentyFourHours');
    expect(timelineScheduleSchema.safeParse(sent).success).toBe(true);
  });

  it('keeps valid times under the 24-hour flag, and sends typed times as typed without it', () => {
    expect(scheduleTimes(on(['monday'], { twentyFourHours: true }))).toMatchObject({
      startTime: '11:00',
      endTime: '15:00',
    });
    const typed = scheduleTimes(on(['monday'], { startTime: '1' }));
    expect(typed.startTime).toBe('1');
    expect(timelineScheduleSchema.safeParse(typed).success).toBe(false);
  });

  it("reads a category adjustment's 24-hour flag into the form", () => {
    const values = adjustmentValues({ valid: on(['monday']), twentyFourHoursAvailable: true });
    expect(values.twentyFourHours).toBe(true);
    expect(values.startTime).toBe('11:00');
  });

  it('tells an unchanged schedule from a changed one (the save button and the unsaved-changes guard)', () => {
    const base = on(['monday', 'friday']);
    expect(sameSchedule(base, { ...base })).toBe(true);
    expect(sameSchedule(base, { ...base, friday: false })).toBe(false);
    expect(sameSchedule(base, { ...base, endTime: '16:00' })).toBe(false);
    expect(sameSchedule(base, { ...base, twentyFourHours: true })).toBe(false);
  });
});
