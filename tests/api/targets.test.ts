import { STALE_TARGETS_MESSAGE, TARGET_DAY_MESSAGE, DUPLICATE_TARGET_MESSAGE, LABOUR_PCT_MESSAGE } from '@contract/targets.contract';
import { addDays } from '@contract/calendar-day';
import type { ActivityItem } from '@contract/activity.contract';
import { writeTargets } from '../../server/targets/targets.service';
import { activeMember } from './support/team-members';
import { createTestApp, expectErrorEnvelope, OWNER } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let owner: string;
let manager: string;
let ingestKey: string;
let readKey: string;

// The seed's restaurants 1–5 are the owner's, 6 the rival's; the test clock's today in Sydney is 2026-11-22.
const PARRAMATTA = 1;
const BONDI = 2;
const RIVAL_RESTAURANT = 6;
const TODAY = '2026-11-22';

const target = (restaurantId: number, day: string, revenueCents = 100_000, labour: number | null = 28.5) => ({
  restaurant_id: restaurantId,
  day,
  revenue_cents: revenueCents,
  labour_cost_pct: labour,
});

beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp(database.db);
  owner = await t.login(OWNER);
  const key = async (name: string, access: 'ingest' | 'read') => {
    const res = await t.call('POST', 'api-keys', { token: owner, body: { name, restaurant_id: null, access } });
    expect(res.status, res.text).toBe(201);
    return res.body.data.secret as string;
  };
  ingestKey = await key('Planner', 'ingest');
  readKey = await key('BI', 'read');
  // A manager of Parramatta only.
  manager = (await activeMember(t, owner, { email: 'targets.manager@example.com', name: 'Targets Manager' })).token;
});
afterAll(() => database.close());

