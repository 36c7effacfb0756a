import { ALERT_RETENTION_DAYS } from '../../server/alerts/alerts.repository';
import { evaluateDue } from '../../server/alerts/evaluation';
import { claimAlertMails, markAlertMailSent, type AlertMail } from '../../server/alerts/mail-queue';
import { mailAlert, runAlerts, startAlertScheduler } from '../../server/alerts/scheduler';
import type { Db } from '../../server/db/database';
import { purgeExpired } from '../../server/housekeeping';
import { silentLogger } from '../../server/logger';
import { memoryMailer } from '../../server/mail/mailer';
import { BACKOFF_MS, LEASE_MS, LEASE_RAN_OUT, MAX_ATTEMPTS } from '../../server/mail/queue';
import { slotInstant } from '../../server/reports/schedule';
import { testConfig } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

/**
 * Alerts across servers (two handles on one database; on PostgreSQL two connection pools, as two
 * processes would have): a rule's day is evaluated once and each member mailed once; a mail claimed
 * by a server that died goes out from another after the lease; a failed mail is retried.
 */
let database: TestDatabase;
let peer: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  peer = database.openPeer();
  // Fremantle trades on Perth's clock in the seed; here every branch is on Sydney's, so one rule is due for all at once.
  await database.db.updateTable('restaurants').set({ time_zone: 'Australia/Sydney' }).where('franchise_id', '=', 1).execute();
});
afterAll(() => database.close());
afterEach(async () => {
  await database.db.deleteFrom('alert_rules').execute();
  await database.db.deleteFrom('alerts').execute();
});

const POSTGRES = Boolean(process.env.DATABASE_URL);
const OWNER_ID = 1;
const MANAGER_ID = 2;
// 11:00 on Wednesday 2 December 2026 in Sydney; the seed has no trade, so "no trade by 11:00" fires for every active branch.
const DAY = '2026-12-02';
const ELEVEN = slotInstant('Australia/Sydney', DAY, 11).getTime();

