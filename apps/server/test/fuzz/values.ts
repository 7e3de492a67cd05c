import { randomBytes } from 'node:crypto';
import type { JsonSchema } from './operations.ts';

/**
 * Hostile values, written as JSON text so a body can carry what JSON.stringify cannot build (lone
 * surrogates, 5,000 levels, `__proto__` keys) and so each large value is built once.
 */
const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const deepArray = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;
const randomId = () => randomBytes(12).toString('hex');
const manyIds = (count: number) => JSON.stringify(Array.from({ length: count }, randomId));

export const MEGABYTE_STRING = JSON.stringify('a'.repeat(1024 * 1024));
export const DEEP_OBJECT = deepObject(5000);
export const DEEP_ARRAY = deepArray(5000);
export const SEVENTY_THOUSAND_IDS = manyIds(70_000);
export const TEN_THOUSAND_IDS = manyIds(10_000);

/** Every top-level field is replaced by each of these in turn. */
export const hostileValues: { label: string; json: string }[] = [
  { label: 'null', json: 'null' },
  { label: 'true', json: 'true' },
  { label: 'zero', json: '0' },
  { label: 'minus one', json: '-1' },
  { label: 'fraction', json: '0.001' },
  { label: '1e308', json: '1e308' },
  { label: '-1e308', json: '-1e308' },
  { label: 'past int32', json: '2147483648' },
  { label: 'past int64', json: '99999999999999999999' },
  { label: 'past numeric(10,2)', json: '100000000' },
  { label: 'string NaN', json: '"NaN"' },
  { label: 'string Infinity', json: '"Infinity"' },
  { label: 'string 1e309', json: '"1e309"' },
  { label: 'string -1', json: '"-1"' },
  { label: 'string big price', json: '"99999999999999.99"' },
  { label: 'empty string', json: '""' },
  { label: 'spaces', json: '"   "' },
  { label: 'NUL', json: '"\\u0000"' },
  { label: 'NUL inside', json: '"a\\u0000b"' },
  { label: 'lone high surrogate', json: '"a\\ud800b"' },
  { label: 'lone low surrogate', json: '"\\udc00"' },
  { label: 'markup', json: '"<script>alert(1)</script><img src=x onerror=alert(1)>"' },
  { label: 'path', json: '"../../../../etc/passwd"' },
  { label: 'sql', json: `"' OR 1=1 --"` },
  { label: '1 MB string', json: MEGABYTE_STRING },
  { label: 'empty array', json: '[]' },
  { label: 'array of null', json: '[null]' },
  { label: 'array of NUL', json: '["\\u0000"]' },
  { label: 'array of surrogates', json: '["\\ud800"]' },
  { label: '10,000 ids (the cap)', json: TEN_THOUSAND_IDS },
  { label: '70,000 ids', json: SEVENTY_THOUSAND_IDS },
  { label: 'empty object', json: '{}' },
  { label: '__proto__ object', json: '{"__proto__":{"polluted":true}}' },
  { label: 'constructor object', json: '{"constructor":{"prototype":{"polluted":true}}}' },
  { label: 'object with NUL key', json: '{"\\u0000":"\\u0000","\\ud800":1}' },
  { label: '5,000 deep object', json: DEEP_OBJECT },
  { label: '5,000 deep array', json: DEEP_ARRAY },
];

/** Nested fields (inside objects and lists) get a shorter list. */
export const nestedHostileValues = hostileValues.filter((value) =>
  [
    'null',
    'minus one',
    '1e308',
    'past numeric(10,2)',
    'string 1e309',
    'NUL',
    'lone high surrogate',
    'empty object',
    '70,000 ids',
    '5,000 deep object',
  ].includes(value.label),
);

/** Query and path values, as they appear in a URL (already encoded). */
export const hostileUrlValues: { label: string; raw: string }[] = [
  { label: 'empty', raw: '' },
  { label: 'word', raw: 'zzz' },
  { label: 'upper-case id', raw: 'ABCDEF0123456789ABCDEF01' },
  { label: 'NUL', raw: '%00' },
  { label: 'id with NUL', raw: `${'a'.repeat(23)}%00` },
  { label: 'invalid UTF-8 (surrogate)', raw: '%ED%A0%80' },
  { label: 'bad percent', raw: '%' },
  { label: 'bad percent pair', raw: '%ZZ' },
  { label: 'dot dot', raw: '..%2F..%2Fetc%2Fpasswd' },
  { label: 'long', raw: 'a'.repeat(5000) },
  { label: 'number', raw: '1e308' },
  { label: 'minus', raw: '-1' },
  { label: 'markup', raw: '%3Cscript%3E' },
];

