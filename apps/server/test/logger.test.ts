import { PassThrough } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createLogger, type LogDestination } from '../src/logger.ts';

/** A stream that keeps what is written, told to be a terminal or not. */
function output(isTTY: boolean) {
  const stream = new PassThrough() as PassThrough & LogDestination;
  stream.isTTY = isTTY;
  let text = '';
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  return { stream, text: () => text };
}

describe('the server console (decisions, Tooling: console logs)', () => {
  it('prints readable lines to a terminal', async () => {
    const out = output(true);
    createLogger('info', out.stream).info({ port: 3000 }, 'Carte is running');
    await new Promise((resolve) => setImmediate(resolve));
    // Coloured, and readable once the colours are taken away.
    expect(out.text()).not.toBe(stripVTControlCharacters(out.text()));
    const line = stripVTControlCharacters(out.text());
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Carte is running/);
    expect(line).toContain('"port":3000');
    expect(line.trim().split('\n')).toHaveLength(1);
    expect(() => JSON.parse(line)).toThrow();
  });

  it('prints one JSON object a line elsewhere', async () => {
    const out = output(false);
    createLogger('info', out.stream).info({ port: 3000 }, 'Carte is running');
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.parse(out.text())).toMatchObject({ level: 30, msg: 'Carte is running', port: 3000 });
  });

  it('keeps the level', async () => {
    const out = output(false);
    const log = createLogger('warn', out.stream);
    log.info('hidden');
    log.warn('shown');
    await new Promise((resolve) => setImmediate(resolve));
    expect(
      out
        .text()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).msg),
    ).toEqual(['shown']);
  });
});
