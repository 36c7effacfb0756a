import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppEnv } from '../../server/app-deps';
import { writeClockOfDatabase, type Db } from '../../server/db/database';
import { success } from '../../server/http/envelope';
import { errorHandler } from '../../server/http/errors';
import { requireApiKey } from '../../server/integrations/api-key-auth';
import { touchApiKey } from '../../server/integrations/api-keys.repository';
import { silentLogger } from '../../server/logger';
import { createTestApp, expectErrorEnvelope, expectSuccessEnvelope, OWNER, RIVAL } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let owner: string;
let rival: string;
beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp(database.db);
  owner = await t.login(OWNER);
  rival = await t.login(RIVAL);
});
afterAll(() => database.close());

// The seed's first restaurant is the owner's (Harbour Eats Parramatta, id 1); the sixth is the rival's.
const OWN_RESTAURANT = { id: 1, name: 'Harbour Eats Parramatta' };
const RIVAL_RESTAURANT = 6;
const MINUTE = 60_000;

let named = 0;
const uniqueName = (stem = 'Key') => `${stem} ${++named}`;

async function create(body: unknown, token = owner) {
  return t.call('POST', 'api-keys', { token, body });
}

async function createKey(restaurantId: number | null = null, token = owner) {
  const res = await create({ name: uniqueName(), restaurant_id: restaurantId }, token);
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: number; name: string; restaurant_id: number | null; prefix: string; secret: string; created_at: string };
}

const list = async (token = owner) => {
  const res = await t.call('GET', 'api-keys', { token });
  expect(res.status).toBe(200);
  return res.body.data as { id: number; name: string; last_used_at: string | null }[];
};

/** A route behind requireApiKey, as the ingest calls use it, on its own Hono app over `db` (a server of its own). */
function probe(db: Db, clock: () => number = t.now) {
  const app = new Hono<AppEnv>()
    .onError(errorHandler(silentLogger))
    .get('/probe', requireApiKey({ db, clock }, 'ingest'), (c) => success(c, c.get('apiKey')));
  return async (authorization?: string) => {
    const res = await app.request('/probe', { headers: authorization === undefined ? {} : { Authorization: authorization } });
    return { status: res.status, headers: res.headers, body: (await res.json()) as any };
  };
}

const storedRow = async (id: number) =>
  (await sql<Record<string, unknown>>`select * from api_keys where id = ${id}`.execute(database.db)).rows[0]!;