/** Ids the fuzzer fills valid fields with: the signed-in owner's own records. */
export interface FuzzIds {
  menu: string;
  category: string;
  dish: string;
  ingredient: string;
  restaurant: string;
  user: string;
}

let counter = 0;
const next = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** An id for a field or parameter, chosen by its name. */
export function idFor(key: string, ids: FuzzIds, path = ''): string {
  const name = key.toLowerCase();
  if (name.includes('menu')) return ids.menu;
  if (name.includes('categor')) return ids.category;
  if (name.includes('dish')) return ids.dish;
  if (name.includes('ingredient') || name === 'parent' || name.includes('parentid')) return ids.ingredient;
  if (name.includes('restaurant')) return ids.restaurant;
  if (name.includes('account')) return ids.user;
  if (name === 'id' || name === '_id') {
    if (path.includes('/menus')) return ids.menu;
    if (path.includes('/categories')) return ids.category;
    if (path.includes('/dishes')) return ids.dish;
    if (path.includes('/ingredients')) return ids.ingredient;
  }
  return randomId();
}

const isIdPattern = (pattern: string | undefined) => pattern === '^[0-9a-f]{24}$';

/**
 * A plausible value for a schema, so that breaking one field leaves the others valid and the
 * request goes as deep into the route as it can.
 */
export function sample(schema: JsonSchema | undefined, key: string, ids: FuzzIds, path: string): unknown {
  if (!schema) return 'fuzz';
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) {
    const first = choice.find((option) => option.type !== 'null') ?? choice[0];
    return sample(first, key, ids, path);
  }
  if (schema.allOf?.[0]) return sample(schema.allOf[0], key, ids, path);
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const name = key.toLowerCase();
  switch (type) {
    case 'string': {
      if (isIdPattern(schema.pattern)) return idFor(key, ids, path);
      if (schema.pattern?.includes(':')) return '09:30';
      if (schema.pattern?.includes('#')) return '#ff0000';
      if (name.includes('email')) return `fuzz_${next()}@carte.test`;
      if (name === 'username') return `fuzz_${next()}`;
      // Never the real password: a valid delete or password change would end the fuzzing session.
      if (name.includes('password')) return 'Fuzz1Password';
      if (name.includes('phone')) return '+12025550143';
      if (name === 'timezone') return 'UTC';
      if (name.includes('time')) return '09:30';
      if (name === 'price') return '12.50';
      if (name === 'url' || name === 'back') return '/dashboard';
      return `fuzz ${next()}`;
    }
    case 'number':
    case 'integer':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array': {
      const item = sample(schema.items, name === 'emails' ? 'email' : key, ids, path);
      return [item];
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [property, propertySchema] of Object.entries(schema.properties ?? {})) {
        out[property] = sample(propertySchema, property, ids, path);
      }
      return out;
    }
    default:
      return 'fuzz';
  }
}

const SENTINEL = '"__fuzz_hostile_value__"';

/** The JSON text of `base` with the value at `path` replaced by a JSON fragment. */
export function jsonWith(base: unknown, path: (string | number)[], fragment: string): string {
  if (path.length === 0) return fragment;
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let cursor: Record<string | number, unknown> = copy;
  for (const step of path.slice(0, -1)) cursor = cursor[step] as Record<string | number, unknown>;
  cursor[path.at(-1)!] = JSON.parse(SENTINEL);
  return JSON.stringify(copy).replace(SENTINEL, () => fragment);
}

/** Paths of the values inside `base` (not the top level), at most `depth` steps deep. */
export function nestedPaths(base: unknown, depth = 4): (string | number)[][] {
  const out: (string | number)[][] = [];
  const walk = (value: unknown, path: (string | number)[]) => {
    if (path.length > depth) return;
    if (path.length > 1) out.push(path);
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) walk(item, [...path, index]);
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
    }
  };
  walk(base, []);
  return out;
}
