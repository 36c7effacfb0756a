import type { Context, MiddlewareHandler } from 'hono';
import { failure } from './errors.js';

export const MAX_BODY_BYTES = 64 * 1024;

/**
 * A refused body up to this size is read to its end before the 413, so the client may send its
 * next request on the same connection. Beyond it the 413 closes the connection instead.
 */
export const MAX_DRAIN_BYTES = 4 * 1024 * 1024;

const kib = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : `${bytes / 1024} KiB`);

/**
 * Refuses bodies over `maxBytes` with 413, whether announced by Content-Length or streamed
 * (chunked). An unread body left on a keep-alive socket breaks the next request on it (the server
 * drops the socket the client reuses), so a refused body up to `drainBytes` is drained, a larger
 * one closes the connection.
 */
export function limitBody(maxBytes: number, drainBytes: number): MiddlewareHandler {
  const tooLarge = (c: Context, close: boolean) =>
    failure(c, 413, `Request body is too large (limit ${kib(maxBytes)})`, undefined, close ? { Connection: 'close' } : undefined);
  return async (c, next) => {
    // A GET or HEAD Request never carries a body, and asking would build a full Request per GET.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const body = c.req.raw.body;
    if (!body) return next();
    const declared = c.req.raw.headers.has('transfer-encoding') ? undefined : c.req.header('content-length');
    if (declared !== undefined) {
      const length = Number(declared);
      if (length <= maxBytes) return next();
      if (!(length <= drainBytes)) return tooLarge(c, true);
    }

    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > drainBytes) {
        await reader.cancel();
        return tooLarge(c, true);
      }
      if (size <= maxBytes) chunks.push(value);
    }
    if (size > maxBytes) return tooLarge(c, false);
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
    return next();
  };
}

/** The console's calls: forms and queries. */
export const bodyLimit = limitBody(MAX_BODY_BYTES, MAX_DRAIN_BYTES);
