import { sql, type Kysely } from 'kysely';
import { evaluateDue } from '../../server/alerts/evaluation';
import type { Db } from '../../server/db/database';
import * as perBranch from '../../server/db/migrations/2026-11-29-03-alert-evaluations-per-branch';
import { monthlyFromDaily } from './support/monthly-rollups';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// Alerts run on each branch's own clock, in a Sydney franchise. The demo franchise's branches here:
// 1 Parramatta (Sydney, day from midnight), 2 Bondi (Sydney, day from 03:00), 3 Fitzroy (Sydney, day
// from 02:30), 4 South Bank (Brisbane, inactive) and 5 Fremantle (Perth, day from 02:00). In
// November Sydney is on +11, Brisbane +10 and Perth +8. The seed has no trade. Every round is run by
// two servers at once (two handles on one database), and each alert is raised once.

const PARRAMATTA = 1;
const BONDI = 2;
const FITZROY = 3;
const SOUTH_BANK = 4;
const FREMANTLE = 5;

let database: TestDatabase;
let db: Db;
let peer: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  peer = database.openPeer();
  await db.updateTable('restaurants').set({ day_starts_at: 180 }).where('id', '=', BONDI).execute();
  await db.updateTable('restaurants').set({ day_starts_at: 150 }).where('id', '=', FITZROY).execute();
  await db.updateTable('restaurants').set({ day_starts_at: 120 }).where('id', '=', FREMANTLE).execute();
});
afterAll(() => database.close());
afterEach(async () => {
  await db.deleteFrom('alert_rules').execute();
  await db.deleteFrom('alerts').execute();
});

