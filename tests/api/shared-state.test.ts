import { createTestApp, OWNER, RIVAL } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** Two servers on one database (two pools on PostgreSQL) must behave as one: nothing lives only in memory. */
describe('two app instances on one database', () => {
  it('share revocations, refresh rotation with reuse detection, and login counters', async () => {
    const a = createTestApp(database.db);
    const b = createTestApp(database.openPeer());

    const token = await a.login(OWNER);
    expect((await b.call('GET', 'profile', { token })).status).toBe(200);
    expect((await b.call('POST', 'logout', { token })).status).toBe(200);
    expect((await a.call('GET', 'profile', { token })).status).toBe(401);

    const old = await b.login(OWNER);
    const rotated = await a.call('POST', 'refresh', { token: old });
    expect(rotated.status).toBe(200);
    expect((await b.call('GET', 'profile', { token: rotated.body.data.access_token })).status).toBe(200);
    // The rotated token replayed on the other server revokes the sign-in on both.
    expect((await b.call('POST', 'refresh', { token: old })).status).toBe(401);
    expect((await a.call('GET', 'profile', { token: rotated.body.data.access_token })).status).toBe(401);

    const address = '192.0.2.77';
    const wrong = { email: RIVAL.email, password: 'wrong-password' };
    for (const app of [a, b, a, b, a]) expect((await app.call('POST', 'login', { body: wrong, address })).status).toBe(401);
    expect((await b.call('POST', 'login', { body: wrong, address })).status).toBe(429);
    expect((await a.call('POST', 'login', { body: RIVAL, address })).status).toBe(429);
  });

  it('share reset tokens: a link mailed by one is used once on the other', async () => {
    const a = createTestApp(database.db);
    const b = createTestApp(database.openPeer());
    await a.call('POST', 'password/forgot', { body: { email: RIVAL.email } });
    const token = new URL(a.mailer.messages[0]!.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
    const body = { token, password: 'shared-new-pass', password_confirmation: 'shared-new-pass' };
    const results = await Promise.all([a.call('POST', 'password/reset', { body }), b.call('POST', 'password/reset', { body })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });
});
