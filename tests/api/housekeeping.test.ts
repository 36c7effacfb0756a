import { decodeJwt } from 'jose';
import { purgeExpired, startHousekeeping } from '../../server/housekeeping';
import { passwordRules } from '../../server/auth/rate-limit';
import { silentLogger } from '../../server/logger';
import { createTestApp, OWNER, RIVAL } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const count = async (
  table: 'revoked_tokens' | 'revoked_sessions' | 'login_attempts' | 'password_reset_tokens',
  column: string,
  value: string,
) =>
  Number(
    (
      await database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(column as never, '=', value as never)
        .executeTakeFirstOrThrow()
    ).n,
  );

const linkToken = (text: string) => new URL(text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;

/** The key of an account's failed sign-ins from one client (limits count by account id). */
const attemptKeyOf = async (email: string, address: string) => {
  const { id } = await database.db.selectFrom('franchise_users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return passwordRules(`id:${id}`, address).perAccountAddress.key;
};

describe('purging expired rows', () => {
  it('keeps revocations while a token or sign-in could still be used, and drops them after', async () => {
    const t = createTestApp(database.db);
    const first = await t.login(OWNER);
    const second = (await t.call('POST', 'refresh', { token: first })).body.data.access_token as string;
    expect((await t.call('POST', 'logout', { token: second })).status).toBe(200);
    const { jti, sid, auth_time } = decodeJwt(first) as { jti: string; sid: string; auth_time: number };
    expect(await count('revoked_tokens', 'jti', jti)).toBe(1);
    expect(await count('revoked_sessions', 'sid', sid)).toBe(1);

    // The rotated token could be refreshed until the window ends; the sign-in's last token lives an hour more.
    const windowEnd = (auth_time + t.config.refreshWindow) * 1000;
    await purgeExpired(database.db, windowEnd - 1000);
    expect(await count('revoked_tokens', 'jti', jti)).toBe(1);
    await purgeExpired(database.db, windowEnd + 1000);
    expect(await count('revoked_tokens', 'jti', jti)).toBe(0);
    expect(await count('revoked_sessions', 'sid', sid)).toBe(1);
    await purgeExpired(database.db, windowEnd + HOUR + 1000);
    expect(await count('revoked_sessions', 'sid', sid)).toBe(0);
  });

  it('drops used reset links once outside the mail throttle, unused ones once expired, and ended attempt windows', async () => {
    const t = createTestApp(database.db);
    t.advance(DAY);
    await t.call('POST', 'password/forgot', { body: { email: RIVAL.email } });
    await t.call('POST', 'password/forgot', { body: { email: OWNER.email } });
    const used = linkToken(t.mailer.messages[0]!.text);
    const body = { token: used, password: 'rival-new-pass', password_confirmation: 'rival-new-pass' };
    expect((await t.call('POST', 'password/reset', { body })).status).toBe(200);
    const userId = async (email: string) =>
      String((await database.db.selectFrom('franchise_users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id);
    const [rival, owner] = [await userId(RIVAL.email), await userId(OWNER.email)];
    await t.call('POST', 'login', { body: { email: OWNER.email, password: 'wrong-password' }, address: '192.0.2.150' });
    const attemptKey = passwordRules(`id:${owner}`, '192.0.2.150').perAccountAddress.key;
    expect(await count('login_attempts', 'key', attemptKey)).toBe(1);

    // Used, but still counted by the 3-mails-per-15-minutes throttle.
    await purgeExpired(database.db, t.now() + 14 * MINUTE);
    expect(await count('password_reset_tokens', 'user_id', rival)).toBe(1);
    expect(await count('login_attempts', 'key', attemptKey)).toBe(1);
    await purgeExpired(database.db, t.now() + 16 * MINUTE);
    expect(await count('password_reset_tokens', 'user_id', rival)).toBe(0);
    expect(await count('login_attempts', 'key', attemptKey)).toBe(0);
    // The owner's unused link works for 60 minutes.
    expect(await count('password_reset_tokens', 'user_id', owner)).toBe(1);
    await purgeExpired(database.db, t.now() + 60 * MINUTE);
    expect(await count('password_reset_tokens', 'user_id', owner)).toBe(0);
  });

  it('is not done by sign-in or logout requests', async () => {
    const t = createTestApp(database.db);
    t.advance(10 * DAY);
    await t.call('POST', 'login', { body: { email: RIVAL.email, password: 'wrong-password' }, address: '192.0.2.151' });
    // A day later the counter's window has long ended, yet neither request removes it: that is the timer's work.
    t.advance(DAY);
    expect((await t.call('POST', 'logout', { token: await t.login(OWNER) })).status).toBe(200);
    expect(await count('login_attempts', 'key', await attemptKeyOf(RIVAL.email, '192.0.2.151'))).toBe(1);
  });

  it('runs on a timer in the server process until stopped', async () => {
    const t = createTestApp(database.db);
    t.advance(20 * DAY);
    await t.call('POST', 'login', { body: { email: RIVAL.email, password: 'wrong-password' }, address: '192.0.2.152' });
    const key = await attemptKeyOf(RIVAL.email, '192.0.2.152');
    expect(await count('login_attempts', 'key', key)).toBe(1);
    t.advance(HOUR);
    const housekeeping = startHousekeeping({ db: database.db, clock: t.now, logger: silentLogger }, 20);
    try {
      await vi.waitFor(async () => expect(await count('login_attempts', 'key', key)).toBe(0), { timeout: 5000, interval: 20 });
      // Later rows go on a later tick, without a request.
      await t.call('POST', 'login', { body: { email: RIVAL.email, password: 'wrong-password' }, address: '192.0.2.152' });
      expect(await count('login_attempts', 'key', key)).toBe(1);
      t.advance(HOUR);
      await vi.waitFor(async () => expect(await count('login_attempts', 'key', key)).toBe(0), { timeout: 5000, interval: 20 });
    } finally {
      await housekeeping.stop();
    }
  });
});