async function addRule(kind: 'no_trade' | 'labour_cost', threshold_tenths: number, restaurant_id: number | null, created: string) {
  const at = new Date(created);
  const { id } = await db
    .insertInto('alert_rules')
    .values({ franchise_id: 1, kind, restaurant_id, threshold_tenths, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Both servers' rounds at the instant; the alerts they raised between them. */
async function round(iso: string): Promise<number> {
  const at = new Date(iso);
  const raised = await Promise.all([evaluateDue(db, at), evaluateDue(peer, at)]);
  return raised[0] + raised[1];
}

const fired = async () =>
  (await db.selectFrom('alerts').select(['restaurant_id', 'day']).orderBy('restaurant_id').orderBy('day').execute()).map((a) => [
    a.restaurant_id,
    a.day,
  ]);

const claims = async (rule: number) =>
  (
    await db
      .selectFrom('alert_evaluations')
      .select(['restaurant_id', 'day', 'evaluated_at'])
      .where('rule_id', '=', rule)
      .orderBy('restaurant_id')
      .orderBy('day')
      .execute()
  ).map((e) => [e.restaurant_id, e.day, e.evaluated_at.toISOString()]);

/** Rounds every 10 minutes from `from` to `to`, both included. */
async function roundsBetween(from: string, to: string) {
  for (let at = Date.parse(from); at <= Date.parse(to); at += 10 * 60_000) await round(new Date(at).toISOString());
}

describe('"no trade by 10:00" for every branch, and one naming the inactive South Bank', () => {
  it('is due at 10:00 on each branch’s clock, and raised once', async () => {
    // Monday 23 November, 09:00 in Sydney: 06:00 in Perth, 08:00 in Brisbane.
    await addRule('no_trade', 100, null, '2026-11-22T22:00:00Z');
    await addRule('no_trade', 100, SOUTH_BANK, '2026-11-22T22:00:00Z');
    expect(await round('2026-11-22T22:59:59Z')).toBe(0);
    // 10:00 in Sydney: the Sydney branches, whatever their day start.
    expect(await round('2026-11-22T23:00:00Z')).toBe(3);
    expect(await fired()).toEqual([
      [PARRAMATTA, '2026-11-23'],
      [BONDI, '2026-11-23'],
      [FITZROY, '2026-11-23'],
    ]);
    // 10:00 in Brisbane: the inactive branch the second rule names.
    expect(await round('2026-11-22T23:59:59Z')).toBe(0);
    expect(await round('2026-11-23T00:00:00Z')).toBe(1);
    // 10:00 in Perth.
    expect(await round('2026-11-23T01:59:59Z')).toBe(0);
    expect(await round('2026-11-23T02:00:00Z')).toBe(1);
    expect(await round('2026-11-23T12:00:00Z')).toBe(0);
    expect(await fired()).toEqual([
      [PARRAMATTA, '2026-11-23'],
      [BONDI, '2026-11-23'],
      [FITZROY, '2026-11-23'],
      [SOUTH_BANK, '2026-11-23'],
      [FREMANTLE, '2026-11-23'],
    ]);
  });
});

describe('the close of a day', () => {
  it('is evaluated in the first round after the branch’s next day starts on its clock', async () => {
    const rule = await addRule('labour_cost', 350, null, '2026-11-22T22:00:00Z');
    // Monday's labour with no revenue fires a 35% rule, on Parramatta, Bondi and Fremantle.
    const { id: person } = await db.selectFrom('people').select('id').where('franchise_id', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    await db
      .insertInto('daily_staff_hours')
      .values(
        [PARRAMATTA, BONDI, FREMANTLE].map((restaurant_id) => ({
          restaurant_id,
          day: '2026-11-23',
          person_id: person,
          assigned_minutes: 60,
          actual_minutes: 60,
          labour_cost_cents: 3_000,
          shifts: 1,
          shifts_attended: 1,
        })),
      )
      .execute();
    await monthlyFromDaily(db, [PARRAMATTA, BONDI, FREMANTLE]);
    await roundsBetween('2026-11-23T12:00:00Z', '2026-11-23T16:00:00Z');
    expect(await fired()).toEqual([
      [PARRAMATTA, '2026-11-23'],
      [BONDI, '2026-11-23'],
    ]);
    await roundsBetween('2026-11-23T16:10:00Z', '2026-11-23T19:00:00Z');
    expect(await fired()).toEqual([
      [PARRAMATTA, '2026-11-23'],
      [BONDI, '2026-11-23'],
      [FREMANTLE, '2026-11-23'],
    ]);
    expect(await claims(rule)).toEqual([
      [PARRAMATTA, '2026-11-23', '2026-11-23T13:00:00.000Z'], // Tuesday 00:00 in Sydney
      [BONDI, '2026-11-23', '2026-11-23T16:00:00.000Z'], // Tuesday 03:00 in Sydney, not midnight
      [FITZROY, '2026-11-23', '2026-11-23T15:30:00.000Z'], // Tuesday 02:30 in Sydney
      [FREMANTLE, '2026-11-23', '2026-11-23T18:00:00.000Z'], // Tuesday 02:00 in Perth
    ]);
  });

  it('never goes back a day when the clocks go back through the day start (Sydney, 5 April)', async () => {
    const rule = await addRule('labour_cost', 350, FITZROY, '2026-04-03T01:00:00Z');
    // Fitzroy's Saturday closes at Sunday's first 02:30 (+11); the clock then shows 02:00 (+10), Saturday's
    // trading day again, for half an hour; a server back from being down then must not evaluate Friday.
    await roundsBetween('2026-04-04T15:30:00Z', '2026-04-05T17:00:00Z');
    expect(await claims(rule)).toEqual([
      [FITZROY, '2026-04-04', '2026-04-04T15:30:00.000Z'],
      [FITZROY, '2026-04-05', '2026-04-05T16:30:00.000Z'], // Monday 02:30 (+10)
    ]);
  });
});

describe('the per-branch claims migration', () => {
  it('copies each claim of a rule and day to every branch the rule may watch, and back', async () => {
    const all = await addRule('labour_cost', 350, null, '2026-11-20T00:00:00Z');
    const bondi = await addRule('labour_cost', 350, BONDI, '2026-11-20T00:00:00Z');
    const evaluated = new Date('2026-11-21T13:00:00Z');
    const untyped = db as unknown as Kysely<unknown>;
    await perBranch.down(untyped);
    for (const rule of [all, bondi]) {
      await sql`insert into alert_evaluations (rule_id, day, evaluated_at) values (${rule}, '2026-11-21', ${evaluated})`.execute(db);
    }
    await perBranch.up(untyped);
    const at = evaluated.toISOString();
    expect(await claims(all)).toEqual([PARRAMATTA, BONDI, FITZROY, SOUTH_BANK, FREMANTLE].map((b) => [b, '2026-11-21', at]));
    expect(await claims(bondi)).toEqual([[BONDI, '2026-11-21', at]]);
    // Down keeps one claim per rule and day.
    await perBranch.down(untyped);
    const { rows } = await sql<{ rule_id: number }>`select rule_id from alert_evaluations order by rule_id`.execute(db);
    expect(rows.map((r) => r.rule_id)).toEqual([all, bondi]);
    await perBranch.up(untyped);
  });
});
