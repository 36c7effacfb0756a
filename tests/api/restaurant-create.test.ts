import { sql } from 'kysely';
import { ABN_MESSAGES, sameAbnNotice } from '@contract/restaurants.contract';
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
      same_abn: [],
    });
    const { same_abn: _sameAbn, ...stored } = res.body.data;
    const got = await read(res.body.data.id);
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(stored);
    const { version: _version, ...listed } = stored;
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
      [51824753556, ABN_MESSAGES.digits],
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

  it('stores "51824753556" and "51 824 753 556" as one value: the second names the first', async () => {
    // 51 824 753 556 is the owner's first seeded ABN, and no restaurant's in the rival franchise.
    const seeded = await database.db
      .selectFrom('restaurants')
      .select(['id', 'name'])
      .where('franchise_id', '=', ownerFranchise)
      .where('abn_no', '=', '51 824 753 556')
      .execute();
    expect(seeded).toHaveLength(1);
    const shared = await create(body({ abn_no: '51824753556' }));
    expect(shared.status, shared.text).toBe(201);
    expect(shared.body.data.same_abn).toEqual(seeded);

    const first = await create(body({ abn_no: '51824753556' }), rival);
    expect(first.status, first.text).toBe(201);
    expect(first.body.data).toMatchObject({ abn_no: '51 824 753 556', same_abn: [] });
    const again = await create(body({ abn_no: '51 824 753 556' }), rival);
    expect(again.status).toBe(201);
    expect(again.body.data.same_abn).toEqual([{ id: first.body.data.id, name: first.body.data.name }]);
    const rows = await database.db.selectFrom('restaurants').select(['franchise_id']).where('abn_no', '=', '51 824 753 556').execute();
    expect(rows).toHaveLength(4);
  });

  it('stores two restaurants of one franchise with one ABN (one company owning both), the second warned of the first', async () => {
    const first = await create(body({ name: 'Harbour Eats Manly' }));
    expect(first.status).toBe(201);
    const sent = body({ name: 'Harbour Eats Bondi', abn_no: first.body.data.abn_no.replace(/ /g, '') });
    const second = await create(sent);
    expect(second.status, second.text).toBe(201);
    expect(second.body.message).toBe(
      'Harbour Eats Bondi created successfully! Same ABN as Harbour Eats Manly — fine if one company owns both.',
    );
    expect(second.body.data).toMatchObject({
      abn_no: first.body.data.abn_no,
      same_abn: [{ id: first.body.data.id, name: 'Harbour Eats Manly' }],
    });
    const third = await create(body({ name: 'Harbour Eats Coogee', abn_no: first.body.data.abn_no }));
    expect(third.body.message).toBe(
      'Harbour Eats Coogee created successfully! Same ABN as Harbour Eats Bondi and Harbour Eats Manly — fine if one company owns them all.',
    );
    expect(third.body.data.same_abn.map((r: { id: number }) => r.id)).toEqual([second.body.data.id, first.body.data.id]);
    expect(sameAbnNotice(['A', 'B', 'C'])).toBe('Same ABN as A, B and C — fine if one company owns them all.');
  });

  it('stores every one of a burst of 8 identical creates, each naming those stored before it', async () => {
    const same = body();
    const before = await dataVersion(ownerFranchise);
    const answers = await Promise.all(Array.from({ length: 8 }, () => create(same)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    // The franchise's lock orders them: the k-th to commit names the k - 1 before it.
    expect(answers.map((a) => a.body.data.same_abn.length).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const rows = await database.db
      .selectFrom('restaurants')
      .select('id')
      .where('franchise_id', '=', ownerFranchise)
      .where('abn_no', '=', answers[0]!.body.data.abn_no)
      .execute();
    expect(rows).toHaveLength(8);
    expect(await dataVersion(ownerFranchise)).toBe(before + 8);
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
    const { same_abn: _sameAbn, ...stored } = res.body.data;
    expect((await read(id)).body.data).toEqual(stored);
  });

  it('names every missing required field (name, address, state) with 422 and stores nothing', async () => {
    const before = (await list()).length;
    const res = await create({});
    expect(res.status).toBe(422);
    expectErrorEnvelope(res.body);
    expect(res.body.errors).toEqual({
      name: ['Name is required'],
      address: ['Address is required'],
      state: ['State must be one of NSW, VIC, QLD, SA, WA, TAS, ACT, NT'],
    });
    for (const field of ['name', 'address', 'state'] as const) {
      const { [field]: _gone, ...rest } = body();
      const missing = await create(rest);
      expect(missing.status, field).toBe(422);
      expect(Object.keys(missing.body.errors), field).toEqual([field]);
    }
    expect(await list()).toHaveLength(before);
  });

  it('creates a restaurant from its name, address and state alone: no other detail (null), Active, on the franchise’s clock', async () => {
    const res = await create({ name: 'Harbour Eats Pop-up', address: '2 Wharf Rd', state: 'NSW' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.message).toBe('Harbour Eats Pop-up created successfully!');
    expect(res.body.data).toMatchObject({
      name: 'Harbour Eats Pop-up',
      address: '2 Wharf Rd',
      state: 'NSW',
      logo: null,
      abn_no: null,
      suburb: null,
      post_code: null,
      city: null,
      phone_no: null,
      email: null,
      business_type: null,
      capacity: null,
      status: 1,
      location: 'NSW',
      time_zone: 'Australia/Sydney',
      day_starts_at: '00:00',
      same_abn: [],
    });
    // Blank details are none too; two restaurants without an ABN do not share one.
    const blank = await create({
      ...body({ abn_no: '  ', suburb: '', post_code: ' ', city: '', phone_no: '', email: '', business_type: '', capacity: null }),
    });
    expect(blank.status, blank.text).toBe(201);
    expect(blank.body.data).toMatchObject({ abn_no: null, suburb: null, capacity: null, email: null, location: 'NSW', same_abn: [] });
    expect((await list()).find((r) => r.id === res.body.data.id)).toMatchObject({ abn_no: null, location: 'NSW' });
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
      total_delivery_revenue: 0,
      total_discounts: 0,
      total_refunds: 0,
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
  it('is a plain one: a franchise’s restaurants may share an ABN, and a create looks the others up by it', async () => {
    const { rows: index } = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes where indexname = 'restaurants_franchise_id_abn_no_idx'`.execute(database.db);
    expect(index[0]!.indexdef).toMatch(/CREATE INDEX .* \(franchise_id, abn_no\)/);
  });
});
