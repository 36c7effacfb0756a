import { STALE_VERSION_MESSAGE } from '@contract/people.contract';
import { createTestApp, expectErrorEnvelope, expectSuccessEnvelope, OWNER, RIVAL } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let owner: string;
let rival: string;
let mine: any[];
let theirs: any[];

beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp(database.db);
  owner = await t.login(OWNER);
  rival = await t.login(RIVAL);
  mine = (await t.call('GET', 'restaurants', { token: owner })).body.data;
  theirs = (await t.call('GET', 'restaurants', { token: rival })).body.data;
});
afterAll(() => database.close());

const read = async (id: number, token = owner) => (await t.call('GET', `restaurants/${id}`, { token })).body.data;

/** The restaurant as the edit form sends it back. */
function editBody(restaurant: any, overrides: Record<string, unknown> = {}) {
  const { id: _id, location: _location, subscriptions: _subscriptions, restaurant_user: _user, ...fields } = restaurant;
  return { ...fields, ...overrides };
}

describe('GET /franchise/restaurants/:id', () => {
  it("answers the list's record with its version", async () => {
    for (const listed of mine) {
      const res = await t.call('GET', `restaurants/${listed.id}`, { token: owner });
      expect(res.status).toBe(200);
      expectSuccessEnvelope(res.body);
      expect(res.body.data).toEqual({ ...listed, version: 1 });
    }
  });

  it("answers 404 for another franchise's restaurant, an unknown id and a malformed one", async () => {
    for (const id of [String(theirs[0].id), '2000000000', '0', 'abc', '01', '2147483648']) {
      const res = await t.call('GET', `restaurants/${id}`, { token: owner });
      expect(res.status, id).toBe(404);
      expectErrorEnvelope(res.body, 'Restaurant not found');
    }
  });

  it('needs a token', async () => {
    expect((await t.call('GET', `restaurants/${mine[0].id}`)).status).toBe(401);
  });
});

