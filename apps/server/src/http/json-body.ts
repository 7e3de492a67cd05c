import { messages } from '@carte/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The largest JSON body a route takes unless it says otherwise (issue 21): every form of the API fits
 * in far less (10,000 ids are 270 KB). Larger bodies answer 413 from their Content-Length, unread;
 * routes whose legal payloads are larger (the displays' layout, quick edit) name their own limit.
 */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** No form of this API nests deeper than a handful of levels; 5,000 levels once reached PostgreSQL. */
export const JSON_DEPTH_MAX = 32;

/**
 * How deeply a JSON text nests its objects and lists, counted without parsing (brackets inside
 * strings do not count) and stopping as soon as it passes `limit`.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      if (++depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  return false;
}

/**
 * Fastify's JSON parser (secure-json-parse: `__proto__` and `constructor.prototype` keys refused),
 * behind a size and a depth check: a body over JSON_BODY_LIMIT (or its route's `bodyLimit`) answers
 * 413 before it is read, one nested deeper than JSON_DEPTH_MAX 400 before it is parsed.
 */
export const jsonBodyPlugin = fp(
  async (app: FastifyInstance) => {
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    const options = { parseAs: 'string' as const, bodyLimit: JSON_BODY_LIMIT };
    app.addContentTypeParser('application/json', options, (request, body, done) => {
      const text = String(body);
      if (jsonDepthExceeds(text, JSON_DEPTH_MAX)) {
        done(Object.assign(new Error(messages.tooDeep), { statusCode: 400 }), undefined);
        return;
      }
      parse(request, text, done);
    });
  },
  { name: 'carte-json-body' },
);
