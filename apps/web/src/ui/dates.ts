/**
 * Dates as the viewer reads them (issue 22, item 8): the browser's languages choose the order, so a US
 * owner reads 12/28/2026 and a British one 28/12/2026. The API keeps the specification's forms (ISO
 * instants, unix seconds, DD/MM/YYYY in mails); the reseller's screens keep DD/MM/YYYY (doc 3 §9) with
 * `formatDayMonthYear` from domain. Every function takes the locale last, for tests.
 */

/** The viewer's languages, best first (the browser's; the runtime's default elsewhere). */
export const viewerLocales = (): readonly string[] | undefined =>
  typeof navigator !== 'undefined' && navigator.languages?.length ? navigator.languages : undefined;

/** Languages as Intl takes them: one tag, a list best first, or none (the runtime's default). */
export type Locales = readonly string[] | string | undefined;
type DateInput = Date | number | string;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locales: Locales, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify([locales ?? null, options]);
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locales as string[] | string | undefined, options);
    formatters.set(key, format);
  }
  return format;
}

const toDate = (value: DateInput): Date => (value instanceof Date ? value : new Date(value));

function format(value: DateInput, options: Intl.DateTimeFormatOptions, locales: Locales): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '—';
  try {
    return formatter(locales, options).format(date);
  } catch {
    // An unknown time zone from old data: the viewer's own zone rather than a blank screen.
    const { timeZone: _ignored, ...rest } = options;
    return formatter(locales, rest).format(date);
  }
}

/** A calendar date with a four-digit year: 12/28/2026 (en-US), 28/12/2026 (en-GB), 28.12.2026 (de). */
export const formatDate = (value: DateInput, timeZone?: string, locales: Locales = viewerLocales()): string =>
  format(
    value,
    { year: 'numeric', month: '2-digit', day: '2-digit', ...(timeZone ? { timeZone } : {}) },
    locales,
  );

/** A date and a time to the minute: 12/28/2026, 3:05 PM (en-US), 28/12/2026, 15:05 (en-GB). */
export const formatDateTime = (
  value: DateInput,
  timeZone?: string,
  locales: Locales = viewerLocales(),
): string =>
  format(
    value,
    {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      ...(timeZone ? { timeZone } : {}),
    },
    locales,
  );

/** A day of a month without the year, for charts and week strips: Dec 28 (en-US), 28 Dec (en-GB). */
export const formatDayOfMonth = (
  value: DateInput,
  timeZone?: string,
  locales: Locales = viewerLocales(),
): string => format(value, { month: 'short', day: 'numeric', ...(timeZone ? { timeZone } : {}) }, locales);

/** Unix seconds (the payment provider's times) as a calendar date; "—" when there is none. */
export const formatUnixDate = (
  seconds: number | null | undefined,
  timeZone?: string,
  locales: Locales = viewerLocales(),
): string =>
  seconds === null || seconds === undefined ? '—' : formatDate(seconds * 1000, timeZone, locales);
