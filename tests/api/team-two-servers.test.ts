import { sql } from 'kysely';
import { LAST_OWNER_MESSAGE } from '@contract/team.contract';
import type { Db } from '../../server/db/database';
import { createTestApp, expectErrorEnvelope, OWNER } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

/**
 * Two servers on one database: a team change made through one applies at the member's next request
 * through the other (every request reads the member; on the embedded database each app's read cache
 * is emptied by any write). On PostgreSQL the tests also hold the franchise's row lock from a third
 * connection, so that two changes are both past their sign-in check when they meet.
 */
let database: TestDatabase;
let a: ReturnType<typeof createTestApp>;
let b: ReturnType<typeof createTestApp>;
let owner: string;
beforeAll(async () => {
  database = await openTestDatabase();
  a = createTestApp(database.db);
  b = createTestApp(database.openPeer());
  owner = await a.login(OWNER);
});
afterAll(() => database.close());

const POSTGRES = Boolean(process.env.DATABASE_URL);
const FRANCHISE = 1;

let serial = 0;
/** A member invited through server A who set their password and signed in through server B. */
async function member(role: 'owner' | 'manager', restaurantIds: number[] = [1]) {
  serial++;
  const email = `two.servers.${serial}@example.com`;
  const invited = await a.call('POST', 'team', {
    token: owner,
    body: { email, name: `Two Servers ${serial}`, role, restaurant_ids: restaurantIds },
  });
  expect(invited.status, invited.text).toBe(201);
  const link = a.mailer.messages
    .filter((m) => m.to === email)
    .at(-1)!
    .text.match(/https?:\/\/\S+/)![0];
  const token = new URL(link).searchParams.get('token')!;
  const reset = await b.call('POST', 'password/reset', { body: { token, password: 'two-servers', password_confirmation: 'two-servers' } });
  expect(reset.status, reset.text).toBe(200);
  return { ...invited.body.data, token: await b.login({ email, password: 'two-servers' }) };
}

async function update(id: number, changes: Record<string, unknown>, token = owner, app = a) {
  const current = (await app.call('GET', 'team', { token })).body.data.find((m: any) => m.id === id);
  return app.call('PUT', `team/${id}`, {
    token,
    body: { name: current.name, role: current.role, restaurant_ids: current.restaurant_ids, version: current.version, ...changes },
  });
}

const owners = async () =>
  (
    await database.db
      .selectFrom('franchise_users')
      .select('id')
      .where('franchise_id', '=', FRANCHISE)
      .where('role', '=', 'owner')
      .orderBy('id')
      .execute()
  ).map((r) => r.id);

describe('a team change through one server', () => {
  it('narrows a manager at their next request through the other: the branch taken away is 404', async () => {
    const m = await member('manager', [1, 2]);
    expect((await b.call('GET', 'restaurants/2', { token: m.token })).status).toBe(200);
    expect((await b.call('GET', 'restaurants/2', { token: m.token })).status).toBe(200);
    expect((await update(m.id, { restaurant_ids: [1] })).status).toBe(200);
    const res = await b.call('GET', 'restaurants/2', { token: m.token });
    expect(res.status).toBe(404);
    expectErrorEnvelope(res.body, 'Restaurant not found');
    expect((await b.call('GET', 'restaurants', { token: m.token })).body.data.map((r: any) => r.id)).toEqual([1]);
    expect((await b.call('GET', 'restaurants/1', { token: m.token })).status).toBe(200);
  });

  it('removes a member: their next request through the other is refused (401)', async () => {
    const m = await member('manager');
    expect((await b.call('GET', 'people', { token: m.token })).status).toBe(200);
    expect((await b.call('GET', 'people', { token: m.token })).status).toBe(200);
    expect((await a.call('DELETE', `team/${m.id}`, { token: owner })).status).toBe(200);
    expect((await b.call('GET', 'people', { token: m.token })).status).toBe(401);
    expect((await b.call('GET', 'profile', { token: m.token })).status).toBe(401);
  });

  it('demotes an owner: the team is 404 to them at their next request through the other', async () => {
    const m = await member('owner');
    expect((await b.call('GET', 'team', { token: m.token })).status).toBe(200);
    expect((await update(m.id, { role: 'manager', restaurant_ids: [1] })).status).toBe(200);
    expect((await b.call('GET', 'team', { token: m.token })).status).toBe(404);
  });
});

