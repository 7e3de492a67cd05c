/** Prices are US dollars in en-US (doc 1 §9). One formatter: building one costs more than using it. */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const formatPrice = (value: number): string => usd.format(value);

/** A customization option's price as added to the dish: "+$1.50" (decisions §4: already computed). */
export const formatOptionPrice = (value: number): string => (value > 0 ? `+${usd.format(value)}` : '');

/** Schema.org wants a plain decimal string. */
export const decimalPrice = (value: number): string => value.toFixed(2);

/**
 * Plain text of a sanitized rich-text field (a restaurant's description may hold markup, doc 2 §3),
 * for places that take text only: meta descriptions, JSON-LD.
 */
export { plainText } from '@carte/domain';

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** "HH:mm" on the restaurant's clock. */
export function clockTime(instant: Date, timeZone: string): string {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clockFormatters.set(timeZone, formatter);
  }
  return formatter.format(instant);
}

/** "Tuesday at 11:00" on the restaurant's clock (the "opens …" line of the empty page). */
export function dayAndTime(instant: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long' }).format(instant);
  return `${day} at ${clockTime(instant, timeZone)}`;
}

const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const dayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const dayList = new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' });

/**
 * The days a schedule serves, as a diner reads them: "every day", "Monday to Friday", "Saturday
 * and Sunday", "Monday, Wednesday and Friday" (runs of three days or more become "A to B"; the week
 * wraps, so Friday to Monday is a run too). Lists are joined by the platform's Intl.ListFormat.
 */
export function servedDays(valid: Record<(typeof weekdays)[number], boolean>): string {
  const on = weekdays.map((day) => valid[day] === true);
  const count = on.filter(Boolean).length;
  if (count === 7) return 'every day';
  if (count === 0) return '';
  // Start after a day off, so a run that wraps the week (Friday to Monday) stays whole.
  const start = on.findIndex((value, index) => value && !on[(index + 6) % 7]);
  const runs: string[] = [];
  let index = 0;
  while (index < 7) {
    const day = (start + index) % 7;
    if (!on[day]) {
      index += 1;
      continue;
    }
    let length = 1;
    while (length < 7 && on[(day + length) % 7]) length += 1;
    const last = (day + length - 1) % 7;
    if (length >= 3) runs.push(`${dayNames[day]} to ${dayNames[last]}`);
    else for (let k = 0; k < length; k++) runs.push(dayNames[(day + k) % 7] as string);
    index += length;
  }
  return dayList.format(runs);
}

/** "11:00–16:00", or "all day" for a 24-hour menu. */
export function servedHours(entry: {
  valid: { startTime: string; endTime: string };
  twentyFourHoursMenuAvailable: boolean;
}): string {
  return entry.twentyFourHoursMenuAvailable
    ? 'all day'
    : `${entry.valid.startTime}\u2013${entry.valid.endTime}`;
}
