import {
  ALERT_FOREIGN_BRANCH_MESSAGE,
  ALERT_FOREIGN_MEMBER_MESSAGE,
  ALERT_NOT_FOUND_MESSAGE,
  ALERT_RULE_NOT_FOUND_MESSAGE,
  ALERT_RULES_LIMIT_MESSAGE,
  ALERTS_PAGE_SIZE,
  HOUR_MESSAGE,
  MAX_ALERT_RULES,
  RECIPIENTS_MESSAGE,
  THRESHOLD_MESSAGE,
} from '@contract/alerts.contract';
import { STALE_VERSION_MESSAGE } from '@contract/people.contract';
import type { Db } from '../../server/db/database';
import { DEMO_MANAGER } from '../../server/db/seed';
import { createTestApp, expectErrorEnvelope, expectSuccessEnvelope, OWNER, RIVAL } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// The alert calls: rules are the owners' (a manager gets 404, as for other owner-only calls), the
// alerts every member's own. The demo owner is member 1 and the demo manager member 2 (branches 1
// and 2) of franchise 1 (branches 1–5); member 3 and branch 6 are the rival franchise's. The clock is
// 11:00 on Sunday 22 November 2026 in Sydney.

let database: TestDatabase;
let db: Db;
let t: ReturnType<typeof createTestApp>;
let owner: string;
let manager: string;
let rival: string;

const OWNER_ID = 1;
const MANAGER_ID = 2;
const RIVAL_ID = 3;
const RIVAL_BRANCH = 6;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  t = createTestApp(db);
  [owner, manager, rival] = await Promise.all([t.login(OWNER), t.login(DEMO_MANAGER), t.login(RIVAL)]);
});
afterAll(() => database.close());
afterEach(async () => {
  await db.deleteFrom('alert_rules').execute();
  await db.deleteFrom('alerts').execute();
});

// A labour rule for branch 1: nothing trades in the seed, so creating it raises no alert.
const body = { kind: 'labour_cost', restaurant_id: 1, threshold: 35, recipient_ids: [OWNER_ID, MANAGER_ID] };
const create = (token: string, values: Record<string, unknown> = body) => t.call('POST', 'alert-rules', { token, body: values });

