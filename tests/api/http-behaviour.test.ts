import { createApp } from '../../server/app';
import { silentLogger } from '../../server/logger';
import { memoryMailer } from '../../server/mail/mailer';
import { sql } from 'kysely';
import { postgresDatabase } from '../../server/db/database';
import { expectSecurityHeaders } from './support/security-headers';
import { createTestApp, expectErrorEnvelope, OWNER, testConfig } from './support/test-app';
import { openPgliteCopy, openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp(database.db);
});
afterAll(() => database.close());

describe('errors in the envelope', () => {
  it('answers unknown API paths with 404 JSON', async () => {
    for (const path of [
      '/api/v1/franchise/nope',
      '/api/v1/nope',
      '/api/v2/franchise/login',
      '/api/',
      '/api/v1/franchise/restaurants/1/unknown',
    ]) {
      const res = await t.call('GET', path);
      expect(res.status, path).toBe(404);
      expectErrorEnvelope(res.body, 'Not found');
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
    }
  });

  it('answers a known path with a wrong method with 405 and Allow', async () => {
    const cases: [string, string, string][] = [
      ['GET', 'login', 'POST'],
      ['DELETE', 'profile', 'GET, HEAD, PUT'],
      ['DELETE', 'restaurants', 'GET, HEAD, POST'],
      ['PUT', 'password/reset', 'POST'],
      ['POST', 'test', 'GET, HEAD'],
    ];
    for (const [method, path, allow] of cases) {
      const res = await t.call(method, path, { body: {} });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow')).toBe(allow);
      expectErrorEnvelope(res.body, 'Method not allowed');
    }
  });

  it('refuses malformed JSON with 400, a wrong Content-Type with 415, wrong types with 422', async () => {
    const malformed = await t.call('POST', 'login', { rawBody: '{"email": ', headers: { 'Content-Type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expectErrorEnvelope(malformed.body, 'Malformed JSON body');

    const form = await t.call('POST', 'login', {
      rawBody: 'email=a&password=b',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expectErrorEnvelope(form.body);

    for (const body of [null, [], 'text', 42, { email: 42, password: true }, { email: ['owner@example.com'], password: {} }]) {
      const res = await t.call('POST', 'login', { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expectErrorEnvelope(res.body);
      expect(res.body.errors).toEqual(expect.any(Object));
    }
  });

  it('refuses bodies over 64 KiB with 413', async () => {
    const res = await t.call('POST', 'login', { body: { email: OWNER.email, password: 'x'.repeat(70 * 1024) } });
    expect(res.status).toBe(413);
    expectErrorEnvelope(res.body);
  });

  it('answers 503 when the database is gone, and never leaks an internal error', async () => {
    const { db: closed, thread } = await openPgliteCopy();
    await sql`select 1`.execute(closed);
    await thread.close();
    const unreachable = postgresDatabase('postgres://ci:ci@127.0.0.1:9/none');
    for (const db of [closed, unreachable]) {
      const app = createApp({ db, config: testConfig(), clock: Date.now, mailer: memoryMailer(), logger: silentLogger });
      for (const [method, path, body] of [
        ['GET', '/api/v1/franchise/test', undefined],
        ['POST', '/api/v1/franchise/login', JSON.stringify(OWNER)],
      ] as const) {
        const res = await app.request(path, { method, body, headers: { 'Content-Type': 'application/json' } });
        expect(res.status, path).toBe(503);
        expectErrorEnvelope(await res.json());
      }
    }
    await unreachable.destroy();
  });
});

describe('headers', () => {
  it('sets the security headers and no-store on API answers, success and failure alike', async () => {
    const token = await t.login();
    for (const res of [
      await t.call('GET', 'test'),
      await t.call('GET', 'profile', { token }),
      await t.call('GET', 'profile'),
      await t.call('GET', '/api/v1/unknown'),
      await t.call('POST', 'login', { rawBody: '{', headers: { 'Content-Type': 'application/json' } }),
      await t.call('GET', 'login'),
    ]) {
      expectSecurityHeaders(res.headers);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });
});
