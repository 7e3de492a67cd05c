import { messages } from '@carte/domain';
import { notifications } from '@mantine/notifications';
import { z } from 'zod';
import { ApiError } from './api-error.ts';
import { queryClient } from './query-client.ts';
import { sessionStore } from './session.ts';

/**
 * The one API client (doc 1 §7, doc 3 §8.1). Every answer is `{statusCode, confirmation, message}`.
 * - 200 + Success: `message` parsed with the endpoint's zod schema from @carte/domain.
 * - 417: the access token expired; refresh once (concurrent calls share the refresh) and retry once.
 * - 401 or a failed refresh: sign out (tokens, user, selected menu, query cache) and go to /login.
 * - 403: toast "Permission denied".
 * - 412: thrown with its body intact, for the name-clash retry of copies.
 * - other 4xx: the server's message; 5xx, network failure, non-JSON: "Something went wrong."
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<S extends z.ZodType> {
  /** The schema of `message` on success. */
  schema: S;
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
}

const API_BASE = '/api';

const envelopeShape = z.object({
  statusCode: z.number(),
  confirmation: z.enum(['Success', 'Fail']),
  message: z.unknown(),
});
type RawEnvelope = z.infer<typeof envelopeShape>;

const refreshAnswerSchema = z.object({ accessToken: z.string(), newRefreshToken: z.string() });

let handleSignedOut: () => void = () => {
  window.location.assign('/login');
};

/** The router registers how to reach /login without a page reload. */
export function setSignedOutHandler(handler: () => void) {
  handleSignedOut = handler;
}

/** Clears everything a session leaves behind (doc 1 §4) and sends the user to /login. */
export function endSession() {
  sessionStore.clear();
  queryClient.clear();
  handleSignedOut();
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

async function readEnvelope(response: Response): Promise<RawEnvelope | null> {
  try {
    const parsed = envelopeShape.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

async function send(
  method: Method,
  url: string,
  body: unknown,
  accessToken: string | null,
  signal?: AbortSignal,
) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  try {
    return await fetch(url, { method, headers, body: payload, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, messages.somethingWentWrong);
  }
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time: every call that met a 417 while it runs waits for the same answer. */
function refreshTokens(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = sessionStore.get()?.refreshToken;
    if (!refreshToken) return false;
    try {
      const response = await send('POST', `${API_BASE}/users/token`, { refreshToken }, null);
      const envelope = await readEnvelope(response);
      const tokens = response.ok && envelope ? refreshAnswerSchema.safeParse(envelope.message) : null;
      if (!tokens?.success) return false;
      sessionStore.setTokens(tokens.data.accessToken, tokens.data.newRefreshToken);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

const messageOf = (envelope: RawEnvelope | null, fallback: string): string =>
  typeof envelope?.message === 'string' && envelope.message.trim() !== '' ? envelope.message : fallback;

export async function request<S extends z.ZodType>(
  method: Method,
  path: string,
  options: RequestOptions<S>,
): Promise<z.output<S>> {
  const url = buildUrl(path, options.query);
  let accessToken = sessionStore.get()?.accessToken ?? null;
  let response = await send(method, url, options.body, accessToken, options.signal);

  if (response.status === 417 && accessToken) {
    // Another call may have refreshed while this one was in flight: then the new token is enough.
    const latest = sessionStore.get()?.accessToken ?? null;
    const refreshed = latest !== null && latest !== accessToken ? true : await refreshTokens();
    if (!refreshed) {
      endSession();
      throw new ApiError(401, messages.authorizationFailed, { notified: true });
    }
    accessToken = sessionStore.get()?.accessToken ?? null;
    response = await send(method, url, options.body, accessToken, options.signal);
  }

  const envelope = await readEnvelope(response);
  const status = response.status;

  if (status === 401 || status === 417) {
    // Only a call made with a session ends it; a signed-out page keeps the server's own message.
    if (accessToken) {
      endSession();
      throw new ApiError(401, messages.authorizationFailed, { body: envelope, notified: true });
    }
    throw new ApiError(status, messageOf(envelope, messages.somethingWentWrong), { body: envelope });
  }
  if (status === 403) {
    notifications.show({ id: 'permission-denied', color: 'red', message: messages.permissionDenied });
    throw new ApiError(403, messages.permissionDenied, { body: envelope, notified: true });
  }
  if (!envelope) throw new ApiError(status, messages.somethingWentWrong);
  if (response.ok && envelope.confirmation === 'Success') {
    const parsed = options.schema.safeParse(envelope.message);
    if (parsed.success) return parsed.data;
    console.error(`Unexpected answer from ${method} ${path}`, parsed.error);
    throw new ApiError(status, messages.somethingWentWrong, { body: envelope });
  }
  if (status >= 400 && status < 500) {
    throw new ApiError(status, messageOf(envelope, messages.somethingWentWrong), { body: envelope });
  }
  throw new ApiError(status, messages.somethingWentWrong, { body: envelope });
}

/** Shorthands; endpoint modules name the paths, components never do. */
export const api = {
  get: <S extends z.ZodType>(path: string, options: RequestOptions<S>) => request('GET', path, options),
  post: <S extends z.ZodType>(path: string, options: RequestOptions<S>) => request('POST', path, options),
  put: <S extends z.ZodType>(path: string, options: RequestOptions<S>) => request('PUT', path, options),
  delete: <S extends z.ZodType>(path: string, options: RequestOptions<S>) => request('DELETE', path, options),
};