describe('API keys: create, list, revoke', () => {
  it('creates a key whose secret is only in the create answer, lists it newest first without it, and revokes it', async () => {
    const first = await createKey(null);
    const res = await create({ name: '  Kitchen POS  ', restaurant_id: OWN_RESTAURANT.id });
    expect(res.status).toBe(201);
    expectSuccessEnvelope(res.body);
    const second = res.body.data;
    expect(Object.keys(second).sort()).toEqual(['access', 'created_at', 'id', 'name', 'prefix', 'restaurant_id', 'secret']);
    expect(second).toMatchObject({ name: 'Kitchen POS', restaurant_id: OWN_RESTAURANT.id, created_at: new Date(t.now()).toISOString() });
    expect(second.secret).toMatch(/^fck_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    expect(second.prefix).toMatch(/^fck_[0-9a-f]{8}$/);
    expect(second.secret.startsWith(`${second.prefix}_`)).toBe(true);
    expect(second.secret).not.toBe(first.secret);

    const listed = await t.call('GET', 'api-keys', { token: owner });
    expect(listed.status).toBe(200);
    const mine = listed.body.data.filter((k: { id: number }) => [first.id, second.id].includes(k.id));
    // Newest first: the second was created after the first (the same instant, so by id).
    expect(mine).toEqual([
      {
        id: second.id,
        name: 'Kitchen POS',
        restaurant_id: OWN_RESTAURANT.id,
        restaurant_name: OWN_RESTAURANT.name,
        prefix: second.prefix,
        access: 'ingest',
        created_at: second.created_at,
        last_used_at: null,
      },
      {
        id: first.id,
        name: first.name,
        restaurant_id: null,
        restaurant_name: null,
        prefix: first.prefix,
        access: 'ingest',
        created_at: first.created_at,
        last_used_at: null,
      },
    ]);
    // No secret, nor anything after the prefix, anywhere in the list.
    expect(listed.text).not.toContain(first.secret.slice(first.prefix.length));
    expect(listed.text).not.toContain(second.secret.slice(second.prefix.length));
    expect(listed.text).not.toContain('secret');

    const revoked = await t.call('DELETE', `api-keys/${second.id}`, { token: owner });
    expect(revoked.status).toBe(200);
    expectSuccessEnvelope(revoked.body);
    expect((await list()).map((k) => k.id)).not.toContain(second.id);
    expect((await list()).map((k) => k.id)).toContain(first.id);
    // Revoked is gone: a second revoke finds nothing.
    expect((await t.call('DELETE', `api-keys/${second.id}`, { token: owner })).status).toBe(404);
  });

  it('lists newest first by creation time', async () => {
    const older = await createKey();
    t.advance(MINUTE);
    const newer = await createKey();
    const ids = (await list()).map((k) => k.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
  });

  it('stores only the SHA-256 of the secret, never the secret itself', async () => {
    const key = await createKey();
    const row = await storedRow(key.id);
    expect(row.secret_hash).toBe(createHash('sha256').update(key.secret).digest('hex'));
    expect(row.secret_hash).not.toBe(key.secret);
    expect(row.prefix).toBe(key.prefix);
    const random = key.secret.slice(key.prefix.length + 1);
    for (const [column, value] of Object.entries(row)) expect(String(value), column).not.toContain(random);
  });

  it('refuses a console call without a console token', async () => {
    for (const [method, path] of [
      ['GET', 'api-keys'],
      ['POST', 'api-keys'],
      ['DELETE', 'api-keys/1'],
    ] as const) {
      const res = await t.call(method, path, { body: { name: 'x', restaurant_id: null } });
      expect(res.status, `${method} ${path}`).toBe(401);
      expectErrorEnvelope(res.body, 'Unauthenticated');
    }
  });
});

describe('API keys belong to one franchise', () => {
  it('another franchise neither lists nor revokes them (404), and may use the same name', async () => {
    const key = await createKey();
    expect((await list(rival)).map((k) => k.id)).not.toContain(key.id);
    const res = await t.call('DELETE', `api-keys/${key.id}`, { token: rival });
    expect(res.status).toBe(404);
    expectErrorEnvelope(res.body, 'API key not found');
    expect((await list()).map((k) => k.id)).toContain(key.id);
    expect((await probe(database.db)(`Bearer ${key.secret}`)).status).toBe(200);
    expect((await create({ name: key.name, restaurant_id: null }, rival)).status).toBe(201);
  });

  it.each(['999999', '0', '-1', 'abc', '1.5', '01', '2147483648'])('an unknown or malformed id (%s) is 404', async (id) => {
    const res = await t.call('DELETE', `api-keys/${id}`, { token: owner });
    expect(res.status).toBe(404);
    expectErrorEnvelope(res.body, 'API key not found');
  });
});

describe('API key input', () => {
  it.each([
    ['another franchise’s restaurant', RIVAL_RESTAURANT],
    ['an unknown restaurant', 999_999],
    ['zero', 0],
    ['a negative id', -1],
    ['a fraction', 1.5],
    ['a number as text', '1'],
    ['beyond int4', 2_147_483_648],
    ['a boolean', true],
  ])('refuses %s as restaurant_id with 422 naming it', async (_, restaurantId) => {
    const res = await create({ name: uniqueName(), restaurant_id: restaurantId });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['restaurant_id']);
  });

  it('requires restaurant_id (null for all branches), so a forgotten scope is not every branch', async () => {
    const res = await create({ name: uniqueName() });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['restaurant_id']);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
    ['over 100 characters', 'x'.repeat(101)],
    ['not text', 42],
    ['null', null],
  ])('refuses a name that is %s with 422 naming it', async (_, name) => {
    const res = await create({ name, restaurant_id: null });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['name']);
  });

  it('accepts 100 characters after trimming', async () => {
    const name = `${named++}`.padEnd(100, 'n');
    const res = await create({ name: `  ${name}  `, restaurant_id: null });
    expect(res.status).toBe(201);
    expect(res.body.data.name).toBe(name);
  });

  it('refuses a name a live key of the franchise has (in any case); a revoked key’s name is free again', async () => {
    const key = await createKey();
    const duplicate = await create({ name: key.name.toUpperCase(), restaurant_id: OWN_RESTAURANT.id });
    expect(duplicate.status).toBe(422);
    expectErrorEnvelope(duplicate.body, 'An API key with this name already exists');
    expect(duplicate.body.errors).toEqual({ name: ['An API key with this name already exists'] });

    expect((await t.call('DELETE', `api-keys/${key.id}`, { token: owner })).status).toBe(200);
    expect((await create({ name: key.name, restaurant_id: null })).status).toBe(201);
  });

  it('lets exactly one of a burst of creates with one name through; the others get the same 422', async () => {
    const name = uniqueName('Burst');
    const results = await Promise.all(Array.from({ length: 5 }, () => create({ name, restaurant_id: null })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422, 422, 422]);
    for (const r of results.filter((r) => r.status === 422)) expect(r.body.errors).toEqual({ name: [expect.any(String)] });
  });
});

