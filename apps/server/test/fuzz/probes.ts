import type { Operation } from './operations.ts';
import {
  DEEP_ARRAY,
  DEEP_OBJECT,
  type FuzzIds,
  hostileUrlValues,
  hostileValues,
  idFor,
  jsonWith,
  nestedHostileValues,
  nestedPaths,
  sample,
} from './values.ts';

/** One request the fuzzer sends. */
export interface Probe {
  label: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

const BOUNDARY = 'carteFuzzBoundary';

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: string | Buffer;
}

/** A multipart/form-data body (RFC 7578) with the parts as given, even hostile ones. */
export function multipartBody(parts: Part[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data) : part.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const multipartHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
const jsonHeaders = { 'content-type': 'application/json' };

const ELEVEN_MB = Buffer.alloc(11 * 1024 * 1024, 0x61);
const ONE_MB = Buffer.alloc(1024 * 1024, 0x62);
const INVALID_UTF8 = Buffer.from([0x61, 0xed, 0xa0, 0x80, 0x62, 0xff, 0xfe]);
const THIRTEEN_MB_JSON = `{"name":"${'a'.repeat(13 * 1024 * 1024)}"}`;
const PNG_HEADER = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** CSV files that break every column rule: NUL, huge numbers, bad UTF-8, quotes, 70,000 rows. */
const hostileCsvFiles: { label: string; data: string | Buffer }[] = [
  { label: 'NUL in cells', data: 'name,price,description,parent\nA\u0000b,1,x\u0000y,P\u0000\n' },
  {
    label: 'numbers past the columns',
    data: 'name,price,calories,alcoholPercentage\nHuge,1e308,99999999999,1e308\nBig,99999999999.99,2147483648,100.001\nNeg,-1,-1,-1\nNaN,NaN,NaN,NaN\nInf,Infinity,Infinity,Infinity\n',
  },
  {
    label: 'invalid UTF-8',
    data: Buffer.concat([Buffer.from('name,price\n'), INVALID_UTF8, Buffer.from(',1\n')]),
  },
  { label: 'unclosed quote', data: 'name,price\n"open,1\n' },
  { label: 'header only', data: 'name,price\n' },
  { label: 'empty', data: '' },
  { label: 'binary', data: PNG_HEADER },
  { label: 'markup', data: 'name,price,description\n<script>x</script>,1,<img src=x onerror=alert(1)>\n' },
  {
    label: '70,000 rows',
    data: `name,price\n${Array.from({ length: 70_000 }, (_, i) => `d${i},1`).join('\n')}\n`,
  },
  {
    label: 'long list cell',
    data: `name,price,ingredients\nD,1,${Array.from({ length: 5000 }, (_, i) => `i${i}`).join('|')}\n`,
  },
];

const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD';

function fillPath(operation: Operation, ids: FuzzIds, override?: { name: string; raw: string }): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (override?.name === name) return override.raw;
    if (name === 'token' || name === 'sessionId') return 'a'.repeat(40);
    return idFor(name, ids, operation.path);
  });
}

function baseQuery(operation: Operation, ids: FuzzIds): Record<string, string> {
  const out: Record<string, string> = {};
  for (const parameter of operation.query) {
    if (!parameter.required) continue;
    out[parameter.name] = String(sample(parameter.schema, parameter.name, ids, operation.path));
  }
  return out;
}

const queryString = (entries: Record<string, string>, extra = '') => {
  const text = new URLSearchParams(entries).toString();
  const all = [text, extra].filter(Boolean).join('&');
  return all ? `?${all}` : '';
};

/**
 * Every hostile request for one operation: the path with broken parameters, each query parameter
 * and each body field replaced by hostile values (top level with the full list, nested with a
 * shorter one), whole bodies of the wrong kind, and for form routes broken multipart.
 */
