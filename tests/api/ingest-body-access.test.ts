import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { MAX_INGEST_BODY_BYTES } from '@contract/ingest.contract';
import { BULK_READS, BULK_WAITERS, bulkBody, Slots } from '../../server/http/body-limit';
import { createTestApp, OWNER } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// Ingest and import bodies are read only once the caller is known, and only a few at once: over a
// real socket, since what matters is what the server reads from it and holds in memory.
let database: TestDatabase;
let server: ServerType;
let origin: string;
let owner: string;
let key: string;

beforeAll(async () => {
  database = await openTestDatabase();
  const t = createTestApp(database.db);
  server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  owner = await t.login(OWNER);
  const created = await t.call('POST', 'api-keys', { token: owner, body: { name: 'POS all', restaurant_id: null } });
  expect(created.status, created.text).toBe(201);
  key = created.body.data.secret;
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

  it(`has at most ${BULK_READS} bodies read at once, ${BULK_WAITERS} more waiting, and refuses the next with 503 and Retry-After`, async () => {
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const body = { head: '{"orders":[]', tail: '}', token: key, hold };
    const reading = Array.from({ length: BULK_READS }, () => stream('/api/v1/ingest/orders', { ...body, total: 256 * 1024 }));
    await sleep(300);
    const waiting = Array.from({ length: BULK_WAITERS }, () => stream('/api/v1/ingest/orders', { ...body, total: 256 * 1024 }));
    await sleep(300);
    const refused = await stream('/api/v1/ingest/orders', { ...body, total: 256 * 1024 });
    expect(refused.status, refused.text).toBe(503);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.headers.connection).toBe('close');
    expect(refused.sentAtResponse).toBeLessThan(256 * 1024);
    release();
    const done = await Promise.all([...reading, ...waiting]);
    // Each read and validated in turn (an empty batch is a 422), none refused.
    expect(done.map((d) => d.status)).toEqual(Array(BULK_READS + BULK_WAITERS).fill(422));
  });
});

it('a body not arrived within its read time is refused with 408, a call that waited too long for a read with 503', async () => {
  const app = new Hono().post('/bulk', bulkBody(new Slots(1, 1, 300), 600), async (c) =>
    c.json({ bytes: (await c.req.arrayBuffer()).byteLength }),
  );
  const small = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => small.once('listening', resolve));
  const base = `http://127.0.0.1:${(small.address() as AddressInfo).port}`;
  let release!: () => void;
  const hold = new Promise<void>((resolve) => (release = resolve));
  const stalled = stream('/bulk', { base, total: 128 * 1024, hold });
  await sleep(100);
  const waited = await stream('/bulk', { base, total: 128 * 1024 });
  expect(waited.status).toBe(503);
  expect(waited.headers['retry-after']).toBeDefined();
  const late = await stalled;
  expect(late.status).toBe(408);
  expect(late.headers.connection).toBe('close');
  expect(late.ms).toBeLessThan(2000);
  // Both reads were given back: the next call is read whole.
  const next = await stream('/bulk', { base, total: 128 * 1024 });
  expect([next.status, JSON.parse(next.text)]).toEqual([200, { bytes: 128 * 1024 }]);
  release();
  (small as http.Server).closeAllConnections();
  await new Promise((resolve) => small.close(resolve));
}, 10_000);
