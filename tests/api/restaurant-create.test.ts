import { sql } from 'kysely';
import { ABN_MESSAGES } from '@contract/restaurants.contract';
import { validAbn } from '../support/abn';
import { createTestApp, expectErrorEnvelope, expectSuccessEnvelope, OWNER, RIVAL } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

const WINDOW = 'period=daily&start_date=2026-11-15&end_date=2026-11-21';
const KINDS = ['headcounts', 'revenues', 'best-sellers', 'orders', 'roster', 'procurement'];
const PAGES = ['order', 'roster', 'revenue', 'headcount', 'procurement'];

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let owner: string;
let rival: string;
let ownerFranchise: number;
let rivalFranchise: number;

beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp(database.db);
  owner = await t.login(OWNER);
  rival = await t.login(RIVAL);
  ownerFranchise = (await t.call('GET', 'profile', { token: owner })).body.data.user.franchise.id;
  rivalFranchise = (await t.call('GET', 'profile', { token: rival })).body.data.user.franchise.id;
});
afterAll(() => database.close());

let next = 0;
/** The create form's fields, with an ABN no other test used. */
const body = (overrides: Record<string, unknown> = {}) => ({
  logo: 'https://images.example.com/manly.png',
  name: `Harbour Eats Manly ${++next}`,
  abn_no: validAbn(500_000_000 + next),
  address: ' 1 The Corso ',
  suburb: 'Manly',
  post_code: '2095',
  city: 'Sydney',
  state: 'NSW',
  phone_no: '(02) 9977 1234',
  email: 'Manly@Example.com',
  business_type: 'Cafe',
  capacity: 40,
  status: 'Active',
  ...overrides,
});

const create = (payload: unknown, token = owner) => t.call('POST', 'restaurants', { token, body: payload });
const read = async (id: number, token = owner) => t.call('GET', `restaurants/${id}`, { token });
const list = async (token = owner) => (await t.call('GET', 'restaurants', { token })).body.data as any[];
const dataVersion = async (franchiseId: number) =>
  (await database.db.selectFrom('franchises').select('data_version').where('id', '=', franchiseId).executeTakeFirstOrThrow()).data_version;

