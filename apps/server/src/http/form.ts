import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { messages, UPLOAD_LIMIT_BYTES } from '@carte/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, InvalidError } from '../core/errors.ts';
import type { UploadedFile } from '../core/uploaded-file.ts';

export interface ReadForm {
  fields: Record<string, unknown>;
  files: Record<string, UploadedFile>;
}

export interface ReadFormOptions {
  /**
   * The file fields the route reads, by name or by pattern (`/^images\[\d+\]$/` for a list sent as
   * `images[0]`, `images[1]`…); every other file part is skipped unread (never buffered).
   */
  files?: readonly (string | RegExp)[];
  /** Tighter or wider bounds than FORM_LIMITS for this route (a route taking many files). */
  limits?: { files?: number; totalBytes?: number };
  /** The message for a file over 10 MB, when the route's specification words it otherwise. */
  fileTooBig?: (name: string) => string;
  /** The message of the 413 for more files than `limits.files`. */
  tooManyFiles?: string;
  /**
   * The multipart text fields that carry JSON (lists, objects, numbers, null), as the route declares
   * them; every other field stays the text it is, so a dish named `["Specials"]` keeps its name.
   */
  json?: readonly string[];
}

/** Bounds of one multipart form (issue 8): its parts, each text field, and the whole body. */
export const FORM_LIMITS = {
  files: 5,
  fields: 60,
  parts: 100,
  fieldBytes: 1024 * 1024,
  totalBytes: 25 * 1024 * 1024,
} as const;

class FormTooLargeError extends AppError {
  constructor() {
    super(413, messages.tooLarge);
  }
}

/**
 * Reads a form sent either as JSON or as multipart (doc 1 §7: files travel as multipart, with lists
 * and objects as JSON text). Only the declared JSON fields are decoded. File parts the route declares
 * are streamed to temporary files (removed once the answer is sent); others are drained unread. A
 * file over 10 MB is refused with the specification's message, a form over FORM_LIMITS with 413, and
 * a body that is not well-formed multipart with 400.
 */
export async function readForm(request: FastifyRequest, options: ReadFormOptions = {}): Promise<ReadForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' ? (body as Record<string, unknown>) : {}, files: {} };
  }
  const names = new Set(options.files?.filter((entry) => typeof entry === 'string'));
  const patterns = (options.files ?? []).filter((entry) => entry instanceof RegExp);
  const declared = (field: string) => names.has(field) || patterns.some((pattern) => pattern.test(field));
  const limits = { ...FORM_LIMITS, ...options.limits };
  const tooBig = options.fileTooBig ?? messages.fileTooBig;
  const json = new Set(options.json ?? []);
  const fields: Record<string, unknown> = {};
  const files: Record<string, UploadedFile> = {};
  let total = 0;
  const count = (bytes: number) => {
    total += bytes;
    if (total > limits.totalBytes) throw new FormTooLargeError();
  };
  try {
    for await (const part of request.parts({
      limits: {
        fileSize: UPLOAD_LIMIT_BYTES,
        files: limits.files,
        fields: FORM_LIMITS.fields,
        parts: FORM_LIMITS.parts,
        fieldSize: FORM_LIMITS.fieldBytes,
      },
    })) {
      if (part.type === 'file') {
        const wanted = part.filename && declared(part.fieldname) && !(part.fieldname in files);
        if (!wanted) {
          await drain(part.file, count);
          if (part.file.truncated) throw new InvalidError(tooBig(part.filename || part.fieldname));
          continue;
        }
        const file = await saveToTemporaryFile(request, part.file, count);
        if (part.file.truncated) throw new InvalidError(tooBig(part.filename));
        files[part.fieldname] = {
          field: part.fieldname,
          filename: part.filename,
          mimetype: part.mimetype,
          ...file,
        };
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) throw new FormTooLargeError();
        const value = String(part.value);
        count(Buffer.byteLength(value) + part.fieldname.length);
        fields[part.fieldname] = json.has(part.fieldname) ? decodeJson(value) : value;
      }
    }
  } catch (error) {
    // The parser stopped mid-body (a bound passed, a bad part) and left the request paused: let the
    // rest flow away unread, so the client gets the answer and the connection does not hang open
    // (a paused request also held up graceful shutdown).
    request.raw.resume();
    throw formError(error, tooBig, options.tooManyFiles);
  }
  return { fields, files };
}

/** Busboy's own errors (no boundary, a truncated or malformed body) are the client's: 400. */
function formError(error: unknown, tooBig: (name: string) => string, tooManyFiles?: string): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_FILES_LIMIT' && tooManyFiles) return new AppError(413, tooManyFiles);
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    const part = (error as { part?: { filename?: string } }).part;
    return new InvalidError(tooBig(part?.filename ?? 'file'));
  }
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return error;
  return new InvalidError(messages.formInvalid);
}

/** Reads a part to its end without keeping it, counting its bytes toward the form's bound. */
async function drain(stream: NodeJS.ReadableStream, count: (bytes: number) => void) {
  for await (const chunk of stream) count((chunk as Buffer).length);
}

/** Streams a file part to a temporary file that @fastify/multipart removes after the answer. */
async function saveToTemporaryFile(
  request: FastifyRequest,
  stream: NodeJS.ReadableStream,
  count: (bytes: number) => void,
): Promise<{ path: string; size: number }> {
  const file = path.join(tmpdir(), `carte-upload-${randomBytes(12).toString('hex')}`);
  request.tmpUploads ??= [];
  request.tmpUploads.push(file);
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        size += chunk.length;
        count(chunk.length);
        done(null, chunk);
      } catch (error) {
        done(error as Error);
      }
    },
  });
  try {
    await pipeline(stream, meter, createWriteStream(file, { mode: 0o600 }));
  } catch (error) {
    request.tmpUploads.splice(request.tmpUploads.indexOf(file), 1);
    await rm(file, { force: true });
    throw error;
  }
  return { path: file, size };
}

/** A declared JSON field; text that is not JSON stays text, so the schema answers its own message. */
function decodeJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** Parses form fields with a domain schema; the first problem becomes a 400 with its message. */
export function parseFields<T extends z.ZodType>(schema: T, fields: unknown): z.output<T> {
  const result = schema.safeParse(fields);
  if (!result.success) throw new InvalidError(result.error.issues[0]?.message ?? messages.invalidInput);
  return result.data;
}
