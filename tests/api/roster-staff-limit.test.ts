import { recordShifts } from '../../server/analytics/ingest';
import { analyticsFigures } from '../../server/analytics/answers/analytics-answer';
import type { AnalyticsWindow, Roster } from '@contract/analytics.contract';
import type { PageReport } from '@contract/page-reports.contract';
import type { Db } from '../../server/db/database';
import { addFixtureOwners, createAnalyticsFixture, FIXTURE_OWNERS, personRow, type AnalyticsFixture } from './support/analytics-fixture';
import { createTestApp } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// The roster's staff is the `limit` people with most actual hours, ranked and cut in SQL; its
// staff_count and the roster page's Total row are everyone's. The fixture franchise gets fifteen
// people rostered in the first week of June 2026, when it has no other shifts.

const DAY = 86_400_000;
const JUNE = 'period=daily&start_date=2026-06-01&end_date=2026-06-07';
const june: AnalyticsWindow = {
  start_date: '2026-06-01',
  end_date: '2026-06-07',
  days: 7,
  grouping: 'daily',
  time_zone: 'Australia/Sydney',
  compare: 'previous',
  previous: { start_date: '2026-05-25', end_date: '2026-05-31' },
  today: '2026-11-23',
};

let database: TestDatabase;
let db: Db;
let f: AnalyticsFixture;
let t: ReturnType<typeof createTestApp>;
let owner: string;
const ids: Record<string, number> = {};
/** Every shift written, as [person, branch, day, assigned minutes, actual minutes]. */
let shifts: [string, number, string, number, number][];

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  f = await createAnalyticsFixture(db);
  await addFixtureOwners(db, f);
  const { parramatta: p, bondi: b } = f;
  // Ids in this order: Tie Zed before Tie Amy, so a cut by id would keep the wrong one.
  const names = ['Multi Branch', 'Alpha One', 'Even Split', 'Beta Two', 'Tie Zed', 'Tie Amy', 'Sam Same 1', 'Sam Same 2'];
  const fillers = [1, 2, 3, 4, 5, 6].map((n) => `Filler ${n}`);
  for (const key of [...names, ...fillers, 'Zero Hours', 'Only May']) {
    const row = {
      ...personRow(f.harbour, p, key.replace(/ \d$/, '')),
      email: `${key.replace(/\W+/g, '.').toLowerCase()}@limit.example.com`,
    };
    ids[key] = (await db.insertInto('people').values(row).returning('id').executeTakeFirstOrThrow()).id;
  }
  shifts = [
    // 200 + 450 minutes: most at Bondi.
    ['Multi Branch', p, '2026-06-01', 200, 200],
    ['Multi Branch', b, '2026-06-02', 450, 450],
    ['Alpha One', p, '2026-06-01', 600, 600],
    // As many minutes at each branch: listed under the branch whose name comes first.
    ['Even Split', p, '2026-06-03', 260, 260],
    ['Even Split', b, '2026-06-04', 260, 260],
    ['Beta Two', p, '2026-06-05', 480, 500],
    ['Tie Zed', p, '2026-06-01', 400, 400],
    ['Tie Amy', p, '2026-06-06', 420, 400],
    ['Sam Same 1', p, '2026-06-02', 300, 300],
    ['Sam Same 2', p, '2026-06-07', 300, 300],
    ...fillers.map((name, i): [string, number, string, number, number] => [name, p, '2026-06-03', 120, 100 - i * 10]),
    // Rostered and absent: counted, with no hours.
    ['Zero Hours', p, '2026-06-04', 60, 0],
    // Outside the window: not counted.
    ['Only May', p, '2026-05-31', 900, 900],
  ];
  await recordShifts(
    db,
    f.harbour,
    shifts.map(([person, restaurantId, day, assigned, actual]) => ({
      restaurantId,
      personId: ids[person]!,
      day,
      assignedMinutes: assigned,
      actualMinutes: actual,
      hourlyRateCents: 3000,
      attended: actual > 0,
    })),
  );
  t = createTestApp(db);
  // 11:00 on Monday 23 November in Sydney.
  t.advance(DAY);
  owner = await t.login(FIXTURE_OWNERS.harbour);
});
afterAll(() => database.close());

async function get<T>(path: string): Promise<T> {
  const res = await t.call('GET', `/api/v1/franchise/${path}`, { token: owner });
  expect(res.status, res.text).toBe(200);
  return res.body.data as T;
}
const roster = (query: string, scope = 'analytics') => get<Roster>(`${scope}/roster?${JUNE}&${query}`);
const staffTable = async (query: string) => {
  const table = (await get<PageReport>(`analytics/pages/roster?${JUNE}&${query}`)).tables.find((x) => x.id === 'staff')!;
  return { title: table.title, rows: table.rows.map((r) => r.cells), total: table.total!.cells };
};
const listed = (r: Roster) => r.staff.map((s) => [s.name, s.restaurant, s.actual_hours]);
const inJune = () => shifts.filter(([, , day]) => day >= june.start_date);

