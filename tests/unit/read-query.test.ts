import * as z from 'zod';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../../server/http/errors';
import { readQuery } from '../../server/http/query';
import { LruMap } from '../../server/lib/lru-map';
import { silentLogger } from '../../server/logger';

// The query reader keeps valid queries by query string in the memo it is given; what it keeps must be what a fresh read gives, and shared safely.

describe('readQuery', () => {
  const parses = { count: 0 };
  const schema = z
    .object({ limit: z.coerce.number().int().min(1, 'must be at least 1').default(10) })
    .strict()
    .transform((q) => {
      parses.count++;
      return q;
    });
  const memo = new LruMap<string, unknown>(10);
  const seen: unknown[] = [];
  const app = new Hono();
  app.onError(errorHandler(silentLogger));
  app.get('/q', (c) => {
    const query = readQuery(c, schema, memo);
    seen.push(query);
    return c.json(query);
  });

  it('parses a query string once, and answers it again with the same frozen object', async () => {
    expect(await (await app.request('/q?limit=5')).json()).toEqual({ limit: 5 });
    expect(await (await app.request('/q?limit=5')).json()).toEqual({ limit: 5 });
    expect(await (await app.request('/q')).json()).toEqual({ limit: 10 });
    expect(parses.count).toBe(2);
    expect(seen[1]).toBe(seen[0]);
    expect(Object.isFrozen(seen[0])).toBe(true);
  });

  it('refuses a refused query every time, repeated names included', async () => {
    for (const search of ['?limit=0', '?limit=0', '?limit=5&limit=5', '?limit=5&limit=5', '?other=1']) {
      expect((await app.request(`/q${search}`)).status, search).toBe(422);
    }
  });
});
