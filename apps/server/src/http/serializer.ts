import type { FastifyInstance } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { yieldingPause } from '../core/yielding.ts';

/** How many items of a list the response schema checks one by one before the list is trusted. */
export const SAMPLE_SIZE = 50;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * The answer with every list of its `message` (the message itself, or one of its fields) cut to its
 * first SAMPLE_SIZE items; null when no list is longer than that.
 */
function sampleOf(data: unknown): Record<string, unknown> | null {
  if (!isPlainObject(data)) return null;
  const { message } = data;
  if (Array.isArray(message)) {
    return message.length > SAMPLE_SIZE ? { ...data, message: message.slice(0, SAMPLE_SIZE) } : null;
  }
  if (!isPlainObject(message)) return null;
  let cut = false;
  const sampled: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(message)) {
    if (Array.isArray(value) && value.length > SAMPLE_SIZE) {
      sampled[key] = value.slice(0, SAMPLE_SIZE);
      cut = true;
    } else sampled[key] = value;
  }
  return cut ? { ...data, message: sampled } : null;
}

/**
 * A large answer already written as JSON, without holding the loop (`writeYielding`), with what the
 * serializer needs to check it: its sample, and the answer itself should the sample disagree.
 */
export class WrittenAnswer {
  constructor(
    readonly json: Buffer,
    readonly sample: Record<string, unknown>,
    readonly data: unknown,
  ) {}

  /** Should a serializer other than the route's meet it, it writes the answer itself. */
  toJSON() {
    return this.data;
  }
}

/**
 * `JSON.stringify(value)`, the same text as UTF-8, but a list is written a few milliseconds at a time
 * with the loop let go in between, so one answer of 10,000 dishes (7.6 MB) never holds the other
 * requests (issue 21). The envelope and its message are walked (two levels of plain objects); below
 * that, each list item is one `JSON.stringify`. The text is turned into bytes a piece at a time too
 * (a 7.6 MB string measured and encoded at once by the compression was 20 ms more).
 */
export async function writeYielding(value: unknown): Promise<Buffer> {
  const pause = yieldingPause();
  const pieces: Buffer[] = [];
  let text = '';
  const put = (part: string) => {
    text += part;
    if (text.length >= 64 * 1024) {
      pieces.push(Buffer.from(text));
      text = '';
    }
  };
  const write = async (item: unknown, level: number): Promise<void> => {
    if (Array.isArray(item) && item.length > SAMPLE_SIZE) {
      put('[');
      for (let i = 0; i < item.length; i++) {
        put(i === 0 ? '' : ',');
        put(JSON.stringify(item[i]) ?? 'null');
        await pause();
      }
      put(']');
      return;
    }
    if (level < 2 && isPlainObject(item)) {
      put('{');
      let first = true;
      for (const [key, field] of Object.entries(item)) {
        if (field === undefined || typeof field === 'function' || typeof field === 'symbol') continue;
        put(`${first ? '' : ','}${JSON.stringify(key)}:`);
        first = false;
        await write(field, level + 1);
      }
      put('}');
      return;
    }
    put(JSON.stringify(item) ?? 'null');
  };
  await write(value, 0);
  pieces.push(Buffer.from(text));
  return Buffer.concat(pieces);
}

/**
 * Every answer is checked against its route's response schema before it is written (the contract
 * suites rely on it), but a list of 10,000 dishes checked item by item held the event loop for
 * hundreds of milliseconds (issue 21). A large list is checked on a sample instead: when its first
 * SAMPLE_SIZE items come out of the schema exactly as they went in (nothing dropped, nothing
 * changed), the presenter that made them makes every item the same way, and the list is written as
 * it is — already written, without holding the loop, by the `preSerialization` hook below. Any
 * difference, or any smaller answer, takes the full check.
 */
export const sampledSerializerCompiler: FastifySerializerCompiler<unknown> = (routeSchema) => {
  const full = createSerializerCompiler({})(
    routeSchema as Parameters<ReturnType<typeof createSerializerCompiler>>[0],
  );
  return (data: unknown) => {
    if (data instanceof WrittenAnswer) {
      // Fastify sends a Buffer as it is; the serializer's type says string only.
      if (full(data.sample) === JSON.stringify(data.sample)) return data.json as unknown as string;
      return full(data.data);
    }
    const sample = sampleOf(data);
    if (!sample) return full(data);
    const checked = full(sample);
    if (checked !== JSON.stringify(sample)) return full(data);
    return JSON.stringify(data);
  };
};

/**
 * Writes a large answer of a route with a response schema before its serializer runs, yielding as
 * it goes (`writeYielding`); the serializer then only checks its sample. Small answers, and routes
 * without a response schema (their serializer would not know a `WrittenAnswer`), are left alone.
 */
export function writeLargeAnswersYielding(app: FastifyInstance) {
  app.addHook('preSerialization', async (_request, reply, payload) => {
    if (!reply.routeOptions.schema?.response) return payload;
    const sample = sampleOf(payload);
    if (!sample) return payload;
    return new WrittenAnswer(await writeYielding(payload), sample, payload);
  });
}