/** Holds the franchise's row lock on a connection of its own while `during` runs, then commits. */
async function holdingFranchise(peer: Db, during: (trx: Db) => Promise<void>): Promise<void> {
  await peer.transaction().execute(async (trx) => {
    await sql`select id from franchises where id = ${FRANCHISE} for update`.execute(trx);
    await during(trx);
  });
}

/** Waits until `count` sessions of the test's database wait for a lock. */
async function lockWaiters(count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(database.db);
    if (rows[0]!.n >= count) return;
    if (Date.now() > deadline) throw new Error(`${rows[0]!.n} of ${count} sessions wait for the lock`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!POSTGRES)('changes that meet past their sign-in check (PostgreSQL)', () => {
  it('two owners demoting each other through two servers leave one owner; the other is told a franchise needs one', async () => {
    const x = await member('owner');
    const y = await member('owner');
    // Only x and y are owners.
    for (const id of await owners())
      if (id !== x.id && id !== y.id) expect((await update(id, { role: 'manager', restaurant_ids: [1] }, x.token)).status).toBe(200);
    const [readX, readY] = await Promise.all(
      [x.id, y.id].map(async (id) => (await a.call('GET', 'team', { token: x.token })).body.data.find((m: any) => m.id === id)),
    );
    const demote = (app: typeof a, token: string, m: any) =>
      app.call('PUT', `team/${m.id}`, { token, body: { name: m.name, role: 'manager', restaurant_ids: [1], version: m.version } });
    let both: Promise<Awaited<ReturnType<typeof demote>>[]> | undefined;
    await holdingFranchise(database.openPeer(), async () => {
      both = Promise.all([demote(a, x.token, readY), demote(b, y.token, readX)]);
      await lockWaiters(2);
    });
    const answers = await both!;
    expect(answers.map((r) => r.status).sort(), answers.map((r) => r.text).join('\n')).toEqual([200, 409]);
    expectErrorEnvelope(answers.find((r) => r.status === 409)!.body, LAST_OWNER_MESSAGE);
    expect(await owners()).toHaveLength(1);
    // The demo owner is an owner again for the next test.
    const survivor = (await owners())[0] === x.id ? x : y;
    expect((await update(1, { role: 'owner', restaurant_ids: [] }, survivor.token)).status).toBe(200);
  });

  it('two owners removing each other through two servers leave one owner; the other is told a franchise needs one', async () => {
    const x = await member('owner');
    const y = await member('owner');
    for (const id of await owners())
      if (id !== x.id && id !== y.id) expect((await update(id, { role: 'manager', restaurant_ids: [1] }, x.token)).status).toBe(200);
    let both: Promise<Awaited<ReturnType<typeof a.call>>[]> | undefined;
    await holdingFranchise(database.openPeer(), async () => {
      both = Promise.all([a.call('DELETE', `team/${y.id}`, { token: x.token }), b.call('DELETE', `team/${x.id}`, { token: y.token })]);
      await lockWaiters(2);
    });
    const answers = await both!;
    expect(answers.map((r) => r.status).sort(), answers.map((r) => r.text).join('\n')).toEqual([200, 409]);
    expectErrorEnvelope(answers.find((r) => r.status === 409)!.body, LAST_OWNER_MESSAGE);
    expect(await owners()).toHaveLength(1);
    const survivor = (await owners())[0] === x.id ? x : y;
    expect((await update(1, { role: 'owner', restaurant_ids: [] }, survivor.token)).status).toBe(200);
  });

  it('a change by an owner demoted while it waited is refused as a manager’s (404), and nothing is made', async () => {
    const x = await member('owner');
    const before = await a.call('GET', 'team', { token: owner });
    const activity = Number(
      (
        await database.db
          .selectFrom('activity_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    let pending: ReturnType<typeof b.call> | undefined;
    await holdingFranchise(database.openPeer(), async (trx) => {
      pending = b.call('POST', 'team', {
        token: x.token,
        body: { email: 'too.late@example.com', name: 'Too Late', role: 'owner', restaurant_ids: [] },
      });
      await lockWaiters(1);
      await trx.updateTable('franchise_users').set({ role: 'manager' }).where('id', '=', x.id).execute();
    });
    const answer = await pending!;
    expect(answer.status, answer.text).toBe(404);
    expectErrorEnvelope(answer.body, 'Not found');
    const after = await a.call('GET', 'team', { token: owner });
    expect(after.body.data.map((m: any) => m.email)).not.toContain('too.late@example.com');
    expect(after.body.data.length).toBe(before.body.data.length);
    expect(
      Number(
        (
          await database.db
            .selectFrom('activity_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(activity);
  });
});
