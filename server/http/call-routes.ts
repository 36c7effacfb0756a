import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type * as z from 'zod';
import type { Call, CallKey, DataOf, ParamNames } from '@contract/api/call.js';
import { PATH_PARAMETERS, type PathValue } from '@contract/api/path-parameters.js';
import { recordIdOf } from '@contract/record-id.js';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { ownersOnly } from '../auth/access.js';
import { memberOrReadKey, requireApiKey } from '../integrations/api-key-auth.js';
import { readJson, success } from './envelope.js';
import { LruMap } from '../lib/lru-map.js';
import { HttpError } from './errors.js';
import { readQuery } from './query.js';

type Parsed<C, F extends 'body' | 'query'> = C extends { [P in F]: infer S extends z.ZodType } ? z.output<S> : undefined;

/** What a handler gets: the request's context, and its body, query and path parameters already validated (`id` as a record id). */
export type CallRequest<K extends string, C> = {
  c: Context<AppEnv>;
  body: Parsed<C, 'body'>;
  query: Parsed<C, 'query'>;
  params: { [N in ParamNames<K>]: PathValue<N> };
};

/**
 * A JSON call answers its data and the envelope's sentence (or a cached answer's envelope, already
 * serialized); a file or a document answers its own Response.
 */
export type Answer<C> = C extends { success: { data: z.ZodType } } ? { data: DataOf<C>; message: string } | Response : Response;

export type Handlers<T> = { [K in keyof T & string]: (request: CallRequest<K, T[K]>) => Promise<Answer<T[K]>> };

/** The Hono pattern of a call's path: `{id}` → `:id`. */
const honoPath = (key: CallKey) => key.slice(key.indexOf(' ') + 1).replace(/\{(\w+)\}/g, ':$1');

function accessCheck(deps: RouteDeps, call: Call): MiddlewareHandler<AppEnv>[] {
  switch (call.access) {
    case 'public':
      return [];
    case 'member':
      return [deps.authenticated];
    case 'member-or-expired':
      return [deps.authenticatedOrExpired];
    case 'owner':
      return [deps.authenticated, ownersOnly];
    case 'ingest-key':
      return [requireApiKey(deps, 'ingest')];
    case 'member-or-read-key':
      return [memberOrReadKey(deps)];
  }
}

/** A path parameter's value, or undefined when it names nothing (404). */
function pathValue(name: string, text: string): unknown {
  if (name === 'id') return recordIdOf(text);
  if (!Object.hasOwn(PATH_PARAMETERS, name)) throw new Error(`Path parameter {${name}} has no entry in PATH_PARAMETERS`);
  const parsed = PATH_PARAMETERS[name as keyof typeof PATH_PARAMETERS].schema.safeParse(text);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Registers the handlers of a table of calls (contract/api): each behind its access check and the
 * table's `before` middleware (a rate limit, a bounded body read, a check that must come first), then
 * its path, query and body validated (404, 422, 415/400) before the handler runs, and its answer put
 * in the envelope with the call's status. A call without a handler, or a handler without a call, throws.
 */
export function callRoutes<T extends Record<CallKey, Call>>(
  deps: RouteDeps,
  calls: T,
  handlers: Handlers<T>,
  { before = [] }: { before?: MiddlewareHandler<AppEnv>[] } = {},
): Hono<AppEnv> {
  const unhandled = Object.keys(calls).filter((key) => !Object.hasOwn(handlers, key));
  const undefinedCalls = Object.keys(handlers).filter((key) => !Object.hasOwn(calls, key));
  if (unhandled.length || undefinedCalls.length) {
    throw new Error(
      `Calls without a handler: ${unhandled.join(', ') || 'none'}; handlers of no call: ${undefinedCalls.join(', ') || 'none'}`,
    );
  }
  const app = new Hono<AppEnv>();
  for (const key of Object.keys(calls) as (keyof T & CallKey)[]) {
    const call: Call = calls[key];
    // Parsing was a sizeable share of a cached analytics answer's CPU, and the same queries come again and again.
    const queries = new LruMap<string, unknown>(500);
    const handler = handlers[key] as (request: CallRequest<string, Call>) => Promise<{ data: unknown; message: string } | Response>;
    const respond: MiddlewareHandler<AppEnv> = async (c) => {
      const params: Record<string, unknown> = {};
      for (const [name, text] of Object.entries(c.req.param())) {
        params[name] = pathValue(name, String(text));
        if (params[name] === undefined) throw new HttpError(404, (name === 'id' && call.notFound) || 'Not found');
      }
      const query = call.query ? readQuery(c, call.query, queries) : undefined;
      const bodySchema = call.bodyByKind?.[String(params.kind)] ?? call.body;
      const body = bodySchema ? await readJson(c, bodySchema) : undefined;
      const answer = await handler({ c, body, query, params } as CallRequest<string, Call>);
      return answer instanceof Response ? answer : success(c, answer.data, answer.message, call.status ?? 200);
    };
    const [first, ...rest] = [...accessCheck(deps, call), ...before, respond];
    app.on(key.slice(0, key.indexOf(' ')), honoPath(key), first!, ...rest);
  }
  return app;
}
