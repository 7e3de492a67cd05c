import { describe, expect, it } from 'vitest';
import {
  dishInputSchema,
  ID_LIST_MAX,
  idList,
  isStorableText,
  jsonRecord,
  messages,
  PRICE_MAX,
  registerSchema,
  resetPasswordSchema,
  text,
  updatePasswordSchema,
  verifyAndSetPasswordSchema,
} from '../src/index.ts';

/** Issue 8: what PostgreSQL cannot store, and bodies that are not objects, are refused by the schemas. */
describe('text(): the one rule for stored strings', () => {
  it('refuses NUL and lone surrogates, keeps everything else', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\ud800', 'a\ud800b', '\udc00', 'x\udbff']) {
      expect(isStorableText(bad)).toBe(false);
      expect(text().safeParse(bad).error?.issues[0]?.message).toBe(messages.textInvalid);
    }
    for (const good of ['', 'Crème brûlée', '🍕 Pizza', '\u0001\t\n', '寿司', 'a\ud83d\ude00b']) {
      expect(isStorableText(good)).toBe(true);
      expect(text().safeParse(good).success).toBe(true);
    }
  });

  it('keeps its own message first and the field messages after it', () => {
    const schema = text({ error: 'Name cannot be empty' }).trim().min(1, { error: 'Name cannot be empty' });
    expect(schema.safeParse(42).error?.issues[0]?.message).toBe('Name cannot be empty');
    expect(schema.safeParse('  ').error?.issues[0]?.message).toBe('Name cannot be empty');
    expect(schema.safeParse(' \u0000 ').error?.issues.map((issue) => issue.message)).toEqual([
      messages.textInvalid,
    ]);
  });
});

describe('caps', () => {
  it('lists of ids stop at ID_LIST_MAX', () => {
    const ids = (count: number) => Array.from({ length: count }, () => 'a'.repeat(24));
    expect(idList().safeParse(ids(ID_LIST_MAX)).success).toBe(true);
    expect(idList().safeParse(ids(ID_LIST_MAX + 1)).error?.issues[0]?.message).toBe(
      messages.tooManyItems(ID_LIST_MAX),
    );
  });

  it('prices stop at the numeric(10,2) column', () => {
    const price = (value: unknown) => dishInputSchema.safeParse({ name: 'Soup', price: value });
    expect(price(PRICE_MAX).success).toBe(true);
    expect(price('99999999.99').success).toBe(true);
    for (const bad of ['100000000', 1e8, 1e308, '1e308', 'Infinity', '-1']) {
      expect(price(bad).error?.issues[0]?.message).toBe(messages.priceInvalid);
    }
  });

  it('free-form JSON is bounded in depth and size and holds only storable text', () => {
    const nest = (levels: number): Record<string, unknown> => (levels === 0 ? {} : { a: nest(levels - 1) });
    expect(jsonRecord().safeParse(nest(9)).success).toBe(true);
    expect(jsonRecord().safeParse(nest(11)).error?.issues[0]?.message).toBe(messages.tooDeep);
    expect(jsonRecord().safeParse({ a: 'x'.repeat(70_000) }).error?.issues[0]?.message).toBe(
      messages.tooLarge,
    );
    expect(jsonRecord().safeParse({ a: ['\ud800'] }).error?.issues[0]?.message).toBe(messages.textInvalid);
    expect(jsonRecord().safeParse({ '\u0000': 1 }).error?.issues[0]?.message).toBe(messages.textInvalid);
    // A value nested 100,000 deep is refused without recursion (no stack overflow).
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(jsonRecord().safeParse(deep).error?.issues[0]?.message).toBe(messages.tooDeep);
  });
});

describe('object first: cross-field rules never run on a body that is not an object', () => {
  it('answers Invalid input for null, lists, numbers, strings and nothing', () => {
    for (const schema of [
      registerSchema,
      verifyAndSetPasswordSchema,
      resetPasswordSchema,
      updatePasswordSchema,
    ]) {
      for (const body of [null, undefined, [], [1], 42, 'x', true]) {
        const result = schema.safeParse(body);
        expect(result.success).toBe(false);
        expect(result.error?.issues).toHaveLength(1);
        expect(result.error?.issues[0]?.code).toBe('invalid_type');
      }
    }
  });
});
