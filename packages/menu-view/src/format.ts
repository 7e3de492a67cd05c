/** Prices are US dollars in en-US (doc 1 §9). One formatter: building one costs more than using it. */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const formatPrice = (value: number): string => usd.format(value);

/** A customization option's price as added to the dish: "+$1.50" (decisions §4: already computed). */
export const formatOptionPrice = (value: number): string => (value > 0 ? `+${usd.format(value)}` : '');

/** Schema.org wants a plain decimal string. */
export const decimalPrice = (value: number): string => value.toFixed(2);

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

/**
 * Plain text of a sanitized rich-text field (a restaurant's description may hold markup, doc 2 §3),
 * for places that take text only: the chooser's intro, meta descriptions, JSON-LD.
 */
export function plainText(html: string): string {
  return html
    .replace(/<\s*(br|\/p|\/div|\/li|\/h[1-6])\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/gi, (match, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
      if (lower.startsWith('#') && lower !== '#39') return String.fromCodePoint(Number(lower.slice(1)));
      return entities[lower] ?? match;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

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
