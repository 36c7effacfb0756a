import { decodeJwt } from 'jose';
import type { TokenClaims } from '@contract/auth.contract';
import { STALE_VERSION_MESSAGE } from '@contract/people.contract';
import { createTestApp, expectErrorEnvelope, expectSuccessEnvelope, OWNER, RIVAL } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;

beforeEach(async () => {
  // A database per test: password changes and versions must not leak between them.
  database = await openTestDatabase();
  t = createTestApp(database.db);
});
afterEach(() => database.close());

async function profile(token: string) {
  const res = await t.call('GET', 'profile', { token });
  expect(res.status).toBe(200);
  return res.body.data.user;
}

/** The profile as the form sends it back. */
function formBody(user: any, overrides: Record<string, unknown> = {}) {
  const { id: _id, franchise: _franchise, ...fields } = user;
  return { ...fields, ...overrides };
}

describe('GET /franchise/profile', () => {
  it('answers the signed-in user with the version a save names', async () => {
    const user = await profile(await t.login(OWNER));
    expect(user).toMatchObject({ email: OWNER.email, name: 'Olivia Owner', version: 1, franchise: { name: 'Harbour Eats Group' } });
    expect(user).not.toHaveProperty('password_hash');
    expect(user).not.toHaveProperty('token_version');
  });
});

