import { freshAddress, inviteMember } from './support/team-members';
import { createTestApp, expectErrorEnvelope, OWNER, RIVAL } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// What a mailed password link is for (GET password/link), and an invitation's link signing the member in.
let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let owner: string;
beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp(database.db);
  owner = await t.login(OWNER);
});
afterAll(() => database.close());

const UNKNOWN = 'This link is invalid, used or expired.';
const MINUTE = 60_000;

/** The token of the last link mailed to `email`. */
function mailedToken(email: string): string {
  const link = t.mailer.messages
    .filter((m) => m.to === email)
    .at(-1)
    ?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link mailed to ${email}`);
  return new URL(link).searchParams.get('token')!;
}

const read = (token: string) => t.call('GET', `password/link?${new URLSearchParams({ token })}`, { address: freshAddress() });
const setPassword = (token: string, password = 'joining-password') =>
  t.call('POST', 'password/reset', { body: { token, password, password_confirmation: password }, address: freshAddress() });

describe('a password link', () => {
  it('of an invitation names the inviter, the franchise, the role and the branches, and stays usable', async () => {
    await inviteMember(t, owner, { email: 'welcome.manager@example.com', name: 'Welcome Manager' });
    const token = mailedToken('welcome.manager@example.com');
    const res = await read(token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      kind: 'invitation',
      email: 'welcome.manager@example.com',
      franchise: 'Harbour Eats Group',
      inviter: 'Olivia Owner',
      role: 'manager',
      restaurants: ['Harbour Eats Parramatta'],
    });
    // Reading used nothing: the link still reads, and still sets the password.
    expect((await read(token)).status).toBe(200);
    expect((await setPassword(token)).status).toBe(200);
  });

  it('of a reset says reset, without an inviter', async () => {
    await t.call('POST', 'password/forgot', { body: { email: RIVAL.email }, address: freshAddress() });
    const res = await read(mailedToken(RIVAL.email));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ kind: 'reset', email: RIVAL.email, inviter: null });
  });

  it('answers an unknown, a used and an expired link with the same 404', async () => {
    await inviteMember(t, owner, { email: 'welcome.used@example.com', name: 'Used Link' });
    const used = mailedToken('welcome.used@example.com');
    expect((await setPassword(used)).status).toBe(200);
    await inviteMember(t, owner, { email: 'welcome.expired@example.com', name: 'Expired Link' });
    const expired = mailedToken('welcome.expired@example.com');
    t.advance(7 * 24 * 60 * MINUTE + MINUTE);
    for (const token of ['Z'.repeat(43), used, expired]) {
      const res = await read(token);
      expect(res.status).toBe(404);
      expectErrorEnvelope(res.body, UNKNOWN);
    }
  });

  it('is read at most 10 times per 15 minutes per client address', async () => {
    t.advance(60 * MINUTE);
    const address = '192.0.2.210';
    for (let i = 0; i < 10; i++) expect((await t.call('GET', `password/link?token=${'Q'.repeat(43)}`, { address })).status).toBe(404);
    const refused = await t.call('GET', `password/link?token=${'Q'.repeat(43)}`, { address });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('900');
  });
});

describe('setting the password through an invitation', () => {
  it('answers a session that works, and a reset answers none', async () => {
    // The earlier tests moved the clock past the owner's sign-in.
    await inviteMember(t, await t.login(OWNER, freshAddress()), { email: 'welcome.joins@example.com', name: 'Joins Today' });
    const res = await setPassword(mailedToken('welcome.joins@example.com'));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ token_type: 'bearer', user: { email: 'welcome.joins@example.com', role: 'manager' } });
    const profile = await t.call('GET', 'profile', { token: res.body.data.access_token });
    expect(profile.status).toBe(200);
    expect(profile.body.data.user.email).toBe('welcome.joins@example.com');

    await t.call('POST', 'password/forgot', { body: { email: 'welcome.joins@example.com' }, address: freshAddress() });
    const reset = await setPassword(mailedToken('welcome.joins@example.com'), 'another-password');
    expect(reset.status).toBe(200);
    expect(reset.body.data).toBeNull();
  });
});
