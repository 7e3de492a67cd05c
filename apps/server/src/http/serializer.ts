import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { createSerializerCompiler } from 'fastify-type-provider-zod';

/** How many items of a list the response schema checks one by one before the list is trusted. */
export const SAMPLE_SIZE = 50;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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
 * Every answer is checked against its route's response schema before it is written (the contract
 * suites rely on it), but a list of 10,000 dishes checked item by item held the event loop for
 * hundreds of milliseconds (issue 21). A large list is checked on a sample instead: when its first
 * SAMPLE_SIZE items come out of the schema exactly as they went in (nothing dropped, nothing
 * changed), the presenter that made them makes every item the same way, and the list is written as
 * it is. Any difference, or any smaller answer, takes the full check.
 */
export const sampledSerializerCompiler: FastifySerializerCompiler<unknown> = (routeSchema) => {
  const full = createSerializerCompiler({})(
    routeSchema as Parameters<ReturnType<typeof createSerializerCompiler>>[0],
  );
  return (data: unknown) => {
    const sample = sampleOf(data);
    if (!sample) return full(data);
    const checked = full(sample);
    if (checked !== JSON.stringify(sample)) return full(data);
    return JSON.stringify(data);
  };
};
