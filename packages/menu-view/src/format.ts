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
