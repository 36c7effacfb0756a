import type * as z from 'zod';

/**
 * One API call, defined once: the server registers and validates it from this entry, the OpenAPI
 * document describes it, the SPA's typed client calls it by its key, and the route fuzzer tries it
 * (docs/architecture.md, "Adding a call"). The key is "METHOD /path" under /api/v1, `{name}` for a
 * path parameter. The SPA imports these modules as types only: their zod schemas stay on the server.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type CallKey = `${Method} /${string}`;

/**
 * Who may make the call. `member`: any signed-in member (a manager for their branches); `owner`: an
 * owner, and to a manager the call does not exist (404); `member-or-expired`: also with an expired
 * token inside the refresh window; `ingest-key`: an Integrations API key of `ingest` access;
 * `member-or-read-key`: a member, or an API key of `read` access (a branch's key as that branch's manager).
 */
export type Access = 'public' | 'member' | 'member-or-expired' | 'owner' | 'ingest-key' | 'member-or-read-key';

/** Failures a call names beyond those its access, body, query and path parameters imply. */
export type ExtraError = 400 | 403 | 404 | 408 | 409 | 429;

export const TAGS = {
  Auth: 'Sign-in, tokens and password reset',
  Profile: 'The signed-in user',
  People: 'Users and staff of the franchise',
  Restaurants: 'The franchise’s restaurants',
  Analytics: 'Figures of the dashboard and the analytics pages, from daily rollups',
  Reports: 'The analytics pages as reports, and as CSV or PDF files',
  Integrations: 'API keys for the ingest calls and for reading the analytics',
  Team: 'Members who sign in to the console: owners (every branch) and managers (their branches); owners only',
  Ingest: 'Trade sent by a POS, roster or supplier system with an API key; the console’s CSV import sends the same bodies',
  Service: 'Liveness and this document',
  Activity: 'Who changed what and when, owners only',
  Alerts: 'Owners’ alert rules on the daily figures, and the alerts they raise for the members they name',
} as const;
export type Tag = keyof typeof TAGS;

export type Call = {
  operationId: string;
  summary: string;
  description?: string;
  tag: Tag;
  access: Access;
  /** The JSON body, validated before the handler runs (415, 400, 422). */
  body?: z.ZodType;
  /** The body's schema by the path's `{kind}`, when it depends on it; `body` then describes them all. */
  bodyByKind?: Record<string, z.ZodType>;
  /** The query, validated before the handler runs: one parameter per property, unknown names refused (422). */
  query?: z.ZodObject;
  /** The message of the 404 for a path's `{id}` that names no record of the caller's. */
  notFound?: string;
  /** A success's status when not 200. */
  status?: 201;
  /** `data` of the success envelope; `files`: the answer is a file (media type → its schema, null for binary); `document`: JSON without the envelope. */
  success: { data: z.ZodType } | { files: Record<string, z.ZodType | null> } | { document: z.ZodType };
  errors?: ExtraError[];
  /** The call never reads the database (so no 503). */
  withoutDatabase?: true;
};

/** A domain's calls, checked as calls while keeping each entry's own schemas in its type. */
export const defineCalls = <const T extends Record<CallKey, Call>>(calls: T): T => calls;

type Schema<C, F extends keyof Call> = C extends { [P in F]: infer S extends z.ZodType } ? S : undefined;

/** The body a client sends. */
export type BodyOf<C> = Schema<C, 'body'> extends z.ZodType ? z.input<Schema<C, 'body'>> : undefined;
/** The query a client sends. */
export type QueryOf<C> = Schema<C, 'query'> extends z.ZodType ? z.input<Schema<C, 'query'>> : undefined;
/** `data` of the call's success envelope. */
export type DataOf<C> = C extends { success: { data: infer S extends z.ZodType } } ? z.output<S> : never;

/** The names of the path's `{name}` parameters. */
export type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
export type ParamsOf<K extends string> = { [N in ParamNames<K>]: number | string };

/** What a client passes to make call K of the table T: only the parts the call has. */
export type CallInput<T, K extends keyof T & string> = ([ParamNames<K>] extends [never] ? unknown : { params: ParamsOf<K> }) &
  (BodyOf<T[K]> extends undefined ? unknown : { body: BodyOf<T[K]> }) &
  (QueryOf<T[K]> extends undefined ? unknown : { query: QueryOf<T[K]> });

/** "POST /franchise/x/{id}" → its method and path with the parameters filled in. */
export function addressOf(key: CallKey, params: Record<string, number | string> = {}): { method: Method; path: string } {
  const space = key.indexOf(' ');
  const path = key.slice(space + 1).replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${key}: no value for {${name}}`);
    return encodeURIComponent(String(params[name]));
  });
  return { method: key.slice(0, space) as Method, path };
}
