import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import type { ApiFailure } from '@contract/envelope.js';
import type { Logger } from '../logger.js';

/** An error whose message is safe to show the client. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly options: { errors?: Record<string, string[]>; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }
}

export function failure(
  c: Context,
  status: ContentfulStatusCode,
  message: string,
  errors?: Record<string, string[]>,
  headers?: Record<string, string>,
) {
  const body: ApiFailure = errors ? { status: 'error', message, errors } : { status: 'error', message };
  return c.json(body, status, headers);
}

/** A field's path as a client writes it: `orders[3].lines[0].sku`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`)).join('');
}

export function zodErrors(error: ZodError, unknownName = 'is not a known field'): Record<string, string[]> {
  // A Map, not an object: a client's field name such as __proto__ must stay a plain key.
  const errors = new Map<string, string[]>();
  for (const issue of error.issues) {
    const fields =
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((k) => fieldPath([...issue.path, k]))
        : [issue.path.length ? fieldPath(issue.path) : '_'];
    const message = issue.code === 'unrecognized_keys' ? unknownName : issue.message;
    for (const field of fields) errors.set(field, [...(errors.get(field) ?? []), message]);
  }
  return Object.fromEntries(errors);
}

/** Connection refused or lost, server shutting down, or the embedded database closed. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : '';
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE'].includes(code) ||
    /^(08|57P)/.test(code) ||
    /PGlite is closed|database thread stopped|driver has already been destroyed|Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end/i.test(
      message,
    )
  );
}

/**
 * A database refusal that input can cause (SQLSTATE classes 22 and 23), as status and message;
 * undefined for anything else. The message never names a table, column or value.
 */
export function clientDatabaseError(error: unknown): { status: ContentfulStatusCode; message: string } | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^2[23][0-9A-Z]{3}$/.test(code)) return undefined;
  switch (code) {
    case '23505':
    case '23P01':
      return { status: 409, message: 'This record already exists.' };
    case '23503':
    case '23001':
      return { status: 409, message: 'This refers to a record that does not exist, or is still in use.' };
    case '23502':
      return { status: 422, message: 'A required value is missing.' };
    case '23514':
      return { status: 422, message: 'A value is not allowed.' };
    default:
      // 22P02 invalid text representation, 22003 out of range, 22007/22008 bad dates, 22001 too long…
      return { status: 422, message: code.startsWith('22') ? 'A value is not valid.' : 'A value is not allowed.' };
  }
}

export function errorHandler(logger: Logger): ErrorHandler {
  return (error, c) => {
    if (error instanceof HttpError) return failure(c, error.status, error.message, error.options.errors, error.options.headers);
    if (error instanceof ZodError) {
      const errors = zodErrors(error);
      return failure(c, 422, error.issues[0]?.message ?? 'Invalid input', errors);
    }
    const refused = clientDatabaseError(error);
    if (refused) return failure(c, refused.status, refused.message);
    if (isDatabaseUnavailable(error)) {
      logger.error('database unavailable', error);
      return failure(c, 503, 'The service is temporarily unavailable. Please try again shortly.');
    }
    logger.error(`unhandled error on ${c.req.method} ${c.req.path}`, error);
    return failure(c, 500, 'An unexpected error occurred');
  };
}

export const notFound: NotFoundHandler = (c) => failure(c, 404, 'Not found');
