import type { BaseLogger } from 'pino';

/** The part of a pino logger the adapters and jobs use; Fastify's `app.log` fits it. */
export type Logger = Pick<BaseLogger, 'debug' | 'info' | 'warn' | 'error'>;
