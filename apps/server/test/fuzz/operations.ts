import { dishInputSchema, menuInputSchema, menuUpdateSchema } from '@carte/domain';
import { z } from 'zod';
import type { TestApp } from '../app.ts';

/** The part of a JSON Schema (as /api/docs/json writes it) the fuzzer reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  enum?: unknown[];
  pattern?: string;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxLength?: number;
}

export interface Operation {
  method: string;
  /** OpenAPI path, e.g. /api/menus/{id}. */
  path: string;
  pathParams: string[];
  query: { name: string; schema: JsonSchema; required: boolean }[];
  /** The JSON body's schema; for multipart form routes, the domain schema of their text fields. */
  body: JsonSchema | null;
  /** Multipart form routes (files travel as parts): the file fields they read. */
  fileFields: string[];
  signedIn: boolean;
}

/**
 * Form routes take JSON or multipart and parse their fields in the handler (http/form.ts), so
 * /api/docs has no body schema for them: the fuzzer reads the same domain schemas they parse with.
 */
const formRoutes: Record<string, { schema: z.ZodType | null; files: string[] }> = {
  'POST /api/menus': { schema: menuInputSchema, files: ['cover', 'logo'] },
  'PUT /api/menus/{id}': { schema: menuUpdateSchema, files: ['cover', 'logo'] },
  'POST /api/dishes': { schema: dishInputSchema, files: ['image'] },
  'PUT /api/dishes/{id}': { schema: dishInputSchema, files: ['image'] },
  'POST /api/ingredients/upload-csv': { schema: null, files: ['csv'] },
  'POST /api/categories/upload-csv': { schema: null, files: ['csv'] },
  'POST /api/dishes/upload-csv': { schema: null, files: ['csv'] },
  'POST /api/translations/{lang}/import': { schema: null, files: ['file'] },
};

const formSchema = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** Every operation of /api/docs/json, with what the fuzzer needs to fill and break it. */
export async function listOperations(t: TestApp): Promise<Operation[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  const docs = response.json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
          requestBody?: { content: Record<string, { schema: JsonSchema }> };
          security?: unknown[];
        }
      >
    >;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(docs.paths)) {
    if (path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      const parameters = op.parameters ?? [];
      const form = formRoutes[`${upper} ${path}`];
      const json = op.requestBody?.content['application/json']?.schema ?? null;
      operations.push({
        method: upper,
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema, required: p.required === true })),
        body: json ?? (form?.schema ? formSchema(form.schema) : null),
        fileFields: form?.files ?? [],
        signedIn: Array.isArray(op.security) && op.security.length > 0,
      });
    }
  }
  return operations;
}
