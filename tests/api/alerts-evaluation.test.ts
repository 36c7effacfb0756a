import { slotInstant } from '../../server/reports/schedule';
import type { Db } from '../../server/db/database';
import { DEMO_MANAGER } from '../../server/db/seed';
import { mailAlert, runAlerts } from '../../server/alerts/scheduler';
import { silentLogger } from '../../server/logger';
import { createTestApp, OWNER, PUBLIC_URL } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// Alert rules evaluated on trade written through the ingest API, with the clock pinned on Sydney's
// calendar: each kind at its threshold fires and a step away does not; the close of a day is
// evaluated once, after local midnight (across both daylight-saving changes); "no trade by H" at H:00.
// The demo franchise's active branches are 1 Parramatta, 2 Bondi, 3 Fitzroy (on Sydney's clock) and
// 5 Fremantle (on Perth's, three hours behind in December); 4 is inactive. The demo manager reaches 1 and 2.

const SYDNEY = 'Australia/Sydney';
const PARRAMATTA = 1;
const BONDI = 2;
const FITZROY = 3;
const FREMANTLE = 5;
const OWNER_ID = 1;
const MANAGER_ID = 2;
const SKU = 'ALERT-TEST';

let database: TestDatabase;
let db: Db;
let t: ReturnType<typeof createTestApp>;
let key: string;
let staff: string[];

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  t = createTestApp(db);
  const owner = await t.login(OWNER);
  const created = await t.call('POST', 'api-keys', { token: owner, body: { name: 'Alerts POS', restaurant_id: null } });
  expect(created.status, created.text).toBe(201);
  key = created.body.data.secret;
  const menu = await ingest('PUT', 'menu-items', {
    items: [{ sku: SKU, name: 'Alert Test Item', price_cents: 100, menu: 'All Day', is_combo: false }],
  });
  expect(menu.status, menu.text).toBe(200);
  staff = (
    await db.selectFrom('people').select('email').where('franchise_id', '=', 1).where('deleted_at', 'is', null).orderBy('id').execute()
  ).map((p) => p.email);
});
afterAll(() => database.close());
afterEach(async () => {
  await db.deleteFrom('alert_rules').execute();
  await db.deleteFrom('alerts').execute();
});

const ingest = (method: 'POST' | 'PUT', path: string, body: unknown) => t.call(method, `/api/v1/ingest/${path}`, { token: key, body });

/** The instant the Sydney wall clock shows `hh:mm` on `day` (the first showing, or just after a skipped hour). */
const sydney = (day: string, hour: number, minute = 0) => slotInstant(SYDNEY, day, hour).getTime() + minute * 60_000;
const setClock = (at: number) => t.advance(at - t.now());

let serial = 0;
const externalId = () => `alerts-${++serial}`;

async function sell(
  restaurantId: number,
  day: string,
  cents: number,
  options: { hour?: number; minute?: number; status?: 'completed' | 'voided' } = {},
) {
  const placedAt = new Date(sydney(day, options.hour ?? 12, options.minute ?? 0)).toISOString();
  const status = options.status ?? 'completed';
  const res = await ingest('POST', 'orders', {
    orders: [
      {
        external_id: externalId(),
        restaurant_id: restaurantId,
        placed_at: placedAt,
        channel: 'dine_in',
        source: 'pos',
        guests: 1,
        customer_ref: null,
        status,
        lines: [{ sku: SKU, quantity: 1, amount_cents: cents }],
        payments: status === 'completed' ? [{ method: 'card', amount_cents: cents }] : [],
      },
    ],
  });
  expect(res.status, res.text).toBe(200);
}

/** One shift per person and day: `person` indexes the franchise's staff. An hour at `rateCents` costs `rateCents`. */
async function work(restaurantId: number, day: string, person: number, rateCents: number, attended = true) {
  const res = await ingest('POST', 'shifts', {
    shifts: [
      {
        external_id: externalId(),
        restaurant_id: restaurantId,
        person_email: staff[person],
        day,
        assigned_minutes: 60,
        actual_minutes: attended ? 60 : 0,
        hourly_rate_cents: rateCents,
        attended,
      },
    ],
  });
  expect(res.status, res.text).toBe(200);
}

async function buy(restaurantId: number, day: string, cents: number) {
  const res = await ingest('POST', 'purchases', {
    purchases: [
      {
        external_id: externalId(),
        restaurant_id: restaurantId,
        supplier: 'Alert Supplies',
        day,
        category: 'meat',
        quantity: 1,
        amount_cents: cents,
      },
    ],
  });
  expect(res.status, res.text).toBe(200);
}

