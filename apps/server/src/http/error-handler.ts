import { messages } from '@carte/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../core/errors.ts';
import type { Db } from '../db/connect.ts';
import { errorForLog, isDatabaseUnavailable, uniqueViolation } from '../db/errors.ts';
import { logs } from '../db/schema.ts';
import { fail } from './envelope.ts';
import { redactUrl } from './redact-url.ts';

/**
 * One handler for every failure (STYLE rule 10): domain errors and validation errors become the
 * envelope with the right status; the database out of reach is a 503 the client may retry; anything
 * else is a 500 without internals. Every 4xx/5xx answer is also kept in the `logs` table for the
 * admins' developer log (doc 3 §3), except while the database is away.
 */
/** A race lost on a unique index answers what the service's own check would have answered. */
const uniqueAnswers: Record<string, [number, string]> = {
  users_username_lower_idx: [400, messages.usernameTaken],
  ingredients_restaurant_name_idx: [412, messages.nameClash],
};

const databaseDown = new WeakSet<FastifyReply>();
/** A 503 for an unreachable database is not written to the `logs` table, which lives there too. */
const markDatabaseDown = (reply: FastifyReply) => databaseDown.add(reply);
const isDatabaseDown = (reply: FastifyReply) => databaseDown.has(reply);

export const errorHandlerPlugin = fp(
  async (app: FastifyInstance, options: { db: Db }) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        return reply
          .code(error.statusCode)
          .headers(error.headers)
          .send({ ...fail(error.statusCode, error.message), ...error.extra });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        // Object first: a body that is null, a list or a number is not an object with a wrong field.
        const wholeValue = first?.keyword === 'invalid_type' && first.instancePath === '/';
        return reply
          .code(400)
          .send(fail(400, wholeValue ? messages.invalidInput : (first?.message ?? messages.invalidInput)));
      }
      if (isResponseSerializationError(error)) {
        request.log.error(
          { err: errorForLog(error), issues: error.cause.issues },
          'response does not match its schema',
        );
        return reply.code(500).send(fail(500, messages.somethingWentWrong));
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: errorForLog(error) }, 'database unavailable');
        markDatabaseDown(reply);
        return reply.code(503).header('retry-after', '5').send(fail(503, messages.databaseUnavailable));
      }
      const constraint = uniqueViolation(error);
      if (constraint !== null) {
        const [status, message] = uniqueAnswers[constraint] ?? [409, messages.conflict];
        return reply.code(status).send(fail(status, message));
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: errorForLog(error) }, 'request failed');
        return reply.code(500).send(fail(500, messages.somethingWentWrong));
      }
      if (status === 429) return reply.code(429).send(fail(429, messages.tooManyRequests));
      // Fastify's own 4xx (bad JSON, body too large, unsupported media type): their text is safe to show.
      return reply.code(status).send(fail(status, error.message || messages.invalidInput));
    });

    app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
      if (reply.statusCode < 400 || !request.url.startsWith('/api/') || isDatabaseDown(reply)) return;
      const message = (reply as FastifyReply & { carteMessage?: string }).carteMessage ?? null;
      try {
        await options.db.insert(logs).values({
          message,
          url: redactUrl(request.url).slice(0, 2000),
          statusCode: reply.statusCode,
          method: request.method,
          userId: request.caller?.userId ?? null,
          username: request.caller?.username ?? null,
          requestId: String(request.id),
        });
      } catch (err) {
        request.log.warn({ err: errorForLog(err) }, 'could not store the failed request in logs');
      }
    });

    // Remember the message of a failure envelope so the log row can carry it: read from the answer
    // before it is written, never parsed back from its text.
    app.addHook('preSerialization', (_request, reply, payload: unknown, done) => {
      if (reply.statusCode >= 400 && typeof payload === 'object' && payload !== null) {
        const { message } = payload as { message?: unknown };
        if (typeof message === 'string') {
          (reply as FastifyReply & { carteMessage?: string }).carteMessage = message.slice(0, 2000);
        }
      }
      done(null, payload);
    });
  },
  { name: 'carte-error-handler' },
);