describe('POST /franchise/restaurants', () => {
  it('answers 201 with the restaurant exactly as GET reads it, and lists it at once', async () => {
    const sent = body({ abn_no: '53004085616' });
    const res = await create(sent);
    expect(res.status, res.text).toBe(201);
    expectSuccessEnvelope(res.body);
    expect(res.body.message).toBe(`${sent.name} created successfully!`);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      name: sent.name,
      logo: 'https://images.example.com/manly.png',
      abn_no: '53 004 085 616',
      address: '1 The Corso',
      suburb: 'Manly',
      post_code: '2095',
      city: 'Sydney',
      state: 'NSW',
      phone_no: '(02) 9977 1234',
      email: 'manly@example.com',
      business_type: 'Cafe',
      capacity: 40,
      status: 1,
      location: 'Manly, NSW',
      // The branch clock, the franchise's zone and midnight when the form leaves it out.
      time_zone: 'Australia/Sydney',
      day_starts_at: '00:00',
      subscriptions: [],
      restaurant_user: null,
      version: 1,
    });
    const got = await read(res.body.data.id);
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(res.body.data);
    const { version: _version, ...listed } = res.body.data;
    const all = await list();
    expect(all).toContainEqual(listed);
    expect(all.map((r) => r.name)).toEqual([...all.map((r) => r.name)].sort());
  });

  it('takes a blank logo as none and status 0 as Inactive; the edit form then saves it like any other', async () => {
    const res = await create(body({ logo: '  ', status: 0, capacity: 0 }));
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ logo: null, status: 0, capacity: 0 });
    const { id, location: _l, subscriptions: _s, restaurant_user: _u, ...fields } = res.body.data;
    const saved = await t.call('PUT', `restaurants/${id}`, { token: owner, body: { ...fields, suburb: 'Fairlight', status: 1 } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).toMatchObject({ location: 'Fairlight, NSW', status: 1, version: 2, abn_no: res.body.data.abn_no });
  });

  it('refuses an ABN that fails the checksum, or is not 11 digits, with 422 on abn_no', async () => {
    const cases: [unknown, string][] = [
      ['51 824 753 557', ABN_MESSAGES.checksum],
      ['15824753556', ABN_MESSAGES.checksum],
      ['07100000000', ABN_MESSAGES.checksum],
      ['5182475355', ABN_MESSAGES.digits],
      ['51-824-753-556', ABN_MESSAGES.digits],
      ['', ABN_MESSAGES.required],
      [51824753556, ABN_MESSAGES.required],
    ];
    const before = (await list()).length;
    for (const [abn, message] of cases) {
      const res = await create(body({ abn_no: abn }));
      expect(res.status, String(abn)).toBe(422);
      expectErrorEnvelope(res.body, message);
      expect(res.body.errors, String(abn)).toEqual({ abn_no: [message] });
    }
    expect(await list()).toHaveLength(before);
  });

  it('stores "51824753556" and "51 824 753 556" as one value: the second is a duplicate', async () => {
    // 51 824 753 556 is the owner's first seeded ABN, so it is taken there and free in the rival franchise.
    const taken = await create(body({ abn_no: '51824753556' }));
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ abn_no: [ABN_MESSAGES.taken] });

    const first = await create(body({ abn_no: '51824753556' }), rival);
    expect(first.status, first.text).toBe(201);
    expect(first.body.data.abn_no).toBe('51 824 753 556');
    const again = await create(body({ abn_no: '51 824 753 556' }), rival);
    expect(again.status).toBe(422);
    expectErrorEnvelope(again.body, ABN_MESSAGES.taken);
    expect(again.body.errors).toEqual({ abn_no: [ABN_MESSAGES.taken] });
    const rows = await database.db.selectFrom('restaurants').select(['franchise_id']).where('abn_no', '=', '51 824 753 556').execute();
    expect(rows).toHaveLength(2);
  });

  it('refuses a duplicate ABN of the same franchise with 422 on abn_no, whatever the other fields say', async () => {
    const first = await create(body());
    expect(first.status).toBe(201);
    const res = await create(body({ abn_no: first.body.data.abn_no.replace(/ /g, '') }));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      status: 'error',
      message: 'This ABN is already used by another restaurant',
      errors: { abn_no: ['This ABN is already used by another restaurant'] },
    });
  });

  it('of a burst of 8 identical creates exactly one is stored; the others get the 422', async () => {
    const same = body();
    const before = await dataVersion(ownerFranchise);
    const answers = await Promise.all(Array.from({ length: 8 }, () => create(same)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422, 422, 422, 422, 422]);
    for (const lost of answers.filter((a) => a.status === 422)) {
      expect(lost.body.errors).toEqual({ abn_no: [ABN_MESSAGES.taken] });
    }
    const rows = await database.db
      .selectFrom('restaurants')
      .select('id')
      .where('franchise_id', '=', ownerFranchise)
      .where('abn_no', '=', same.abn_no)
      .execute();
    expect(rows).toEqual([{ id: answers.find((a) => a.status === 201)!.body.data.id }]);
    // Only the stored create moved the analytics cache key.
    expect(await dataVersion(ownerFranchise)).toBeGreaterThan(before);
  });

  it('is invisible to another franchise: its GET, list, edit and analytics answer 404 or leave it out', async () => {
    const res = await create(body());
    const id = res.body.data.id;
    expect((await read(id, rival)).status).toBe(404);
    expect((await list(rival)).map((r) => r.id)).not.toContain(id);
    const put = await t.call('PUT', `restaurants/${id}`, { token: rival, body: { ...body(), version: 1 } });
    expect(put.status).toBe(404);
    const analytics = await t.call('GET', `restaurants/${id}/analytics/revenues?${WINDOW}`, { token: rival });
    expect(analytics.status).toBe(404);
    expect((await read(id)).body.data).toEqual(res.body.data);
  });

  it('names every missing field with 422 and stores nothing', async () => {
    const before = (await list()).length;
    const res = await create({});
    expect(res.status).toBe(422);
    expectErrorEnvelope(res.body);
    expect(res.body.errors).toEqual({
      name: ['Name is required'],
      abn_no: [ABN_MESSAGES.required],
      address: ['Address is required'],
      suburb: ['Suburb is required'],
      post_code: ['Post code must be 4 digits'],
      city: ['City is required'],
      state: ['State must be one of NSW, VIC, QLD, SA, WA, TAS, ACT, NT'],
      phone_no: ['Invalid phone number'],
      email: ['Invalid email address'],
      business_type: ['Business type is required'],
      capacity: ['Capacity must be a non-negative whole number'],
      status: ['Status must be Active or Inactive'],
    });
    for (const field of ['name', 'abn_no', 'capacity', 'status'] as const) {
      const { [field]: _gone, ...rest } = body();
      const missing = await create(rest);
      expect(missing.status, field).toBe(422);
      expect(Object.keys(missing.body.errors), field).toEqual([field]);
    }
    expect(await list()).toHaveLength(before);
  });

  it('ignores a version or unknown fields, and needs a token', async () => {
    const res = await create({ ...body(), version: 7, id: 1, franchise_id: 99, location: 'Nowhere' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ version: 1, location: 'Manly, NSW' });
    expect(res.body.data.id).not.toBe(1);
    expect((await t.call('POST', 'restaurants', { body: body() })).status).toBe(401);
  });

  it("bumps the franchise's data_version once, in the create's transaction, and no one else's", async () => {
    const [mine, theirs] = [await dataVersion(ownerFranchise), await dataVersion(rivalFranchise)];
    expect((await create(body())).status).toBe(201);
    expect(await dataVersion(ownerFranchise)).toBe(mine + 1);
    expect(await dataVersion(rivalFranchise)).toBe(theirs);
    // A refused create changes nothing.
    expect((await create(body({ abn_no: '51 824 753 557' }))).status).toBe(422);
    expect(await dataVersion(ownerFranchise)).toBe(mine + 1);
  });
});

