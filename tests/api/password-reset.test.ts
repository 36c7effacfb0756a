import { hashPassword } from '../../server/auth/passwords';
import { createTestApp, expectErrorEnvelope, OWNER, PUBLIC_URL, RIVAL } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// A spy that still hashes for real: it counts the argon2 work a request costs.
vi.mock('../../server/auth/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/auth/passwords')>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const FORGOT = 'If an account exists for that address, a reset link has been sent.';
const INVALID = 'This reset link is invalid or has expired.';
const MINUTE = 60_000;

function linkOf(message: { text: string } | undefined): URL {
  const match = message?.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error('no link in the mail');
  return new URL(match[0]);
}

describe('password reset', () => {
  it('mails a single-use link built from PUBLIC_URL, sets the password and revokes older tokens', async () => {
    const t = createTestApp(database.db);
    const oldToken = await t.login(RIVAL);
    const res = await t.call('POST', 'password/forgot', {
      body: { email: 'RIVAL@example.com' },
      headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: FORGOT, data: null });
    expect(t.mailer.messages).toHaveLength(1);
    const mail = t.mailer.messages[0]!;
    expect(mail.to).toBe('rival@example.com');
    const link = linkOf(mail);
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toBe('/change-password');
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const mismatch = await t.call('POST', 'password/reset', {
      body: { token, password: 'new-password-1', password_confirmation: 'other' },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toEqual({ password_confirmation: ['Passwords do not match'] });

    const reset = await t.call('POST', 'password/reset', {
      body: { token, password: 'new-password-1', password_confirmation: 'new-password-1' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.status).toBe('success');

    const reused = await t.call('POST', 'password/reset', {
      body: { token, password: 'new-password-2', password_confirmation: 'new-password-2' },
    });
    expect(reused.status).toBe(400);
    expectErrorEnvelope(reused.body, INVALID);

    expect((await t.call('GET', 'profile', { token: oldToken })).status).toBe(401);
    expect((await t.call('POST', 'refresh', { token: oldToken })).status).toBe(401);
    expect((await t.call('POST', 'login', { body: RIVAL })).status).toBe(401);
    const fresh = await t.login({ email: RIVAL.email, password: 'new-password-1' });
    expect((await t.call('GET', 'profile', { token: fresh })).status).toBe(200);
  });

  it('answers an unknown address the same way and sends nothing', async () => {
    const t = createTestApp(database.db);
    const res = await t.call('POST', 'password/forgot', { body: { email: 'nobody@example.com' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: FORGOT, data: null });
    expect(t.mailer.messages).toHaveLength(0);
  });

  it('refuses a link after 60 minutes and a made-up token', async () => {
    const t = createTestApp(database.db);
    await t.call('POST', 'password/forgot', { body: { email: OWNER.email } });
    const token = linkOf(t.mailer.messages[0]).searchParams.get('token')!;
    t.advance(60 * MINUTE);
    const late = await t.call('POST', 'password/reset', { body: { token, password: 'x-password', password_confirmation: 'x-password' } });
    expect(late.status).toBe(400);
    expectErrorEnvelope(late.body, INVALID);
    const made = await t.call('POST', 'password/reset', {
      body: { token: 'A'.repeat(43), password: 'x-password', password_confirmation: 'x-password' },
    });
    expect(made.status).toBe(400);
    expect((await t.call('POST', 'login', { body: OWNER })).status).toBe(200);
  });

  it('accepts a link just inside 60 minutes, and using one link voids the others', async () => {
    const t = createTestApp(database.db);
    t.advance(16 * MINUTE);
    await t.call('POST', 'password/forgot', { body: { email: OWNER.email } });
    await t.call('POST', 'password/forgot', { body: { email: OWNER.email } });
    const [first, second] = t.mailer.messages.map((m) => linkOf(m).searchParams.get('token')!);
    t.advance(60 * MINUTE - 1000);
    const body = (token: string) => ({ token, password: 'owner-new-pass', password_confirmation: 'owner-new-pass' });
    expect((await t.call('POST', 'password/reset', { body: body(second!) })).status).toBe(200);
    expect((await t.call('POST', 'password/reset', { body: body(first!) })).status).toBe(400);
  });

  it('sends at most 3 mails per account in 15 minutes, with the same answer', async () => {
    const t = createTestApp(database.db);
    t.advance(200 * MINUTE);
    for (let i = 0; i < 5; i++) {
      const res = await t.call('POST', 'password/forgot', { body: { email: OWNER.email } });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(FORGOT);
    }
    expect(t.mailer.messages).toHaveLength(3);
    t.advance(15 * MINUTE);
    await t.call('POST', 'password/forgot', { body: { email: OWNER.email } });
    expect(t.mailer.messages).toHaveLength(4);
  });

  it('validates the forgot-password input', async () => {
    const t = createTestApp(database.db);
    const res = await t.call('POST', 'password/forgot', { body: { email: 'nope' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ email: ['Invalid email address'] });
  });

  it('asks for at least 8 and at most 128 characters in a new password', async () => {
    const t = createTestApp(database.db);
    const short = await t.call('POST', 'password/reset', {
      body: { token: 'A'.repeat(43), password: 'seven77', password_confirmation: 'seven77' },
    });
    expect(short.status).toBe(422);
    expectErrorEnvelope(short.body, 'Password must be at least 8 characters');
    expect(short.body.errors).toEqual({ password: ['Password must be at least 8 characters'] });
    const long = 'x'.repeat(129);
    const tooLong = await t.call('POST', 'password/reset', {
      body: { token: 'A'.repeat(43), password: long, password_confirmation: long },
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors).toEqual({ password: ['Password must be at most 128 characters'] });
  });

  it('spends no argon2 work on an invalid, used or expired link', async () => {
    const t = createTestApp(database.db);
    t.advance(400 * MINUTE);
    await t.call('POST', 'password/forgot', { body: { email: RIVAL.email } });
    const token = linkOf(t.mailer.messages[0]).searchParams.get('token')!;
    const body = (tok: string) => ({ body: { token: tok, password: 'rival-new-pass', password_confirmation: 'rival-new-pass' } });
    const hashes = vi.mocked(hashPassword);
    hashes.mockClear();
    expect((await t.call('POST', 'password/reset', body('B'.repeat(43)))).status).toBe(400);
    expect(hashes).not.toHaveBeenCalled();
    expect((await t.call('POST', 'password/reset', body(token))).status).toBe(200);
    expect(hashes).toHaveBeenCalledTimes(1);
    expect((await t.call('POST', 'password/reset', body(token))).status).toBe(400);
    expect(hashes).toHaveBeenCalledTimes(1);
  });

  it('lets exactly one of two simultaneous resets with one link change the password', async () => {
    const t = createTestApp(database.db);
    t.advance(500 * MINUTE);
    await t.call('POST', 'password/forgot', { body: { email: RIVAL.email } });
    const token = linkOf(t.mailer.messages[0]).searchParams.get('token')!;
    const [first, second] = await Promise.all(
      ['rival-pass-one', 'rival-pass-two'].map((password) =>
        t.call('POST', 'password/reset', { body: { token, password, password_confirmation: password } }),
      ),
    );
    expect([first!.status, second!.status].sort()).toEqual([200, 400]);
    const winner = first!.status === 200 ? 'rival-pass-one' : 'rival-pass-two';
    const loser = first!.status === 200 ? 'rival-pass-two' : 'rival-pass-one';
    expect((await t.call('POST', 'login', { body: { email: RIVAL.email, password: loser } })).status).toBe(401);
    expect((await t.call('POST', 'login', { body: { email: RIVAL.email, password: winner } })).status).toBe(200);
  });

  it('limits forgot and reset to 10 requests per 15 minutes per client address', async () => {
    const t = createTestApp(database.db);
    t.advance(600 * MINUTE);
    const address = '192.0.2.200';
    for (let i = 0; i < 10; i++) {
      expect((await t.call('POST', 'password/forgot', { body: { email: `nobody${i}@example.com` }, address })).status).toBe(200);
      const made = { token: `${'C'.repeat(42)}${i}`, password: 'any-password', password_confirmation: 'any-password' };
      expect((await t.call('POST', 'password/reset', { body: made, address })).status).toBe(400);
    }
    const forgot = await t.call('POST', 'password/forgot', { body: { email: OWNER.email }, address });
    expect(forgot.status).toBe(429);
    expect(forgot.headers.get('retry-after')).toBe('900');
    expectErrorEnvelope(forgot.body, 'Too many password reset requests. Try again in 900 seconds.');
    const reset = await t.call('POST', 'password/reset', {
      body: { token: 'D'.repeat(43), password: 'any-password', password_confirmation: 'any-password' },
      address,
    });
    expect(reset.status).toBe(429);
    expect(reset.headers.get('retry-after')).toBe('900');
    // Another address is another client.
    expect((await t.call('POST', 'password/forgot', { body: { email: OWNER.email }, address: '192.0.2.201' })).status).toBe(200);
  });
});