export function probesFor(operation: Operation, ids: FuzzIds): Probe[] {
  const probes: Probe[] = [];
  const { method } = operation;
  const query = baseQuery(operation, ids);
  const url = `${fillPath(operation, ids)}${queryString(query)}`;
  const name = `${method} ${operation.path}`;
  const base = operation.body ? sample(operation.body, '', ids, operation.path) : {};
  const baseJson = JSON.stringify(base);
  const json = (label: string, payload: string | Buffer, headers: Record<string, string> = jsonHeaders) =>
    probes.push({ label: `${name} ${label}`, method, url, headers, payload });

  if (hasBody(method)) json('valid-looking body', baseJson);
  else probes.push({ label: `${name} plain`, method, url });

  // Path parameters.
  for (const parameter of operation.pathParams) {
    for (const value of hostileUrlValues) {
      if (value.raw === '') continue;
      probes.push({
        label: `${name} path ${parameter}=${value.label}`,
        method,
        url: `${fillPath(operation, ids, { name: parameter, raw: value.raw })}${queryString(query)}`,
        ...(hasBody(method) ? { headers: jsonHeaders, payload: baseJson } : {}),
      });
    }
  }

  // Query parameters: each broken in turn, then unknown and prototype keys, repeated keys.
  const pathUrl = fillPath(operation, ids);
  for (const parameter of operation.query) {
    for (const value of hostileUrlValues) {
      const rest = { ...query };
      delete rest[parameter.name];
      probes.push({
        label: `${name} query ${parameter.name}=${value.label}`,
        method,
        url: `${pathUrl}${queryString(rest, `${parameter.name}=${value.raw}`)}`,
      });
    }
    probes.push({
      label: `${name} query ${parameter.name} repeated`,
      method,
      url: `${pathUrl}${queryString(query, `${parameter.name}=a&${parameter.name}=b`)}`,
    });
  }
  for (const extra of [
    '__proto__[polluted]=1',
    'constructor[prototype][polluted]=1',
    `x=${'a'.repeat(100_000)}`,
  ]) {
    probes.push({
      label: `${name} query ${extra.slice(0, 30)}`,
      method,
      url: `${pathUrl}${queryString(query, extra)}`,
    });
  }

  if (!hasBody(method)) return probes;

  // Whole bodies of the wrong kind.
  const wholeBodies: [string, string | Buffer, Record<string, string>][] = [
    ['body null', 'null', jsonHeaders],
    ['body []', '[]', jsonHeaders],
    ['body 42', '42', jsonHeaders],
    ['body "x"', '"x"', jsonHeaders],
    ['body true', 'true', jsonHeaders],
    ['body {}', '{}', jsonHeaders],
    ['body empty', '', jsonHeaders],
    ['body bad JSON', '{"a":', jsonHeaders],
    ['body trailing garbage', `${baseJson}x`, jsonHeaders],
    [
      'body invalid UTF-8',
      Buffer.concat([Buffer.from('{"name":"'), INVALID_UTF8, Buffer.from('"}')]),
      jsonHeaders,
    ],
    ['body 5,000 deep object', DEEP_OBJECT, jsonHeaders],
    ['body 5,000 deep array', DEEP_ARRAY, jsonHeaders],
    ['body __proto__', '{"__proto__":{"polluted":true}}', jsonHeaders],
    ['body constructor.prototype', '{"constructor":{"prototype":{"polluted":true}}}', jsonHeaders],
    ['body 13 MB', THIRTEEN_MB_JSON, jsonHeaders],
    ['json charset latin1', baseJson, { 'content-type': 'application/json; charset=latin1' }],
    ['text/plain', baseJson, { 'content-type': 'text/plain' }],
    ['text/plain garbage', 'x', { 'content-type': 'text/plain' }],
    ['xml', '<a>1</a>', { 'content-type': 'application/xml' }],
    ['urlencoded', 'a=%ZZ&b=%00&__proto__[x]=1', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['content-type garbage', baseJson, { 'content-type': ';;;=/' }],
    ['no content-type', baseJson, {}],
    ['multipart without boundary', 'a', { 'content-type': 'multipart/form-data' }],
    ['multipart empty boundary', 'a', { 'content-type': 'multipart/form-data; boundary=' }],
    ['multipart wrong boundary', multipartBody([{ name: 'a', data: 'b' }], 'other'), multipartHeaders],
    ['multipart truncated', multipartBody([{ name: 'a', data: 'b' }]).subarray(0, 40), multipartHeaders],
    ['multipart garbage', '--carteFuzzBoundary\r\nnonsense\r\n\r\n', multipartHeaders],
    [
      'multipart unknown file parts',
      multipartBody([1, 2, 3].map((n) => ({ name: `junk${n}`, filename: `junk${n}.bin`, data: ONE_MB }))),
      multipartHeaders,
    ],
    [
      'multipart 2,000 fields',
      multipartBody(Array.from({ length: 2000 }, (_, i) => ({ name: `f${i}`, data: 'x' }))),
      multipartHeaders,
    ],
    [
      'multipart 50 files',
      multipartBody(Array.from({ length: 50 }, (_, i) => ({ name: `f${i}`, filename: 'a.png', data: 'x' }))),
      multipartHeaders,
    ],
    [
      'multipart __proto__ field',
      multipartBody([{ name: '__proto__', data: '{"polluted":true}' }]),
      multipartHeaders,
    ],
    [
      'multipart __proto__ file',
      multipartBody([{ name: '__proto__', filename: 'a.png', data: 'x' }]),
      multipartHeaders,
    ],
    [
      'multipart invalid UTF-8 field',
      multipartBody([{ name: 'name', data: INVALID_UTF8 }]),
      multipartHeaders,
    ],
    [
      'multipart 2 MB text field',
      multipartBody([{ name: 'name', data: 'n'.repeat(2 * 1024 * 1024) }]),
      multipartHeaders,
    ],
    [
      'multipart JSON-typed field, bad JSON',
      multipartBody([{ name: 'name', contentType: 'application/json', data: '{' }]),
      multipartHeaders,
    ],
  ];
  for (const [label, payload, headers] of wholeBodies) json(label, payload, headers);

  // Each top-level field, then each nested value, replaced by hostile values.
  if (base && typeof base === 'object' && !Array.isArray(base)) {
    const fields = Object.keys(base);
    for (const field of fields) {
      for (const value of hostileValues)
        json(`field ${field}=${value.label}`, jsonWith(base, [field], value.json));
    }
    for (const path of nestedPaths(base)) {
      for (const value of nestedHostileValues) {
        json(`field ${path.join('.')}=${value.label}`, jsonWith(base, path, value.json));
      }
    }
    json('extra __proto__ key', `${baseJson.slice(0, -1)}${fields.length ? ',' : ''}"__proto__":{"x":1}}`);
    json(
      'duplicate keys',
      `${baseJson.slice(0, -1)}${fields.length ? ',' : ''}"${fields[0] ?? 'a'}":"\\u0000"}`,
    );
  }

  // Form routes: the same fields as multipart text parts, and their file parts broken.
  if (operation.fileFields.length > 0) {
    const textParts = (override: Record<string, string | Buffer>) =>
      Object.entries(base as Record<string, unknown>).map(([key, value]) => ({
        name: key,
        data: key in override ? override[key]! : typeof value === 'string' ? value : JSON.stringify(value),
      }));
    const multipartValues: [string, string | Buffer][] = [
      ['NUL', 'a\u0000b'],
      ['invalid UTF-8', INVALID_UTF8],
      ['JSON NUL', '["\\u0000"]'],
      ['JSON surrogate', '{"a":"\\ud800"}'],
      ['JSON deep', DEEP_OBJECT],
      ['JSON 5,000 deep array', DEEP_ARRAY],
      ['JSON __proto__', '{"__proto__":{"polluted":true}}'],
      ['huge number', '1e308'],
      ['null text', 'null'],
    ];
    for (const field of Object.keys(base as object)) {
      for (const [label, data] of multipartValues) {
        json(
          `multipart field ${field}=${label}`,
          multipartBody(textParts({ [field]: data })),
          multipartHeaders,
        );
      }
    }
    for (const file of operation.fileFields) {
      const files: [string, Part][] = [
        ['11 MB', { name: file, filename: 'big.png', data: ELEVEN_MB }],
        ['empty', { name: file, filename: 'empty.png', data: '' }],
        ['no filename', { name: file, data: 'x' }],
        ['empty filename', { name: file, filename: '', data: 'x' }],
        ['traversal filename', { name: file, filename: '../../../etc/passwd.png', data: PNG_HEADER }],
        ['NUL filename', { name: file, filename: 'a\u0000.png', data: PNG_HEADER }],
        ['fake png', { name: file, filename: 'a.png', contentType: 'image/png', data: PNG_HEADER }],
        ['text as png', { name: file, filename: 'a.png', data: 'hello' }],
        ['svg', { name: file, filename: 'a.svg', data: '<svg xmlns="http://www.w3.org/2000/svg"/>' }],
      ];
      if (file === 'csv') {
        for (const csv of hostileCsvFiles)
          files.push([`csv ${csv.label}`, { name: 'csv', filename: 'f.csv', data: csv.data }]);
      }
      for (const [label, part] of files) {
        json(`file ${file} ${label}`, multipartBody([...textParts({}), part]), multipartHeaders);
      }
      json(
        `file ${file} twice`,
        multipartBody([
          { name: file, filename: 'a.png', data: ONE_MB },
          { name: file, filename: 'b.png', data: ONE_MB },
        ]),
        multipartHeaders,
      );
    }
  }
  return probes;
}

/** Requests that carry hostile credentials: each must answer 401 or 4xx, never 5xx. */
export function authProbes(operation: Operation, ids: FuzzIds): Probe[] {
  const url = `${fillPath(operation, ids)}${queryString(baseQuery(operation, ids))}`;
  const name = `${operation.method} ${operation.path}`;
  const values = [
    'Bearer',
    'Bearer ',
    'Bearer a.b.c',
    `Bearer ${'a'.repeat(10_000)}`,
    'Basic Zm9vOmJhcg==',
    'bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
    `Bearer ${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from('{"sub":"\\u0000","sid":{"a":1}}').toString('base64url')}.x`,
  ];
  return values.map((authorization) => ({
    label: `${name} authorization ${authorization.slice(0, 20)}`,
    method: operation.method,
    url,
    headers: { authorization, ...(hasBody(operation.method) ? jsonHeaders : {}) },
    ...(hasBody(operation.method) ? { payload: '{}' } : {}),
  }));
}
