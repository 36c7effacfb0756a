import { createTestApp, expectErrorEnvelope, OWNER, RIVAL } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const wrong = (email = OWNER.email) => ({ email, password: 'wrong-password' });

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
});