describe('PUT /franchise/restaurants/:id', () => {
  it('saves every field, recomputes the location, bumps the version and shows in the list at once', async () => {
    const before = await read(mine[1].id);
    const res = await t.call('PUT', `restaurants/${before.id}`, {
      token: owner,
      body: editBody(before, {
        logo: 'https://images.example.com/logo.png',
        name: 'Harbour Eats Renamed',
        address: ' 2 New Street ',
        suburb: 'Newtown',
        post_code: '2042',
        city: 'Sydney',
        state: 'NSW',
        phone_no: '+61 2 9000 1234',
        email: 'New@Example.com',
        business_type: 'Bistro',
        capacity: 0,
        status: 'Inactive',
      }),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe("Harbour Eats Renamed's info updated successfully!");
    const expected = {
      ...before,
      logo: 'https://images.example.com/logo.png',
      name: 'Harbour Eats Renamed',
      address: '2 New Street',
      suburb: 'Newtown',
      post_code: '2042',
      city: 'Sydney',
      state: 'NSW',
      phone_no: '+61 2 9000 1234',
      email: 'new@example.com',
      business_type: 'Bistro',
      capacity: 0,
      status: 0,
      location: 'Newtown, NSW',
      version: 2,
    };
    expect(res.body.data).toEqual(expected);
    expect(await read(before.id)).toEqual(expected);
    const { version: _version, ...listed } = expected;
    expect((await t.call('GET', 'restaurants', { token: owner })).body.data).toContainEqual(listed);
    const active = await t.call('PUT', `restaurants/${before.id}`, { token: owner, body: editBody(expected, { status: 1 }) });
    expect(active.body.data).toMatchObject({ status: 1, version: 3 });
  });

  it('answers 422 with a message per field', async () => {
    const before = await read(mine[0].id);
    const res = await t.call('PUT', `restaurants/${before.id}`, {
      token: owner,
      body: editBody(before, {
        logo: 'javascript:alert(1)',
        name: '',
        address: ' ',
        post_code: '20000',
        state: 'Sydney',
        phone_no: 'none',
        email: 'nobody',
        capacity: -1,
        status: 'Closed',
      }),
    });
    expect(res.status).toBe(422);
    expectErrorEnvelope(res.body);
    expect(res.body.errors).toEqual({
      logo: ['Invalid URL'],
      name: ['Name is required'],
      address: ['Address is required'],
      post_code: ['Post code must be 4 digits'],
      state: ['State must be one of NSW, VIC, QLD, SA, WA, TAS, ACT, NT'],
      phone_no: ['Invalid phone number'],
      email: ['Invalid email address'],
      capacity: ['Capacity must be a non-negative whole number'],
      status: ['Status must be Active or Inactive'],
    });
    for (const capacity of [1.5, '10']) {
      const bad = await t.call('PUT', `restaurants/${before.id}`, { token: owner, body: editBody(before, { capacity }) });
      expect(bad.body.errors, String(capacity)).toEqual({ capacity: ['Capacity must be a non-negative whole number'] });
    }
    expect(await read(before.id)).toEqual(before);
  });

  it('clears every optional detail (stored as null, the location the state alone); an absent status stays', async () => {
    const before = await read(mine[3].id);
    const cleared = { logo: '', suburb: '', post_code: ' ', city: '', phone_no: '', email: null, business_type: '', capacity: null };
    const { status: _status, ...sent } = editBody(before, cleared);
    const res = await t.call('PUT', `restaurants/${before.id}`, { token: owner, body: sent });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({
      ...before,
      logo: null,
      suburb: null,
      post_code: null,
      city: null,
      phone_no: null,
      email: null,
      business_type: null,
      capacity: null,
      location: before.state,
      version: before.version + 1,
    });
    const listed = (await t.call('GET', 'restaurants', { token: owner })).body.data.find((r: any) => r.id === before.id);
    expect(listed).toMatchObject({ suburb: null, capacity: null, location: before.state, status: before.status });
    // Saved back as the form reads it, blanks and all, it stays so.
    const again = await t.call('PUT', `restaurants/${before.id}`, { token: owner, body: editBody(res.body.data, { email: '' }) });
    expect(again.status, again.text).toBe(200);
    expect(again.body.data).toEqual({ ...res.body.data, version: before.version + 2 });
  });

  it('refuses a changed abn_no with 422 on abn_no, and accepts the same one or none', async () => {
    const before = await read(mine[2].id);
    const changed = await t.call('PUT', `restaurants/${before.id}`, { token: owner, body: editBody(before, { abn_no: '99 999 999 999' }) });
    expect(changed.status).toBe(422);
    expect(changed.body.errors).toEqual({ abn_no: ['ABN is read-only'] });
    expect(await read(before.id)).toEqual(before);
    const same = await t.call('PUT', `restaurants/${before.id}`, { token: owner, body: editBody(before) });
    expect(same.status).toBe(200);
    const { abn_no: _abn, ...without } = editBody(same.body.data);
    const none = await t.call('PUT', `restaurants/${before.id}`, { token: owner, body: without });
    expect(none.status).toBe(200);
    expect(none.body.data.abn_no).toBe(before.abn_no);
  });

  it('gives a restaurant added without an ABN one, once: checked as on Add Restaurant, read-only afterwards', async () => {
    const created = await t.call('POST', 'restaurants', {
      token: owner,
      body: { name: 'Harbour Eats Pop-up', address: '1 Wharf Road', state: 'NSW' },
    });
    expect(created.status, created.text).toBe(201);
    const before = await read(created.body.data.id);
    expect(before.abn_no).toBeNull();
    const invalid = await t.call('PUT', `restaurants/${before.id}`, { token: owner, body: editBody(before, { abn_no: '51 824 753 557' }) });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ abn_no: ['This is not a valid ABN'] });
    const given = await t.call('PUT', `restaurants/${before.id}`, { token: owner, body: editBody(before, { abn_no: '51824753556' }) });
    expect(given.status, given.text).toBe(200);
    expect(given.body.data).toMatchObject({ abn_no: '51 824 753 556', version: before.version + 1 });
    const entry = await database.db
      .selectFrom('activity_log')
      .select('changes')
      .where('entity', '=', 'restaurant')
      .where('entity_id', '=', String(before.id))
      .where('action', '=', 'updated')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(entry.changes)).toContain('51 824 753 556');
    const changed = await t.call('PUT', `restaurants/${before.id}`, {
      token: owner,
      body: editBody(given.body.data, { abn_no: '53 004 085 616' }),
    });
    expect(changed.status).toBe(422);
    expect(changed.body.errors).toEqual({ abn_no: ['ABN is read-only'] });
    expect((await read(before.id)).abn_no).toBe('51 824 753 556');
  });

  it('refuses a stale version with 409; of simultaneous saves of one version exactly one wins', async () => {
    const before = await read(mine[3].id);
    const answers = await Promise.all(
      ['A', 'B', 'C'].map((n) =>
        t.call('PUT', `restaurants/${before.id}`, { token: owner, body: editBody(before, { name: `Racer ${n}` }) }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const lost = answers.find((a) => a.status === 409)!;
    expectErrorEnvelope(lost.body, STALE_VERSION_MESSAGE);
    expect(await read(before.id)).toEqual(answers.find((a) => a.status === 200)!.body.data);
  });

  it("answers 404 for another franchise's restaurant and leaves it untouched", async () => {
    const target = await read(theirs[0].id, rival);
    const res = await t.call('PUT', `restaurants/${target.id}`, { token: owner, body: editBody(target, { name: 'Hijacked' }) });
    expect(res.status).toBe(404);
    expectErrorEnvelope(res.body, 'Restaurant not found');
    expect(await read(target.id, rival)).toEqual(target);
  });

  it('a new name shows in analytics answers at once (the analytics cache is bumped)', async () => {
    const before = await read(mine[0].id);
    const query = 'analytics/revenues?period=daily&start_date=2026-11-15&end_date=2026-11-21';
    const names = async () => JSON.stringify((await t.call('GET', query, { token: owner })).body.data);
    expect(await names()).toContain(before.name);
    const res = await t.call('PUT', `restaurants/${before.id}`, { token: owner, body: editBody(before, { name: 'Freshly Renamed' }) });
    expect(res.status).toBe(200);
    const after = await names();
    expect(after).toContain('Freshly Renamed');
    expect(after).not.toContain(`"${before.name}"`);
  });
});
