import { timelineScheduleSchema } from '@carte/domain';
import { type ScheduleValues, scheduleTimes } from './schedule-values.ts';

export interface ScheduleErrors {
  startTime?: string;
  endTime?: string;
}

/** The schema's messages ("Time must be HH:mm", doc 2 §5) for the two time fields, if any. */
export function scheduleErrors(values: ScheduleValues): ScheduleErrors {
  const result = timelineScheduleSchema.safeParse(scheduleTimes(values));
  if (result.success) return {};
  const errors: ScheduleErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'startTime' || field === 'endTime') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export const hasScheduleErrors = (values: ScheduleValues): boolean =>
  !timelineScheduleSchema.safeParse(scheduleTimes(values)).success;
