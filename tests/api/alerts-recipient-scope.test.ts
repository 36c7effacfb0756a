import { evaluateDue } from '../../server/alerts/evaluation';
import { mailAlert, runAlerts } from '../../server/alerts/scheduler';
import { OUT_OF_REACH, type AlertMail } from '../../server/alerts/mail-queue';
import type { Db } from '../../server/db/database';
import { DEMO_MANAGER } from '../../server/db/seed';
import { silentLogger } from '../../server/logger';
import { createTestApp, OWNER } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// An alert mail goes out some time after its alert was raised (the next round, or a retry); a
// recipient who no longer reaches the alert's branch by then is not mailed. The demo owner is
// member 1; the demo manager, member 2, reaches branches 1 (Parramatta) and 2 (Bondi). The test
// app's clock is 11:00 on Sunday 22 November 2026 in Sydney, and nothing trades in the seed.

let database: TestDatabase;
let db: Db;
let t: ReturnType<typeof createTestApp>;
let owner: string;

const OWNER_ID = 1;
const MANAGER_ID = 2;
const PARRAMATTA = 1;
const BONDI = 2;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  t = createTestApp(db);
});
// A test moves the clock by hours: a token of each test's own.
beforeEach(async () => {
  owner = await t.login(OWNER);
});
afterAll(() => database.close());
afterEach(async () => {
  await db.deleteFrom('alert_rules').execute();
  await db.deleteFrom('alerts').execute();
});

/** Gives the manager `branches` through the team call, as an owner does. */
async function setManagerBranches(branches: number[]) {
  const members = (await t.call('GET', 'team', { token: owner })).body.data as { id: number; name: string; version: number }[];
  const member = members.find((m) => m.id === MANAGER_ID)!;
  const res = await t.call('PUT', `team/${MANAGER_ID}`, {
    token: owner,
    body: { name: member.name, role: 'manager', restaurant_ids: branches, version: member.version },
  });
  expect(res.status, res.text).toBe(200);
}

/**
 * Parramatta's "no trade by 10:00" alert of today, raised for the owner and the manager by an
 * evaluation (the rule is written directly, so no round mails it yet).
 */
async function raiseParramattaAlert(): Promise<number> {
  const at = new Date(t.now());
  const { id } = await db
    .insertInto('alert_rules')
    .values({ franchise_id: 1, kind: 'no_trade', restaurant_id: PARRAMATTA, threshold_tenths: 100, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('alert_rule_recipients')
    .values([OWNER_ID, MANAGER_ID].map((user_id) => ({ rule_id: id, user_id })))
    .execute();
  expect(await evaluateDue(db, at)).toBe(1);
  const [alert] = await db.selectFrom('alerts').select('id').execute();
  return alert!.id;
}

const rows = (alertId: number) =>
  db
    .selectFrom('alert_recipients')
    .select(['user_id', 'status', 'attempts', 'last_error'])
    .where('alert_id', '=', alertId)
    .orderBy('user_id')
    .execute();

/** A round of this server, mailing through `before` (called before each mail is sent); what it mailed. */
async function round(before: (mail: AlertMail) => Promise<void> = async () => {}) {
  const mailed: number[] = [];
  const mail = mailAlert({ config: t.config, clock: t.now, mailer: t.mailer });
  await runAlerts({ db, clock: t.now, logger: silentLogger }, async (m) => {
    await before(m);
    await mail(m);
    mailed.push(m.member.id);
  });
  return mailed;
}

describe('a recipient who lost the branch between the evaluation and the mail', () => {
  it('is not mailed, their mail is recorded as skipped and never retried; the owner is mailed', async () => {
    await setManagerBranches([PARRAMATTA, BONDI]);
    const alertId = await raiseParramattaAlert();
    await setManagerBranches([BONDI]);
    t.mailer.messages.length = 0;

    expect(await round()).toEqual([OWNER_ID]);
    expect(t.mailer.messages.map((m) => m.to)).toEqual([OWNER.email]);
    expect(await rows(alertId)).toEqual([
      { user_id: OWNER_ID, status: 'sent', attempts: 1, last_error: null },
      { user_id: MANAGER_ID, status: 'skipped', attempts: 1, last_error: OUT_OF_REACH },
    ]);
    // Hours later, after every back-off: still not mailed, nothing left to retry.
    t.advance(6 * 3_600_000);
    expect(await round()).toEqual([]);
    expect(t.mailer.messages).toHaveLength(1);
    expect((await rows(alertId)).map((r) => r.status)).toEqual(['sent', 'skipped']);

    // The manager's list and bell leave the alert out; the owner's hold it.
    const manager = await t.login(DEMO_MANAGER);
    owner = await t.login(OWNER);
    const mine = (await t.call('GET', 'alerts', { token: manager })).body.data;
    expect([mine.total, mine.items]).toEqual([0, []]);
    expect((await t.call('GET', 'alerts/unread', { token: manager })).body.data).toEqual({ unread: 0 });
    expect((await t.call('GET', 'alerts', { token: owner })).body.data.items.map((a: { id: number }) => a.id)).toEqual([alertId]);
  });

  // Mails are claimed in batches and sent one after another: the change lands after the claim, before the manager's mail.
  it.each([
    ['narrowed to another branch', () => setManagerBranches([BONDI])],
    ['removed from the team', async () => expect((await t.call('DELETE', `team/${MANAGER_ID}`, { token: owner })).status).toBe(200)],
  ])('is not mailed when %s while the batch is being sent', async (_, change) => {
    await setManagerBranches([PARRAMATTA, BONDI]);
    await raiseParramattaAlert();
    // The owner's mail comes first in the batch.
    await db
      .updateTable('alert_recipients')
      .set({ next_attempt_at: new Date(t.now() - 1) })
      .where('user_id', '=', OWNER_ID)
      .execute();
    t.mailer.messages.length = 0;
    const mailed = await round(async (mail) => {
      if (mail.member.id === OWNER_ID) await change();
    });
    expect(mailed).toEqual([OWNER_ID]);
    expect(t.mailer.messages.map((m) => m.to)).toEqual([OWNER.email]);
  });
});
