import { serve, type ServerType } from '@hono/node-server';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_BODY_BYTES, MAX_DRAIN_BYTES } from '../../server/http/body-limit';
import { createTestApp, expectErrorEnvelope } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// Over a real socket: app.request() sends no Content-Length and has no connection to break.
let database: TestDatabase;
let server: ServerType;
let origin: string;
beforeAll(async () => {
  database = await openTestDatabase();
  server = serve({ fetch: createTestApp(database.db).app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await database.close();
});

type Mode = 'content-length' | 'chunked';
type Sent = { status: number; headers: http.IncomingHttpHeaders; body: any; reusedSocket: boolean };

/** A login body of exactly `bytes` bytes. */
function loginBody(bytes: number): Buffer {
  const head = '{"email":"owner@example.com","password":"';
  return Buffer.from(`${head}${'x'.repeat(bytes - head.length - 2)}"}`);
}

/** One request through node:http; chunked bodies are written in pieces without Content-Length. */
function send(agent: http.Agent, path: string, body?: Buffer, mode: Mode = 'content-length'): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { 'Content-Type': 'application/json' };
    if (body && mode === 'content-length') headers['Content-Length'] = body.length;
    const req = http.request(`${origin}${path}`, { method: body ? 'POST' : 'GET', agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text), reusedSocket: req.reusedSocket }),
      );
    });
    req.on('error', reject);
    if (!body) return void req.end();
    if (mode === 'content-length') return void req.end(body);
    for (let at = 0; at < body.length; at += 16 * 1024) req.write(body.subarray(at, at + 16 * 1024));
    req.end();
  });
}

const modes: Mode[] = ['content-length', 'chunked'];
const ONE_MB = 1_000_000;

describe.each(modes)('a body sent with %s', (mode) => {
  it('is refused with 413 above 64 KiB and read up to it', async () => {
    const agent = new http.Agent();
    const atLimit = await send(agent, '/api/v1/franchise/login', loginBody(MAX_BODY_BYTES), mode);
    // Past the limit and into validation: the password is longer than 1024 characters.
    expect(atLimit.status).toBe(422);
    expect(atLimit.body.errors).toHaveProperty('password');

    const over = await send(agent, '/api/v1/franchise/login', loginBody(MAX_BODY_BYTES + 1), mode);
    expect(over.status).toBe(413);
    expectErrorEnvelope(over.body, 'Request body is too large (limit 64 KiB)');
    agent.destroy();
  });

  it('refused at 1 MB, leaves the keep-alive connection usable for the next request', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let round = 0; round < 3; round++) {
      const big = await send(agent, '/api/v1/franchise/login', loginBody(ONE_MB), mode);
      expect(big.status).toBe(413);
      expect(big.headers.connection).toBe('keep-alive');
      const next = await send(agent, '/api/v1/franchise/test');
      expect(next.status).toBe(200);
      expect(next.reusedSocket).toBe(true);
    }
    agent.destroy();
  });

  it('refused at 1 MB, breaks none of the small requests queued on the same connections', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
    const small = () => send(agent, '/api/v1/franchise/test');
    for (let round = 0; round < 5; round++) {
      const results = await Promise.allSettled([
        send(agent, '/api/v1/franchise/login', loginBody(ONE_MB), mode),
        small(),
        small(),
        small(),
      ]);
      const outcomes = results.map((r) => (r.status === 'fulfilled' ? r.value.status : `${(r.reason as NodeJS.ErrnoException).code}`));
      expect(outcomes, `round ${round}`).toEqual([413, 200, 200, 200]);
    }
    agent.destroy();
  });

  it(`above ${MAX_DRAIN_BYTES / 1024 / 1024} MiB is refused with Connection: close, and the next request opens a new connection`, async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const huge = await send(agent, '/api/v1/franchise/login', loginBody(MAX_DRAIN_BYTES + 1), mode);
    expect(huge.status).toBe(413);
    expect(huge.headers.connection).toBe('close');
    const next = await send(agent, '/api/v1/franchise/test');
    expect(next.status).toBe(200);
    expect(next.reusedSocket).toBe(false);
    agent.destroy();
  });
});

it('refused at 1 MB, leaves fetch (undici, keep-alive) able to send the next request', async () => {
  for (let round = 0; round < 5; round++) {
    const big = await fetch(`${origin}/api/v1/franchise/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: new Uint8Array(loginBody(ONE_MB)),
    });
    expect(big.status, `round ${round}`).toBe(413);
    expectErrorEnvelope(await big.json());
    const next = await fetch(`${origin}/api/v1/franchise/test`);
    expect(next.status, `round ${round}`).toBe(200);
  }
});