/** A "no trade by 11:00" rule for every branch, telling the owner and the manager, created that morning. */
async function noTradeRule(): Promise<number> {
  const at = new Date(ELEVEN - 3 * 3_600_000);
  const { id } = await database.db
    .insertInto('alert_rules')
    .values({ franchise_id: 1, kind: 'no_trade', restaurant_id: null, threshold_tenths: 110, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await database.db
    .insertInto('alert_rule_recipients')
    .values([OWNER_ID, MANAGER_ID].map((user_id) => ({ rule_id: id, user_id })))
    .execute();
  return id;
}

const mails = () =>
  database.db
    .selectFrom('alert_recipients as ar')
    .innerJoin('alerts as a', 'a.id', 'ar.alert_id')
    .select(['ar.user_id', 'a.restaurant_id', 'ar.status', 'ar.attempts', 'ar.last_error', 'ar.next_attempt_at', 'ar.sent_at'])
    .orderBy('ar.user_id')
    .orderBy('a.restaurant_id')
    .execute();

/** A server's rounds at a pinned instant, recording what it mailed. */
function server(db: Db, clock: () => number, deliver: (mail: AlertMail) => Promise<void> = async () => {}) {
  const sent: AlertMail[] = [];
  return {
    sent,
    run: () =>
      runAlerts({ db, clock, logger: silentLogger }, async (mail) => {
        await deliver(mail);
        sent.push(mail);
      }),
  };
}
const key = (m: AlertMail) => `${m.member.id}/${m.alert.restaurant_id}`;
// Branches 1, 2, 3 and 5 are active; the manager reaches 1 and 2.
const EXPECTED = ['1/1', '1/2', '1/3', '1/5', '2/1', '2/2'];

describe('two servers on one database', () => {
  it('racing over the same due rule raise one alert per branch and mail each member once', async () => {
    await noTradeRule();
    const now = () => ELEVEN + 60_000;
    // A mail takes a while, so one server's rounds claim while the other is sending.
    const slowly = () => new Promise<void>((resolve) => setTimeout(resolve, 5));
    const a = server(database.db, now, slowly);
    const b = server(peer, now, slowly);
    await Promise.all([a.run(), b.run(), a.run(), b.run(), a.run(), b.run()]);
    expect([...a.sent, ...b.sent].map(key).sort()).toEqual(EXPECTED);
    const alerts = await database.db.selectFrom('alerts').select('restaurant_id').orderBy('restaurant_id').execute();
    expect(alerts.map((r) => r.restaurant_id)).toEqual([1, 2, 3, 5]);
    expect((await mails()).map((m) => m.status)).toEqual(EXPECTED.map(() => 'sent'));
  });

  it.skipIf(!POSTGRES)('a server evaluating a rule holds its day: the other waits for it, then finds it done', async () => {
    const rule = await noTradeRule();
    const now = new Date(ELEVEN);
    let other: Promise<number> | undefined;
    await database.db.transaction().execute(async (trx) => {
      // The first server's claims, not yet committed.
      await trx
        .insertInto('alert_evaluations')
        .values([1, 2, 3, 5].map((restaurant_id) => ({ rule_id: rule, restaurant_id, day: DAY, evaluated_at: now })))
        .execute();
      other = evaluateDue(peer, now);
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    expect(await other).toBe(0);
    expect(await database.db.selectFrom('alerts').select('id').execute()).toEqual([]);
  });

  it('a mail claimed by a server that died is sent by the other once the lease ends, and once only', async () => {
    await noTradeRule();
    await evaluateDue(database.db, new Date(ELEVEN));
    const dead = await claimAlertMails(database.db, new Date(ELEVEN), 100);
    expect(dead.map(key).sort()).toEqual(EXPECTED);

    let at = ELEVEN + LEASE_MS - 1;
    const other = server(peer, () => at);
    await other.run();
    expect(other.sent).toEqual([]);
    at = ELEVEN + LEASE_MS + 1;
    await other.run();
    await other.run();
    expect(other.sent.map(key).sort()).toEqual(EXPECTED);
    // The dead server's claims no longer hold: marking them changes nothing.
    for (const claim of dead) expect(await markAlertMailSent(database.db, claim, new Date(at))).toBe(false);
    expect((await mails()).map((m) => [m.status, m.sent_at?.getTime()])).toEqual(EXPECTED.map(() => ['sent', at]));
  });
});

describe('retries', () => {
  it('a mail the SMTP server refuses is retried after the back-off and sent once it recovers, the attempt recorded', async () => {
    await noTradeRule();
    let at = ELEVEN;
    let smtpDown = true;
    let calls = 0;
    const s = server(
      database.db,
      () => at,
      async () => {
        calls++;
        if (smtpDown) throw new Error('SMTP 421 service not available');
      },
    );
    await s.run();
    expect(calls).toBe(EXPECTED.length);
    expect((await mails()).map((m) => [m.status, m.attempts, m.last_error, m.next_attempt_at.getTime()])).toEqual(
      EXPECTED.map(() => ['pending', 1, 'SMTP 421 service not available', at + BACKOFF_MS[0]!]),
    );
    smtpDown = false;
    at += BACKOFF_MS[0]! - 1;
    await s.run();
    expect(calls).toBe(EXPECTED.length);
    at += 1;
    await s.run();
    await s.run();
    expect(calls).toBe(2 * EXPECTED.length);
    expect(s.sent.map(key).sort()).toEqual(EXPECTED);
    expect((await mails()).map((m) => [m.status, m.attempts, m.sent_at?.getTime()])).toEqual(EXPECTED.map(() => ['sent', 2, at]));
  });

  it('a mail whose send kills every server that takes it is given up after MAX_ATTEMPTS claims', async () => {
    await noTradeRule();
    await evaluateDue(database.db, new Date(ELEVEN));
    let at = ELEVEN;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++, at += LEASE_MS + 1) {
      const claimed = await claimAlertMails(attempt % 2 ? database.db : peer, new Date(at), 100);
      expect(claimed.map((m) => m.attempts)).toEqual(EXPECTED.map(() => attempt));
    }
    const s = server(peer, () => at);
    await s.run();
    expect(s.sent).toEqual([]);
    expect((await mails()).map((m) => [m.status, m.attempts, m.last_error])).toEqual(
      EXPECTED.map(() => ['failed', MAX_ATTEMPTS, LEASE_RAN_OUT]),
    );
  });

  it('gives a mail up after MAX_ATTEMPTS failures', async () => {
    await noTradeRule();
    let at = ELEVEN;
    const s = server(
      database.db,
      () => at,
      async () => {
        throw new Error('mailbox unavailable');
      },
    );
    for (let attempt = 0; attempt < MAX_ATTEMPTS + 2; attempt++) {
      await s.run();
      at += BACKOFF_MS.at(-1)!;
    }
    expect((await mails()).map((m) => [m.status, m.attempts])).toEqual(EXPECTED.map(() => ['failed', MAX_ATTEMPTS]));
  });
});

describe('the scheduler', () => {
  it('runs rounds on its timer and at once when woken, and stop() waits for the round under way', async () => {
    await noTradeRule();
    const mailer = memoryMailer();
    const scheduler = startAlertScheduler(
      { db: database.db, clock: () => ELEVEN, logger: silentLogger },
      mailAlert({ config: testConfig(), clock: () => ELEVEN, mailer }),
      60 * 60_000,
    );
    await scheduler.wake();
    expect(mailer.messages.map((m) => m.subject).sort()).toContain('Alert: Harbour Eats Fitzroy — no trade by 11:00 on Wed 2 Dec');
    expect(mailer.messages).toHaveLength(EXPECTED.length);
    void scheduler.wake();
    await scheduler.stop();
    expect(mailer.messages).toHaveLength(EXPECTED.length);
  });
});

describe('housekeeping', () => {
  it(`purges alerts of days more than ${ALERT_RETENTION_DAYS} days old, with their recipients and evaluations`, async () => {
    const rule = await noTradeRule();
    await evaluateDue(database.db, new Date(ELEVEN));
    const later = ELEVEN + ALERT_RETENTION_DAYS * 86_400_000;
    expect((await purgeExpired(database.db, later)).alerts).toBe(0);
    expect((await purgeExpired(database.db, later + 86_400_000)).alerts).toBe(4);
    expect(await mails()).toEqual([]);
    expect(await database.db.selectFrom('alert_evaluations').select('day').where('rule_id', '=', rule).execute()).toEqual([]);
  });
});
