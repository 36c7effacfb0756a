import { createHash } from 'node:crypto';
import { STALE_VERSION_MESSAGE } from '@contract/people.contract';
import {
  LAST_OWNER_MESSAGE,
  MEMBER_BRANCHES_MESSAGE,
  MEMBER_EMAIL_TAKEN_MESSAGE,
  MEMBER_FOREIGN_BRANCH_MESSAGE,
  MEMBER_NOT_FOUND_MESSAGE,
  NOT_INVITED_MESSAGE,
  SELF_DEMOTE_MESSAGE,
  SELF_REMOVE_MESSAGE,
} from '@contract/team.contract';
import { INVITATIONS_PER_WINDOW } from '../../server/auth/rate-limit';
import { DEMO_MANAGER } from '../../server/db/seed';
import { createTestApp, expectErrorEnvelope, expectSuccessEnvelope, OWNER, PUBLIC_URL, RIVAL } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let owner: string;
let manager: string;
beforeAll(async () => {
  database = await openTestDatabase();
  // Tokens outlive the days the invitation tests move the clock on.
  t = createTestApp(database.db, { accessTokenTtl: 60 * 24 * 3600 });
  owner = await t.login(OWNER);
  manager = await t.login(DEMO_MANAGER);
});
afterAll(() => database.close());

// Seed: the demo owner is member 1 and the manager (of restaurants 1 and 2) member 2; the rival's owner is member 3.
const OWNER_ID = 1;
const MANAGER_ID = 2;
const RIVAL_RESTAURANT = 6;
const DAY = 24 * 3_600_000;
const INVALID_LINK = 'This reset link is invalid or has expired.';

let serial = 0;
/** A client address of its own per call, so the sign-in and reset limits never meet these tests. */
const address = () => `198.51.100.${++serial % 250}`;

function newMember(overrides: Record<string, unknown> = {}) {
  serial++;
  return { email: `member.${serial}@example.com`, name: `Member ${serial}`, role: 'manager', restaurant_ids: [1], ...overrides };
}

