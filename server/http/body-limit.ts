import type { Context, Env, MiddlewareHandler } from 'hono';
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
 * that once parsed): each is held until its call is answered, past the franchise's lock and write.
 */
export const BULK_READS = 4;
/** Calls waiting for one of those reads; the next is refused at once. */
export const BULK_WAITERS = 32;
/** How long a call waits for a read (or for its caller's or franchise's share) before it is refused. */
export const BULK_WAIT_MS = 10_000;
/**
 * Of those reads, what one caller (an API key, a console user) and one franchise may hold, so that
 * one caller's slow or large calls never take the reads every other franchise needs. Two: a sender's
 * next batch is read and checked while its last one is written.
 */
export const CALLER_READS = 2;
export const FRANCHISE_READS = 2;
/** A caller's calls waiting for its share; the next is refused at once (429). */
export const CALLER_WAITERS = 8;
/**
 * The slowest a body may arrive: at least `bytesPerSecond` over every `windowMs` from the start of
 * its read (the first window is the grace for a slow start). A trickle is cut, an honest upload on
 * a slow link is not, however long it takes.
 */
export type ReadPace = { bytesPerSecond: number; windowMs: number };
export const BULK_PACE: ReadPace = { bytesPerSecond: 16 * 1024, windowMs: 10_000 };

const kib = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : `${bytes / 1024} KiB`);

/** Requests whose body a limit read to its end (kept, or drained before a 413). */
const bodiesRead = new WeakSet<Context>();

/** A GET or HEAD Request never carries a body, and asking would build a full Request per GET. */
const hasBody = (c: Context) => c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.raw.body !== null;

/**
 * Refuses bodies over `maxBytes` with 413, whether announced by Content-Length or streamed
 * (chunked). An unread body left on a keep-alive socket breaks the next request on it (the server
 * drops the socket the client reuses), so a refused body up to `drainBytes` is drained, a larger
 * one closes the connection. With `pace` the body is always read here, and one arriving slower is
 * refused with 408.
 */
export function limitBody(maxBytes: number, drainBytes: number, pace?: ReadPace): MiddlewareHandler {
  const tooLarge = (c: Context, close: boolean) =>
    failure(c, 413, `Request body is too large (limit ${kib(maxBytes)})`, undefined, close ? { Connection: 'close' } : undefined);
  return async (c, next) => {
    if (!hasBody(c)) return next();
    const declared = c.req.raw.headers.has('transfer-encoding') ? undefined : c.req.header('content-length');
    if (declared !== undefined) {
      const length = Number(declared);
      if (length <= maxBytes && pace === undefined) return next();
      if (!(length <= drainBytes)) return tooLarge(c, true);
    }

    const reader = c.req.raw.body!.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    let timer: NodeJS.Timeout | undefined;
    const late =
      pace &&
      new Promise<'late'>((resolve) => {
        let checked = 0;
        timer = setInterval(() => {
          if (size - checked < (pace.bytesPerSecond * pace.windowMs) / 1000) resolve('late');
          checked = size;
        }, pace.windowMs);
      });
    try {
      for (;;) {
        const read = late ? await Promise.race([reader.read(), late]) : await reader.read();
        if (read === 'late') {
          void reader.cancel().catch(() => {});
          return failure(c, 408, 'The request body arrived too slowly', undefined, { Connection: 'close' });
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
      clearInterval(timer);
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

  get idle(): boolean {
    return this.held === 0 && this.waiting.length === 0;
  }
}

/** `Slots` of the same size for each name, made at its first take and dropped once idle. */
export class NamedSlots {
  private readonly byName = new Map<string, Slots>();

  constructor(
    private readonly size: number,
    private readonly queue: number,
    private readonly waitMs: number,
  ) {}

  async take(name: string): Promise<boolean> {
    let slots = this.byName.get(name);
    if (!slots) this.byName.set(name, (slots = new Slots(this.size, this.queue, this.waitMs)));
    const taken = await slots.take();
    if (!taken && slots.idle) this.byName.delete(name);
    return taken;
  }

  release(name: string): void {
    const slots = this.byName.get(name)!;
    slots.release();
    if (slots.idle) this.byName.delete(name);
  }
}

/** The reads of bulk bodies: the process's, and each caller's and franchise's share of them. */
export type BulkReads = { process: Slots; callers: NamedSlots; franchises: NamedSlots };

/** Whose share a call's read is taken from. */
export type BulkShare = { caller: string; franchise: string };

const busy = (c: Context, status: 429 | 503, message: string) =>
  failure(c, status, message, undefined, { 'Retry-After': '2', Connection: 'close' });

/**
 * The bodies of ingest and import calls, up to 8 MiB: applied by their routes after the caller's
 * credentials were checked, so an unauthenticated body is never read. A call takes its caller's
 * share, then its franchise's, then one of the process's reads, and holds them until it is
 * answered, since the body and what is parsed from it live that long.
 */
export function bulkBody<E extends Env>(reads: BulkReads, pace: ReadPace, shareOf: (c: Context<E>) => BulkShare): MiddlewareHandler<E> {
  const limit = limitBody(MAX_INGEST_BODY_BYTES, 2 * MAX_INGEST_BODY_BYTES, pace);
  return async (c, next) => {
    if (!hasBody(c)) return next();
    const { caller, franchise } = shareOf(c);
    if (!(await reads.callers.take(caller))) return busy(c, 429, 'Too many of your large requests at once; try again shortly');
    try {
      if (!(await reads.franchises.take(franchise)))
        return busy(c, 429, "Too many of this franchise's large requests at once; try again shortly");
      try {
        if (!(await reads.process.take())) return busy(c, 503, 'Too many large requests at once; try again shortly');
        try {
          return await limit(c, next);
        } finally {
          reads.process.release();
        }
      } finally {
        reads.franchises.release(franchise);
      }
    } finally {
      reads.callers.release(caller);
    }
  };
}

/** The one process-wide bound on the ingest and import bodies read at once, and its shares. */
const ingestReads: BulkReads = {
  process: new Slots(BULK_READS, BULK_WAITERS, BULK_WAIT_MS),
  callers: new NamedSlots(CALLER_READS, CALLER_WAITERS, BULK_WAIT_MS),
  franchises: new NamedSlots(FRANCHISE_READS, BULK_WAITERS, BULK_WAIT_MS),
};

/** Reads an ingest or import body from the share `shareOf` names, under the process's bound. */
export const ingestBody = <E extends Env>(shareOf: (c: Context<E>) => BulkShare) => bulkBody(ingestReads, BULK_PACE, shareOf);

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
