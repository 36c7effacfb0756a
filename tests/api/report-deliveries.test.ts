import { randomBytes } from 'node:crypto';
import type { Db } from '../../server/db/database';
import { purgeExpired } from '../../server/housekeeping';
import { silentLogger } from '../../server/logger';
import { BACKOFF_MS, LEASE_MS, LEASE_RAN_OUT, MAX_ATTEMPTS } from '../../server/mail/queue';
import { claimDeliveries, enqueueDue, markFailed, markSent, type Delivery } from '../../server/reports/delivery-queue';
import { nextRun, type Schedule } from '../../server/reports/schedule';
import { mailReport, runReports, startReportScheduler } from '../../server/reports/scheduler';
import { memoryMailer } from '../../server/mail/mailer';
import { OWNER, testConfig } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

/**
 * The report queue on the real database: a period is enqueued and mailed once, across servers (two
 * handles on one database; on PostgreSQL two connection pools, as two processes would have).
 */
let database: TestDatabase;
let peer: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  peer = database.openPeer();
});
afterAll(() => database.close());
afterEach(() => database.db.deleteFrom('report_subscriptions').execute());

const POSTGRES = Boolean(process.env.DATABASE_URL);
const SYDNEY = 'Australia/Sydney';
const OWNER_ID = 1;
const MINUTE = 60_000;
const MONDAY_7: Schedule = { frequency: 'weekly', weekday: 1, hour: 7 };

