import type { Context } from 'hono';
import type { ZodType } from 'zod';
import type { LruMap } from '../lib/lru-map.js';
import { HttpError, zodErrors } from './errors.js';

/**
 * Reads a call's query string against `schema`: every name of the raw query counts (an empty one
 * too, and each at most once), so nothing sent is silently ignored. A refusal is 422 whose message
 * names the first field, e.g. "to: must not be before from". `memo` keeps valid queries of this schema by
 * query string (docs/caching.md), frozen, as requests share them.
 */
export function readQuery<Q>(c: Context, schema: ZodType<Q>, memo?: LruMap<string, unknown>): Q {
  const url = c.req.url;
  const search = url.includes('?') ? url.slice(url.indexOf('?')) : '';
  if (memo?.has(search)) return memo.get(search) as Q;
  const pairs = [...new URL(url).searchParams];
  const seen = new Set<string>();
  for (const [name] of pairs) {
    if (seen.has(name)) throw new HttpError(422, `${name}: may be given only once`, { errors: { [name]: ['may be given only once'] } });
    seen.add(name);
  }
  // fromEntries defines own properties, so even a name like __proto__ reaches the schema and is refused.
  const parsed = schema.safeParse(Object.fromEntries(pairs));
  if (parsed.success) {
    memo?.set(search, Object.freeze(parsed.data));
    return parsed.data;
  }
  const errors = zodErrors(parsed.error, 'is not a known query parameter');
  const [field, messages] = Object.entries(errors)[0] ?? ['_', ['is not valid']];
  throw new HttpError(422, `${field}: ${messages[0]}`, { errors });
}
