import { serve, type ServerType } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { MAX_INGEST_BODY_BYTES } from '@contract/ingest.contract';
import { bulkBody, CALLER_READS, CALLER_WAITERS, NamedSlots, Slots } from '../../server/http/body-limit';
import { createTestApp, OWNER, RIVAL } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// Ingest and import bodies are read only once the caller is known, and only a few at once: over a
// real socket, since what matters is what the server reads from it and holds in memory.
let database: TestDatabase;
let server: ServerType;
let origin: string;
let owner: string;
let key: string;
let t: ReturnType<typeof createTestApp>;

const newKey = async (token: string, name: string) => {
  const created = await t.call('POST', 'api-keys', { token, body: { name, restaurant_id: null } });
  expect(created.status, created.text).toBe(201);
  return created.body.data as { id: number; secret: string };
};

beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp(database.db);
  server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  owner = await t.login(OWNER);
  ({ secret: key } = await newKey(owner, 'POS all'));
});
afterAll(async () => {
  (server as http.Server).closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await database.close();
});

const CHUNK = Buffer.alloc(64 * 1024, 0x20);

type Streamed = { status: number; headers: http.IncomingHttpHeaders; text: string; sentAtResponse: number; ms: number };

/**
 * POSTs a chunked body of `total` bytes (spaces, so a JSON body may be padded with them), 64 KiB at
 * a time every `pause` ms (0: as fast as the socket takes them), and stops sending once the answer
 * has come. `head`/`tail` start and end the body; `hold` keeps the last chunk back until it resolves.
 */
function stream(
  path: string,
  options: { total: number; token?: string; pause?: number; head?: string; tail?: string; hold?: Promise<unknown>; base?: string },
): Promise<Streamed> {
  const { total, token, pause = 0, head = '', tail = '' } = options;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const req = http.request(`${options.base ?? origin}${path}`, { method: 'POST', headers, agent: false });
    let sent = 0;
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      const sentAtResponse = sent;
      const ms = performance.now() - started;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode!, headers: res.headers, text, sentAtResponse, ms });
        req.destroy();
      });
      res.on('error', () => {});
    });
    // A server that answers early and closes makes the remaining writes fail: expected once answered. The failed
    // write can be seen before the answer already on its way is read, so the answer gets a moment to arrive.
    req.on('error', (error) => {
      if (!answered) setTimeout(() => answered || reject(error), 2000);
    });
    const write = (buffer: Buffer) =>
      new Promise<void>((done) => {
        sent += buffer.length;
        if (req.write(buffer)) done();
        else req.once('drain', done);
      });
    void (async () => {
      await write(Buffer.from(head));
      const body = total - head.length - tail.length;
      for (let at = 0; at < body && !answered && !req.destroyed; at += CHUNK.length) {
        await write(CHUNK.subarray(0, Math.min(CHUNK.length, body - at)));
        if (pause > 0) await sleep(pause);
        if (options.hold && at + CHUNK.length >= body) await options.hold;
      }
      if (!answered && !req.destroyed) req.end(tail);
    })().catch(() => {});
  });
}

describe('a caller without credentials', () => {
  it.each([
    ['/api/v1/ingest/orders', 'no key', undefined],
    ['/api/v1/ingest/orders', 'an unknown key', 'fck_0123456789abcdef0123456789abcdef0123456789ab'],
    ['/api/v1/franchise/import/orders', 'no console token', undefined],
  ])('sending 8 MiB chunked to %s with %s gets its 401 before the body was read', async (path, _who, token) => {
    const res = await stream(path, { total: MAX_INGEST_BODY_BYTES, pause: 5, ...(token ? { token } : {}) });
    expect(res.status, res.text).toBe(401);
    expect(res.headers.connection).toBe('close');
    // The server answered while the client was still sending: it never waited for (nor buffered) the body.
    expect(res.sentAtResponse).toBeLessThan(MAX_INGEST_BODY_BYTES / 4);
    expect(res.ms).toBeLessThan(2000);
  });

  it('with a small body keeps its keep-alive connection for the next request', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const call = (path: string, body?: string) =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const headers: Record<string, string | number> = { 'Content-Type': 'application/json' };
        if (body) headers['Content-Length'] = Buffer.byteLength(body);
        const req = http.request(`${origin}${path}`, { method: body ? 'POST' : 'GET', agent, headers }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode!, reused: req.reusedSocket }));
        });
        req.on('error', reject);
        req.end(body);
      });
    for (let round = 0; round < 3; round++) {
      expect((await call('/api/v1/ingest/orders', '{"orders":[]}')).status).toBe(401);
      expect(await call('/api/v1/franchise/test')).toEqual({ status: 200, reused: true });
    }
    agent.destroy();
  });

  it('flooding 30 chunked streams of 6 MiB at once leaves memory flat and the console answering', async () => {
    const used = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const baseline = used();
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, used())), 5);
    const flood = Array.from({ length: 30 }, (_, i) =>
      stream(i % 2 ? '/api/v1/ingest/orders' : '/api/v1/franchise/import/orders', { total: 6 * 1024 * 1024 }),
    );
    const started = performance.now();
    const probes = await Promise.all([fetch(`${origin}/api/v1/health`), fetch(`${origin}/api/v1/franchise/test`)]);
    const probeMs = performance.now() - started;
    const answers = await Promise.all(flood);
    clearInterval(sampler);
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(401));
    // 30 bodies buffered would be 180 MiB; none read leaves the noise of 30 connections.
    expect((peak - baseline) / 1024 / 1024).toBeLessThan(32);
    expect(probes.map((r) => r.status)).toEqual([200, 200]);
    expect(probeMs).toBeLessThan(2000);
  });
});

