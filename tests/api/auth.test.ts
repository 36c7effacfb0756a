import { SignJWT, decodeJwt } from 'jose';
import type { TokenClaims } from '@contract/auth.contract';
import { createTestApp, expectErrorEnvelope, expectSuccessEnvelope, OWNER, RIVAL } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp(database.db);
});
afterAll(() => database.close());

const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe('POST /franchise/login', () => {
  it('returns the token response with the user and the franchise', async () => {
    const res = await t.call('POST', 'login', { body: { email: '  Owner@Example.com ', password: 'demo-password' } });
    expect(res.status).toBe(200);
    expectSuccessEnvelope(res.body);
    const data = res.body.data;
    expect(data).toMatchObject({ token_type: 'bearer', expires_in: 3600, access_token: expect.any(String) });
    expect(data.user).toEqual({
      id: expect.any(Number),
      role: 'owner',
      name: 'Olivia Owner',
      email: 'owner@example.com',
      picture: null,
      phone: expect.any(String),
      state: 'NSW',
      city: 'Sydney',
      street_address: expect.any(String),
      suburb: expect.any(String),
      post_code: expect.any(String),
      franchise: { id: expect.any(Number), name: 'Harbour Eats Group', time_zone: 'Australia/Sydney' },
    });
    const claims = decodeJwt(data.access_token) as unknown as TokenClaims;
    expect(claims).toMatchObject({ sub: String(data.user.id), ver: 0, exp: claims.iat + 3600, auth_time: claims.iat });
    expect(claims.user).toEqual({
      id: data.user.id,
      name: 'Olivia Owner',
      email: 'owner@example.com',
      franchise_id: data.user.franchise.id,
    });
    expect(claims.iat).toBe(Math.floor(t.now() / 1000));
  });

  it('answers an unknown e-mail and a wrong password identically, in about the same time', async () => {
    let round = 0;
    const timed = async (email: string) => {
      const started = performance.now();
      // A fresh address per attempt keeps the rate limit out of the measurement.
      const res = await t.call('POST', 'login', { body: { email, password: 'not-the-password' }, address: `198.51.100.${++round}` });
      return { res, ms: performance.now() - started };
    };
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      const w = await timed(OWNER.email);
      const u = await timed(`nobody${i}@example.com`);
      expect(w.res.status).toBe(401);
      expect(u.res.status).toBe(401);
      expect(u.res.text).toBe(w.res.text);
      expect(w.res.body).toEqual({ status: 'error', message: 'Invalid email or password' });
      wrong.push(w.ms);
      unknown.push(u.ms);
    }
    // Both run one argon2 verification (~20 ms), so neither is several times faster than the other.
    expect(median(unknown)).toBeGreaterThan(median(wrong) / 3);
    expect(median(wrong)).toBeGreaterThan(median(unknown) / 3);
  });

  it('validates input with 422 and field errors', async () => {
    const res = await t.call('POST', 'login', { body: { email: 'not-an-email', password: '' } });
    expect(res.status).toBe(422);
    expectErrorEnvelope(res.body, 'Invalid email address');
    expect(res.body.errors).toEqual({ email: ['Invalid email address'], password: ['Password is required'] });
  });
});

describe('bearer tokens', () => {
  it('gives the profile for a valid token', async () => {
    const token = await t.login();
    const res = await t.call('GET', 'profile', { token });
    expect(res.status).toBe(200);
    expectSuccessEnvelope(res.body);
    expect(res.body.data.user).toMatchObject({ email: 'owner@example.com', franchise: { name: 'Harbour Eats Group' } });
  });

  it('refuses missing, garbage, tampered, alg none, wrong alg, foreign-key and oversized tokens with 401 JSON', async () => {
    const token = await t.login();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = decodeJwt(token);
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const forgedPayload = b64({ ...claims, sub: '2', user: { ...(claims.user as object), id: 2 } });
    const bad: Record<string, string | undefined> = {
      missing: undefined,
      garbage: 'not-a-jwt',
      empty: '',
      tampered: `${header}.${forgedPayload}.${signature}`,
      badSignature: `${header}.${payload}.${signature.slice(0, -4)}AAAA`,
      algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      wrongAlg: await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(new TextEncoder().encode(t.config.jwtSecret)),
      otherSecret: await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(48))),
      oversized: `${header}.${b64({ ...claims, pad: 'x'.repeat(5000) })}.${signature}`,
      noClaims: await new SignJWT({ sub: '1' })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(t.config.jwtSecret)),
    };
    for (const [name, value] of Object.entries(bad)) {
      const res = await t.call('GET', 'profile', value === undefined ? {} : { headers: { Authorization: `Bearer ${value}` } });
      expect(res.status, name).toBe(401);
      expectErrorEnvelope(res.body, 'Unauthenticated');
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    }
    const basic = await t.call('GET', 'profile', { headers: { Authorization: 'Basic b3duZXI6ZGVtbw==' } });
    expect(basic.status).toBe(401);
  });

  it('refuses an expired token on profile and restaurants', async () => {
    const token = await t.login();
    t.advance(HOUR - 1000);
    expect((await t.call('GET', 'profile', { token })).status).toBe(200);
    t.advance(2000);
    expect((await t.call('GET', 'profile', { token })).status).toBe(401);
    expect((await t.call('GET', 'restaurants', { token })).status).toBe(401);
  });
});