const rows = async () =>
  Number(
    (
      await database.db
        .selectFrom('targets')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const versions = () =>
  database.db.selectFrom('franchises').select(['targets_version', 'data_version']).where('id', '=', 1).executeTakeFirstOrThrow();
const save = (body: unknown, token = owner) => t.call('PUT', 'targets', { token, body });

describe('the targets write', () => {
  it('creates, updates and leaves unchanged by (restaurant, day); a resend writes nothing and bumps no version', async () => {
    const first = await t.call('PUT', '/api/v1/ingest/targets', {
      token: ingestKey,
      body: { targets: [target(PARRAMATTA, '2026-12-01'), target(BONDI, '2026-12-01', 50_000, null)] },
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toEqual({ created: 2, updated: 0, unchanged: 0 });
    const stored = await database.db.selectFrom('targets').selectAll().where('restaurant_id', '=', PARRAMATTA).executeTakeFirstOrThrow();
    expect(stored.labour_cost_tenths).toBe(285);

    const before = await versions();
    const resend = await t.call('PUT', '/api/v1/ingest/targets', {
      token: ingestKey,
      body: { targets: [target(PARRAMATTA, '2026-12-01'), target(BONDI, '2026-12-01', 50_000, null)] },
    });
    expect(resend.body.data).toEqual({ created: 0, updated: 0, unchanged: 2 });
    expect(await versions()).toEqual(before);

    const changed = await save({ targets: [target(PARRAMATTA, '2026-12-01', 120_000), target(PARRAMATTA, '2026-12-02')] });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data).toEqual({ created: 1, updated: 1, unchanged: 0, version: before.targets_version + 1 });
    const after = await versions();
    expect(after).toEqual({ targets_version: before.targets_version + 1, data_version: before.data_version + 1 });
  });

  const bad: [string, unknown, string, string | RegExp][] = [
    ['negative cents', target(PARRAMATTA, '2026-12-03', -1), 'targets[1].revenue_cents', 'revenue_cents must not be negative'],
    ['fractional cents', target(PARRAMATTA, '2026-12-03', 10.5), 'targets[1].revenue_cents', /whole number of cents/],
    ['labour 100.5', target(PARRAMATTA, '2026-12-03', 1, 100.5), 'targets[1].labour_cost_pct', LABOUR_PCT_MESSAGE],
    ['labour −1', target(PARRAMATTA, '2026-12-03', 1, -1), 'targets[1].labour_cost_pct', LABOUR_PCT_MESSAGE],
    ['labour 12.34', target(PARRAMATTA, '2026-12-03', 1, 12.34), 'targets[1].labour_cost_pct', LABOUR_PCT_MESSAGE],
    ['a day 401 days back', target(PARRAMATTA, addDays(TODAY, -401)), 'targets[1].day', TARGET_DAY_MESSAGE],
    ['a day 401 days ahead', target(PARRAMATTA, addDays(TODAY, 401)), 'targets[1].day', TARGET_DAY_MESSAGE],
    [
      "another franchise's branch",
      target(RIVAL_RESTAURANT, '2026-12-03'),
      'targets[1].restaurant_id',
      `Unknown restaurant ${RIVAL_RESTAURANT}`,
    ],
    ['the same restaurant and day twice', target(PARRAMATTA, '2026-12-10'), 'targets[1].day', DUPLICATE_TARGET_MESSAGE],
  ];
  it.each(bad)('refuses %s: 422 naming the path, nothing written', async (_, second, path, message) => {
    const [count, before] = [await rows(), await versions()];
    const body = { targets: [target(PARRAMATTA, '2026-12-10', 7), second] };
    for (const res of [
      await t.call('PUT', '/api/v1/ingest/targets', { token: ingestKey, body }),
      await t.call('POST', 'import/targets', { token: owner, body }),
      await save(body),
    ]) {
      expect(res.status, res.text).toBe(422);
      expectErrorEnvelope(res.body);
      expect(Object.keys(res.body.errors)).toEqual([path]);
      expect(res.body.errors[path].join(' ')).toMatch(message);
    }
    expect(await rows()).toBe(count);
    expect(await versions()).toEqual(before);
  });

  it("refuses a manager's branch they do not reach, and takes their own", async () => {
    const count = await rows();
    const out = await save({ targets: [target(PARRAMATTA, '2026-12-11'), target(BONDI, '2026-12-11')] }, manager);
    expect(out.status, out.text).toBe(422);
    expect(out.body.errors).toEqual({ 'targets[1].restaurant_id': [`Unknown restaurant ${BONDI}`] });
    expect(await rows()).toBe(count);
    const own = await save({ targets: [target(PARRAMATTA, '2026-12-11')] }, manager);
    expect(own.status, own.text).toBe(200);
    expect(await rows()).toBe(count + 1);
  });

  it('takes the window’s edges: 400 days back and ahead', async () => {
    const res = await save({ targets: [target(BONDI, addDays(TODAY, -400)), target(BONDI, addDays(TODAY, 400))] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.created).toBe(2);
  });

  it('of six simultaneous saves naming one version, one is taken and the others are 409', async () => {
    const { version } = (await t.call('GET', 'targets?month=2026-12', { token: owner })).body.data;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => save({ version, targets: [target(BONDI, '2026-12-20', 1000 + i)] })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expectErrorEnvelope(a.body, STALE_TARGETS_MESSAGE);
    expect((await versions()).targets_version).toBe(version + 1);
  });
});

describe("a member's save on the Targets page", () => {
  const entries = async () => (await t.call('GET', 'activity?entity=targets', { token: owner })).body.data.items as ActivityItem[];

  it('records one activity entry when it changes something, none for a resend', async () => {
    const before = (await entries()).length;
    const body = { targets: [target(PARRAMATTA, '2027-01-03'), target(BONDI, '2027-01-01', 70_000)] };
    expect((await save(body)).status).toBe(200);
    const [latest, ...rest] = await entries();
    expect(rest).toHaveLength(before);
    expect(latest).toMatchObject({
      user: expect.objectContaining({ name: 'Olivia Owner' }),
      action: 'updated',
      entity: 'targets',
      entity_id: null,
      changes: { created: [null, 2], updated: [null, 0], unchanged: [null, 0], from: [null, '2027-01-01'], to: [null, '2027-01-03'] },
    });
    expect((await save(body)).body.data.unchanged).toBe(2);
    expect(await entries()).toHaveLength(before + 1);
  });

  it('is refused, writing nothing, for a member removed while the save waited', async () => {
    const { id } = await activeMember(t, owner, { email: 'targets.removed@example.com', name: 'Removed Planner' });
    expect((await t.call('DELETE', `team/${id}`, { token: owner })).status).toBe(200);
    const count = await rows();
    const scope = {
      franchiseId: 1,
      restaurantId: null,
      branches: [PARRAMATTA],
      actor: { userId: id, name: 'Removed Planner' },
      via: 'console' as const,
      sender: null,
    };
    await expect(
      writeTargets(database.db, scope, [target(PARRAMATTA, '2027-01-05')], Date.parse(`${TODAY}T02:00:00Z`)),
    ).rejects.toMatchObject({
      status: 404,
    });
    expect(await rows()).toBe(count);
  });
});

describe('the grid', () => {
  it("answers the month's days, the member's branches with their targets and weekday weights, and the version", async () => {
    const res = await t.call('GET', 'targets?month=2026-12', { token: owner });
    expect(res.status, res.text).toBe(200);
    const grid = res.body.data;
    expect(grid.days).toHaveLength(31);
    expect(grid.version).toBe((await versions()).targets_version);
    const parramatta = grid.restaurants.find((r: { id: number }) => r.id === PARRAMATTA);
    expect(parramatta.weekday_revenue_cents).toHaveLength(7);
    expect(parramatta.targets[0]).toEqual({ day: '2026-12-01', revenue_cents: 120_000, labour_cost_pct: 28.5 });
    const mine = await t.call('GET', 'targets?month=2026-12', { token: manager });
    expect(mine.body.data.restaurants.map((r: { id: number }) => r.id)).toEqual([PARRAMATTA]);
    expect((await t.call('GET', 'targets?month=2026-13', { token: owner })).status).toBe(422);
  });
});

describe('revenue against target', () => {
  it('a read key may read it but not write targets', async () => {
    const read = await t.call('GET', 'analytics/targets?period=daily&start_date=2026-12-01&end_date=2026-12-02', {
      token: readKey,
    });
    expect(read.status, read.text).toBe(200);
    const { totals, series, restaurants } = read.body.data;
    expect(totals.target).toBe(1200 + 1000 + 500);
    expect(series.map((s: { target: number }) => s.target)).toEqual([1200 + 500, 1000]);
    expect(
      restaurants.at(-1).variance_pct === null || restaurants.every((r: { variance_pct: number | null }) => r.variance_pct !== null),
    ).toBe(true);
    expect((await save({ targets: [target(PARRAMATTA, '2026-12-01')] }, readKey)).status).toBe(401);
    const ingestByReadKey = await t.call('PUT', '/api/v1/ingest/targets', {
      token: readKey,
      body: { targets: [target(PARRAMATTA, '2026-12-01')] },
    });
    expect([401, 403]).toContain(ingestByReadKey.status);
  });

  it("answers one branch, and a manager's other branch is a 404", async () => {
    const one = await t.call('GET', `restaurants/${BONDI}/analytics/targets?period=daily&start_date=2026-12-01&end_date=2026-12-01`, {
      token: owner,
    });
    expect(one.status, one.text).toBe(200);
    expect(one.body.data.totals.target).toBe(500);
    expect(one.body.data.restaurants.map((r: { id: number }) => r.id)).toEqual([BONDI]);
    const other = await t.call('GET', `restaurants/${BONDI}/analytics/targets`, { token: manager });
    expect(other.status).toBe(404);
  });

  it('exports the page as CSV and PDF', async () => {
    const csv = await t.call('GET', 'analytics/targets/export?period=daily&start_date=2026-12-01&end_date=2026-12-02&format=csv', {
      token: owner,
    });
    expect(csv.status, csv.text).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(csv.text).toContain('Variance %');
    expect(csv.text).toContain('Revenue vs Target');
    const pdf = await t.call('GET', 'analytics/targets/export?period=daily&start_date=2026-12-01&end_date=2026-12-02&format=pdf', {
      token: owner,
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await t.call('GET', 'analytics/targets/export?format=csv', { token: readKey })).status).toBe(401);
  });
});
