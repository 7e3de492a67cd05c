/**
 * What the server needs to know about a failed database call: whether the database is out of reach
 * (answer 503 and let the pool reconnect, issue 8) and how to log it without its parameters (one
 * request once wrote a 7 MB log line: a failed statement's error carries every bound value).
 */

/** Network errors of the socket to PostgreSQL. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * SQLSTATEs of an unreachable or restarting server: class 08 (connection exception), 57P01–57P03
 * (admin shutdown — pg_terminate_backend —, crash shutdown, cannot connect now) and 53300 (too many
 * connections).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres and pg-pool say these in words only. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'Client was closed and is not queryable',
  'connect ECONNREFUSED',
];

const causes = (error: unknown): unknown[] => {
  const chain: unknown[] = [];
  let current = error;
  while (current && typeof current === 'object' && chain.length < 8 && !chain.includes(current)) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
};

/** Is this error (or one of its causes) the database being out of reach? */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some((item) => {
    const { code, message } = item as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
        return true;
    }
    return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.startsWith(text));
  });
}

/**
 * The unique index a statement ran into (SQLSTATE 23505), or null. Services check names first; two
 * requests at the same moment can still both pass the check, and the index decides.
 */
export function uniqueViolation(error: unknown): string | null {
  for (const item of causes(error)) {
    const { code, constraint } = item as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

/** PostgreSQL's messages may quote a value ("invalid input syntax …: "xxx…"): a little is enough. */
const MAX_TEXT = 300;
const clip = (value: unknown, max = MAX_TEXT): unknown =>
  typeof value === 'string' && value.length > max
    ? `${value.slice(0, max)}… (${value.length} characters)`
    : value;

/** PostgreSQL's error fields worth keeping (node-postgres DatabaseError). */
const PG_FIELDS = [
  'code',
  'severity',
  'detail',
  'hint',
  'schema',
  'table',
  'column',
  'constraint',
  'routine',
];

/**
 * An error as it may be logged: name, message, code, the database's fields and the stack, each
 * clipped; a failed statement keeps its SQL (clipped) and only the number of its parameters. Used
 * as pino's `err` serializer.
 */
export function errorForLog(error: unknown): Record<string, unknown> {
  const [top, ...rest] = causes(error);
  if (!top) return { message: String(error) };
  const describe = (item: unknown, withStack: boolean) => {
    const source = item as Record<string, unknown> & { params?: unknown; query?: unknown };
    const out: Record<string, unknown> = { type: (item as Error).constructor?.name ?? 'Error' };
    if (typeof source.query === 'string') {
      // Drizzle's DrizzleQueryError: its message repeats every parameter.
      out.message = 'Failed query';
      out.sql = clip(source.query, 2000);
      out.params = Array.isArray(source.params) ? `${source.params.length} omitted` : 'omitted';
    } else {
      out.message = clip(source.message);
    }
    for (const field of PG_FIELDS) if (source[field] !== undefined) out[field] = clip(source[field]);
    if (typeof source.statusCode === 'number') out.statusCode = source.statusCode;
    // Only the frames: a stack's first lines repeat the message, parameters included.
    if (withStack && typeof source.stack === 'string') {
      out.stack = clip(
        source.stack
          .split('\n')
          .filter((line) => line.trimStart().startsWith('at '))
          .join('\n'),
        4000,
      );
    }
    return out;
  };
  return {
    ...describe(top, true),
    ...(rest.length ? { causes: rest.map((item) => describe(item, false)) } : {}),
  };
}
