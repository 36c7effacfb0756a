import { LruMap } from '../lib/lru-map.js';
import type { WriteClock } from './pglite-dialect.js';

export const DEFAULT_READ_CACHE_ENTRIES = 2000;

/**
 * Small hot reads (a token's holder, a franchise's data version) kept until the next statement that
 * may write, so a cached analytics answer costs no database round trip. Only on the embedded
 * database: its DATA_DIR lock makes this process the only writer, so every write ticks this
 * process's WriteClock. Without a clock (PostgreSQL, where other servers write unseen) every read
 * goes to the database. A read is kept only if no write started or ended while it ran; values are
 * shared between requests, so callers must not mutate them. See docs/caching.md.
 */
export class ReadCache {
  private readonly entries: LruMap<string, unknown>;
  private generation = -1;

  constructor(
    private readonly clock: WriteClock | undefined,
    maxEntries = DEFAULT_READ_CACHE_ENTRIES,
  ) {
    this.entries = new LruMap(maxEntries);
  }

  get size(): number {
    return this.entries.size;
  }

  async read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const clock = this.clock;
    if (!clock) return load();
    this.forgetWrittenOver(clock.value);
    if (this.entries.has(key)) return this.entries.get(key) as T;
    const before = clock.value;
    const value = await load();
    if (clock.value === before) {
      this.forgetWrittenOver(before);
      this.entries.set(key, value);
    }
    return value;
  }

  private forgetWrittenOver(generation: number): void {
    if (this.generation === generation) return;
    this.entries.clear();
    this.generation = generation;
  }
}
