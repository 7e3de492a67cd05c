/**
 * A request's address as the developer log stores it: mailed tokens and other secrets are replaced by
 * "[redacted]", so an admin reading the log (or a copy of it) cannot use someone's link. Ids of records
 * (24 hexadecimal characters) stay, they are what makes an entry useful.
 */
const secretParameters = new Set([
  'token',
  'refreshtoken',
  'accesstoken',
  'session_id',
  'password',
  'code',
  'secret',
  'key',
  'signature',
]);

/** Path segments that are tokens: what follows these words, and anything shaped like a mailed token. */
const tokenAfter = new Set(['verify-account-token', 'checkout', 'portal', 'setup']);

const looksLikeToken = (segment: string) => segment.length >= 32 && /^[A-Za-z0-9_.~%-]+$/.test(segment);

export const REDACTED = '[redacted]';

export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? null : url.slice(queryAt + 1);
  const segments = path.split('/');
  const safePath = segments
    .map((segment, index) =>
      segment !== '' && (looksLikeToken(segment) || tokenAfter.has(segments[index - 1] ?? ''))
        ? REDACTED
        : segment,
    )
    .join('/');
  if (query === null) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const name = decodeSafely(pair.slice(0, equals)).toLowerCase();
      return secretParameters.has(name) ? `${pair.slice(0, equals)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

function decodeSafely(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
