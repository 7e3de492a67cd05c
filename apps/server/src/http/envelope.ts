import { envelopeSchema, incompleteMenuAnswerSchema } from '@carte/domain';
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
export function responses<T extends z.ZodType>(
  message: T,
  failures: number[] = [400],
  /** Failures whose envelope carries more than the message (409's `problems`). */
  richFailures: Record<number, z.ZodType> = {},
) {
  const out: Record<number, z.ZodType> = { 200: envelopeSchema(message) };
  for (const status of failures) out[status] = failEnvelope.describe(statusText[status] ?? 'Failure');
  return { ...out, ...richFailures };
}

const statusText: Record<number, string> = {
  400: 'Invalid input: the first problem, in the words of the specification',
  401: 'No or bad token',
  402: 'Payment not setup!',
  403: 'Permission denied',
  404: 'Not found',
  409: 'Conflict',
  412: 'Name clash on a copy',
  417: 'Access token expired: refresh and retry',
  429: 'Too many requests',
  502: 'The translation service is unavailable: nothing was changed',
};

/**
 * The 409 of a publish the restaurant's labelling rules refuse (issue 23 §5): the failure envelope
 * with `problems` beside the message, for the routes that publish a menu.
 */
export const incompleteMenuResponse: Record<number, z.ZodType> = {
  409: incompleteMenuAnswerSchema.describe(
    'This menu is incomplete for your labelling rules (the restaurant set "Don\'t publish an incomplete menu"): `problems` lists what each dish lacks; nothing changed',
  ),
};
