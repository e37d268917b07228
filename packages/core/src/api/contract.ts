/**
 * What one API call is, as the server and the web both read it: its method and path, what it
 * takes (`input`: the JSON body of a POST, the query of a GET), what it answers (`output`: the
 * 2xx answer) and the statuses it refuses with. The server registers every route from its
 * contract (`api/contracts/*`), with `output` as the route's response schema, so each answer is
 * checked against it as it is sent; the web's API client is typed from the same contracts
 * (`api/routes`). A call is therefore declared once.
 */
import { z } from 'zod';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT';

export interface ContractSpec {
  readonly path: string;
  /** POST unless given; a call served by GET and POST alike names both. */
  readonly method?: HttpMethod | readonly HttpMethod[];
  /** The JSON body of a POST, or the query of a GET; none for a call that takes nothing. */
  readonly input?: z.ZodType;
  /** The query of a call served by GET and POST, when a query reads otherwise than a body. */
  readonly query?: z.ZodType;
  /**
   * The 2xx answer. The server checks each answer against it as it is sent, and an object schema
   * drops the fields it does not name: it names everything a caller reads.
   */
  readonly output: z.ZodType;
  /**
   * The media type of a 2xx answer that is not one JSON value (a stream of lines or events, a
   * file, a redirect); `output` then describes one line, one event or nothing.
   */
  readonly produces?: string;
  /** The statuses the call may refuse with, each answered as `{error}` unless `refusals` differs. */
  readonly errors: readonly number[];
  /** A refusal whose answer says more than `{error}`. */
  readonly refusals?: Readonly<Partial<Record<number, z.ZodType>>>;
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description?: string;
  /** Left out of the OpenAPI document: its answers are file bytes or redirects, not JSON. */
  readonly hidden?: boolean;
}

/** A contract: its spec and its name, the last part of its path (`insert_item`). */
export type ApiContract<S extends ContractSpec = ContractSpec> = S & { readonly name: string };

export function defineContract<const S extends ContractSpec>(spec: S): ApiContract<S> {
  return { ...spec, name: spec.path.slice(spec.path.lastIndexOf('/') + 1) };
}

/** The methods a contract is served by. */
export function methodsOf(c: ContractSpec): readonly HttpMethod[] {
  if (c.method === undefined) return ['POST'];
  return typeof c.method === 'string' ? [c.method] : c.method;
}

export const isContract = (value: unknown): value is ApiContract =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ApiContract).path === 'string' &&
  (value as ApiContract).output instanceof z.ZodType;

// ---------------------------------------------------------------------------------------------
// Pieces many contracts share

/** An id a call names: a uuid, refused as 'must be an id'. */
export const id = z.uuid({ error: 'must be an id' });

/** A refusal's answer. */
/**
 * When notes are due: an ISO date and time with its offset, in a year a database keeps (1970 to
 * 9999: a year 0 or 10000 is no date anyone means).
 */
export const dueDateTime = z.iso.datetime({ offset: true }).refine(
  (at) => {
    const year = new Date(at).getUTCFullYear();
    return year >= 1970 && year <= 9999;
  },
  { error: 'must be a date between 1970 and 9999' },
);

export const refusal = z.object({ error: z.string() });

/** The answer of a change with nothing more to say. */
export const ok = z.object({ ok: z.literal(true) });

export const label = z.object({ name: z.string().max(100), value: z.string().max(500) });

/** The refusals of every call on an existing board: bad body, not signed in, may not, not found. */
export const BOARD_CALL_ERRORS = [400, 401, 403, 404] as const;

/**
 * A large shape checked at its top level only: the fields it names are checked (deeper parts
 * may be `z.custom`, typed but not checked), and fields it does not name pass through as they
 * are, never dropped. For boards as loaded and results boards, whose items are large and open.
 */
export function openShape<T extends object>(shape: {
  [K in keyof T]?: z.ZodType<T[K]>;
}): z.ZodType<T> {
  return z.looseObject(shape as z.ZodRawShape) as unknown as z.ZodType<T>;
}