describe('alert rules', () => {
  it('are created, listed, changed and deleted by owners', async () => {
    const res = await create(owner, { ...body, threshold: 35.5, recipient_ids: [MANAGER_ID, OWNER_ID, MANAGER_ID] });
    expect(res.status, res.text).toBe(201);
    expectSuccessEnvelope(res.body);
    const rule = res.body.data;
    expect(rule).toEqual({
      id: expect.any(Number),
      kind: 'labour_cost',
      restaurant_id: 1,
      threshold: 35.5,
      recipient_ids: [OWNER_ID, MANAGER_ID],
      version: 1,
      created_at: new Date(t.now()).toISOString(),
    });
    expect((await t.call('GET', 'alert-rules', { token: owner })).body.data).toEqual([rule]);

    const changed = { kind: 'no_trade', restaurant_id: null, threshold: 23, recipient_ids: [OWNER_ID], version: 1 };
    const put = await t.call('PUT', `alert-rules/${rule.id}`, { token: owner, body: changed });
    expect(put.status, put.text).toBe(200);
    expect(put.body.data).toEqual({ ...rule, kind: 'no_trade', restaurant_id: null, threshold: 23, recipient_ids: [OWNER_ID], version: 2 });

    const stale = await t.call('PUT', `alert-rules/${rule.id}`, { token: owner, body: changed });
    expect(stale.status).toBe(409);
    expectErrorEnvelope(stale.body, STALE_VERSION_MESSAGE);

    expect((await t.call('DELETE', `alert-rules/${rule.id}`, { token: owner })).status).toBe(200);
    expect((await t.call('GET', 'alert-rules', { token: owner })).body.data).toEqual([]);
    const gone = await t.call('DELETE', `alert-rules/${rule.id}`, { token: owner });
    expect(gone.status).toBe(404);
    expectErrorEnvelope(gone.body, ALERT_RULE_NOT_FOUND_MESSAGE);
  });

  it('are recorded in the activity log with what changed', async () => {
    const { id } = (await create(owner)).body.data;
    const same = { ...body, version: 1 };
    expect((await t.call('PUT', `alert-rules/${id}`, { token: owner, body: same })).status).toBe(200);
    expect((await t.call('PUT', `alert-rules/${id}`, { token: owner, body: { ...body, threshold: 40, version: 2 } })).status).toBe(200);
    expect((await t.call('DELETE', `alert-rules/${id}`, { token: owner })).status).toBe(200);
    const log = (await t.call('GET', 'activity?entity=alert_rule', { token: owner })).body.data.items.filter(
      (e: { entity_id: string }) => e.entity_id === String(id),
    );
    const values = { kind: 'labour_cost', restaurant_id: 1, threshold: 40, recipient_ids: [OWNER_ID, MANAGER_ID] };
    expect(log.map((e: { action: string; entity_id: string; changes: unknown }) => [e.action, e.entity_id, e.changes])).toEqual([
      ['deleted', String(id), Object.fromEntries(Object.entries(values).map(([field, value]) => [field, [value, null]]))],
      ['updated', String(id), { threshold: [35, 40] }],
      [
        'created',
        String(id),
        Object.fromEntries(Object.entries({ ...values, threshold: 35 }).map(([field, value]) => [field, [null, value]])),
      ],
    ]);
  });

  it('do not exist for a manager (404), and another franchise’s rule is 404 to an owner', async () => {
    const { id } = (await create(owner)).body.data;
    for (const [method, path, payload] of [
      ['GET', 'alert-rules', undefined],
      ['POST', 'alert-rules', body],
      ['PUT', `alert-rules/${id}`, { ...body, version: 1 }],
      ['DELETE', `alert-rules/${id}`, undefined],
    ] as const) {
      const res = await t.call(method, path, { token: manager, ...(payload ? { body: payload } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expectErrorEnvelope(res.body);
    }
    const rivalBody = { ...body, restaurant_id: RIVAL_BRANCH, recipient_ids: [RIVAL_ID], version: 1 };
    expect((await t.call('PUT', `alert-rules/${id}`, { token: rival, body: rivalBody })).status).toBe(404);
    expect((await t.call('DELETE', `alert-rules/${id}`, { token: rival })).status).toBe(404);
    expect((await t.call('GET', 'alert-rules', { token: rival })).body.data).toEqual([]);
    expect((await t.call('GET', 'alert-rules', { token: owner })).body.data).toHaveLength(1);
  });

  it('are refused with 422 naming the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { kind: 'sales' },
        'kind',
        'Kind must be one of labour_cost, revenue_drop, attendance, procurement, no_trade, below_target, discounts, food_cost',
      ],
      [{ threshold: 0.9 }, 'threshold', THRESHOLD_MESSAGE],
      [{ threshold: 1000.1 }, 'threshold', THRESHOLD_MESSAGE],
      [{ threshold: 35.25 }, 'threshold', THRESHOLD_MESSAGE],
      [{ threshold: '35' }, 'threshold', THRESHOLD_MESSAGE],
      [{ kind: 'no_trade', threshold: 24 }, 'threshold', HOUR_MESSAGE],
      [{ kind: 'no_trade', threshold: 0 }, 'threshold', HOUR_MESSAGE],
      [{ kind: 'no_trade', threshold: 11.5 }, 'threshold', HOUR_MESSAGE],
      [{ restaurant_id: RIVAL_BRANCH }, 'restaurant_id', ALERT_FOREIGN_BRANCH_MESSAGE],
      [{ restaurant_id: 99_999 }, 'restaurant_id', ALERT_FOREIGN_BRANCH_MESSAGE],
      [{ restaurant_id: '1' }, 'restaurant_id', ALERT_FOREIGN_BRANCH_MESSAGE],
      [{ recipient_ids: [OWNER_ID, RIVAL_ID] }, 'recipient_ids', ALERT_FOREIGN_MEMBER_MESSAGE],
      [{ recipient_ids: [99_999] }, 'recipient_ids', ALERT_FOREIGN_MEMBER_MESSAGE],
      [{ recipient_ids: [] }, 'recipient_ids', RECIPIENTS_MESSAGE],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await create(owner, { ...body, ...overrides });
      expect(res.status, JSON.stringify(overrides)).toBe(422);
      expectErrorEnvelope(res.body);
      expect(res.body.errors[field], JSON.stringify(overrides)).toEqual([message]);
    }
    // The same checks guard a change.
    const { id } = (await create(owner)).body.data;
    const foreign = await t.call('PUT', `alert-rules/${id}`, { token: owner, body: { ...body, recipient_ids: [RIVAL_ID], version: 1 } });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ recipient_ids: [ALERT_FOREIGN_MEMBER_MESSAGE] });
    expect((await t.call('GET', 'alert-rules', { token: owner })).body.data).toHaveLength(1);
  });

  it('are at most MAX_ALERT_RULES per franchise, even under a burst of creates', async () => {
    const now = new Date(t.now());
    await db
      .insertInto('alert_rules')
      .values(
        Array.from({ length: MAX_ALERT_RULES - 2 }, () => ({
          franchise_id: 1,
          kind: 'attendance' as const,
          restaurant_id: null,
          threshold_tenths: 800,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(owner)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) expectErrorEnvelope(refused.body, ALERT_RULES_LIMIT_MESSAGE);
    expect((await t.call('GET', 'alert-rules', { token: owner })).body.data).toHaveLength(MAX_ALERT_RULES);
    // The limit is the franchise's: another franchise still adds.
    expect((await create(rival, { ...body, restaurant_id: RIVAL_BRANCH, recipient_ids: [RIVAL_ID] })).status).toBe(201);
  });
});

/** An alert of branch `restaurantId` on `day` addressed to `userIds`, as an evaluation writes it. */
async function raise(day: string, restaurantId: number, userIds: number[], ruleId: number | null = null): Promise<number> {
  const { id } = await db
    .insertInto('alerts')
    .values({
      franchise_id: 1,
      rule_id: ruleId,
      kind: 'attendance',
      threshold_tenths: 800,
      restaurant_id: restaurantId,
      day,
      value: 75,
      baseline: null,
      summary: 'Attendance was 75.0% (3 of 4 rostered shifts attended; rule: at or below 80.0%)',
      created_at: new Date(t.now()),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('alert_recipients')
    .values(userIds.map((user_id) => ({ alert_id: id, user_id, next_attempt_at: new Date(t.now()) })))
    .execute();
  return id;
}

const unread = async (token: string) => (await t.call('GET', 'alerts/unread', { token })).body.data.unread as number;
const page = async (token: string, query = '') => (await t.call('GET', `alerts${query}`, { token })).body.data;

describe('alerts', () => {
  it('are the member’s own, of their branches, newest day first; acknowledged per member', async () => {
    const older = await raise('2026-11-20', 1, [OWNER_ID, MANAGER_ID]);
    const newer = await raise('2026-11-21', 1, [OWNER_ID, MANAGER_ID]);
    const sameDay = await raise('2026-11-21', 2, [OWNER_ID]);
    // Addressed to the manager when they reached branch 5, which they no longer do.
    const unreachable = await raise('2026-11-21', 5, [MANAGER_ID]);
    expect(await unread(owner)).toBe(3);
    expect(await unread(manager)).toBe(2);
    expect(await unread(rival)).toBe(0);

    const mine = await page(owner);
    expect(mine).toMatchObject({ total: 3, unread: 3, page: 1, page_size: ALERTS_PAGE_SIZE });
    expect(mine.items.map((a: { id: number }) => a.id)).toEqual([sameDay, newer, older]);
    expect(mine.items[1]).toEqual({
      id: newer,
      rule_id: null,
      kind: 'attendance',
      threshold: 80,
      restaurant_id: 1,
      restaurant_name: 'Harbour Eats Parramatta',
      day: '2026-11-21',
      value: 75,
      baseline: null,
      summary: 'Attendance was 75.0% (3 of 4 rostered shifts attended; rule: at or below 80.0%)',
      page: 'roster',
      range: '7days',
      created_at: new Date(t.now()).toISOString(),
      acknowledged_at: null,
    });

    const ack = await t.call('POST', `alerts/${newer}/acknowledge`, { token: owner });
    expect(ack.status, ack.text).toBe(200);
    expect(ack.body.data).toEqual({ unread: 2 });
    // Another member's unread count is theirs.
    expect(await unread(manager)).toBe(2);
    const acknowledgedAt = new Date(t.now()).toISOString();
    t.advance(60_000);
    // Again: still 200, and the first acknowledgement's time stays.
    expect((await t.call('POST', `alerts/${newer}/acknowledge`, { token: owner })).status).toBe(200);
    const after = await page(owner);
    expect(after.items.find((a: { id: number }) => a.id === newer).acknowledged_at).toBe(acknowledgedAt);
    expect((await page(owner, '?status=unread')).items.map((a: { id: number }) => a.id)).toEqual([sameDay, older]);
    expect(await page(owner, '?status=unread')).toMatchObject({ total: 2, unread: 2 });

    for (const [token, id] of [
      [manager, sameDay],
      [manager, unreachable],
      [rival, older],
      [owner, 99_999],
    ] as const) {
      const res = await t.call('POST', `alerts/${id}/acknowledge`, { token });
      expect(res.status).toBe(404);
      expectErrorEnvelope(res.body, ALERT_NOT_FOUND_MESSAGE);
    }

    const all = await t.call('POST', 'alerts/acknowledge-all', { token: manager });
    expect(all.body.data).toEqual({ unread: 0 });
    expect(await unread(owner)).toBe(2);
    const unreachableRow = await db
      .selectFrom('alert_recipients')
      .select('acknowledged_at')
      .where('alert_id', '=', unreachable)
      .executeTakeFirstOrThrow();
    expect(unreachableRow.acknowledged_at).toBeNull();
  });

  it('link to the shortest range ending yesterday that shows the day, or to none (the week ending on it)', async () => {
    const cases = [
      ['2026-11-22', null], // today (a no-trade alert)
      ['2026-11-21', '7days'],
      ['2026-11-15', '7days'],
      ['2026-11-14', '14days'],
      ['2026-11-08', '14days'],
      ['2026-11-07', '1month'],
      ['2026-10-22', '1month'],
      ['2026-10-21', '3months'],
      ['2025-11-01', null],
    ];
    for (const [day] of cases) await raise(day!, 1, [OWNER_ID]);
    const items = (await page(owner)).items as { day: string; range: string | null }[];
    expect(items.map((a) => [a.day, a.range])).toEqual(cases);
  });

  it('come in pages of ALERTS_PAGE_SIZE', async () => {
    const ids = [];
    for (let i = 0; i < ALERTS_PAGE_SIZE + 5; i++)
      ids.push(await raise(`2026-10-${String(i + 1).padStart(2, '0')}`, 1 + (i % 2), [OWNER_ID]));
    const newestFirst = ids.reverse();
    const first = await page(owner, '?page=1');
    const second = await page(owner, '?page=2&status=all');
    const third = await page(owner, '?page=3');
    expect(first.items.map((a: { id: number }) => a.id)).toEqual(newestFirst.slice(0, ALERTS_PAGE_SIZE));
    expect(second.items.map((a: { id: number }) => a.id)).toEqual(newestFirst.slice(ALERTS_PAGE_SIZE));
    expect(third.items).toEqual([]);
    expect([first.total, second.total, third.total]).toEqual([25, 25, 25]);
    for (const query of ['?page=0', '?page=x', '?status=read', '?status=unread&status=all', '?sort=day']) {
      const res = await t.call('GET', `alerts${query}`, { token: owner });
      expect(res.status, query).toBe(422);
      expectErrorEnvelope(res.body);
    }
  });

  it('stay when their rule is deleted; a member removed from the team takes their rows with them', async () => {
    const { id: ruleId } = (await create(owner)).body.data;
    const invited = await t.call('POST', 'team', {
      token: owner,
      body: { email: 'alerts.member@example.com', name: 'Alerts Member', role: 'owner', restaurant_ids: [] },
    });
    expect(invited.status, invited.text).toBe(201);
    const memberId = invited.body.data.id as number;
    const alertId = await raise('2026-11-21', 1, [OWNER_ID, memberId], ruleId);
    expect((await t.call('DELETE', `alert-rules/${ruleId}`, { token: owner })).status).toBe(200);
    const [kept] = (await page(owner)).items;
    expect([kept.id, kept.rule_id]).toEqual([alertId, null]);
    expect((await t.call('DELETE', `team/${memberId}`, { token: owner })).status).toBe(200);
    const rows = await db.selectFrom('alert_recipients').select('user_id').where('alert_id', '=', alertId).execute();
    expect(rows.map((r) => r.user_id)).toEqual([OWNER_ID]);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'go when their rule is deleted during an evaluation: the delete waits for it, no deadlock',
    async () => {
      const { id: ruleId } = (await create(owner)).body.data;
      let deleted: ReturnType<typeof t.call> | undefined;
      await db.transaction().execute(async (trx) => {
        // A server evaluating the rule: its claim refers to the rule and the branch, its alert to the franchise (key-share locks on them).
        await trx
          .insertInto('alert_evaluations')
          .values({ rule_id: ruleId, restaurant_id: 1, day: '2026-11-21', evaluated_at: new Date(t.now()) })
          .execute();
        deleted = t.call('DELETE', `alert-rules/${ruleId}`, { token: owner });
        // Long enough for the delete to take the franchise's lock and wait for the rule.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await trx
          .insertInto('alerts')
          .values({
            franchise_id: 1,
            rule_id: ruleId,
            kind: 'labour_cost',
            threshold_tenths: 350,
            restaurant_id: 1,
            day: '2026-11-21',
            value: 40,
            baseline: null,
            summary: 'Labour cost was 40.0% of revenue',
            created_at: new Date(t.now()),
          })
          .execute();
      });
      const res = await deleted!;
      expect(res.status, res.text).toBe(200);
      const alerts = await db.selectFrom('alerts').select('rule_id').execute();
      expect(alerts).toEqual([{ rule_id: null }]);
    },
  );
});