async function invite(overrides: Record<string, unknown> = {}, token = owner) {
  const res = await t.call('POST', 'team', { token, body: newMember(overrides) });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

/** The token of the last invitation mailed to `email`. */
function invitationToken(email: string): string {
  const mail = t.mailer.messages.filter((m) => m.to === email).at(-1);
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no invitation mailed to ${email}`);
  return new URL(link).searchParams.get('token')!;
}

const setPassword = (token: string, password = 'first-password') =>
  t.call('POST', 'password/reset', { body: { token, password, password_confirmation: password }, address: address() });

/** Invited and then active with a password: a member who can sign in. */
async function activeMember(overrides: Record<string, unknown> = {}) {
  const member = await invite(overrides);
  expect((await setPassword(invitationToken(member.email), 'member-password')).status).toBe(200);
  const token = await t.login({ email: member.email, password: 'member-password' }, address());
  return { ...member, token };
}

const list = async (token = owner) => (await t.call('GET', 'team', { token })).body.data as any[];
const read = async (id: number, token = owner) => (await list(token)).find((m) => m.id === id);

function activityOf(entityId: number) {
  return database.db
    .selectFrom('activity_log')
    .selectAll()
    .where('entity', '=', 'member')
    .where('entity_id', '=', String(entityId))
    .orderBy('id')
    .execute();
}
const activityCount = async () =>
  Number(
    (
      await database.db
        .selectFrom('activity_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('GET /franchise/team', () => {
  it('lists the franchise’s members by name with role, branches and status, never another franchise’s', async () => {
    const res = await t.call('GET', 'team', { token: owner });
    expect(res.status).toBe(200);
    expectSuccessEnvelope(res.body);
    const members = res.body.data as any[];
    expect(members.find((m) => m.id === OWNER_ID)).toEqual({
      id: OWNER_ID,
      email: OWNER.email,
      name: expect.any(String),
      role: 'owner',
      restaurant_ids: [],
      status: 'active',
      version: expect.any(Number),
    });
    expect(members.find((m) => m.id === MANAGER_ID)).toMatchObject({ email: DEMO_MANAGER.email, role: 'manager', restaurant_ids: [1, 2] });
    expect(members.map((m) => m.email)).not.toContain(RIVAL.email);
    const names = members.map((m) => m.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});

describe('POST /franchise/team', () => {
  it('invites a manager: no password, their branches, a 7-day single-use link mailed from PUBLIC_URL and stored hashed', async () => {
    const body = newMember({ email: 'New.Manager@Example.com', restaurant_ids: [2, 1, 2] });
    const res = await t.call('POST', 'team', { token: owner, body, headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' } });
    expect(res.status, res.text).toBe(201);
    expectSuccessEnvelope(res.body);
    const member = res.body.data;
    expect(member).toEqual({
      id: expect.any(Number),
      email: 'new.manager@example.com',
      name: body.name,
      role: 'manager',
      restaurant_ids: [1, 2],
      status: 'invited',
      version: 1,
    });
    const row = await database.db.selectFrom('franchise_users').selectAll().where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    expect(row.franchise_id).toBe(1);

    const mail = t.mailer.messages.at(-1)!;
    expect(mail.to).toBe('new.manager@example.com');
    expect(mail.subject).toBe('You are invited to Harbour Eats Group on Franchise Console');
    const link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toBe('/change-password');
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await database.db.selectFrom('password_reset_tokens').selectAll().where('user_id', '=', member.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(stored[0]!.expires_at.getTime()).toBe(t.now() + 7 * DAY);

    expect(await activityOf(member.id)).toEqual([
      expect.objectContaining({
        franchise_id: 1,
        user_id: OWNER_ID,
        action: 'invited',
        changes: {
          email: [null, 'new.manager@example.com'],
          name: [null, body.name],
          role: [null, 'manager'],
          restaurant_ids: [null, [1, 2]],
        },
      }),
    ]);
  });

  it('stores an owner’s branches empty (every branch)', async () => {
    const member = await invite({ role: 'owner', restaurant_ids: [1, RIVAL_RESTAURANT] });
    expect(member).toMatchObject({ role: 'owner', restaurant_ids: [], status: 'invited' });
    const branches = await database.db.selectFrom('franchise_user_restaurants').selectAll().where('user_id', '=', member.id).execute();
    expect(branches).toEqual([]);
  });

  it('refuses invalid input by field, and records and mails nothing', async () => {
    const mails = t.mailer.messages.length;
    const activity = await activityCount();
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ email: 'not-an-email' }, 'email'],
      [{ name: '  ' }, 'name'],
      [{ role: 'admin' }, 'role'],
      [{ role: 'manager', restaurant_ids: [] }, 'restaurant_ids', MEMBER_BRANCHES_MESSAGE],
      [{ restaurant_ids: [1, RIVAL_RESTAURANT] }, 'restaurant_ids', MEMBER_FOREIGN_BRANCH_MESSAGE],
      [{ restaurant_ids: [99_999] }, 'restaurant_ids', MEMBER_FOREIGN_BRANCH_MESSAGE],
      [{ restaurant_ids: 'all' }, 'restaurant_ids'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await t.call('POST', 'team', { token: owner, body: newMember(overrides) });
      expect(res.status, JSON.stringify(overrides)).toBe(422);
      expectErrorEnvelope(res.body);
      expect(Object.keys(res.body.errors), JSON.stringify(overrides)).toContain(field);
      if (message) expect(res.body.errors[field]).toEqual([message]);
    }
    const { email: _email, ...withoutEmail } = newMember();
    expect((await t.call('POST', 'team', { token: owner, body: withoutEmail })).status).toBe(422);
    expect(t.mailer.messages.length).toBe(mails);
    expect(await activityCount()).toBe(activity);
  });

  it('refuses an address any sign-in uses, in any franchise, with one answer that never says whose', async () => {
    const mails = t.mailer.messages.length;
    const activity = await activityCount();
    const answers = [];
    for (const email of [RIVAL.email, 'OWNER@example.com', DEMO_MANAGER.email, 'deleted-1@people.invalid']) {
      const res = await t.call('POST', 'team', { token: owner, body: newMember({ email }) });
      expect(res.status, email).toBe(422);
      answers.push(res.body);
    }
    for (const answer of answers) {
      expect(answer).toEqual({ status: 'error', message: MEMBER_EMAIL_TAKEN_MESSAGE, errors: { email: [MEMBER_EMAIL_TAKEN_MESSAGE] } });
    }
    expect(t.mailer.messages.length).toBe(mails);
    expect(await activityCount()).toBe(activity);
  });

  it('gives one 201 to a burst of identical invitations; the others are the taken answer', async () => {
    const body = newMember();
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.call('POST', 'team', { token: owner, body })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, ...Array(7).fill(422)]);
    for (const a of answers.filter((a) => a.status === 422)) expect(a.body.errors).toEqual({ email: [MEMBER_EMAIL_TAKEN_MESSAGE] });
    const rows = await database.db.selectFrom('franchise_users').select('id').where('email', '=', body.email).execute();
    expect(rows).toHaveLength(1);
    expect(await activityOf(rows[0]!.id)).toHaveLength(1);
    expect(t.mailer.messages.filter((m) => m.to === body.email)).toHaveLength(1);
  });
});

describe('the invitation link', () => {
  it('an invited member cannot sign in until the link sets the first password; then they are active', async () => {
    const member = await invite();
    for (const password of ['first-password', 'demo-password'])
      expect((await t.call('POST', 'login', { body: { email: member.email, password }, address: address() })).status).toBe(401);

    const token = invitationToken(member.email);
    expect((await setPassword(token, 'first-password')).status).toBe(200);
    expect((await read(member.id)).status).toBe('active');
    const session = await t.login({ email: member.email, password: 'first-password' }, address());
    const profile = await t.call('GET', 'profile', { token: session });
    expect(profile.body.data.user).toMatchObject({ id: member.id, role: 'manager' });

    // Single use.
    const again = await setPassword(token, 'second-password');
    expect(again.status).toBe(400);
    expectErrorEnvelope(again.body, INVALID_LINK);
    expect((await t.call('POST', 'login', { body: { email: member.email, password: 'second-password' }, address: address() })).status).toBe(
      401,
    );
  });

  it('works until 7 days after the invitation and not at 7 days', async () => {
    const late = await invite();
    const inTime = await invite();
    t.advance(7 * DAY - 1000);
    expect((await setPassword(invitationToken(inTime.email))).status).toBe(200);
    t.advance(1000);
    const res = await setPassword(invitationToken(late.email));
    expect(res.status).toBe(400);
    expectErrorEnvelope(res.body, INVALID_LINK);
    expect((await read(late.id)).status).toBe('invited');
  });

  it('a resend mails a new link and voids the old one; it is only for an invited member', async () => {
    const member = await invite();
    const first = invitationToken(member.email);
    t.advance(DAY);
    const res = await t.call('POST', `team/${member.id}/invitation`, { token: owner });
    expect(res.status, res.text).toBe(200);
    expectSuccessEnvelope(res.body);
    expect(res.body.data).toMatchObject({ id: member.id, status: 'invited' });
    const second = invitationToken(member.email);
    expect(second).not.toBe(first);
    expect(t.mailer.messages.at(-1)!.subject).toBe('You are invited to Harbour Eats Group on Franchise Console');

    expect((await setPassword(first)).status).toBe(400);
    // The new link runs 7 days from the resend.
    t.advance(7 * DAY - 1000);
    expect((await setPassword(second)).status).toBe(200);
    expect((await activityOf(member.id)).map((a) => a.action)).toEqual(['invited', 'invitation_resent']);

    const mails = t.mailer.messages.length;
    const active = await t.call('POST', `team/${member.id}/invitation`, { token: owner });
    expect(active.status).toBe(409);
    expectErrorEnvelope(active.body, NOT_INVITED_MESSAGE);
    expect(t.mailer.messages.length).toBe(mails);
    expect((await activityOf(member.id)).map((a) => a.action)).toEqual(['invited', 'invitation_resent']);

    for (const id of [99_999, 3, 'abc']) {
      const missing = await t.call('POST', `team/${id}/invitation`, { token: owner });
      expect(missing.status).toBe(404);
      expectErrorEnvelope(missing.body, MEMBER_NOT_FOUND_MESSAGE);
    }
  });

  it('mails at most 3 invitations to one member in 15 minutes (429 beyond, with Retry-After)', async () => {
    const member = await invite();
    for (let i = 0; i < INVITATIONS_PER_WINDOW; i++) {
      expect((await t.call('POST', `team/${member.id}/invitation`, { token: owner })).status).toBe(200);
    }
    const mails = t.mailer.messages.length;
    const refused = await t.call('POST', `team/${member.id}/invitation`, { token: owner });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(t.mailer.messages.length).toBe(mails);
    t.advance(15 * 60_000);
    expect((await t.call('POST', `team/${member.id}/invitation`, { token: owner })).status).toBe(200);
  });

  it('a mail that cannot be sent still invites, and says to resend', async () => {
    const failing = createTestApp(database.db, { accessTokenTtl: 60 * 24 * 3600 });
    failing.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    const token = await failing.login(OWNER, address());
    const res = await failing.call('POST', 'team', { token, body: newMember() });
    expect(res.status).toBe(201);
    expect(res.body.message).toMatch(/could not be sent: resend the invitation/);
    expect(res.body.data.status).toBe('invited');
  });
});

describe('PUT /franchise/team/{id}', () => {
  it('changes name, role and branches with the version read, and records each change before → after', async () => {
    const member = await invite({ restaurant_ids: [1] });
    const body = { name: 'Renamed Manager', role: 'manager', restaurant_ids: [3, 1], version: member.version };
    const res = await t.call('PUT', `team/${member.id}`, { token: owner, body });
    expect(res.status, res.text).toBe(200);
    expectSuccessEnvelope(res.body);
    expect(res.body.data).toEqual({ ...member, name: 'Renamed Manager', restaurant_ids: [1, 3], version: member.version + 1 });
    const [, updated] = await activityOf(member.id);
    expect(updated).toMatchObject({
      action: 'updated',
      user_id: OWNER_ID,
      changes: { name: [member.name, 'Renamed Manager'], restaurant_ids: [[1], [1, 3]] },
    });

    // To owner: every branch, none listed.
    const promoted = await t.call('PUT', `team/${member.id}`, {
      token: owner,
      body: { ...body, role: 'owner', version: member.version + 1 },
    });
    expect(promoted.body.data).toMatchObject({ role: 'owner', restaurant_ids: [] });
    expect((await activityOf(member.id)).at(-1)!.changes).toEqual({ role: ['manager', 'owner'], restaurant_ids: [[1, 3], []] });
  });

  it('refuses a stale version (409), a foreign branch and a manager without branches (422), recording nothing', async () => {
    const member = await invite();
    const body = { name: member.name, role: 'manager', restaurant_ids: [1], version: member.version };
    expect((await t.call('PUT', `team/${member.id}`, { token: owner, body: { ...body, name: 'First' } })).status).toBe(200);
    const activity = await activityCount();
    const stale = await t.call('PUT', `team/${member.id}`, { token: owner, body: { ...body, name: 'Second' } });
    expect(stale.status).toBe(409);
    expectErrorEnvelope(stale.body, STALE_VERSION_MESSAGE);
    const next = { ...body, version: member.version + 1 };
    const foreign = await t.call('PUT', `team/${member.id}`, { token: owner, body: { ...next, restaurant_ids: [RIVAL_RESTAURANT] } });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ restaurant_ids: [MEMBER_FOREIGN_BRANCH_MESSAGE] });
    const none = await t.call('PUT', `team/${member.id}`, { token: owner, body: { ...next, restaurant_ids: [] } });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ restaurant_ids: [MEMBER_BRANCHES_MESSAGE] });
    const { version: _version, ...withoutVersion } = next;
    expect((await t.call('PUT', `team/${member.id}`, { token: owner, body: withoutVersion })).status).toBe(422);
    expect(await activityCount()).toBe(activity);
    expect(await read(member.id)).toMatchObject({ name: 'First', restaurant_ids: [1] });
  });

  it('answers 404 for another franchise’s member and unknown ids', async () => {
    for (const id of [3, 99_999, 0, 'abc', '01']) {
      const res = await t.call('PUT', `team/${id}`, {
        token: owner,
        body: { name: 'X', role: 'manager', restaurant_ids: [1], version: 1 },
      });
      expect(res.status, String(id)).toBe(404);
      expectErrorEnvelope(res.body, MEMBER_NOT_FOUND_MESSAGE);
    }
  });
});

describe('DELETE /franchise/team/{id}', () => {
  it('removes a member: gone from the list, their next request refused, their keys revoked, their details erased from the log', async () => {
    const member = await activeMember({ role: 'owner' });
    expect((await t.call('GET', 'profile', { token: member.token })).status).toBe(200);
    const key = await t.call('POST', 'api-keys', { token: member.token, body: { name: `Key of ${member.name}`, restaurant_id: null } });
    expect(key.status, key.text).toBe(201);

    const res = await t.call('DELETE', `team/${member.id}`, { token: owner });
    expect(res.status, res.text).toBe(200);
    expectSuccessEnvelope(res.body);
    expect(res.body.data).toBeNull();
    expect(res.body.message).toBe(`${member.name} removed; 1 API key revoked`);
    expect(await read(member.id)).toBeUndefined();
    expect((await t.call('GET', 'profile', { token: member.token })).status).toBe(401);
    expect((await t.call('POST', 'login', { body: { email: member.email, password: 'member-password' }, address: address() })).status).toBe(
      401,
    );
    const stored = await database.db
      .selectFrom('api_keys')
      .select(['created_by', 'revoked_at'])
      .where('id', '=', key.body.data.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ created_by: null, revoked_at: new Date(t.now()) });
    expect(await database.db.selectFrom('password_reset_tokens').select('id').where('user_id', '=', member.id).execute()).toEqual([]);
    expect((await activityOf(member.id)).at(-1)).toMatchObject({
      action: 'deleted',
      changes: { role: ['owner', null], restaurant_ids: [[], null] },
    });

    const again = await t.call('DELETE', `team/${member.id}`, { token: owner });
    expect(again.status).toBe(404);
    expectErrorEnvelope(again.body, MEMBER_NOT_FOUND_MESSAGE);
    expect((await t.call('DELETE', 'team/3', { token: owner })).status).toBe(404);
    expect((await t.call('GET', 'team', { token: await t.login(RIVAL, address()) })).body.data.map((m: any) => m.email)).toContain(
      RIVAL.email,
    );
  });

  it('an invited member can be removed, and their link dies with them', async () => {
    const member = await invite();
    expect((await t.call('DELETE', `team/${member.id}`, { token: owner })).status).toBe(200);
    expect((await setPassword(invitationToken(member.email))).status).toBe(400);
  });
});

const REFUSALS: Record<number, string> = { 409: LAST_OWNER_MESSAGE, 404: 'Not found', 401: 'Unauthenticated' };

/**
 * Of two owners' simultaneous changes to each other, one is made; the other is refused under the franchise's
 * lock (409, the last owner), or, when its request was read after the first change, as a manager's (404) or,
 * once its caller was removed, as no member's (401).
 */
function expectOneRefused(answers: { status: number; body: any; text: string }[], refusals: number[] = [404, 409]) {
  const what = answers.map((r) => r.text).join('\n');
  expect(
    answers.filter((r) => r.status === 200),
    what,
  ).toHaveLength(1);
  const refused = answers.find((r) => r.status !== 200)!;
  expect(refusals, what).toContain(refused.status);
  expectErrorEnvelope(refused.body, REFUSALS[refused.status]);
}

describe('owners and themselves', () => {
  it('an owner cannot remove or demote themselves, but may rename themselves', async () => {
    const me = await read(OWNER_ID);
    const activity = await activityCount();
    const removal = await t.call('DELETE', `team/${OWNER_ID}`, { token: owner });
    expect(removal.status).toBe(409);
    expectErrorEnvelope(removal.body, SELF_REMOVE_MESSAGE);
    const demotion = await t.call('PUT', `team/${OWNER_ID}`, {
      token: owner,
      body: { name: me.name, role: 'manager', restaurant_ids: [1], version: me.version },
    });
    expect(demotion.status).toBe(409);
    expectErrorEnvelope(demotion.body, SELF_DEMOTE_MESSAGE);
    expect(await activityCount()).toBe(activity);
    expect(await read(OWNER_ID)).toMatchObject({ role: 'owner' });

    const rename = await t.call('PUT', `team/${OWNER_ID}`, {
      token: owner,
      body: { name: me.name, role: 'owner', restaurant_ids: [], version: me.version },
    });
    expect(rename.status).toBe(200);
  });

  it('two owners demoting each other at once leave one owner: the other is told a franchise needs one', async () => {
    for (let round = 0; round < 4; round++) {
      const a = await activeMember({ role: 'owner' });
      const b = await activeMember({ role: 'owner' });
      // Only these two are owners: every other owner of the demo franchise becomes a manager first.
      const owners = (await list()).filter((m) => m.role === 'owner' && m.id !== a.id && m.id !== b.id);
      for (const m of owners) {
        const res = await t.call('PUT', `team/${m.id}`, {
          token: a.token,
          body: { name: m.name, role: 'manager', restaurant_ids: [1], version: m.version },
        });
        expect(res.status, res.text).toBe(200);
      }
      const [ra, rb] = [await read(a.id, a.token), await read(b.id, a.token)];
      const demote = (by: string, m: any) =>
        t.call('PUT', `team/${m.id}`, { token: by, body: { name: m.name, role: 'manager', restaurant_ids: [1], version: m.version } });
      const answers = await Promise.all([demote(a.token, rb), demote(b.token, ra)]);
      expectOneRefused(answers);
      const remaining = (
        await database.db.selectFrom('franchise_users').select('id').where('franchise_id', '=', 1).where('role', '=', 'owner').execute()
      ).map((r) => r.id);
      expect(remaining).toHaveLength(1);
      // The demo owner is an owner again for the next round and the other tests.
      const survivor = (await list(remaining[0] === a.id ? a.token : b.token)).find((m) => m.id === OWNER_ID);
      if (survivor.role !== 'owner') {
        const res = await t.call('PUT', `team/${OWNER_ID}`, {
          token: remaining[0] === a.id ? a.token : b.token,
          body: { name: survivor.name, role: 'owner', restaurant_ids: [], version: survivor.version },
        });
        expect(res.status, res.text).toBe(200);
      }
    }
  });

  it('two owners removing each other at once leave one owner', async () => {
    const a = await activeMember({ role: 'owner' });
    const b = await activeMember({ role: 'owner' });
    const owners = (await list()).filter((m) => m.role === 'owner' && m.id !== a.id && m.id !== b.id);
    for (const m of owners) {
      const res = await t.call('PUT', `team/${m.id}`, {
        token: a.token,
        body: { name: m.name, role: 'manager', restaurant_ids: [1], version: m.version },
      });
      expect(res.status, res.text).toBe(200);
    }
    const answers = await Promise.all([
      t.call('DELETE', `team/${b.id}`, { token: a.token }),
      t.call('DELETE', `team/${a.id}`, { token: b.token }),
    ]);
    expectOneRefused(answers, [401, 409]);
    const survivor = answers[0]!.status === 200 ? a : b;
    expect((await list(survivor.token)).filter((m) => m.role === 'owner').map((m) => m.id)).toEqual([survivor.id]);
    const demo = (await list(survivor.token)).find((m) => m.id === OWNER_ID);
    const res = await t.call('PUT', `team/${OWNER_ID}`, {
      token: survivor.token,
      body: { name: demo.name, role: 'owner', restaurant_ids: [], version: demo.version },
    });
    expect(res.status, res.text).toBe(200);
  });
});

describe('a manager', () => {
  it('gets 404 from every team call, and changes nothing', async () => {
    const target = await invite();
    const activity = await activityCount();
    const mails = t.mailer.messages.length;
    const calls: [string, string, unknown?][] = [
      ['GET', 'team'],
      ['POST', 'team', newMember()],
      ['PUT', `team/${target.id}`, { name: 'Taken over', role: 'owner', restaurant_ids: [], version: target.version }],
      ['PUT', `team/${MANAGER_ID}`, { name: 'Self promoted', role: 'owner', restaurant_ids: [], version: 1 }],
      ['DELETE', `team/${target.id}`],
      ['DELETE', `team/${OWNER_ID}`],
      ['POST', `team/${target.id}/invitation`],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.call(method, path, { token: manager, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expectErrorEnvelope(res.body, 'Not found');
    }
    expect(await activityCount()).toBe(activity);
    expect(t.mailer.messages.length).toBe(mails);
    expect(await read(target.id)).toEqual(target);
    expect(await read(MANAGER_ID)).toMatchObject({ role: 'manager', restaurant_ids: [1, 2] });
  });

  it('who was an owner loses the team at their next request', async () => {
    const member = await activeMember({ role: 'owner' });
    expect((await t.call('GET', 'team', { token: member.token })).status).toBe(200);
    const current = await read(member.id);
    const res = await t.call('PUT', `team/${member.id}`, {
      token: owner,
      body: { name: current.name, role: 'manager', restaurant_ids: [1], version: current.version },
    });
    expect(res.status).toBe(200);
    expect((await t.call('GET', 'team', { token: member.token })).status).toBe(404);
    expect((await t.call('GET', 'profile', { token: member.token })).body.data.user.role).toBe('manager');
  });
});
