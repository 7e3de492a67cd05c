import { messages, UPLOAD_LIMIT_BYTES } from '@carte/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { InvalidError } from '../core/errors.ts';
import type { UploadedFile } from '../core/uploaded-file.ts';

export interface ReadForm {
  fields: Record<string, unknown>;
  files: Record<string, UploadedFile>;
}

export interface ReadFormOptions {
  /**
   * The multipart text fields that carry JSON (lists, objects, numbers, null), as the route declares
   * them; every other field stays the text it is, so a dish named `["Specials"]` keeps its name.
   */
  json?: readonly string[];
}

/**
 * Reads a form sent either as JSON or as multipart (doc 1 §7: files travel as multipart, with lists
 * and objects as JSON text). Only the declared JSON fields are decoded. A file over 10 MB is refused
 * with the specification's message.
 */
export async function readForm(request: FastifyRequest, options: ReadFormOptions = {}): Promise<ReadForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' ? (body as Record<string, unknown>) : {}, files: {} };
  }
  const json = new Set(options.json ?? []);
  const fields: Record<string, unknown> = {};
  const files: Record<string, UploadedFile> = {};
  for await (const part of request.parts({
    limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 5, fields: 60 },
  })) {
    if (part.type === 'file') {
      if (!part.filename) {
        part.file.resume();
        continue;
      }
      let buffer: Buffer;
      try {
        buffer = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new InvalidError(messages.fileTooBig(part.filename));
        }
        throw error;
      }
      files[part.fieldname] = {
        field: part.fieldname,
        filename: part.filename,
        mimetype: part.mimetype,
        buffer,
      };
    } else {
      const text = String(part.value);
      fields[part.fieldname] = json.has(part.fieldname) ? decodeJson(text) : text;
    }
  }
  return { fields, files };
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
