import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import { errorForLog } from './db/errors.ts';

/** Where the log goes: a terminal has `isTTY` set. */
export type LogDestination = NodeJS.WritableStream & { isTTY?: boolean };

/**
 * The server's console (decisions, Tooling: console logs): readable coloured lines when a person watches it
 * (the output is a terminal, as with `./run start`), one JSON object a line otherwise (containers,
 * log collectors, pipes), which is what log tooling reads. Pretty printing runs in this process
 * (no worker thread), so lines written just before an exit are not lost.
 */
export function createLogger(level: string, destination: LogDestination = process.stdout): Logger {
  // Errors go through errorForLog: a failed statement never writes its parameters.
  const options = { level, serializers: { err: errorForLog } };
  if (!destination.isTTY) return pino(options, destination);
  return pino(
    options,
    pretty({
      destination,
      sync: true,
      colorize: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
      // One line per event: a request's details do not push the start-up lines off the screen.
      singleLine: true,
    }),
  );
}