/** Every number of an answer but its window and the ids (and ranks) that name rows, with its path. */
function figures(value: unknown, path = ''): [string, number][] {
  if (typeof value === 'number') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => figures(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) =>
    ['window', 'id', 'restaurant_id', 'franchise', 'branch'].includes(key) ? [] : figures(v, `${path}.${key}`),
  );
}

describe('a restaurant without trade, restaurant user or subscriptions', () => {
  let id: number;
  let name: string;
  const franchiseWide: Record<string, any> = {};

  beforeAll(async () => {
    for (const kind of KINDS) {
      franchiseWide[kind] = (await t.call('GET', `analytics/${kind}?${WINDOW}`, { token: owner })).body.data;
    }
    const res = await create(body({ name: 'Harbour Eats Newcomer' }));
    expect(res.status).toBe(201);
    ({ id, name } = res.body.data);
  });

  it('has every analytics answer of its own, all zeros', async () => {
    for (const kind of KINDS) {
      const res = await t.call('GET', `restaurants/${id}/analytics/${kind}?${WINDOW}`, { token: owner });
      expect(res.status, kind).toBe(200);
      expect(
        figures(res.body.data).filter(([, n]) => n !== 0),
        kind,
      ).toEqual([]);
    }
    const bestSellers = (await t.call('GET', `restaurants/${id}/analytics/best-sellers?${WINDOW}`, { token: owner })).body.data;
    expect(bestSellers).toMatchObject({ items: [], combos: [] });
    const revenues = (await t.call('GET', `restaurants/${id}/analytics/revenues?${WINDOW}`, { token: owner })).body.data;
    expect(revenues.franchise_summary).toEqual({
      total_revenue: 0,
      total_orders: 0,
      average_revenue_per_restaurant: 0,
      total_dine_in_revenue: 0,
      total_takeaway_revenue: 0,
    });
  });

  it('has every page report of its own: zero cards and tables, the empty texts, its peers only in the branch comparison', async () => {
    for (const page of PAGES) {
      const res = await t.call('GET', `restaurants/${id}/analytics/pages/${page}?${WINDOW}`, { token: owner });
      expect(res.status, page).toBe(200);
      const report = res.body.data;
      expect(report.branch, page).toMatchObject({ id, name });
      expect(
        figures(report.cards).filter(([, n]) => n !== 0),
        page,
      ).toEqual([]);
      for (const table of report.tables.filter((tb: any) => tb.id !== 'branches')) {
        expect(
          figures(table.rows).filter(([, n]) => n !== 0),
          `${page} ${table.id}`,
        ).toEqual([]);
        expect(table.empty_text, `${page} ${table.id}`).toEqual(expect.any(String));
      }
    }
    const revenue = (await t.call('GET', `restaurants/${id}/analytics/pages/revenue?${WINDOW}`, { token: owner })).body.data;
    const tables = Object.fromEntries(revenue.tables.map((tb: any) => [tb.id, tb]));
    expect(tables.items.rows).toEqual([]);
    expect(tables.combos.rows).toEqual([]);
    expect(tables.low.rows).toEqual([{ cells: [name, 'Manly, NSW', 0, 0], restaurant_id: id }]);
  });

  it('leaves the franchise-wide answers as they were, but for one more branch (with nothing) to average over', async () => {
    for (const kind of KINDS.filter((k) => k !== 'revenues')) {
      expect((await t.call('GET', `analytics/${kind}?${WINDOW}`, { token: owner })).body.data, kind).toEqual(franchiseWide[kind]);
    }
    const before = franchiseWide.revenues;
    const after = (await t.call('GET', `analytics/revenues?${WINDOW}`, { token: owner })).body.data;
    const { restaurants: branches, franchise_summary: summary, ...rest } = after;
    const { restaurants: branchesBefore, franchise_summary: summaryBefore, ...restBefore } = before;
    expect(rest).toEqual(restBefore);
    expect(branches).toEqual(expect.arrayContaining(branchesBefore));
    expect(branches.filter((b: any) => !branchesBefore.some((o: any) => o.id === b.id))).toEqual([
      { id, name, location: 'Manly, NSW', units: 0, revenue: 0 },
    ]);
    const { average_revenue_per_restaurant: average, ...totals } = summary;
    const { average_revenue_per_restaurant: _averageBefore, ...totalsBefore } = summaryBefore;
    expect(totals).toEqual(totalsBefore);
    expect(average).toBeCloseTo(summary.total_revenue / branches.length, 2);
  });

  it('lists with restaurant_user null and no subscriptions, beside the seeded ones', async () => {
    const listed = (await list()).find((r) => r.id === id);
    expect(listed).toMatchObject({ subscriptions: [], restaurant_user: null, location: 'Manly, NSW' });
    expect((await list()).filter((r) => r.restaurant_user !== null).length).toBeGreaterThanOrEqual(5);
  });
});

describe('the ABN index', () => {
  it('holds on the seeded data: no franchise has two restaurants with one ABN', async () => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from (select 1 from restaurants group by franchise_id, abn_no having count(*) > 1) d`.execute(database.db);
    expect(rows[0]!.n).toBe(0);
    const { rows: index } = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes where indexname = 'restaurants_franchise_id_abn_no_idx'`.execute(database.db);
    expect(index[0]!.indexdef).toMatch(/CREATE UNIQUE INDEX .* \(franchise_id, abn_no\)/);
  });
});
