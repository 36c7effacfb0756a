import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type * as z from 'zod';
import type { Call, CallKey, DataOf, ParamNames } from '@contract/api/call.js';
import { recordIdOf } from '@contract/record-id.js';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { ownersOnly } from '../auth/access.js';
import { requireApiKey } from '../integrations/api-key-auth.js';
import { readJson, success } from './envelope.js';
import { HttpError } from './errors.js';
import { readQuery } from './query.js';

type Parsed<C, F extends 'body' | 'query'> = C extends { [P in F]: infer S extends z.ZodType } ? z.output<S> : undefined;

/** What a handler gets: the request's context, and its body, query and path parameters already validated (`id` as a record id). */
export type CallRequest<K extends string, C> = {
  c: Context<AppEnv>;
  body: Parsed<C, 'body'>;
  query: Parsed<C, 'query'>;
  params: { [N in ParamNames<K>]: N extends 'id' ? number : string };
};

/** A JSON call answers its data and the envelope's sentence; a file or a document answers its own Response. */
export type Answer<C> = C extends { success: { data: z.ZodType } } ? { data: DataOf<C>; message: string } : Response;

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
      return [requireApiKey(deps)];
  }
}

/**
 * Registers the handlers of a table of calls (contract/api): each behind its access check, then its
 * path, query and body validated (404, 422, 415/400) before the handler runs, and its answer put in
 * the envelope with the call's status. A call without a handler, or a handler without a call, throws.
 */
export function callRoutes<T extends Record<CallKey, Call>>(deps: RouteDeps, calls: T, handlers: Handlers<T>): Hono<AppEnv> {
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
    const handler = handlers[key] as (request: CallRequest<string, Call>) => Promise<{ data: unknown; message: string } | Response>;
    const respond: MiddlewareHandler<AppEnv> = async (c) => {
      const params: Record<string, string | number> = { ...c.req.param() };
      if ('id' in params) {
        const id = recordIdOf(String(params.id));
        if (id === undefined) throw new HttpError(404, call.notFound ?? 'Not found');
        params.id = id;
      }
      const query = call.query ? readQuery(c, call.query) : undefined;
      const body = call.body ? await readJson(c, call.body) : undefined;
      const answer = await handler({ c, body, query, params } as CallRequest<string, Call>);
      return answer instanceof Response ? answer : success(c, answer.data, answer.message, call.status ?? 200);
    };
    const [first, ...rest] = [...accessCheck(deps, call), respond];
    app.on(key.slice(0, key.indexOf(' ')), honoPath(key), first!, ...rest);
  }
  return app;
}
