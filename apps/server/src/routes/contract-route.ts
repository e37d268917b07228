/**
 * A route's schema, made from its contract (core `api/contracts`): the body or query it
 * validates, its 2xx answer and its refusals as response schemas (which also serialise the
 * answers, so one that does not fit its contract fails rather than goes out), and the OpenAPI
 * tags, summary and description. Routes never declare these themselves.
 */
import type { z } from 'zod';
import { refusal, type ApiContract } from '@listboard/core/api/contract';

type Refusals<C extends ApiContract> = {
  [K in C['errors'][number]]: C extends { refusals: infer R }
    ? K extends keyof R
      ? NonNullable<R[K]>
      : typeof refusal
    : typeof refusal;
};

/** The response schemas of a contract: its answer and its refusals. */
export type Responses<C extends ApiContract> = { 200: C['output'] } & Refusals<C>;

interface Docs {
  tags: string[];
  summary: string;
  description?: string;
  hide?: boolean;
}

/** What a route may add to its contract's documentation: text built from server settings. */
export interface RouteDocs {
  description?: string;
}

function docs(c: ApiContract, extra: RouteDocs): Docs {
  const description = extra.description ?? c.description;
  return {
    tags: [...c.tags],
    summary: c.summary,
    ...(description ? { description } : {}),
    ...(c.hidden ? { hide: true } : {}),
  };
}

function responses<C extends ApiContract>(c: C): Responses<C> {
  const ok = c.produces
    ? {
        description: `${c.produces}: ${c.output.description ?? 'see the description'}`,
        content: { [c.produces]: { schema: c.output } },
      }
    : c.output;
  const out: Record<number, unknown> = { 200: ok };
  for (const code of c.errors) out[code] = c.refusals?.[code] ?? refusal;
  return out as Responses<C>;
}

type InputOf<C extends ApiContract> = C['input'] extends z.ZodType ? C['input'] : undefined;

/** The schema of a route taking its contract's input as a JSON body. */
export function bodySchema<C extends ApiContract>(
  c: C,
  extra: RouteDocs = {},
): Docs & { body: InputOf<C>; response: Responses<C> } {
  return {
    ...docs(c, extra),
    ...(c.input ? { body: c.input } : {}),
    response: responses(c),
  } as Docs & { body: InputOf<C>; response: Responses<C> };
}

type QueryOf<C extends ApiContract> = C['query'] extends z.ZodType ? C['query'] : InputOf<C>;

/** The schema of a route taking its contract's input as a query (a GET). */
export function querySchema<C extends ApiContract>(
  c: C,
  extra: RouteDocs = {},
): Docs & { querystring: QueryOf<C>; response: Responses<C> } {
  const query = c.query ?? c.input;
  return {
    ...docs(c, extra),
    ...(query ? { querystring: query } : {}),
    response: responses(c),
  } as Docs & { querystring: QueryOf<C>; response: Responses<C> };
}
