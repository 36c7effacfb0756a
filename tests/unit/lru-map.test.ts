import { describe, expect, it } from 'vitest';
import { LruMap } from '../../server/lib/lru-map';

describe('LruMap', () => {
  it('drops the least recently read or written entry beyond its bound; peek does not count as a use', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect([map.has('a'), map.has('b'), map.has('c')]).toEqual([true, false, true]);
    expect(map.peek('a')).toBe(1);
    map.set('d', 4);
    expect([map.has('a'), map.has('c'), map.has('d')]).toEqual([false, true, true]);
    map.set('c', 30);
    map.set('e', 5);
    expect([map.get('c'), map.has('d'), map.size]).toEqual([30, false, 2]);
  });

  it('keeps undefined as a value, apart from a missing key', () => {
    const map = new LruMap<string, undefined>(2);
    map.set('none', undefined);
    expect([map.has('none'), map.has('other')]).toEqual([true, false]);
    map.delete('none');
    map.set('x', undefined);
    map.clear();
    expect(map.size).toBe(0);
  });
});