describe('requireApiKey', () => {
  it('accepts a live key and names it, its franchise, branch and time zone', async () => {
    const all = await createKey(null);
    const one = await createKey(OWN_RESTAURANT.id);
    const call = probe(database.db);
    const a = await call(`Bearer ${all.secret}`);
    expect(a.status).toBe(200);
    expect(a.body.data).toEqual({
      id: all.id,
      name: all.name,
      franchiseId: 1,
      restaurantId: null,
      access: 'ingest',
      timeZone: 'Australia/Sydney',
    });
    expect((await call(`bearer ${one.secret}`)).body.data).toMatchObject({ id: one.id, restaurantId: OWN_RESTAURANT.id });
  });

  it('refuses a console token, no key, another scheme, a revoked, unknown or altered key with the usual 401', async () => {
    const key = await createKey();
    const revoked = await createKey();
    expect((await t.call('DELETE', `api-keys/${revoked.id}`, { token: owner })).status).toBe(200);
    const last = key.secret.at(-2) === 'A' ? 'B' : 'A';
    const call = probe(database.db);
    for (const authorization of [
      `Bearer ${owner}`,
      undefined,
      '',
      'Bearer',
      `Basic ${key.secret}`,
      key.secret,
      `Bearer ${revoked.secret}`,
      `Bearer ${key.secret.slice(0, -2)}${last}${key.secret.at(-1)}`,
      `Bearer ${key.prefix}`,
      `Bearer ${key.secret}x`,
      `Bearer ${key.secret} extra`,
    ]) {
      const res = await call(authorization);
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expectErrorEnvelope(res.body, 'Unauthenticated');
    }
  });

  it('a key is refused by the console’s calls, which take console tokens only', async () => {
    const key = await createKey();
    for (const [method, path] of [
      ['GET', 'profile'],
      ['GET', 'restaurants'],
      ['GET', 'people'],
      ['GET', 'api-keys'],
      ['POST', 'api-keys'],
    ] as const) {
      const res = await t.call(method, path, {
        token: key.secret,
        body: method === 'POST' ? { name: 'x', restaurant_id: null } : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect((await t.call('DELETE', `api-keys/${key.id}`, { token: key.secret })).status).toBe(401);
    // The analytics take read keys: an ingest key is told it is the wrong kind.
    const analytics = await t.call('GET', 'analytics/revenues', { token: key.secret });
    expect(analytics.status).toBe(403);
    expectErrorEnvelope(analytics.body, 'This is an ingest key: it may call the ingest calls only');
  });

  it('a revoke through one server refuses the key on another at its next request (two apps on one database, no cache)', async () => {
    const a = createTestApp(database.db);
    const b = createTestApp(database.openPeer());
    const key = await createKey();
    // An ingest call, behind requireApiKey in the real app.
    const ingest = (app: typeof a, token: string) => app.call('GET', '/api/v1/ingest/restaurants', { token });
    expect((await ingest(b, key.secret)).status).toBe(200);
    expect((await ingest(b, key.secret)).status).toBe(200);
    expect((await ingest(b, owner)).status).toBe(401);
    const token = await a.login(OWNER);
    expect((await a.call('DELETE', `api-keys/${key.id}`, { token })).status).toBe(200);
    expect((await ingest(b, key.secret)).status).toBe(401);
    expect((await ingest(a, key.secret)).status).toBe(401);
    expect((await probe(database.openPeer(), a.now)(`Bearer ${key.secret}`)).status).toBe(401);
  });

  it('records last_used_at at most once a minute per key', async () => {
    const key = await createKey();
    const other = await createKey();
    const call = probe(database.db);
    const lastUsed = async (id: number) => (await list()).find((k) => k.id === id)!.last_used_at;
    expect(await lastUsed(key.id)).toBeNull();

    const first = t.now();
    expect((await call(`Bearer ${key.secret}`)).status).toBe(200);
    expect(await lastUsed(key.id)).toBe(new Date(first).toISOString());
    expect(await lastUsed(other.id)).toBeNull();

    t.advance(59_000);
    expect((await call(`Bearer ${key.secret}`)).status).toBe(200);
    expect(await lastUsed(key.id)).toBe(new Date(first).toISOString());

    t.advance(1_001);
    expect((await call(`Bearer ${key.secret}`)).status).toBe(200);
    expect(await lastUsed(key.id)).toBe(new Date(t.now()).toISOString());
  });

  it('writes the key’s row at most once a minute, also when servers race (the update itself is conditional)', async () => {
    const key = await createKey();
    // xmin is the transaction that last wrote the row.
    const writer = async () =>
      (await sql<{ xmin: string }>`select xmin::text from api_keys where id = ${key.id}`.execute(database.db)).rows[0]!.xmin;
    const call = probe(database.db);
    const firstUse = t.now();
    expect((await call(`Bearer ${key.secret}`)).status).toBe(200);
    const recorded = await writer();
    // On the embedded database: nothing but reads (no statement that may write ticks its write clock).
    const clock = writeClockOfDatabase(database.db);
    const ticks = clock?.value;
    for (let i = 0; i < 5; i++) {
      t.advance(5_000);
      expect((await call(`Bearer ${key.secret}`)).status).toBe(200);
    }
    expect(await writer()).toBe(recorded);
    expect(clock?.value).toBe(ticks);
    // A server that read the key before another one recorded the use: its update finds nothing to write.
    await touchApiKey(database.db, key.id, new Date(t.now()));
    expect(await writer()).toBe(recorded);
    expect((await storedRow(key.id)).last_used_at).toEqual(new Date(firstUse));
  });
});
