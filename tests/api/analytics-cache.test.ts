import { AnalyticsCache, type AnalyticsCacheKey } from '../../server/analytics/cache';
import type { AnalyticsWindow } from '../../server/contract/analytics.contract';

const WINDOW: AnalyticsWindow = {
  start_date: '2026-11-15',
  end_date: '2026-11-21',
  days: 7,
  grouping: 'daily',
  time_zone: 'Australia/Sydney',
  previous: { start_date: '2026-11-08', end_date: '2026-11-14' },
  today: '2026-11-22',
};
const KEY: AnalyticsCacheKey = { franchiseId: 1, dataVersion: 7, kind: 'revenues', restaurantId: null, window: WINDOW, limit: 10 };

/** A computation that counts its runs and resolves when the test says. */
function computation<T>(value: T) {
  let runs = 0;
  const waiting: (() => void)[] = [];
  return {
    get runs() {
      return runs;
    },
    compute: () => {
      runs++;
      return new Promise<T>((resolve) => waiting.push(() => resolve(value)));
    },
    settle: () => waiting.splice(0).forEach((resolve) => resolve()),
  };
}

describe('AnalyticsCache', () => {
  it('computes identical concurrent misses once and answers later calls from memory', async () => {
    const cache = new AnalyticsCache();
    const c = computation({ revenue: 1 });
    const burst = Array.from({ length: 20 }, () => cache.answer(KEY, c.compute));
    c.settle();
    const answers = await Promise.all(burst);
    expect(c.runs).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect(await cache.answer({ ...KEY, window: { ...WINDOW } }, c.compute)).toBe(answers[0]);
    expect(c.runs).toBe(1);
  });

  it.each<[string, Partial<AnalyticsCacheKey>]>([
    ['data version', { dataVersion: 8 }],
    ['franchise', { franchiseId: 2 }],
    ['kind', { kind: 'orders' }],
    ['restaurant', { restaurantId: 3 }],
    ['start', { window: { ...WINDOW, start_date: '2026-11-14' } }],
    ['end', { window: { ...WINDOW, end_date: '2026-11-22' } }],
    ['grouping', { window: { ...WINDOW, grouping: 'weekly' } }],
    ['today', { window: { ...WINDOW, today: '2026-11-23' } }],
    ['time zone', { window: { ...WINDOW, time_zone: 'UTC' } }],
  ])('computes again when the %s differs', async (_, change) => {
    const cache = new AnalyticsCache();
    let runs = 0;
    const compute = async () => ++runs;
    expect(await cache.answer(KEY, compute)).toBe(1);
    expect(await cache.answer({ ...KEY, ...change }, compute)).toBe(2);
    expect(await cache.answer(KEY, compute)).toBe(1);
  });

  it('keys the limit of best sellers only', async () => {
    const cache = new AnalyticsCache();
    let runs = 0;
    const compute = async () => ++runs;
    await cache.answer({ ...KEY, limit: 5 }, compute);
    await cache.answer({ ...KEY, limit: 6 }, compute);
    expect(runs).toBe(1);
    await cache.answer({ ...KEY, kind: 'best-sellers', limit: 5 }, compute);
    await cache.answer({ ...KEY, kind: 'best-sellers', limit: 6 }, compute);
    await cache.answer({ ...KEY, kind: 'best-sellers', limit: 5 }, compute);
    expect(runs).toBe(3);
  });

  it('does not keep a failure: every waiting caller sees it, the next call computes again', async () => {
    const cache = new AnalyticsCache();
    let runs = 0;
    const failing = () => {
      runs++;
      return Promise.reject(new Error('database unavailable'));
    };
    const calls = [cache.answer(KEY, failing), cache.answer(KEY, failing)];
    for (const call of calls) await expect(call).rejects.toThrow('database unavailable');
    expect(runs).toBe(1);
    expect(cache.size).toBe(0);
    expect(await cache.answer(KEY, async () => 'recovered')).toBe('recovered');
  });

  it('drops the least recently used answer beyond its bound', async () => {
    const cache = new AnalyticsCache(2);
    const runs: string[] = [];
    const compute = (name: string) => async () => (runs.push(name), name);
    const a = { ...KEY, kind: 'headcounts' as const };
    const b = { ...KEY, kind: 'orders' as const };
    const c = { ...KEY, kind: 'roster' as const };
    await cache.answer(a, compute('a'));
    await cache.answer(b, compute('b'));
    await cache.answer(a, compute('a')); // a is now the most recently used
    await cache.answer(c, compute('c')); // evicts b
    expect(cache.size).toBe(2);
    await cache.answer(a, compute('a'));
    await cache.answer(b, compute('b'));
    expect(runs).toEqual(['a', 'b', 'c', 'b']);
  });
});