type RuleBody = { kind: string; restaurant_id: number | null; threshold: number; recipient_ids: number[] };

/** Creates rules as the owner at the current clock, and waits for the round the creation wakes. */
async function rules(...bodies: RuleBody[]): Promise<number[]> {
  const token = await t.login(OWNER);
  const ids = [];
  for (const body of bodies) {
    const res = await t.call('POST', 'alert-rules', { token, body });
    expect(res.status, res.text).toBe(201);
    ids.push(res.body.data.id as number);
  }
  await t.alertRound();
  return ids;
}
const rule = (kind: string, threshold: number, restaurant_id: number | null = null, recipient_ids = [OWNER_ID]): RuleBody => ({
  kind,
  restaurant_id,
  threshold,
  recipient_ids,
});

/** A scheduler round at `at`. */
async function roundAt(at: number) {
  setClock(at);
  await runAlerts({ db, clock: t.now, logger: silentLogger }, mailAlert({ config: t.config, clock: t.now, mailer: t.mailer }));
}

const alertRows = () =>
  db
    .selectFrom('alerts')
    .select(['rule_id', 'restaurant_id', 'day', 'kind', 'value', 'baseline', 'summary'])
    .orderBy('rule_id')
    .orderBy('restaurant_id')
    .execute();
const fired = async () => (await alertRows()).map((a) => [a.rule_id, a.restaurant_id, a.day]);

describe('labour cost as a share of revenue', () => {
  const DAY = '2026-11-23'; // Monday
  it('fires at exactly the threshold, not a cent below it, and not for a threshold a step above', async () => {
    setClock(sydney(DAY, 9));
    const [at35, at351, parramattaOnly] = await rules(
      rule('labour_cost', 35),
      rule('labour_cost', 35.1),
      rule('labour_cost', 35, PARRAMATTA),
    );
    // Parramatta: $35.00 of $100.00, exactly 35%; Bondi: $34.99 of $100.00; Fitzroy: $1.00 without revenue.
    await sell(PARRAMATTA, DAY, 10_000);
    await sell(BONDI, DAY, 10_000);
    await work(PARRAMATTA, DAY, 0, 3_500);
    await work(BONDI, DAY, 1, 3_499);
    await work(FITZROY, DAY, 2, 100);
    await roundAt(sydney(DAY, 23, 59));
    expect(await fired()).toEqual([]);
    await roundAt(sydney('2026-11-24', 0, 1));
    expect(await fired()).toEqual([
      [at35, PARRAMATTA, DAY],
      [at35, FITZROY, DAY],
      [at351, FITZROY, DAY],
      [parramattaOnly, PARRAMATTA, DAY],
    ]);
    const [parramatta, fitzroy] = await alertRows();
    expect([parramatta!.value, parramatta!.baseline, parramatta!.summary]).toEqual([
      35,
      100,
      'Labour cost was 35.0% of revenue ($35.00 of $100.00; rule: at or above 35.0%)',
    ]);
    expect([fitzroy!.value, fitzroy!.baseline, fitzroy!.summary]).toEqual([
      null,
      0,
      'Labour cost was $1.00 with no revenue (rule: at or above 35.0%)',
    ]);
  });
});

describe('procurement as a share of revenue', () => {
  const DAY = '2026-11-24'; // Tuesday
  it('fires at exactly the threshold, not a cent below it, and not for a threshold a step above', async () => {
    setClock(sydney(DAY, 9));
    const [at12] = await rules(rule('procurement', 12.5), rule('procurement', 12.6));
    // Parramatta: $250.00 of $2,000.00, exactly 12.5%; Bondi: $249.99 of $2,000.00.
    await sell(PARRAMATTA, DAY, 200_000);
    await sell(BONDI, DAY, 200_000);
    await buy(PARRAMATTA, DAY, 25_000);
    await buy(BONDI, DAY, 24_999);
    await roundAt(sydney('2026-11-25', 0, 30));
    expect(await fired()).toEqual([[at12, PARRAMATTA, DAY]]);
    const [alert] = await alertRows();
    expect(alert!.summary).toBe('Procurement was 12.5% of revenue ($250.00 of $2,000.00; rule: at or above 12.5%)');
  });
});