describe('a caller with a key', () => {
  const order = {
    external_id: 'big-1',
    restaurant_id: 1,
    placed_at: '2026-11-10T12:30:00+11:00',
    channel: 'dine_in',
    source: 'pos',
    guests: 2,
    customer_ref: null,
    status: 'voided',
    lines: [],
    payments: [],
  };

  it('sends a chunked body of exactly the allowed size, and one byte more is refused with 413', async () => {
    const head = `{"orders":[${JSON.stringify(order)}]`;
    const full = await stream('/api/v1/ingest/orders', { total: MAX_INGEST_BODY_BYTES, token: key, head, tail: '}' });
    expect(full.status, full.text).not.toBe(413);
    expect(full.status, full.text).not.toBe(401);
    const over = await stream('/api/v1/ingest/orders', { total: MAX_INGEST_BODY_BYTES + 1, token: key, head, tail: '}' });
    expect(over.status).toBe(413);
    expect(JSON.parse(over.text).message).toBe('Request body is too large (limit 8 MiB)');
  });

  it(`has at most ${CALLER_READS} of its bodies read at once, ${CALLER_WAITERS} more waiting, and the next refused with 429 and Retry-After`, async () => {
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const body = { head: '{"orders":[]', tail: '}', token: key, hold, total: 256 * 1024 };
    const reading = Array.from({ length: CALLER_READS }, () => stream('/api/v1/ingest/orders', body));
    await sleep(300);
    const waiting = Array.from({ length: CALLER_WAITERS }, () => stream('/api/v1/ingest/orders', body));
    await sleep(300);
    const refused = await stream('/api/v1/ingest/orders', body);
    expect(refused.status, refused.text).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.headers.connection).toBe('close');
    expect(refused.sentAtResponse).toBeLessThan(256 * 1024);
    release();
    const done = await Promise.all([...reading, ...waiting]);
    // Each read and validated in turn (an empty batch is a 422), none refused.
    expect(done.map((d) => d.status)).toEqual(Array(CALLER_READS + CALLER_WAITERS).fill(422));
  });

  it("cannot, however many slow bodies a franchise's keys and owner send, stop another franchise's call being read and answered", async () => {
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const second = (await newKey(owner, 'Roster')).secret;
    const slow = { head: '{"orders":[]', tail: '}', hold, total: 256 * 1024 };
    const held = [key, second, owner].flatMap((token) =>
      Array.from({ length: 4 }, () => stream(`/api/v1/${token === owner ? 'franchise/import' : 'ingest'}/orders`, { ...slow, token })),
    );
    await sleep(300);
    const rival = (await newKey(await t.login(RIVAL), 'Rival POS')).secret;
    const other = await stream('/api/v1/ingest/orders', { head: '{"orders":[]', tail: '}', token: rival, total: 256 * 1024 });
    expect(other.status, other.text).toBe(422);
    expect(other.ms).toBeLessThan(2000);
    release();
    expect((await Promise.all(held)).map((h) => h.status)).toEqual(Array(12).fill(422));
  }, 30_000);

  it('whose key is revoked while its body arrives writes nothing (401), nor does an owner demoted meanwhile (404)', async () => {
    const countOf = async (externalId: string) =>
      Number(
        (
          await database.db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('external_id', '=', externalId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const send = async (path: string, token: string, externalId: string, meanwhile: () => Promise<void>) => {
      let release!: () => void;
      const hold = new Promise<void>((resolve) => (release = resolve));
      const sold = { ...order, external_id: externalId, status: 'completed', lines: [{ sku: 'BODY-1', quantity: 1, amount_cents: 500 }] };
      const head = `{"orders":[${JSON.stringify({ ...sold, payments: [{ method: 'card', amount_cents: 500 }] })}]`;
      const pending = stream(path, { head, tail: '}', token, hold, total: 128 * 1024 });
      await sleep(300);
      await meanwhile();
      release();
      return pending;
    };
    const item = { sku: 'BODY-1', name: 'Body Fries', price_cents: 500, menu: 'All Day', is_combo: false };
    expect((await t.call('POST', 'import/menu-items', { token: owner, body: { items: [item] } })).status).toBe(200);
    const doomed = await newKey(owner, 'Doomed');
    const revoked = await send('/api/v1/ingest/orders', doomed.secret, 'revoked-1', async () => {
      expect((await t.call('DELETE', `api-keys/${doomed.id}`, { token: owner })).status).toBe(200);
    });
    expect(revoked.status, revoked.text).toBe(401);
    expect(await countOf('revoked-1')).toBe(0);

    const ownerId = (
      await database.db.selectFrom('franchise_users').select('id').where('email', '=', OWNER.email).executeTakeFirstOrThrow()
    ).id;
    const setRole = (role: 'owner' | 'manager') =>
      database.db.updateTable('franchise_users').set({ role }).where('id', '=', ownerId).execute();
    const demoted = await send('/api/v1/franchise/import/orders', owner, 'demoted-1', async () => void (await setRole('manager')));
    await setRole('owner');
    expect(demoted.status, demoted.text).toBe(404);
    expect(await countOf('demoted-1')).toBe(0);
    // The same call from a live key, and from the owner once restored, is written.
    expect((await send('/api/v1/ingest/orders', key, 'live-1', async () => {})).status).toBe(200);
    expect(await countOf('live-1')).toBe(1);
    expect((await send('/api/v1/franchise/import/orders', owner, 'restored-1', async () => {})).status).toBe(200);
    expect(await countOf('restored-1')).toBe(1);
  });
});

/** A tiny app whose bulk reads are few and short-lived; the caller and its franchise are `franchise:caller` of the token. */
async function tinyBulk(process: Slots, pace: { bytesPerSecond: number; windowMs: number }) {
  const reads = { process, callers: new NamedSlots(1, 1, 300), franchises: new NamedSlots(2, 1, 300) };
  const shareOf = (c: Context) => {
    const caller = c.req.header('authorization')?.slice('Bearer '.length) ?? '';
    return { caller, franchise: caller.split(':')[0]! };
  };
  const app = new Hono().post('/bulk', bulkBody(reads, pace, shareOf), async (c) =>
    c.json({ bytes: (await c.req.arrayBuffer()).byteLength }),
  );
  const small = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => small.once('listening', resolve));
  return {
    base: `http://127.0.0.1:${(small.address() as AddressInfo).port}`,
    close: async () => {
      (small as http.Server).closeAllConnections();
      await new Promise((resolve) => small.close(resolve));
    },
  };
}

it('cuts a stalled body or a trickle with 408, takes an honest upload however long, and answers 503 when no read frees in time', async () => {
  const { base, close } = await tinyBulk(new Slots(1, 1, 300), { bytesPerSecond: 128 * 1024, windowMs: 400 });
  let release!: () => void;
  const hold = new Promise<void>((resolve) => (release = resolve));
  const stalled = stream('/bulk', { base, total: 128 * 1024, hold, token: 'a:1' });
  await sleep(100);
  const waited = await stream('/bulk', { base, total: 128 * 1024, token: 'b:1' });
  expect(waited.status).toBe(503);
  expect(waited.headers['retry-after']).toBeDefined();
  const late = await stalled;
  expect(late.status).toBe(408);
  expect(late.headers.connection).toBe('close');
  expect(late.ms).toBeLessThan(2000);
  release();
  // 64 KiB a second: a trickle against 128 KiB a second.
  const trickle = await stream('/bulk', { base, total: 1024 * 1024, pause: 1000, token: 'a:1' });
  expect(trickle.status).toBe(408);
  expect(trickle.sentAtResponse).toBeLessThan(1024 * 1024);
  // About 1 MiB a second for 2 s, several windows long: read whole.
  const honest = await stream('/bulk', { base, total: 2 * 1024 * 1024, pause: 60, token: 'a:1' });
  expect([honest.status, JSON.parse(honest.text)]).toEqual([200, { bytes: 2 * 1024 * 1024 }]);
  expect(honest.ms).toBeGreaterThan(1200);
  await close();
}, 15_000);

it("keeps a caller over its share off the process's reads: another franchise's call is read meanwhile", async () => {
  const { base, close } = await tinyBulk(new Slots(2, 0, 300), { bytesPerSecond: 1024, windowMs: 5000 });
  let release!: () => void;
  const hold = new Promise<void>((resolve) => (release = resolve));
  const held = stream('/bulk', { base, total: 128 * 1024, hold, token: 'a:1' });
  await sleep(100);
  const queued = stream('/bulk', { base, total: 128 * 1024, token: 'a:1' });
  await sleep(50);
  const refused = await stream('/bulk', { base, total: 128 * 1024, token: 'a:1' });
  expect(refused.status).toBe(429);
  expect(refused.headers['retry-after']).toBeDefined();
  const other = await stream('/bulk', { base, total: 128 * 1024, token: 'b:2' });
  expect(other.status).toBe(200);
  release();
  expect((await held).status).toBe(200);
  expect((await queued).status).toBe(200);
  await close();
}, 10_000);
