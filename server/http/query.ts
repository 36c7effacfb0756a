import type { Context } from 'hono';
import type { ZodType } from 'zod';
import { HttpError, zodErrors } from './errors.js';

/**
 * Reads a call's query string against `schema`: every name of the raw query counts (an empty one
 * too, and each at most once), so nothing sent is silently ignored. A refusal is 422 whose message
 * names the first field, e.g. "to: must not be before from".
 */
export function readQuery<Q>(c: Context, schema: ZodType<Q>): Q {
  const pairs = [...new URL(c.req.url).searchParams];
  const seen = new Set<string>();
  for (const [name] of pairs) {
    if (seen.has(name)) throw new HttpError(422, `${name}: may be given only once`, { errors: { [name]: ['may be given only once'] } });
    seen.add(name);
  }
  // fromEntries defines own properties, so even a name like __proto__ reaches the schema and is refused.
  const parsed = schema.safeParse(Object.fromEntries(pairs));
  if (parsed.success) return parsed.data;
  const errors = zodErrors(parsed.error, 'is not a known query parameter');
  const [field, messages] = Object.entries(errors)[0] ?? ['_', ['is not valid']];
  throw new HttpError(422, `${field}: ${messages[0]}`, { errors });
}
