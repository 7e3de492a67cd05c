import { messages } from '@carte/domain';
import { notifications } from '@mantine/notifications';
import { z } from 'zod';
import { ApiError } from './api-error.ts';
import { queryClient } from './query-client.ts';
import { type SessionEnding, sessionStore } from './session.ts';

/**
 * The one API client (doc 1 §7, doc 3 §8.1). Every answer is `{statusCode, confirmation, message}`.
 * - 200 + Success: `message` parsed with the endpoint's zod schema from @carte/domain.
 * - 417: the access token expired; refresh once (concurrent calls share the refresh) and retry once.
 * - 401 or a failed refresh: sign out (tokens, user, selected menu, query cache) and go to /login.
 * - 403: toast "Permission denied".
 * - 412: thrown with its body intact, for the name-clash retry of copies.
 * - other 4xx: the server's message; 5xx, network failure, non-JSON: "Something went wrong."
 * Files go through `upload` (multipart over XHR, so the caller sees upload progress) with the same rules.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<S extends z.ZodType> {
  /** The schema of `message` on success. */
  schema: S;
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Upload progress of a multipart body (only `upload` reports it). */
  onUploadProgress?: (progress: UploadProgress) => void;
  /** The success answer is a file (a download), not the envelope: it is answered as a Blob. */
  file?: boolean;
}

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100. */
  percent: number;
}

const API_BASE = '/api';