/** A subscription of the demo owner (franchise 1, Sydney), first due at `nextRunAt`. */
async function subscribe(nextRunAt: Date, schedule: Schedule = MONDAY_7): Promise<number> {
  const { id } = await database.db
    .insertInto('report_subscriptions')
    .values({
      franchise_id: 1,
      user_id: OWNER_ID,
      page: 'dashboard',
      range: '7days',
      ...schedule,
      next_run_at: nextRunAt,
      unsubscribe_hash: randomBytes(16).toString('hex'),
      created_at: new Date('2026-01-01T00:00:00Z'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const deliveries = (subscriptionId: number) =>
  database.db.selectFrom('report_deliveries').selectAll().where('subscription_id', '=', subscriptionId).orderBy('id').execute();
const nextRunAt = async (subscriptionId: number) =>
  (await database.db.selectFrom('report_subscriptions').select('next_run_at').where('id', '=', subscriptionId).executeTakeFirstOrThrow())
    .next_run_at;

/** A server's round at a pinned instant, recording what it mailed. */
function server(db: Db, clock: () => number, deliver: (d: Delivery) => Promise<void> = async () => {}) {
  const sent: Delivery[] = [];
  return {
    sent,
    run: () =>
      runReports({ db, clock, logger: silentLogger }, async (d) => {
        await deliver(d);
        sent.push(d);
      }),
  };
}

// Monday 30 November 2026, 07:00 AEDT.
const SLOT = new Date('2026-11-29T20:00:00Z');

describe('enqueueing', () => {
  it('enqueues a due period once, however often it runs, and moves next_run_at to the next slot', async () => {
    const id = await subscribe(SLOT);
    expect(await enqueueDue(database.db, new Date(SLOT.getTime() - 1))).toBe(0);
    expect(await enqueueDue(database.db, SLOT)).toBe(1);
    expect(await enqueueDue(database.db, SLOT)).toBe(0);
    expect(await enqueueDue(database.db, new Date(SLOT.getTime() + MINUTE))).toBe(0);
    const rows = await deliveries(id);
    expect(rows.map((r) => [r.period, r.scheduled_at.toISOString(), r.status, r.attempts])).toEqual([
      ['2026-11-30T07', SLOT.toISOString(), 'pending', 0],
    ]);
    expect((await nextRunAt(id)).toISOString()).toBe('2026-12-06T20:00:00.000Z');
  });

  it('after three missed weeks enqueues only the latest period, and next_run_at is in the future', async () => {
    const id = await subscribe(SLOT);
    const now = new Date(SLOT.getTime() + 3 * 7 * 24 * 60 * MINUTE + 5 * MINUTE);
    expect(await enqueueDue(database.db, now)).toBe(1);
    expect((await deliveries(id)).map((r) => [r.period, r.scheduled_at.toISOString()])).toEqual([
      ['2026-12-21T07', '2026-12-20T20:00:00.000Z'],
    ]);
    expect((await nextRunAt(id)).toISOString()).toBe('2026-12-27T20:00:00.000Z');
    expect(await enqueueDue(database.db, now)).toBe(0);
  });
});

describe('two servers on one database', () => {
  it('racing over the same due subscriptions mail each period exactly once in total', async () => {
    const ids = [];
    for (let i = 0; i < 8; i++) ids.push(await subscribe(SLOT));
    const now = () => SLOT.getTime() + MINUTE;
    // A mail takes a while, so one server's rounds claim while the other is sending.
    const slowly = () => new Promise<void>((resolve) => setTimeout(resolve, 5));
    const a = server(database.db, now, slowly);
    const b = server(peer, now, slowly);
    await Promise.all([a.run(), b.run(), a.run(), b.run(), a.run(), b.run()]);
    const mailed = [...a.sent, ...b.sent].map((d) => d.subscription.id).sort((x, y) => x - y);
    expect(mailed).toEqual(ids);
    for (const id of ids) expect((await deliveries(id)).map((r) => r.status)).toEqual(['sent']);
  });

  it.skipIf(!POSTGRES)('a claim never takes a delivery another server is claiming at that moment', async () => {
    const id = await subscribe(SLOT);
    await enqueueDue(database.db, SLOT);
    let other: Promise<Delivery[]> | undefined;
    await database.db.transaction().execute(async (trx) => {
      // The first server's claim, not yet committed.
      await trx
        .updateTable('report_deliveries')
        .set({ leased_until: new Date(SLOT.getTime() + LEASE_MS) })
        .where('subscription_id', '=', id)
        .execute();
      other = claimDeliveries(peer, SLOT, 10);
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    expect(await other).toEqual([]);
  });

  it('a delivery claimed by a server that died is sent by the other once the lease ends, and once only', async () => {
    const id = await subscribe(SLOT);
    expect(await enqueueDue(database.db, SLOT)).toBe(1);
    const [dead] = await claimDeliveries(database.db, SLOT, 10);
    expect(dead!.subscription.id).toBe(id);
    expect(dead!.member.id).toBe(OWNER_ID);
    expect(dead!.time_zone).toBe(SYDNEY);

    let at = SLOT.getTime() + LEASE_MS - 1;
    const other = server(peer, () => at);
    await other.run();
    expect(other.sent).toEqual([]);
    at = SLOT.getTime() + LEASE_MS + 1;
    await other.run();
    await other.run();
    expect(other.sent.map((d) => d.period)).toEqual(['2026-11-30T07']);
    // The dead server's claim no longer holds it: marking it changes nothing.
    expect(await markSent(database.db, dead!, new Date(at))).toBe(false);
    const [row] = await deliveries(id);
    expect([row!.status, row!.sent_at?.getTime()]).toEqual(['sent', at]);
  });
  it('a claim whose lease ran out cannot mark the delivery another server has claimed since', async () => {
    const id = await subscribe(SLOT);
    await enqueueDue(database.db, SLOT);
    const [stale] = await claimDeliveries(database.db, SLOT, 10);
    const later = new Date(SLOT.getTime() + LEASE_MS + 1);
    const [current] = await claimDeliveries(peer, later, 10);
    expect(current!.id).toBe(stale!.id);
    expect(await markSent(database.db, stale!, later)).toBe(false);
    expect(await markFailed(database.db, stale!, later, 'late')).toBe(false);
    // Each claim counted its attempt; the stale one's failure is not counted again.
    expect((await deliveries(id)).map((r) => [r.status, r.attempts])).toEqual([['pending', 2]]);
    expect(await markSent(peer, current!, later)).toBe(true);
    expect((await deliveries(id)).map((r) => r.status)).toEqual(['sent']);
  });
});

describe('retries', () => {
  it('retries a failed mail after the back-off, and marks it sent once it goes', async () => {
    const id = await subscribe(SLOT);
    let at = SLOT.getTime();
    let failures = 2;
    let calls = 0;
    const s = server(
      database.db,
      () => at,
      async () => {
        calls++;
        if (failures-- > 0) throw new Error(`SMTP 451 try again (${calls})`);
      },
    );
    await s.run();
    expect(calls).toBe(1);
    let [row] = await deliveries(id);
    expect([row!.status, row!.attempts, row!.last_error, row!.next_attempt_at.getTime()]).toEqual([
      'pending',
      1,
      'SMTP 451 try again (1)',
      at + BACKOFF_MS[0]!,
    ]);

    at += BACKOFF_MS[0]! - 1;
    await s.run();
    expect(calls).toBe(1);
    at += 1;
    await s.run();
    expect(calls).toBe(2);
    [row] = await deliveries(id);
    expect([row!.attempts, row!.next_attempt_at.getTime()]).toEqual([2, at + BACKOFF_MS[1]!]);

    at += BACKOFF_MS[1]! - 1;
    await s.run();
    expect(calls).toBe(2);
    at += 1;
    await s.run();
    await s.run();
    expect(calls).toBe(3);
    expect(s.sent.map((d) => d.period)).toEqual(['2026-11-30T07']);
    [row] = await deliveries(id);
    expect([row!.status, row!.attempts, row!.sent_at?.getTime()]).toEqual(['sent', 3, at]);
  });

  it(`gives up a mail whose send kills every server that takes it, after ${MAX_ATTEMPTS} attempts`, async () => {
    const id = await subscribe(SLOT);
    await enqueueDue(database.db, SLOT);
    let at = SLOT.getTime();
    // Each server claims it and dies mid-send; the other takes it once the lease has run out.
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++, at += LEASE_MS + 1) {
      const claimed = await claimDeliveries(attempt % 2 ? database.db : peer, new Date(at), 10);
      expect(claimed.map((d) => d.attempts)).toEqual([attempt]);
    }
    const s = server(peer, () => at);
    await s.run();
    expect(s.sent).toEqual([]);
    const [row] = await deliveries(id);
    expect([row!.status, row!.attempts, row!.leased_until, row!.last_error]).toEqual(['failed', MAX_ATTEMPTS, null, LEASE_RAN_OUT]);
  });

  it(`gives up after ${MAX_ATTEMPTS} failed attempts`, async () => {
    const id = await subscribe(SLOT);
    let at = SLOT.getTime();
    let calls = 0;
    const s = server(
      database.db,
      () => at,
      async () => {
        calls++;
        throw new Error('mailbox unavailable');
      },
    );
    // Stepping an hour at a time reaches every retry, and stays within the subscription's week.
    for (let i = 0; i < 24; i++, at += 60 * MINUTE) await s.run();
    expect(calls).toBe(MAX_ATTEMPTS);
    const [row] = await deliveries(id);
    expect([row!.status, row!.attempts, row!.last_error]).toEqual(['failed', MAX_ATTEMPTS, 'mailbox unavailable']);
  });
});

describe('across daylight saving in Sydney', () => {
  it.each([
    // 07:00 AEDT is 20:00Z the day before, 07:00 AEST 21:00Z.
    [
      'ends',
      '2026-03-27T00:00:00Z',
      ['2026-03-30T07', '2026-04-06T07', '2026-04-13T07'],
      ['2026-03-29T20:00:00.000Z', '2026-04-05T21:00:00.000Z', '2026-04-12T21:00:00.000Z'],
    ],
    [
      'starts',
      '2026-09-25T00:00:00Z',
      ['2026-09-28T07', '2026-10-05T07', '2026-10-12T07'],
      ['2026-09-27T21:00:00.000Z', '2026-10-04T20:00:00.000Z', '2026-10-11T20:00:00.000Z'],
    ],
  ])('Monday 07:00 goes out once a week as daylight saving %s', async (_, start, periods, instants) => {
    const first = nextRun(MONDAY_7, SYDNEY, new Date(start));
    const id = await subscribe(first.at);
    let at = Date.parse(start);
    const s = server(database.db, () => at);
    // Every 20 minutes for 18 days.
    for (; at < Date.parse(start) + 18 * 24 * 60 * MINUTE; at += 20 * MINUTE) await s.run();
    expect(s.sent.map((d) => d.period)).toEqual(periods);
    const rows = await deliveries(id);
    expect(rows.map((r) => r.period)).toEqual(periods);
    expect(rows.map((r) => r.scheduled_at.toISOString())).toEqual(instants);
    // Each went out at the first round at or after 07:00 on the wall clock.
    for (const row of rows) expect(row.sent_at!.getTime() - row.scheduled_at.getTime()).toBeLessThan(20 * MINUTE);
  });
});

describe('the real sender', () => {
  it("mails the member the subscription's report for the period, once", async () => {
    const id = await subscribe(SLOT);
    const mailer = memoryMailer();
    const clock = () => SLOT.getTime() + MINUTE;
    const deliver = mailReport({ db: database.db, config: testConfig(), clock, mailer });
    const deps = { db: database.db, clock, logger: silentLogger };
    expect(await runReports(deps, deliver)).toBe(1);
    expect(await runReports(deps, deliver)).toBe(0);
    expect(mailer.messages.map((m) => [m.to, m.attachments?.[0]?.contentType])).toEqual([[OWNER.email, 'application/pdf']]);
    expect(mailer.messages[0]!.text).toContain('2026-11-30T07');
    expect((await deliveries(id)).map((r) => r.status)).toEqual(['sent']);
  });
});

describe('startReportScheduler', () => {
  it('runs rounds on its timer, and stop() waits for the round under way', async () => {
    const id = await subscribe(SLOT);
    let release!: () => void;
    const sending = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const began = new Promise<void>((resolve) => (started = resolve));
    const scheduler = startReportScheduler(
      { db: database.db, clock: () => SLOT.getTime(), logger: silentLogger },
      async () => {
        started();
        await sending;
      },
      10,
    );
    await began;
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect((await deliveries(id)).map((r) => r.status)).toEqual(['sent']);
  });
});

describe('purging', () => {
  it('drops sent and given-up deliveries 90 days after their slot, keeps newer and pending ones', async () => {
    const id = await subscribe(SLOT);
    const now = new Date('2026-11-25T00:00:00Z');
    const row = (period: string, daysAgo: number, status: 'pending' | 'sent' | 'failed') => {
      const scheduledAt = new Date(now.getTime() - daysAgo * 24 * 60 * MINUTE);
      return { subscription_id: id, period, scheduled_at: scheduledAt, next_attempt_at: scheduledAt, status };
    };
    await database.db
      .insertInto('report_deliveries')
      .values([
        row('old-sent', 91, 'sent'),
        row('old-failed', 91, 'failed'),
        row('old-pending', 200, 'pending'),
        row('recent-sent', 89, 'sent'),
      ])
      .execute();
    expect((await purgeExpired(database.db, now.getTime())).reportDeliveries).toBe(2);
    expect((await deliveries(id)).map((d) => d.period).sort()).toEqual(['old-pending', 'recent-sent']);
  });
});
