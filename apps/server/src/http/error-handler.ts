import { messages } from '@carte/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../core/errors.ts';
import type { Db } from '../db/connect.ts';
import { logs } from '../db/schema.ts';
import { fail } from './envelope.ts';

/**
 * One handler for every failure (STYLE rule 10): domain errors and validation errors become the
 * envelope with the right status; anything else is a 500 without internals. Every 4xx/5xx answer is
 * also kept in the `logs` table for the admins' developer log (doc 3 §3).
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance, options: { db: Db }) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        return reply
          .code(error.statusCode)
          .headers(error.headers)
          .send(fail(error.statusCode, error.message));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0]?.message ?? messages.invalidInput;
        return reply.code(400).send(fail(400, first));
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
        return reply.code(500).send(fail(500, messages.somethingWentWrong));
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(500).send(fail(500, messages.somethingWentWrong));
      }
      if (status === 429) return reply.code(429).send(fail(429, messages.tooManyRequests));
      // Fastify's own 4xx (bad JSON, body too large, unsupported media type): their text is safe to show.
      return reply.code(status).send(fail(status, error.message || messages.invalidInput));
    });

    app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
      if (reply.statusCode < 400 || !request.url.startsWith('/api/')) return;
      const message = (reply as FastifyReply & { carteMessage?: string }).carteMessage ?? null;
      try {
        await options.db.insert(logs).values({
          message,
          url: request.url.slice(0, 2000),
          statusCode: reply.statusCode,
          method: request.method,
          userId: request.caller?.userId ?? null,
          username: request.caller?.username ?? null,
          requestId: String(request.id),
        });
      } catch (err) {
        request.log.warn({ err }, 'could not store the failed request in logs');
      }
    });

    // Remember the message of a failure envelope so the log row can carry it.
    app.addHook('onSend', async (_request, reply, payload) => {
      if (reply.statusCode >= 400 && typeof payload === 'string' && payload.startsWith('{')) {
        try {
          const parsed = JSON.parse(payload) as { message?: unknown };
          if (typeof parsed.message === 'string') {
            (reply as FastifyReply & { carteMessage?: string }).carteMessage = parsed.message.slice(0, 2000);
          }
        } catch {
          // not JSON: nothing to remember
        }
      }
      return payload;
    });
  },
  { name: 'carte-error-handler' },
);