// Loose: a failure may carry data beside its message (409's `problems`), kept in ApiError.body.
const envelopeShape = z.looseObject({
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

/**
 * Clears everything a session leaves behind (doc 1 §4) and sends the user to /login. `expired`: the
 * server refused the session (a failed refresh, a 401), so /login says so and leads back afterwards.
 */
export function endSession(reason: SessionEnding['reason'] = 'signed-out') {
  sessionStore.clear({ reason, from: window.location.pathname + window.location.search });
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

type Transport = (
  method: Method,
  url: string,
  body: unknown,
  accessToken: string | null,
  options: { signal?: AbortSignal; onUploadProgress?: (progress: UploadProgress) => void },
) => Promise<Response>;

const send: Transport = async (method, url, body, accessToken, { signal }) => {
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
};

/**
 * The same exchange over XMLHttpRequest, because fetch cannot report upload progress. The answer is
 * wrapped in a `Response` so the envelope rules below stay in one place.
 */
const sendWithProgress: Transport = (method, url, body, accessToken, { signal, onUploadProgress }) =>
  new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (accessToken) xhr.setRequestHeader('Authorization', `Bearer ${accessToken}`);
    let payload: XMLHttpRequestBodyInit | null = null;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      xhr.setRequestHeader('Content-Type', 'application/json');
      payload = JSON.stringify(body);
    }
    if (onUploadProgress) {
      xhr.upload.onprogress = (event) => {
        const total = event.lengthComputable ? event.total : 0;
        onUploadProgress({
          loaded: event.loaded,
          total,
          percent: total > 0 ? Math.min(100, Math.round((event.loaded / total) * 100)) : 0,
        });
      };
    }
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const done = () => signal?.removeEventListener('abort', abort);
    xhr.onload = () => {
      done();
      // A Response cannot carry status 0; the browser gives 0 only on failures handled below.
      const status = xhr.status >= 200 && xhr.status <= 599 ? xhr.status : 500;
      resolve(new Response(xhr.responseText, { status, headers: { 'Content-Type': 'application/json' } }));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, messages.somethingWentWrong));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was aborted.', 'AbortError'));
    };
    xhr.send(payload);
  });

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time: every call that met a 417 while it runs waits for the same answer. */
function refreshTokens(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = sessionStore.get()?.refreshToken;
    if (!refreshToken) return false;
    try {
      const response = await send('POST', `${API_BASE}/users/token`, { refreshToken }, null, {});
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

export function request<S extends z.ZodType>(
  method: Method,
  path: string,
  options: RequestOptions<S>,
): Promise<z.output<S>> {
  return exchange(send, method, path, options);
}

async function exchange<S extends z.ZodType>(
  transport: Transport,
  method: Method,
  path: string,
  options: RequestOptions<S>,
): Promise<z.output<S>> {
  const url = buildUrl(path, options.query);
  const sendOptions = { signal: options.signal, onUploadProgress: options.onUploadProgress };
  let accessToken = sessionStore.get()?.accessToken ?? null;
  let response = await transport(method, url, options.body, accessToken, sendOptions);

  if (response.status === 417 && accessToken) {
    // Another call may have refreshed while this one was in flight: then the new token is enough.
    const latest = sessionStore.get()?.accessToken ?? null;
    const refreshed = latest !== null && latest !== accessToken ? true : await refreshTokens();
    if (!refreshed) {
      endSession('expired');
      throw new ApiError(401, messages.authorizationFailed, { notified: true });
    }
    accessToken = sessionStore.get()?.accessToken ?? null;
    response = await transport(method, url, options.body, accessToken, sendOptions);
  }

  if (options.file && response.ok) {
    try {
      return (await response.blob()) as z.output<S>;
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ApiError(0, messages.somethingWentWrong);
    }
  }
  const envelope = await readEnvelope(response);
  const status = response.status;

  if (status === 401 || status === 417) {
    // Only a call made with a session ends it; a signed-out page keeps the server's own message.
    if (accessToken) {
      // A call still in flight when its session was replaced (the way back from "Login as", a sign-in
      // in another tab) speaks for the old session only: the new one stays signed in.
      if (sessionStore.get()?.accessToken !== accessToken) {
        throw new ApiError(401, messages.authorizationFailed, { body: envelope, notified: true });
      }
      endSession('expired');
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

/** A value of a multipart text field: lists and objects travel as JSON text (doc 1 §7). */
export type FormFieldValue = string | number | boolean | null | undefined | object;

/**
 * A multipart body: text fields (JSON text for objects, `undefined` left out) and files (`null` or
 * `undefined` left out).
 */
export function toFormData(fields: object, files: Record<string, Blob | null | undefined> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields) as Array<[string, FormFieldValue]>) {
    if (value === undefined) continue;
    if (value === null) form.append(key, 'null');
    else if (typeof value === 'object') form.append(key, JSON.stringify(value));
    else form.append(key, String(value));
  }
  for (const [key, file] of Object.entries(files)) {
    if (file) form.append(key, file, file instanceof File ? file.name : key);
  }
  return form;
}

/**
 * Sends a multipart body (or JSON) with upload progress, under the same envelope, 417 refresh, 401,
 * 403 and 412 rules as every other call. A retried upload after a refresh starts its progress again.
 */
export function upload<S extends z.ZodType>(
  method: Method,
  path: string,
  options: RequestOptions<S> & { body: FormData },
): Promise<z.output<S>> {
  return exchange(sendWithProgress, method, path, options);
}

/**
 * A file answer (a QR code, printable cards), under the same 417 refresh, 401, 403 and failure
 * rules; a failure still answers the envelope, whose message is thrown.
 */
export function downloadFile(
  path: string,
  options: { query?: Record<string, QueryValue>; signal?: AbortSignal } = {},
): Promise<Blob> {
  return exchange(send, 'GET', path, { ...options, schema: z.instanceof(Blob), file: true });
}

/** Shorthands; endpoint modules name the paths, components never do. */
export const api = {
  get: <S extends z.ZodType>(path: string, options: RequestOptions<S>) => request('GET', path, options),
  post: <S extends z.ZodType>(path: string, options: RequestOptions<S>) => request('POST', path, options),
  put: <S extends z.ZodType>(path: string, options: RequestOptions<S>) => request('PUT', path, options),
  delete: <S extends z.ZodType>(path: string, options: RequestOptions<S>) => request('DELETE', path, options),
  upload,
  downloadFile,
};
