import type { TestApp } from './app.ts';

/** The HTTP methods an OpenAPI 3 path item may hold, in upper case as routes are keyed. */
export const httpMethods = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;
export type HttpMethod = (typeof httpMethods)[number];

/** One operation of the API as its OpenAPI document describes it. */
export interface OpenApiOperation {
  /** `METHOD /path`, the path as the document writes it: `POST /api/menus/{id}/copy`. */
  key: string;
  method: HttpMethod;
  path: string;
  operationId?: string;
  /** Names of the `{…}` parameters of the path, in order. */
  pathParams: string[];
  /** Names of the query parameters. */
  queryParams: string[];
  /** Whether a request body is described. */
  hasBody: boolean;
  /** The media types the body may be sent as (empty without a body). */
  contentTypes: string[];
  /** Whether the operation asks for a credential (its own `security`, or the document's). */
  secured: boolean;
}

interface OperationObject {
  operationId?: string;
  parameters?: { in?: string; name?: string }[];
  requestBody?: { content?: Record<string, unknown> };
  security?: Record<string, unknown>[];
}

interface OpenApiDocument {
  openapi?: string;
  paths?: Record<string, Record<string, unknown>>;
  security?: Record<string, unknown>[];
}

/**
 * Every operation of an OpenAPI 3 document, sorted by key. Parameters declared on the path item
 * are merged with the operation's own; `{name}` segments count as path parameters even when the
 * document forgot to declare them.
 */
export function listOperations(document: unknown): OpenApiOperation[] {
  const doc = document as OpenApiDocument;
  if (!doc || typeof doc !== 'object' || !String(doc.openapi ?? '').startsWith('3.') || !doc.paths) {
    throw new Error('not an OpenAPI 3 document');
  }
  const operations: OpenApiOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const shared = (item.parameters as OperationObject['parameters']) ?? [];
    for (const method of httpMethods) {
      const operation = item[method.toLowerCase()] as OperationObject | undefined;
      if (!operation) continue;
      const parameters = [...shared, ...(operation.parameters ?? [])];
      const named = (place: string) => [
        ...new Set(parameters.filter((p) => p.in === place && p.name).map((p) => p.name!)),
      ];
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
      const contentTypes = Object.keys(operation.requestBody?.content ?? {});
      const security = operation.security ?? doc.security ?? [];
      operations.push({
        key: `${method} ${path}`,
        method,
        path,
        ...(operation.operationId ? { operationId: operation.operationId } : {}),
        pathParams: [...new Set([...inPath, ...named('path')])],
        queryParams: named('query'),
        hasBody: operation.requestBody !== undefined,
        contentTypes,
        secured: security.some((requirement) => Object.keys(requirement).length > 0),
      });
    }
  }
  return operations.sort((a, b) => a.key.localeCompare(b.key));
}

/** The operations the running app documents at GET /api/docs/json. */
export async function fetchOperations(t: TestApp): Promise<OpenApiOperation[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  if (response.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${response.statusCode}`);
  return listOperations(response.json());
}
