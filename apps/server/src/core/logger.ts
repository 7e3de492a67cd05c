import type { BaseLogger } from 'pino';

/**
 * The part of a pino logger the database, adapters and jobs use; Fastify's `app.log` fits it. In the
 * kernel so every floor may name it (db/connect.ts took it from adapters/, a floor above).
 */
export type Logger = Pick<BaseLogger, 'debug' | 'info' | 'warn' | 'error'>;
