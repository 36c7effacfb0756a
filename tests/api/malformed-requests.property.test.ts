import fc from 'fast-check';
import { expectSecurityHeaders } from './support/security-headers';
import { createTestApp, OWNER } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let valid: string;
beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp(database.db);
  valid = await t.login(OWNER);
});
afterAll(() => database.close());

const segment = fc.oneof(
  fc.constantFrom('login', 'logout', 'profile', 'refresh', 'restaurants', 'test', 'password/forgot', 'password/reset', 'restaurants/1', ''),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
);

const jsonValue = fc.jsonValue({ maxDepth: 3 });
const body = fc.oneof(
  fc.constant(undefined),
  jsonValue.map((v) => JSON.stringify(v)),
  fc
    .record({ email: fc.oneof(fc.emailAddress(), fc.string(), jsonValue), password: fc.oneof(fc.string(), jsonValue) })
    .map((v) => JSON.stringify(v)),
  fc
    .record({
      token: fc.string({ minLength: 16, maxLength: 60 }),
      password: fc.string({ minLength: 1 }),
      password_confirmation: fc.string(),
    })
    .map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
  fc.string({ maxLength: 50 }).map((s) => `{"email":${s}`),
);

const authorization = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 100 }).map((s) => `Bearer ${s}`),
  fc.constant('placeholder-valid').map(() => `Bearer ${valid}`),
  fc.integer({ min: 0, max: 200 }).map((i) => `Bearer ${valid.slice(0, i)}x${valid.slice(i + 1)}`),
  fc.constant(`Bearer ${'a'.repeat(5000)}`),
  fc.string({ maxLength: 30 }),
);

const headerValue = fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, ''));

const request = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
  path: fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => `/api/v1/franchise/${parts.join('/')}`),
  query: fc.oneof(
    fc.constant(''),
    fc.string({ maxLength: 30 }).map((s) => `?${encodeURIComponent(s)}=${encodeURIComponent(s)}`),
  ),
  body,
  contentType: fc.oneof(
    fc.constant(undefined),
    fc.constantFrom('application/json', 'text/plain', 'application/json; charset=utf-8', 'multipart/form-data'),
    headerValue,
  ),
  authorization,
  forwardedFor: fc.oneof(fc.constant(undefined), headerValue),
});

describe('malformed requests', () => {
  it('never get a 5xx, always get the JSON envelope and the security headers (1000 runs)', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        runs++;
        const headers: Record<string, string> = {};
        if (r.contentType !== undefined) headers['Content-Type'] = r.contentType;
        if (r.authorization !== undefined) headers.Authorization = r.authorization;
        if (r.forwardedFor !== undefined) headers['X-Forwarded-For'] = r.forwardedFor;
        const res = await t.call(r.method, `${r.path}${r.query}`, { headers, ...(r.body !== undefined ? { rawBody: r.body } : {}) });
        expect(res.status).toBeLessThan(500);
        expectSecurityHeaders(res.headers);
        if (r.method !== 'HEAD') {
          expect(res.headers.get('content-type')).toMatch(/^application\/json/);
          expect(['success', 'error']).toContain(res.body?.status);
          expect(typeof res.body.message).toBe('string');
        }
      }),
      { numRuns: 1000, seed: 20261122 },
    );
    expect(runs).toBeGreaterThanOrEqual(1000);
  });
});
