import { limitAddress } from '../../server/http/client-address';
import { createTestApp, expectErrorEnvelope, OWNER, RIVAL } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const wrong = (email = OWNER.email) => ({ email, password: 'wrong-password' });
const DAY = 24 * 3600_000;

/** How many answers of each status a burst got, e.g. { 401: 5, 429: 35 }. */
function statusCounts(results: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of results) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe('login attempts under concurrency', () => {
  it('checks at most 5 passwords of a burst of 40 for one account from one address; the rest get 429 with Retry-After', async () => {
    const t = createTestApp(database.db);
    t.advance(DAY);
    const address = '192.0.2.60';
    const results = await Promise.all(Array.from({ length: 40 }, () => t.call('POST', 'login', { body: wrong(), address })));
    console.info(`burst of 40 wrong passwords: ${JSON.stringify(statusCounts(results))}`);
    expect(statusCounts(results)).toEqual({ 401: 5, 429: 35 });
    for (const res of results.filter((r) => r.status === 429)) {
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expectErrorEnvelope(res.body);
    }
  });

  it('holds across two app instances on one database', async () => {
    const a = createTestApp(database.db);
    const b = createTestApp(database.openPeer());
    a.advance(2 * DAY);
    b.advance(2 * DAY);
    const address = '192.0.2.61';
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).call('POST', 'login', { body: wrong(RIVAL.email), address })),
    );
    console.info(`burst of 40 over two instances: ${JSON.stringify(statusCounts(results))}`);
    expect(statusCounts(results)).toEqual({ 401: 5, 429: 35 });
  });
});