describe('attendance', () => {
  const DAY = '2026-11-25'; // Wednesday
  it('fires at exactly the threshold (at or below), not a step below it, and never without rostered shifts', async () => {
    setClock(sydney(DAY, 9));
    const [at75] = await rules(rule('attendance', 75), rule('attendance', 74.9));
    // Parramatta: 3 of 4 shifts attended (75%); Bondi: 4 of 4; the others rostered nobody.
    for (const person of [0, 1, 2]) await work(PARRAMATTA, DAY, person, 3_000);
    await work(PARRAMATTA, DAY, 3, 3_000, false);
    for (const person of [4, 5, 6, 7]) await work(BONDI, DAY, person, 3_000);
    await roundAt(sydney('2026-11-26', 0, 1));
    expect(await fired()).toEqual([[at75, PARRAMATTA, DAY]]);
    const [alert] = await alertRows();
    expect([alert!.value, alert!.baseline, alert!.summary]).toEqual([
      75,
      null,
      'Attendance was 75.0% (3 of 4 rostered shifts attended; rule: at or below 75.0%)',
    ]);
  });
});

describe('revenue drop against the same weekday of the last 4 weeks', () => {
  const DAY = '2026-12-11'; // Friday
  const FRIDAYS = ['2026-11-13', '2026-11-20', '2026-11-27', '2026-12-04'];
  it('fires at exactly the threshold, not a cent above the revenue that makes it, and never against a baseline of 0', async () => {
    setClock(sydney(DAY, 9));
    const [at25] = await rules(rule('revenue_drop', 25), rule('revenue_drop', 25.1));
    // Parramatta and Bondi sold $400.00 on two Fridays, $0 on one and $400.00 on another: an average of $300.00.
    for (const branch of [PARRAMATTA, BONDI]) {
      for (const [i, friday] of FRIDAYS.entries()) if (i !== 1) await sell(branch, friday, 40_000);
    }
    // Down exactly 25% to $225.00; Bondi a cent more. Fitzroy sold nothing in those weeks, nor that day.
    await sell(PARRAMATTA, DAY, 22_500);
    await sell(BONDI, DAY, 22_501);
    // A Thursday's sale is no part of the baseline.
    await sell(FITZROY, '2026-12-10', 50_000);
    await roundAt(sydney('2026-12-12', 0, 1));
    expect(await fired()).toEqual([[at25, PARRAMATTA, DAY]]);
    const [alert] = await alertRows();
    expect([alert!.value, alert!.baseline, alert!.summary]).toEqual([
      25,
      300,
      'Revenue was $225.00, down 25.0% against $300.00, the average of the same weekday over the last 4 weeks (rule: down 25.0% or more)',
    ]);
  });
});

describe('no trade by an hour', () => {
  const DAY = '2026-12-02'; // Wednesday
  it('fires at H:00 on each branch’s clock (not before) for branches without any order that day, once', async () => {
    setClock(sydney(DAY, 8));
    const [all, fitzroyOnly] = await rules(rule('no_trade', 11), rule('no_trade', 11, FITZROY));
    // Parramatta sold at 10:30, Bondi voided an order at 10:45 (its POS is sending); Fitzroy and Fremantle nothing.
    await sell(PARRAMATTA, DAY, 1_000, { hour: 10, minute: 30 });
    await sell(BONDI, DAY, 1_000, { hour: 10, minute: 45, status: 'voided' });
    await roundAt(sydney(DAY, 10, 59));
    expect(await fired()).toEqual([]);
    await roundAt(sydney(DAY, 11));
    expect(await fired()).toEqual([
      [all, FITZROY, DAY],
      [fitzroyOnly, FITZROY, DAY],
    ]);
    // A sale after the hour changes nothing. Fremantle's 11:00 is Sydney's 14:00.
    await sell(FITZROY, DAY, 1_000, { hour: 11, minute: 5 });
    await roundAt(sydney(DAY, 13, 59));
    expect(await fired()).toHaveLength(2);
    await roundAt(sydney(DAY, 14));
    expect(await fired()).toEqual([
      [all, FITZROY, DAY],
      [all, FREMANTLE, DAY],
      [fitzroyOnly, FITZROY, DAY],
    ]);
    // Later rounds add nothing.
    await roundAt(sydney('2026-12-03', 0, 5));
    await roundAt(sydney('2026-12-03', 3, 5));
    expect(await fired()).toHaveLength(3);
    const [alert] = await alertRows();
    expect([alert!.value, alert!.baseline, alert!.summary]).toEqual([0, null, 'No order was recorded by 11:00 (rule: no trade by 11:00)']);
  });

  it('created after its hour, is evaluated for that day at once', async () => {
    const day = '2026-12-03';
    await sell(PARRAMATTA, day, 1_000, { hour: 9 });
    setClock(sydney(day, 14, 20));
    const [id] = await rules(rule('no_trade', 11));
    expect(await fired()).toEqual([
      [id, BONDI, day],
      [id, FITZROY, day],
      [id, FREMANTLE, day],
    ]);
  });

  it('created before its hour, waits for it', async () => {
    const day = '2026-12-05';
    setClock(sydney(day, 8));
    await rules(rule('no_trade', 9));
    expect(await fired()).toEqual([]);
    await roundAt(sydney(day, 9));
    expect(await fired()).toHaveLength(3);
    await roundAt(sydney(day, 12));
    expect(await fired()).toHaveLength(4);
  });
});