describe('PUT /franchise/profile', () => {
  it('saves every field and bumps the version; the token stays valid without a password change', async () => {
    const token = await t.login(OWNER);
    const before = await profile(token);
    const res = await t.call('PUT', 'profile', {
      token,
      body: formBody(before, {
        picture: 'https://images.example.com/me.png',
        name: 'Olivia Renamed',
        email: 'Olivia@Example.com',
        phone: '+61 412 000 111',
        state: 'VIC',
        city: 'Melbourne',
        street_address: '1 Collins Street',
        suburb: 'Docklands',
        post_code: '3008',
        current_password: OWNER.password,
      }),
    });
    expect(res.status, res.text).toBe(200);
    expectSuccessEnvelope(res.body);
    expect(res.body.message).toBe('Profile updated successfully!');
    const expected = {
      ...before,
      picture: 'https://images.example.com/me.png',
      name: 'Olivia Renamed',
      email: 'olivia@example.com',
      phone: '+61 412 000 111',
      state: 'VIC',
      city: 'Melbourne',
      street_address: '1 Collins Street',
      suburb: 'Docklands',
      post_code: '3008',
      version: 2,
    };
    expect(res.body.data).toEqual({ user: expected });
    expect(await profile(token)).toEqual(expected);
    // The new e-mail signs in; the old one no longer does.
    expect((await t.call('POST', 'login', { body: { email: 'olivia@example.com', password: OWNER.password } })).status).toBe(200);
    expect((await t.call('POST', 'login', { body: OWNER })).status).toBe(401);
  });

  it('answers 422 with a message per field', async () => {
    const token = await t.login(OWNER);
    const before = await profile(token);
    const res = await t.call('PUT', 'profile', {
      token,
      body: formBody(before, {
        picture: 'ftp://images.example.com/me.png',
        name: '',
        email: 'nobody',
        phone: '12',
        state: 'Victoria',
        post_code: 'abcd',
        new_password: 'short',
        confirm_password: 'short',
      }),
    });
    expect(res.status).toBe(422);
    expectErrorEnvelope(res.body);
    expect(res.body.errors).toEqual({
      picture: ['Invalid URL'],
      name: ['Name is required'],
      email: ['Invalid email address'],
      phone: ['Invalid phone number'],
      state: ['State must be one of NSW, VIC, QLD, SA, WA, TAS, ACT, NT'],
      post_code: ['Post code must be 4 digits'],
      new_password: ['Password must be at least 8 characters'],
    });
    expect(await profile(token)).toEqual(before);
  });

  it('changes the sign-in e-mail only with the current password, and tells the old address', async () => {
    const token = await t.login(OWNER);
    const before = await profile(token);
    const without = await t.call('PUT', 'profile', { token, body: formBody(before, { email: 'thief@example.net' }) });
    expect(without.status).toBe(422);
    expect(without.body.errors).toEqual({ current_password: ['Enter your current password to change your email'] });
    const wrong = await t.call('PUT', 'profile', {
      token,
      body: formBody(before, { email: 'thief@example.net', current_password: 'not-the-password' }),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ current_password: ['Current password is incorrect'] });
    expect(await profile(token)).toEqual(before);

    const mailed = t.mailer.messages.length;
    const right = await t.call('PUT', 'profile', {
      token,
      body: formBody(before, { email: 'olivia.new@example.com', current_password: OWNER.password }),
    });
    expect(right.status, right.text).toBe(200);
    await vi.waitFor(() => expect(t.mailer.messages.length).toBe(mailed + 1));
    const notice = t.mailer.messages.at(-1)!;
    expect(notice.to).toBe(OWNER.email);
    expect(notice.text).toContain('olivia.new@example.com');
    // A save that keeps the e-mail needs no password.
    const rename = await t.call('PUT', 'profile', { token, body: formBody(await profile(token), { name: 'Olivia Kept' }) });
    expect(rename.status).toBe(200);
  });

  it("refuses another franchise user's e-mail exactly as a reserved address: nothing tells them apart", async () => {
    const token = await t.login(OWNER);
    const res = await t.call('PUT', 'profile', {
      token,
      body: formBody(await profile(token), { email: RIVAL.email, current_password: OWNER.password }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ email: ['This email address cannot be used to sign in'] });
    const reserved = await t.call('PUT', 'profile', {
      token,
      body: formBody(await profile(token), { email: 'someone@people.invalid', current_password: OWNER.password }),
    });
    expect({ status: reserved.status, body: reserved.body }).toEqual({ status: res.status, body: res.body });
  });

  it('of two accounts taking one new e-mail at the same time, exactly one gets it and the other a 422 on email', async () => {
    const tokens = [await t.login(OWNER), await t.login(RIVAL)];
    const passwords = [OWNER.password, RIVAL.password];
    const bodies = await Promise.all(
      tokens.map(async (token, i) => formBody(await profile(token), { email: 'wanted@example.com', current_password: passwords[i] })),
    );
    const answers = await Promise.all(tokens.map((token, i) => t.call('PUT', 'profile', { token, body: bodies[i] })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.status === 422)!.body.errors).toEqual({ email: ['This email address cannot be used to sign in'] });
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const token = await t.login(OWNER);
    const before = await profile(token);
    expect((await t.call('PUT', 'profile', { token, body: formBody(before, { name: 'First' }) })).status).toBe(200);
    const stale = await t.call('PUT', 'profile', { token, body: formBody(before, { name: 'Second' }) });
    expect(stale.status).toBe(409);
    expectErrorEnvelope(stale.body, STALE_VERSION_MESSAGE);
    expect(await profile(token)).toMatchObject({ name: 'First', version: 2 });
  });

  it('needs the current password, new and confirm to match, and the current password right', async () => {
    const token = await t.login(OWNER);
    const before = await profile(token);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ new_password: 'a-new-password', confirm_password: 'a-new-password' }, { current_password: ['Current password is required'] }],
      [
        { current_password: OWNER.password, new_password: 'a-new-password', confirm_password: 'another-password' },
        { confirm_password: ['Passwords do not match'] },
      ],
      [{ current_password: OWNER.password, new_password: 'a-new-password' }, { confirm_password: ['Passwords do not match'] }],
      [
        { current_password: 'not-my-password', new_password: 'a-new-password', confirm_password: 'a-new-password' },
        { current_password: ['Current password is incorrect'] },
      ],
    ];
    for (const [fields, errors] of cases) {
      const res = await t.call('PUT', 'profile', { token, body: formBody(before, fields) });
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(res.body.errors).toEqual(errors);
    }
    expect(await profile(token)).toEqual(before);
    expect((await t.call('POST', 'login', { body: OWNER })).status).toBe(200);
  });

  it('counts wrong current passwords against the account sign-in limit: 429 once it is used up, for login too', async () => {
    const token = await t.login(OWNER);
    const body = formBody(await profile(token), {
      current_password: 'a-wrong-guess',
      new_password: 'a-new-password',
      confirm_password: 'a-new-password',
    });
    let status = 422;
    let tries = 0;
    while (status === 422 && tries < 30) {
      status = (await t.call('PUT', 'profile', { token, body })).status;
      tries++;
    }
    expect(status).toBe(429);
    // Five wrong guesses a minute from one client, as for sign-in.
    expect(tries).toBe(6);
    const right = await t.call('PUT', 'profile', { token, body: { ...body, current_password: OWNER.password } });
    expect(right.status).toBe(429);
    // Sign-in from a client that has not failed is not refused: guessing with a stolen token cannot lock the owner out.
    expect((await t.call('POST', 'login', { body: OWNER, address: '192.0.2.77' })).status).toBe(200);
  });

  it('a password change signs every other token out, keeps the caller signed in with a new token, and the new password signs in', async () => {
    const token = await t.login(OWNER);
    const other = await t.login(OWNER);
    const rival = await t.login(RIVAL);
    const before = await profile(token);
    const res = await t.call('PUT', 'profile', {
      token,
      body: formBody(before, { current_password: OWNER.password, new_password: 'my-new-password', confirm_password: 'my-new-password' }),
    });
    expect(res.status, res.text).toBe(200);
    const data = res.body.data;
    expect(data).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 3600,
      user: { ...before, version: 2 },
    });
    const claims = decodeJwt(data.access_token) as unknown as TokenClaims;
    expect(claims).toMatchObject({ sub: String(before.id), ver: 1 });

    expect((await t.call('GET', 'profile', { token })).status).toBe(401);
    expect((await t.call('GET', 'profile', { token: other })).status).toBe(401);
    expect((await t.call('POST', 'refresh', { token: other })).status).toBe(401);
    expect((await t.call('GET', 'profile', { token: data.access_token })).status).toBe(200);
    expect((await t.call('GET', 'profile', { token: rival })).status).toBe(200);

    expect((await t.call('POST', 'login', { body: OWNER })).status).toBe(401);
    const fresh = await t.call('POST', 'login', { body: { email: OWNER.email, password: 'my-new-password' } });
    expect(fresh.status).toBe(200);
    expect((await t.call('GET', 'profile', { token: fresh.body.data.access_token })).status).toBe(200);
  });

  it('needs a token', async () => {
    expect((await t.call('PUT', 'profile', { body: { name: 'x' } })).status).toBe(401);
  });
});
