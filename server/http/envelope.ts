import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type * as z from 'zod';
import type { ApiSuccess } from '@contract/envelope.js';
import { HttpError } from './errors.js';

export function success<T>(c: Context, data: T, message = 'OK', status: ContentfulStatusCode = 200) {
  const body: ApiSuccess<T> = { status: 'success', message, data };
  return c.json(body, status);
}

/** success()'s body as text, for an answer serialised once and kept (a cached answer). */
export function successText<T>(data: T, message: string): string {
  return JSON.stringify({ status: 'success', message, data } satisfies ApiSuccess<T>);
}

/** Reads a JSON body and validates it; a ZodError thrown here becomes a 422 in onError. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(.+\+)?json\s*(;|$)/i.test(type)) {
    throw new HttpError(415, 'Content-Type must be application/json');
  }
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw new HttpError(400, 'Malformed JSON body');
  }
  return schema.parse(body);
}