describe('days on a Sydney branch’s clock across daylight saving', () => {
  /** Rounds every 10 minutes from `from` to `to`: what each evaluation claimed, and when. */
  async function roundsBetween(from: number, to: number) {
    for (let at = from; at <= to; at += 10 * 60_000) await roundAt(at);
    return (await db.selectFrom('alert_evaluations').select(['day', 'evaluated_at']).orderBy('day').execute()).map((e) => [
      e.day,
      e.evaluated_at.toISOString(),
    ]);
  }

  it('evaluates the close of each day once, in the first round after local midnight, when the clocks go back (5 April)', async () => {
    setClock(sydney('2026-04-03', 12));
    await rules(rule('labour_cost', 50, PARRAMATTA));
    expect(await roundsBetween(sydney('2026-04-03', 23), sydney('2026-04-07', 1))).toEqual([
      ['2026-04-03', '2026-04-03T13:00:00.000Z'], // midnight AEDT (+11)
      ['2026-04-04', '2026-04-04T13:00:00.000Z'],
      ['2026-04-05', '2026-04-05T14:00:00.000Z'], // the 25-hour day closes at midnight AEST (+10)
      ['2026-04-06', '2026-04-06T14:00:00.000Z'],
    ]);
  });

  it('evaluates the close of each day once when the clocks go forward (4 October)', async () => {
    setClock(sydney('2026-10-02', 12));
    await rules(rule('labour_cost', 50, PARRAMATTA));
    expect(await roundsBetween(sydney('2026-10-02', 23), sydney('2026-10-06', 1))).toEqual([
      ['2026-10-02', '2026-10-02T14:00:00.000Z'], // midnight AEST (+10)
      ['2026-10-03', '2026-10-03T14:00:00.000Z'],
      ['2026-10-04', '2026-10-04T13:00:00.000Z'], // the 23-hour day closes at midnight AEDT (+11)
      ['2026-10-05', '2026-10-05T13:00:00.000Z'],
    ]);
  });

  it('evaluates "no trade by 02:00" once on the day 02:00 shows twice, and at 03:00 on the day it is skipped', async () => {
    setClock(sydney('2026-04-04', 12));
    await rules(rule('no_trade', 2, PARRAMATTA));
    expect(await roundsBetween(sydney('2026-04-04', 23), sydney('2026-04-05', 6))).toEqual([
      ['2026-04-04', '2026-04-04T01:00:00.000Z'], // created after 02:00 that day: at once
      ['2026-04-05', '2026-04-04T15:00:00.000Z'], // 02:00 AEDT, its first showing
    ]);
    await db.deleteFrom('alert_rules').execute();
    setClock(sydney('2026-10-03', 12));
    await rules(rule('no_trade', 2, PARRAMATTA));
    expect(await roundsBetween(sydney('2026-10-03', 23), sydney('2026-10-04', 6))).toEqual([
      ['2026-10-03', '2026-10-03T02:00:00.000Z'],
      ['2026-10-04', '2026-10-03T16:00:00.000Z'], // 03:00 AEDT: the clock went from 01:59 to 03:00
    ]);
  });
});

