import { envelopeSchema } from '@carte/domain';
import { z } from 'zod';

/** The success envelope (decisions §3). */
export const ok = <T>(message: T, statusCode = 200) => ({
  statusCode,
  confirmation: 'Success' as const,
  message,
});

export const fail = (statusCode: number, message: string) => ({
  statusCode,
  confirmation: 'Fail' as const,
  message,
});

const failEnvelope = envelopeSchema(z.string());

/**
 * Response schemas for a route: the success shape plus the failure envelopes it may answer, so
 * /api/docs describes every status (decisions §3).
 */
export function responses<T extends z.ZodType>(message: T, failures: number[] = [400]) {
  const out: Record<number, z.ZodType> = { 200: envelopeSchema(message) };
  for (const status of failures) out[status] = failEnvelope.describe(statusText[status] ?? 'Failure');
  return out;
}

const statusText: Record<number, string> = {
  400: 'Invalid input: the first problem, in the words of the specification',
  401: 'No or bad token',
  402: 'Payment not setup!',
  403: 'Permission denied',
  404: 'Not found',
  412: 'Name clash on a copy',
  417: 'Access token expired: refresh and retry',
  429: 'Too many requests',
};