describe('login rate limit', () => {
  it('refuses the 6th failure within a minute with 429 and Retry-After, leaves other accounts alone, and lifts with the window', async () => {
    const t = createTestApp(database.db);
    const address = '192.0.2.10';
    for (let i = 0; i < 5; i++) {
      t.advance(1000);
      expect((await t.call('POST', 'login', { body: wrong(), address })).status).toBe(401);
    }
    t.advance(1000);
    const sixth = await t.call('POST', 'login', { body: wrong(), address });
    expect(sixth.status).toBe(429);
    // The window opened at the first failure, 5 s ago: 55 s remain.
    expect(sixth.headers.get('retry-after')).toBe('55');
    expectErrorEnvelope(sixth.body, 'Too many login attempts. Try again in 55 seconds.');
    // Even the right password waits: the limit is decided before the password is checked.
    expect((await t.call('POST', 'login', { body: OWNER, address })).status).toBe(429);

    // Another account from the same address, and the same account from another address, are unaffected.
    expect((await t.call('POST', 'login', { body: RIVAL, address })).status).toBe(200);
    expect((await t.call('POST', 'login', { body: OWNER, address: '192.0.2.11' })).status).toBe(200);

    t.advance(55_000);
    expect((await t.call('POST', 'login', { body: OWNER, address })).status).toBe(200);
  });

  it('resets the account counter on success', async () => {
    const t = createTestApp(database.db);
    const address = '192.0.2.20';
    for (let i = 0; i < 4; i++) await t.call('POST', 'login', { body: wrong(), address });
    expect((await t.call('POST', 'login', { body: OWNER, address })).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await t.call('POST', 'login', { body: wrong(), address })).status).toBe(401);
    expect((await t.call('POST', 'login', { body: wrong(), address })).status).toBe(429);
  });

  it('caps failures per address across many accounts (credential stuffing)', async () => {
    const t = createTestApp(database.db);
    const address = '192.0.2.30';
    for (let i = 0; i < 50; i++) {
      expect((await t.call('POST', 'login', { body: wrong(`user${i}@example.com`), address })).status).toBe(401);
    }
    const res = await t.call('POST', 'login', { body: wrong('user-next@example.com'), address });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is on', async () => {
    const untrusted = createTestApp(database.db);
    const socket = '192.0.2.40';
    for (let i = 0; i < 5; i++) {
      await untrusted.call('POST', 'login', { body: wrong(RIVAL.email), address: socket, headers: { 'X-Forwarded-For': `10.0.0.${i}` } });
    }
    // Spoofed header values did not spread the failures over five addresses.
    const blocked = await untrusted.call('POST', 'login', {
      body: wrong(RIVAL.email),
      address: socket,
      headers: { 'X-Forwarded-For': '10.0.0.99' },
    });
    expect(blocked.status).toBe(429);

    const trusted = createTestApp(database.db, { trustProxy: true });
    const proxy = '192.0.2.50';
    for (let i = 0; i < 5; i++) {
      await trusted.call('POST', 'login', { body: wrong(RIVAL.email), address: proxy, headers: { 'X-Forwarded-For': '198.51.100.1' } });
    }
    expect(
      (await trusted.call('POST', 'login', { body: wrong(RIVAL.email), address: proxy, headers: { 'X-Forwarded-For': '198.51.100.1' } }))
        .status,
    ).toBe(429);
    // Behind the trusted proxy, another client is another address.
    expect(
      (await trusted.call('POST', 'login', { body: RIVAL, address: proxy, headers: { 'X-Forwarded-For': '198.51.100.2' } })).status,
    ).toBe(200);
    // Only the entry our proxy appended counts: a client-supplied prefix does not dodge the limit.
    expect(
      (
        await trusted.call('POST', 'login', {
          body: wrong(RIVAL.email),
          address: proxy,
          headers: { 'X-Forwarded-For': '1.2.3.4, 198.51.100.1' },
        })
      ).status,
    ).toBe(429);
  });

  it('takes 20 failures per 15 minutes on one account across addresses, then refuses the clients that failed but never a clean one', async () => {
    const t = createTestApp(database.db);
    t.advance(3 * DAY);
    for (let i = 0; i < 20; i++) {
      expect((await t.call('POST', 'login', { body: wrong(), address: `198.18.0.${i}` })).status).toBe(401);
    }
    // A client that failed on the account waits out the window; its right password is not even checked.
    const failed = await t.call('POST', 'login', { body: OWNER, address: '198.18.0.3' });
    expect(failed.status).toBe(429);
    expect(failed.headers.get('retry-after')).toBe('900');
    expectErrorEnvelope(failed.body, 'Too many login attempts. Try again in 900 seconds.');
    // A client that never failed signs in at once; other accounts from the failing addresses are unaffected.
    expect((await t.call('POST', 'login', { body: OWNER, address: '198.18.1.1' })).status).toBe(200);
    expect((await t.call('POST', 'login', { body: RIVAL, address: '198.18.0.1' })).status).toBe(200);
    t.advance(15 * 60_000);
    expect((await t.call('POST', 'login', { body: OWNER, address: '198.18.0.3' })).status).toBe(200);
  });

  it('cannot be used to lock the owner out: 30 wrong passwords from one address, then the right one from another succeeds at once', async () => {
    const t = createTestApp(database.db);
    t.advance(6 * DAY);
    const attacker = '203.0.113.66';
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await t.call('POST', 'login', { body: wrong(), address: attacker })).status);
      t.advance(13_000);
    }
    // The attacker's own client is throttled: 5 a minute, then 20 per 15 minutes.
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect((await t.call('POST', 'login', { body: OWNER, address: attacker })).status).toBe(429);
    expect((await t.call('POST', 'login', { body: OWNER, address: '192.0.2.200' })).status).toBe(200);
  });

  it("counts by the account, not its e-mail: a new sign-in e-mail keeps the account's failures", async () => {
    const t = createTestApp(database.db);
    t.advance(7 * DAY);
    const address = '192.0.2.201';
    for (let i = 0; i < 5; i++) expect((await t.call('POST', 'login', { body: wrong(RIVAL.email), address })).status).toBe(401);
    const token = await t.login(RIVAL, '192.0.2.202');
    const profile = (await t.call('GET', 'profile', { token })).body.data.user;
    const { id: _id, franchise: _franchise, ...fields } = profile;
    const moved = await t.call('PUT', 'profile', {
      token,
      body: { ...fields, email: 'rival.renamed@example.com', current_password: RIVAL.password },
    });
    expect(moved.status, moved.text).toBe(200);
    // The sixth failure within the minute from the same client, under the new e-mail: still the same account.
    expect((await t.call('POST', 'login', { body: wrong('rival.renamed@example.com'), address })).status).toBe(429);
    const back = await t.call('PUT', 'profile', {
      token,
      body: { ...fields, version: moved.body.data.user.version, email: RIVAL.email, current_password: RIVAL.password },
    });
    expect(back.status, back.text).toBe(200);
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as its IPv4 address', async () => {
    const t = createTestApp(database.db);
    t.advance(4 * DAY);
    for (let i = 1; i <= 5; i++) {
      expect((await t.call('POST', 'login', { body: wrong(RIVAL.email), address: `2001:db8:0:42::${i.toString(16)}` })).status).toBe(401);
    }
    // Another host of the same /64 is the same client; another /64 is another client.
    expect((await t.call('POST', 'login', { body: RIVAL, address: '2001:db8::42:ffff:ffff:ffff:ffff' })).status).toBe(429);
    expect((await t.call('POST', 'login', { body: RIVAL, address: '2001:db8:0:43::1' })).status).toBe(200);

    for (let i = 0; i < 5; i++) await t.call('POST', 'login', { body: wrong(RIVAL.email), address: '::ffff:192.0.2.99' });
    expect((await t.call('POST', 'login', { body: RIVAL, address: '192.0.2.99' })).status).toBe(429);
  });
});

describe('limitAddress', () => {
  it('keeps IPv4, unmaps IPv4-mapped IPv6, and cuts other IPv6 addresses to their /64', () => {
    expect(limitAddress('192.0.2.1')).toBe('192.0.2.1');
    expect(limitAddress('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(limitAddress('::FFFF:c000:0201')).toBe('192.0.2.1');
    expect(limitAddress('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(limitAddress('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(limitAddress('2001:DB8::1')).toBe('2001:db8:0:0::/64');
    expect(limitAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(limitAddress('::1')).toBe('0:0:0:0::/64');
    expect(limitAddress('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(limitAddress('unknown')).toBe('unknown');
  });
});