describe('a server that was down', () => {
  it('evaluates only the latest due day of each rule', async () => {
    setClock(sydney('2026-12-20', 10));
    await rules(rule('no_trade', 11, PARRAMATTA), rule('attendance', 90, PARRAMATTA));
    // Down from the 20th's rounds until 12:00 on the 24th.
    await roundAt(sydney('2026-12-24', 12));
    const claims = await db.selectFrom('alert_evaluations').select('day').orderBy('day').execute();
    expect(claims.map((c) => c.day)).toEqual(['2026-12-23', '2026-12-24']);
    expect(await fired()).toEqual([[expect.any(Number), PARRAMATTA, '2026-12-24']]);
  });
});

describe('who is told', () => {
  const DAY = '2026-12-08'; // Tuesday
  it('the rule’s members: a manager only of their branches; each gets a mail with the figures and links', async () => {
    setClock(sydney(DAY, 8));
    t.mailer.messages.length = 0;
    await sell(FITZROY, DAY, 1_000, { hour: 8 });
    await rules(rule('no_trade', 11, null, [OWNER_ID, MANAGER_ID]));
    // Fremantle's 11:00 comes three hours later, on Perth's clock.
    await roundAt(sydney(DAY, 11));
    const told = await db
      .selectFrom('alert_recipients as ar')
      .innerJoin('alerts as a', 'a.id', 'ar.alert_id')
      .select(['ar.user_id', 'a.restaurant_id', 'ar.status', 'ar.attempts', 'ar.sent_at'])
      .orderBy('ar.user_id')
      .orderBy('a.restaurant_id')
      .execute();
    expect(told.map((r) => [r.user_id, r.restaurant_id, r.status])).toEqual([
      [OWNER_ID, PARRAMATTA, 'sent'],
      [OWNER_ID, BONDI, 'sent'],
      [MANAGER_ID, PARRAMATTA, 'sent'],
      [MANAGER_ID, BONDI, 'sent'],
    ]);
    expect(t.mailer.messages.map((m) => [m.to, m.subject]).sort()).toEqual(
      [
        [OWNER.email, 'Alert: Harbour Eats Bondi — no trade by 11:00 on Tue 8 Dec'],
        [OWNER.email, 'Alert: Harbour Eats Parramatta — no trade by 11:00 on Tue 8 Dec'],
        [DEMO_MANAGER.email, 'Alert: Harbour Eats Bondi — no trade by 11:00 on Tue 8 Dec'],
        [DEMO_MANAGER.email, 'Alert: Harbour Eats Parramatta — no trade by 11:00 on Tue 8 Dec'],
      ].sort(),
    );
    const mail = t.mailer.messages.find((m) => m.to === DEMO_MANAGER.email && m.subject.includes('Bondi'))!;
    expect(mail.text).toContain('An alert of Harbour Eats Group for Harbour Eats Bondi, Tue 8 Dec 2026:');
    expect(mail.text).toContain('No order was recorded by 11:00 (rule: no trade by 11:00).');
    // Today's alert: no range ending yesterday holds the day, so the link shows the week ending on it.
    expect(mail.text).toContain(`${PUBLIC_URL}/order?from=2026-12-02&to=2026-12-08&restaurant=${BONDI}`);
    expect(mail.text).toContain(`${PUBLIC_URL}/alerts`);
    expect(mail.html).toContain(`<a href="${PUBLIC_URL}/order?from=2026-12-02&amp;to=2026-12-08&amp;restaurant=${BONDI}">`);
    // The manager's list holds their branches' alerts only.
    const manager = await t.login(DEMO_MANAGER);
    const page = (await t.call('GET', 'alerts', { token: manager })).body.data;
    expect(page.items.map((a: { restaurant_id: number }) => a.restaurant_id).sort()).toEqual([PARRAMATTA, BONDI]);
  });

  it('a labour alert’s mail names the roster page, the share and the day', async () => {
    const day = '2026-12-14'; // Monday
    setClock(sydney(day, 9));
    t.mailer.messages.length = 0;
    await rules(rule('labour_cost', 35, PARRAMATTA));
    await sell(PARRAMATTA, day, 10_000);
    await work(PARRAMATTA, day, 0, 4_120);
    await roundAt(sydney('2026-12-15', 0, 1));
    const [mail] = t.mailer.messages;
    expect(mail!.subject).toBe('Alert: Harbour Eats Parramatta — labour cost 41.2% of revenue on Mon 14 Dec');
    expect(mail!.text).toContain('Labour cost was 41.2% of revenue ($41.20 of $100.00; rule: at or above 35.0%).');
    expect(mail!.text).toContain(`${PUBLIC_URL}/roster?range=7days&restaurant=${PARRAMATTA}`);
  });
});
