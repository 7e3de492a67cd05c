import { z } from 'zod';
import { messages } from './messages.ts';

/**
 * Text PostgreSQL can keep: no NUL character (refused in `text` columns and in `jsonb`) and no lone
 * UTF-16 surrogate (refused in `jsonb`, silently replaced in `text`). Every string a request may
 * store goes through `text()` (issue 8: one rule, so a new field cannot forget it).
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const isStorableText = (value: string): boolean =>
  !value.includes('\u0000') && !LONE_SURROGATE.test(value);

/** A string schema that refuses what cannot be stored; chain `.trim()`, `.min()`, `.max()` as usual. */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isStorableText, { error: messages.textInvalid, abort: true });