describe("the roster's staff", () => {
  it('is the `limit` people with most actual hours, in order, cut between tied people by name; staff_count counts everyone', async () => {
    const five = await roster('limit=5');
    expect(listed(five)).toEqual([
      ['Multi Branch', 'Harbour Bondi', 10.83],
      ['Alpha One', 'Harbour Parramatta', 10],
      ['Even Split', 'Harbour Bondi', 8.67],
      ['Beta Two', 'Harbour Parramatta', 8.33],
      // 400 minutes each: Tie Amy before Tie Zed, although Tie Zed's id is lower.
      ['Tie Amy', 'Harbour Parramatta', 6.67],
    ]);
    expect(five.staff_count).toBe(15);
    // Tied on minutes and name: the lower id first.
    const seven = await roster('limit=7');
    expect(seven.staff.slice(5).map((s) => [s.name, s.person_id])).toEqual([
      ['Tie Zed', ids['Tie Zed']],
      ['Sam Same', ids['Sam Same 1']],
    ]);
  });

  it('is everyone when the limit reaches them all, the default limit is 10', async () => {
    const all = await roster('limit=50');
    expect(all.staff).toHaveLength(15);
    expect(all.staff_count).toBe(15);
    expect(all.staff.at(-1)).toMatchObject({ name: 'Zero Hours', assigned_hours: 1, actual_hours: 0, percent: 0 });
    expect((await roster('')).staff.map((s) => s.name)).toEqual(all.staff.slice(0, 10).map((s) => s.name));
  });

  it('lists a person who worked at two branches once with all their minutes, or at one branch only its own', async () => {
    const all = await roster('limit=50');
    expect(all.staff.filter((s) => s.person_id === ids['Multi Branch'])).toEqual([
      {
        person_id: ids['Multi Branch'],
        name: 'Multi Branch',
        restaurant: 'Harbour Bondi',
        assigned_hours: 10.83,
        actual_hours: 10.83,
        percent: 100,
      },
    ]);
    const parramatta = await roster('limit=50', `restaurants/${f.parramatta}/analytics`);
    expect(parramatta.staff_count).toBe(15);
    expect(parramatta.staff.find((s) => s.person_id === ids['Multi Branch'])).toMatchObject({
      restaurant: 'Harbour Parramatta',
      actual_hours: 3.33,
    });
    const bondi = await roster('limit=50', `restaurants/${f.bondi}/analytics`);
    expect(listed(bondi)).toEqual([
      ['Multi Branch', 'Harbour Bondi', 7.5],
      ['Even Split', 'Harbour Bondi', 4.33],
    ]);
    expect(bondi.staff_count).toBe(2);
  });

  it('is cached per limit, on the API and on the roster page', async () => {
    expect((await roster('limit=2')).staff).toHaveLength(2);
    expect((await roster('limit=3')).staff).toHaveLength(3);
    const query = 'period=daily&start_date=2026-06-02&end_date=2026-06-07';
    expect((await get<Roster>(`analytics/roster?${query}&limit=4`)).staff).toHaveLength(4);
    const page = (limit: number) => get<PageReport>(`analytics/pages/roster?${query}&limit=${limit}`);
    expect((await page(4)).tables.find((x) => x.id === 'staff')!.rows).toHaveLength(4);
    expect((await page(6)).tables.find((x) => x.id === 'staff')!.rows).toHaveLength(6);
  });
});

describe("the roster's window totals", () => {
  it("are the sums of every person's minutes (the page's staff Total row reads them)", async () => {
    const figures = await analyticsFigures(db, 'roster', { franchiseId: f.harbour, restaurantId: null }, june, {
      limit: 50,
      now: new Date(`${june.today}T03:00:00Z`),
    });
    expect(figures.staff).toHaveLength(15);
    expect(figures.totals.assigned_minutes).toBe(figures.staff.reduce((s, p) => s + p.assigned_minutes, 0));
    expect(figures.totals.actual_minutes).toBe(figures.staff.reduce((s, p) => s + p.actual_minutes, 0));
  });
});

describe("the roster page's staff table", () => {
  it('lists the `limit` people and totals everyone rostered, saying how many', async () => {
    const table = await staffTable('limit=3');
    expect(table.title).toBe('Staff Productivity (1 Jun 2026 – 7 Jun 2026)');
    expect(table.rows).toEqual([
      ['Multi Branch', 'Harbour Bondi', 10.83, 10.83, 100],
      ['Alpha One', 'Harbour Parramatta', 10, 10, 100],
      ['Even Split', 'Harbour Bondi', 8.67, 8.67, 100],
    ]);
    // From the shifts: 4450 assigned and 4120 actual minutes.
    const assigned = inJune().reduce((s, x) => s + x[3], 0);
    const actual = inJune().reduce((s, x) => s + x[4], 0);
    expect([assigned, actual]).toEqual([4450, 4120]);
    expect(table.total).toEqual(['All staff (15)', null, 74.17, 68.67, 92.6]);
  });
});