describe('POST /franchise/refresh', () => {
  it('accepts an expired token within the window, keeps auth_time and revokes the old token', async () => {
    const first = await t.login();
    const authTime = decodeJwt(first).auth_time;
    t.advance(3 * DAY);
    const res = await t.call('POST', 'refresh', { token: first });
    expect(res.status).toBe(200);
    expectSuccessEnvelope(res.body);
    expect(res.body.data).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { email: 'owner@example.com' } });
    const second = res.body.data.access_token as string;
    expect(decodeJwt(second)).toMatchObject({ auth_time: authTime, iat: Math.floor(t.now() / 1000) });
    expect((await t.call('GET', 'profile', { token: second })).status).toBe(200);

    const again = await t.call('POST', 'refresh', { token: first });
    expect(again.status).toBe(401);
    expectErrorEnvelope(again.body);
    expect((await t.call('GET', 'profile', { token: first })).status).toBe(401);
  });

  it('refuses a rotated token that has not expired yet on other routes, without ending the sign-in', async () => {
    const first = await t.login();
    const second = (await t.call('POST', 'refresh', { token: first })).body.data.access_token as string;
    const refused = await t.call('GET', 'profile', { token: first });
    expect(refused.status).toBe(401);
    expectErrorEnvelope(refused.body, 'Unauthenticated');
    // Only a refresh with it is a replay; a stale tab's read is not, so the new token keeps working.
    expect((await t.call('GET', 'profile', { token: second })).status).toBe(200);
  });

  it('treats a replayed, already rotated token as theft: every token of that sign-in is revoked', async () => {
    const first = await t.login();
    const other = await t.login();
    const second = (await t.call('POST', 'refresh', { token: first })).body.data.access_token as string;
    t.advance(60_000);
    const third = (await t.call('POST', 'refresh', { token: second })).body.data.access_token as string;
    expect(decodeJwt(third).sid).toBe(decodeJwt(first).sid);
    expect((await t.call('GET', 'profile', { token: third })).status).toBe(200);

    const replay = await t.call('POST', 'refresh', { token: first });
    expect(replay.status).toBe(401);
    expectErrorEnvelope(replay.body, 'Unauthenticated');
    expect((await t.call('GET', 'profile', { token: third })).status).toBe(401);
    expect((await t.call('POST', 'refresh', { token: third })).status).toBe(401);
    // Another sign-in of the same user is another family.
    expect((await t.call('GET', 'profile', { token: other })).status).toBe(200);
  });

  it('lets only one of two racing refreshes of the same token win, and the second use revokes the sign-in', async () => {
    // Repeated: which of the two checks (before the handler, or its atomic rotation) catches the loser depends on timing.
    for (let race = 0; race < 10; race++) {
      const token = await t.login();
      const results = await Promise.all([t.call('POST', 'refresh', { token }), t.call('POST', 'refresh', { token })]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
      const issued = results.find((r) => r.status === 200)!.body.data.access_token as string;
      expect((await t.call('GET', 'profile', { token: issued })).status).toBe(401);
    }
  });

  it('refuses once the refresh window since first sign-in has passed, even through a chain of refreshes', async () => {
    let token = await t.login();
    for (let day = 0; day < 13; day++) {
      t.advance(DAY);
      const res = await t.call('POST', 'refresh', { token });
      expect(res.status).toBe(200);
      token = res.body.data.access_token;
    }
    t.advance(DAY);
    const late = await t.call('POST', 'refresh', { token });
    expect(late.status).toBe(401);
    expectErrorEnvelope(late.body, 'Unauthenticated');
  });
});

describe('POST /franchise/logout', () => {
  it('revokes the token everywhere, refresh included', async () => {
    const token = await t.login();
    const other = await t.login();
    const res = await t.call('POST', 'logout', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: 'Logged out', data: null });
    expect((await t.call('GET', 'profile', { token })).status).toBe(401);
    expect((await t.call('POST', 'refresh', { token })).status).toBe(401);
    expect((await t.call('POST', 'logout', { token })).status).toBe(401);
    // Another session of the same user is untouched.
    expect((await t.call('GET', 'profile', { token: other })).status).toBe(200);
  });

  it('accepts an expired token inside the refresh window and revokes its whole sign-in', async () => {
    const first = await t.login();
    const second = (await t.call('POST', 'refresh', { token: first })).body.data.access_token as string;
    t.advance(2 * HOUR);
    expect((await t.call('GET', 'profile', { token: second })).status).toBe(401);
    const res = await t.call('POST', 'logout', { token: second });
    expect(res.status).toBe(200);
    expect((await t.call('POST', 'refresh', { token: second })).status).toBe(401);
    const sid = decodeJwt(second).sid as string;
    expect(await database.db.selectFrom('revoked_sessions').select('sid').where('sid', '=', sid).executeTakeFirst()).toEqual({ sid });
  });

  it('refuses a token past its refresh window', async () => {
    const token = await t.login();
    t.advance(14 * DAY);
    const res = await t.call('POST', 'logout', { token });
    expect(res.status).toBe(401);
    expectErrorEnvelope(res.body, 'Unauthenticated');
  });
});

describe('GET /franchise/test', () => {
  it('is public and reports the time', async () => {
    const res = await t.call('GET', 'test');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: expect.any(String), data: { ok: true, time: new Date(t.now()).toISOString() } });
  });
});

describe('isolation of franchises', () => {
  it('shows each franchise only its own restaurants', async () => {
    const owner = (await t.call('GET', 'restaurants', { token: await t.login(OWNER) })).body.data as { id: number; name: string }[];
    const rival = (await t.call('GET', 'restaurants', { token: await t.login(RIVAL) })).body.data as { id: number; name: string }[];
    expect(owner.length).toBeGreaterThanOrEqual(4);
    expect(rival).toHaveLength(2);
    const ownerIds = new Set(owner.map((r) => r.id));
    expect(rival.some((r) => ownerIds.has(r.id))).toBe(false);
    expect(rival.every((r) => r.name.startsWith('Southern Cross'))).toBe(true);
    expect(owner.every((r) => r.name.startsWith('Harbour Eats'))).toBe(true);
  });
});
