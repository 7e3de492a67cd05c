import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { expect } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../app.ts';

/**
 * A client written from the specification alone: it reaches a listening server over HTTP with
 * `fetch`, sends JSON (or multipart for files, encoded by the platform's FormData) and a bearer
 * token, and reads every answer as the envelope of doc 1 §7. It imports nothing of the server's
 * or the domain's schemas, so the server is checked against the specification's text.
 */
export interface SpecClient {
  /** The server under test (its database, mail sink and clock, for arranging a scene). */
  t: TestApp;
  send: (method: string, path: string, options?: SendOptions) => Promise<SpecResponse>;
  /** GET of a picture's path or URL, as a page showing it would. */
  fetchPicture: (url: string) => Promise<{ status: number; contentType: string | null }>;
  /** A browser request outside /api (a payment provider's page the browser is sent to). */
  browse: (method: string, path: string) => Promise<{ status: number; location: string | null }>;
  close: () => Promise<void>;
}

export interface SendOptions {
  token?: string;
  /** A JSON body. */
  json?: unknown;
  /** A multipart body. */
  form?: FormData;
  query?: Record<string, string>;
  /** A text body sent as text/plain (what navigator.sendBeacon sends). */
  text?: string;
  headers?: Record<string, string>;
}

export interface SpecResponse {
  status: number;
  body: unknown;
}

export async function startSpecClient(env: Record<string, string> = {}): Promise<SpecClient> {
  const t = await startTestApp(env);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    t,
    async send(method, path, options = {}) {
      const url = new URL(`/api${path}`, origin);
      for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
      const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: BodyInit | undefined;
      if (options.form) body = options.form;
      else if (options.text !== undefined) {
        headers['content-type'] = 'text/plain;charset=UTF-8';
        body = options.text;
      } else if (options.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(options.json);
      }
      const response = await fetch(url, { method, headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Left as text: the envelope check below reports it.
      }
      return { status: response.status, body: parsed };
    },
    async fetchPicture(url) {
      const response = await fetch(new URL(url, origin));
      await response.arrayBuffer();
      return { status: response.status, contentType: response.headers.get('content-type') };
    },
    async browse(method, path) {
      const response = await fetch(new URL(path, origin), { method, redirect: 'manual' });
      await response.arrayBuffer();
      return { status: response.status, location: response.headers.get('location') };
    },
    close: () => t.close(),
  };
}

/** Every answer (doc 1 §7, decisions §3): statusCode equal to the HTTP status, a confirmation, a message. */
const envelope = <T extends z.ZodType>(message: T) =>
  z.object({ statusCode: z.number().int(), confirmation: z.enum(['Success', 'Fail']), message });

/**
 * Checks a success answer against the specification's shape of its message and answers the
 * message. A mismatch names every field that differs.
 */
export function expectSuccess<T extends z.ZodType>(
  response: SpecResponse,
  message: T,
  status = 200,
): z.output<T> {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  const parsed = envelope(message).safeParse(response.body);
  if (!parsed.success) {
    throw new Error(
      `The answer does not have the specification's shape:\n${z.prettifyError(parsed.error)}\n${JSON.stringify(response.body, null, 1)}`,
    );
  }
  const answer = parsed.data as { statusCode: number; confirmation: string; message: z.output<T> };
  expect(answer.statusCode).toBe(status);
  expect(answer.confirmation).toBe('Success');
  return answer.message;
}

/** A refusal: the status, `confirmation: "Fail"` and the specification's message. */
export function expectFail(response: SpecResponse, status: number, message?: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  const parsed = envelope(z.string()).parse(response.body);
  expect(parsed.statusCode).toBe(status);
  expect(parsed.confirmation).toBe('Fail');
  if (message !== undefined) expect(parsed.message).toBe(message);
  return parsed.message;
}

/** A multipart body: text fields as given (objects as JSON text) and files. */
export function multipart(
  fields: Record<string, string | number | boolean | object>,
  files: Record<string, { name: string; data: Buffer; type: string }> = {},
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  for (const [key, file] of Object.entries(files)) {
    form.append(key, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  }
  return form;
}

/** A small picture as a browser would upload it (doc 1 §5: jpg, jpeg, png or webp). */
export async function picture(name = 'photo.png') {
  const data = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#d94f2b' } })
    .png()
    .toBuffer();
  return { name, data, type: 'image/png' };
}

/** A CSV file part (doc 1 §7: multipart field `csv`). */
export const csvFile = (text: string, name = 'upload.csv') => ({
  name,
  data: Buffer.from(text, 'utf8'),
  type: 'text/csv',
});
