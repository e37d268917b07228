/**
 * The routes the app documents in its OpenAPI document, with their body and query schemas: the
 * list the fuzz and unstorable-text tests walk, so a new route is covered without being named.
 */
import type { FastifyInstance } from 'fastify';
import type { JsonSchema } from './schema-arbitrary';

export interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
}

export interface DocumentedRoute {
  method: 'GET' | 'POST';
  url: string;
  op: Operation;
}

export function documentedRoutes(app: FastifyInstance): DocumentedRoute[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths).flatMap(([url, ops]) =>
    Object.entries(ops)
      .filter(([m]) => m === 'get' || m === 'post')
      .map(([m, op]) => ({ method: m.toUpperCase() as 'GET' | 'POST', url, op })),
  );
}

export const bodySchemaOf = (route: DocumentedRoute): JsonSchema | undefined =>
  route.op.requestBody?.content?.['application/json']?.schema;

export const queryParamsOf = (route: DocumentedRoute) =>
  (route.op.parameters ?? []).filter((p) => p.in === 'query');

/** A URL with query parameters; arrays repeat the name, non-strings go as JSON. */
export function urlWith(url: string, query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === null || v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) {
      params.append(k, typeof one === 'string' ? one : JSON.stringify(one));
    }
  }
  const q = params.toString();
  return q ? `${url}?${q}` : url;
}
