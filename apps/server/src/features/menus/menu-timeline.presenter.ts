import type { CategoryAdjustment, MenuTimeline } from '@carte/domain';
import type { MenuSchedule } from '../../db/schema.ts';

/** A menu-category link as the timeline reads it: the category and the link's own schedule. */
export interface TimelineLinkRow {
  categoryId: string;
  name: string;
  isAvailable: boolean;
  adjustment: (MenuSchedule & { twentyFourHoursAvailable: boolean }) | null;
}

/** The stored adjustment split into the answer's `valid` and flag (doc 2 §3 "Category adjustment"). */
const splitAdjustment = (stored: NonNullable<TimelineLinkRow['adjustment']>) => {
  const { twentyFourHoursAvailable, ...times } = stored;
  return {
    // Only the schedule's own fields leave the server, whatever else the JSON might hold.
    valid: {
      monday: times.monday,
      tuesday: times.tuesday,
      wednesday: times.wednesday,
      thursday: times.thursday,
      friday: times.friday,
      saturday: times.saturday,
      sunday: times.sunday,
      startTime: times.startTime,
      endTime: times.endTime,
    },
    twentyFourHoursAvailable,
  };
};

/** The adjustments of a menu, in the menu's category order; categories without one are left out. */
export const presentAdjustments = (links: TimelineLinkRow[]): CategoryAdjustment[] =>
  links.flatMap((link) =>
    link.adjustment
      ? [{ category: { _id: link.categoryId, name: link.name }, ...splitAdjustment(link.adjustment) }]
      : [],
  );

/** Every category of the menu in order, each with its adjustment or null (it follows the menu). */
export const presentTimelineCategories = (links: TimelineLinkRow[]): MenuTimeline['categories'] =>
  links.map((link) => ({
    category: { _id: link.categoryId, name: link.name, isAvailable: link.isAvailable },
    adjustment: link.adjustment ? splitAdjustment(link.adjustment) : null,
  }));
