import type { Context, MiddlewareHandler } from 'hono';
import { MAX_INGEST_BODY_BYTES } from '@contract/ingest.contract.js';
import { failure } from './errors.js';

export const MAX_BODY_BYTES = 64 * 1024;

/**
 * A refused body up to this size is read to its end before the 413, so the client may send its
 * next request on the same connection. Beyond it the 413 closes the connection instead.
 */
export const MAX_DRAIN_BYTES = 4 * 1024 * 1024;

/**
 * Ingest and import bodies one process reads and holds at once (each up to 8 MiB, several times
 * that once parsed): a franchise's batches are written one at a time anyway, so more would only
 * hold memory.
 */
export const BULK_READS = 4;
/** Calls waiting for one of those reads; the next is refused at once. */
export const BULK_WAITERS = 32;
/** How long a call waits for a read before it is refused. */
export const BULK_WAIT_MS = 10_000;
/** How long a body may take to arrive once its read began: a stalled sender must not keep a read from others. */
export const BULK_READ_MS = 60_000;

const kib = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : `${bytes / 1024} KiB`);

/** Requests whose body a limit read to its end (kept, or drained before a 413). */
const bodiesRead = new WeakSet<Context>();

/** A GET or HEAD Request never carries a body, and asking would build a full Request per GET. */
const hasBody = (c: Context) => c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.raw.body !== null;

/**
 * Refuses bodies over `maxBytes` with 413, whether announced by Content-Length or streamed
 * (chunked). An unread body left on a keep-alive socket breaks the next request on it (the server
 * drops the socket the client reuses), so a refused body up to `drainBytes` is drained, a larger
 * one closes the connection. With `readMs` the body is always read here, and one that has not
 * arrived within it is refused with 408.
 */
export function limitBody(maxBytes: number, drainBytes: number, readMs?: number): MiddlewareHandler {
  const tooLarge = (c: Context, close: boolean) =>
    failure(c, 413, `Request body is too large (limit ${kib(maxBytes)})`, undefined, close ? { Connection: 'close' } : undefined);
  return async (c, next) => {
    if (!hasBody(c)) return next();
    const declared = c.req.raw.headers.has('transfer-encoding') ? undefined : c.req.header('content-length');
    if (declared !== undefined) {
      const length = Number(declared);
      if (length <= maxBytes && readMs === undefined) return next();
      if (!(length <= drainBytes)) return tooLarge(c, true);
    }

    const reader = c.req.raw.body!.getReader();
    let timer: NodeJS.Timeout | undefined;
    const late = readMs === undefined ? undefined : new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), readMs)));
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for (;;) {
        const read = late ? await Promise.race([reader.read(), late]) : await reader.read();
        if (read === 'late') {
          void reader.cancel().catch(() => {});
          return failure(c, 408, 'The request body took too long to arrive', undefined, { Connection: 'close' });
        }
        if (read.done) break;
        size += read.value.length;
        if (size > drainBytes) {
          await reader.cancel();
          return tooLarge(c, true);
        }
        if (size <= maxBytes) chunks.push(read.value);
      }
    } finally {
      clearTimeout(timer);
    }
    bodiesRead.add(c);
    if (size > maxBytes) return tooLarge(c, false);
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
    return next();
  };
}

/** The console's calls: forms and queries. */
export const bodyLimit = limitBody(MAX_BODY_BYTES, MAX_DRAIN_BYTES);

/** At most `size` holders at once and `queue` waiting, each for at most `waitMs`. */
export class Slots {
  private held = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly size: number,
    private readonly queue: number,
    private readonly waitMs: number,
  ) {}

  /** True once a slot is held (give it back with `release`), false when refused. */
  take(): Promise<boolean> {
    if (this.held < this.size) {
      this.held += 1;
      return Promise.resolve(true);
    }
    if (this.waiting.length >= this.queue) return Promise.resolve(false);
    return new Promise((resolve) => {
      const granted = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(granted), 1);
        resolve(false);
      }, this.waitMs);
      this.waiting.push(granted);
    });
  }

  /** Hands the slot to the first waiting, if any. */
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held -= 1;
  }
}

/**
 * The bodies of ingest and import calls, up to 8 MiB: applied by their routes after the caller's
 * credentials were checked, so an unauthenticated body is never read. The read is held until the
 * call is answered, since the body and what is parsed from it live that long.
 */
export function bulkBody(slots: Slots, readMs: number): MiddlewareHandler {
  const limit = limitBody(MAX_INGEST_BODY_BYTES, 2 * MAX_INGEST_BODY_BYTES, readMs);
  return async (c, next) => {
    if (!hasBody(c)) return next();
    if (!(await slots.take())) {
      return failure(c, 503, 'Too many large requests at once; try again shortly', undefined, { 'Retry-After': '2', Connection: 'close' });
    }
    try {
      return await limit(c, next);
    } finally {
      slots.release();
    }
  };
}

/** The one process-wide bound on the ingest and import bodies read at once. */
export const ingestBody = bulkBody(new Slots(BULK_READS, BULK_WAITERS, BULK_WAIT_MS), BULK_READ_MS);

/**
 * For paths whose routes read their body only once the caller is known: a body the route left
 * unread closes the connection rather than being read for nothing, unless it is announced small
 * enough to be drained (then the keep-alive connection stays usable).
 */
export const closeUnreadBody: MiddlewareHandler = async (c, next) => {
  await next();
  if (bodiesRead.has(c)) return;
  // From the headers: asking for the body now would start reading it.
  const chunked = c.req.raw.headers.has('transfer-encoding');
  if (chunked || Number(c.req.header('content-length') ?? 0) > MAX_BODY_BYTES) c.header('Connection', 'close');
};
