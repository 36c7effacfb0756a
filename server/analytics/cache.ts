import type { AnalyticsKind, AnalyticsWindow } from '@contract/analytics.contract.js';
import { LruMap } from '../lib/lru-map.js';

/** Everything an answer depends on. `dataVersion` is the franchise's data_version, read from the database (or ReadCache) per request. */
export type AnalyticsCacheKey = {
  franchiseId: number;
  dataVersion: number;
  /** An answer's kind, the comparable branches (docs/product.md#comparisons), or revenue against target. */
  kind: AnalyticsKind | 'comparable' | 'targets';
  restaurantId: number | null;
  /** A manager's branches (absent or null: every branch): the same call answers them differently. */
  branches?: readonly number[] | null;
  window: AnalyticsWindow;
  limit: number;
  /** The franchise's branches' current trading days (the answers' "today"), when the answer holds today's figures. */
  todays?: string;
};

export const DEFAULT_CACHE_ENTRIES = 500;

/** A scope in a key of its own (see AnalyticsCache.keyed): its branch, and a manager's branches (*: every one). */
export const scopeKey = (scope: { restaurantId: number | null; branches?: readonly number[] | null }) =>
  `${scope.restaurantId ?? '*'}|${scope.branches ? [...scope.branches].sort((a, b) => a - b).join(',') : '*'}`;

/** The kinds whose answer lists `limit` entries at most: best sellers, and the roster's staff. */
const RANKED: ReadonlySet<AnalyticsCacheKey['kind']> = new Set(['best-sellers', 'roster']);

function keyOf(k: AnalyticsCacheKey): string {
  const w = k.window;
  // The limit only shapes the ranked lists; the branches' todays are in the key because answers carry
  // today's figures, and a branch's day turns at its own midnight and day start.
  // The comparison window follows `compare`; a like-for-like answer lists its comparable branches, so
  // it is not a manager's answer over the same branches.
  const limit = RANKED.has(k.kind) ? k.limit : '';
  return [
    k.kind,
    k.restaurantId ?? '*',
    k.branches ? `[${[...k.branches].sort((a, b) => a - b).join(',')}]` : '*',
    w.time_zone,
    w.start_date,
    w.end_date,
    w.grouping,
    w.today,
    k.todays ?? '',
    w.compare,
    w.comparable_restaurant_ids ? 'like' : '',
    limit,
  ].join('|');
}

/**
 * The analytics answers of one server process, least recently used dropped first. Answers are keyed
 * by the franchise's data version, which every write bumps in the database: a write seen by any
 * server makes the older entries unreachable, so an answer is never stale after a write. The first
 * request that sees a franchise's newer version drops that franchise's older entries, so memory holds
 * current answers rather than up to the bound of dead ones under a steady ingest; an answer for an
 * older version (a request that read the version just before a write) is computed but not kept.
 * Identical concurrent misses share one computation; a failure is not kept. See docs/caching.md.
 */
export class AnalyticsCache {
  private readonly entries: LruMap<string, Promise<unknown>>;
  /** Per franchise, the newest data version a request has read. */
  private readonly versions = new Map<number, number>();

  constructor(maxEntries = DEFAULT_CACHE_ENTRIES) {
    this.entries = new LruMap(maxEntries);
  }

  get size(): number {
    return this.entries.size;
  }

  answer<T>(key: AnalyticsCacheKey, compute: () => Promise<T>): Promise<T> {
    return this.keyed(key.franchiseId, key.dataVersion, keyOf(key), compute);
  }

  /** An answer by a key of its own (after the franchise and data version, everything it depends on), kept and dropped as the others. */
  keyed<T>(franchiseId: number, dataVersion: number, key: string, compute: () => Promise<T>): Promise<T> {
    const seen = this.versions.get(franchiseId);
    if (seen !== undefined && dataVersion < seen) return compute();
    if (seen !== undefined && dataVersion > seen) this.dropFranchise(franchiseId);
    this.versions.set(franchiseId, dataVersion);
    const k = `${franchiseId}|${dataVersion}|${key}`;
    const hit = this.entries.get(k) as Promise<T> | undefined;
    if (hit) return hit;
    const pending = compute();
    this.entries.set(k, pending);
    pending.catch(() => {
      if (this.entries.peek(k) === pending) this.entries.delete(k);
    });
    return pending;
  }

  /** Drops a franchise's entries: a pass over at most the bound's keys, once per write seen. */
  private dropFranchise(franchiseId: number): void {
    const prefix = `${franchiseId}|`;
    for (const k of [...this.entries.keys()]) if (k.startsWith(prefix)) this.entries.delete(k);
  }
}
