import { recordShifts } from '../../server/analytics/ingest';
import { STALE_VERSION_MESSAGE } from '@contract/people.contract';
import { verifyPassword } from '../../server/auth/passwords';
import { PASSWORD_HASHES_PER_MINUTE } from '../../server/auth/rate-limit';
import { createTestApp, expectErrorEnvelope, expectSuccessEnvelope, OWNER, RIVAL } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let owner: string;
let rival: string;
let ownerRestaurants: { id: number; name: string }[];
let rivalRestaurant: number;

beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp(database.db);
  owner = await t.login(OWNER);
  rival = await t.login(RIVAL);
  ownerRestaurants = (await t.call('GET', 'restaurants', { token: owner })).body.data;
  rivalRestaurant = (await t.call('GET', 'restaurants', { token: rival })).body.data[0].id;
});
afterAll(() => database.close());

let serial = 0;
/** A valid create body with an e-mail no other test uses. */
function newPerson(overrides: Record<string, unknown> = {}) {
  serial++;
  return {
    picture: 'https://images.example.com/people/zoe.png',
    name: `Zoe Tester ${serial}`,
    email: `zoe.tester.${serial}@example.com`,
    phone: '0412 345 678',
    state: 'NSW',
    city: 'Sydney',
    street_address: '1 George Street',
    suburb: 'Parramatta',
    post_code: '2150',
    restaurant_id: ownerRestaurants[0]!.id,
    role: 'Chef',
    status: 'Active',
    password: 'a-good-password',
    change_password: 'a-good-password',
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}, token = owner) {
  const res = await t.call('POST', 'people', { token, body: newPerson(overrides) });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

/** The body of an edit of `person` as the edit form sends it. */
function editBody(person: any, overrides: Record<string, unknown> = {}) {
  const { id: _id, restaurant: _restaurant, ...fields } = person;
  return { ...fields, ...overrides };
}

describe('GET /franchise/people', () => {
  it("lists the caller franchise's people with their restaurant's name, never another franchise's", async () => {
    const res = await t.call('GET', 'people', { token: owner });
    expect(res.status).toBe(200);
    expectSuccessEnvelope(res.body);
    const list = res.body.data as any[];
    expect(list.length).toBeGreaterThanOrEqual(12);
    const names = new Map(ownerRestaurants.map((r) => [r.id, r.name]));
    for (const p of list) {
      expect(p).toEqual({
        id: expect.any(Number),
        picture: null,
        name: expect.any(String),
        email: expect.stringContaining('@'),
        phone: expect.any(String),
        state: expect.any(String),
        city: expect.any(String),
        street_address: expect.any(String),
        suburb: expect.any(String),
        post_code: expect.stringMatching(/^\d{4}$/),
        restaurant_id: expect.any(Number),
        restaurant: names.get(p.restaurant_id),
        role: expect.stringMatching(/^(Manager|Chef|Waiter)$/),
        status: expect.stringMatching(/^(Active|Inactive)$/),
        version: 1,
      });
    }
    const rivals = (await t.call('GET', 'people', { token: rival })).body.data as any[];
    expect(rivals.length).toBeGreaterThan(0);
    const ownerIds = new Set(list.map((p) => p.id));
    expect(rivals.some((p) => ownerIds.has(p.id))).toBe(false);
  });

  it('needs a token', async () => {
    expect((await t.call('GET', 'people')).status).toBe(401);
  });
});

describe('POST /franchise/people', () => {
  it('creates a person with a hashed password, then reads it back', async () => {
    const body = newPerson({ email: '  Zoe.Mixed@Example.COM ', name: '  Zoe Mixed ', phone: '', suburb: null, street_address: undefined });
    const res = await t.call('POST', 'people', { token: owner, body });
    expect(res.status, res.text).toBe(201);
    expectSuccessEnvelope(res.body);
    expect(res.body.message).toBe("Zoe Mixed's profile created successfully!");
    const created = res.body.data;
    expect(created).toEqual({
      id: expect.any(Number),
      picture: body.picture,
      name: 'Zoe Mixed',
      email: 'zoe.mixed@example.com',
      phone: null,
      state: 'NSW',
      city: 'Sydney',
      street_address: null,
      suburb: null,
      post_code: '2150',
      restaurant_id: ownerRestaurants[0]!.id,
      restaurant: ownerRestaurants[0]!.name,
      role: 'Chef',
      status: 'Active',
      version: 1,
    });
    const read = await t.call('GET', `people/${created.id}`, { token: owner });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(created);
    const row = await database.db.selectFrom('people').select('password_hash').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.password_hash!, 'a-good-password')).toBe(true);
  });

  it('answers 422 with a message per field', async () => {
    const res = await t.call('POST', 'people', {
      token: owner,
      body: {
        picture: 'javascript:alert(1)',
        name: ' ',
        email: 'not-an-email',
        phone: 'call me',
        state: 'XYZ',
        city: 'Sydney',
        street_address: '1 George Street',
        suburb: 'Parramatta',
        post_code: '215',
        restaurant_id: 'one',
        role: 'Owner',
        status: 'active',
        password: 'short',
        change_password: 'short',
      },
    });
    expect(res.status).toBe(422);
    expectErrorEnvelope(res.body);
    expect(res.body.errors).toEqual({
      picture: ['Invalid URL'],
      name: ['Name is required'],
      email: ['Invalid email address'],
      phone: ['Invalid phone number'],
      state: ['State must be one of NSW, VIC, QLD, SA, WA, TAS, ACT, NT'],
      post_code: ['Post code must be 4 digits'],
      restaurant_id: ['Restaurant is required'],
      role: ['Role must be one of Manager, Chef, Waiter'],
      status: ['Status must be one of Active, Inactive'],
      password: ['Password must be at least 8 characters'],
    });
  });

  it.each([
    ['ftp://files.example.com/a.png', 'Invalid URL'],
    ['data:image/png;base64,AAAA', 'Invalid URL'],
    ['https://', 'Invalid URL'],
  ])('refuses the picture %s', async (picture, message) => {
    const res = await t.call('POST', 'people', { token: owner, body: newPerson({ picture }) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ picture: [message] });
  });

  it('needs the password confirmed', async () => {
    const res = await t.call('POST', 'people', { token: owner, body: newPerson({ change_password: 'another-password' }) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ change_password: ['Passwords do not match'] });
    const missing = await t.call('POST', 'people', { token: owner, body: newPerson({ password: undefined, change_password: undefined }) });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toContain('password');
  });

  it("refuses a restaurant that is not one of the franchise's with 422", async () => {
    for (const restaurant_id of [rivalRestaurant, 2_000_000_000]) {
      const res = await t.call('POST', 'people', { token: owner, body: newPerson({ restaurant_id }) });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ restaurant_id: ['Choose one of your restaurants'] });
    }
  });

  it('refuses an e-mail already used in the franchise (any case) with 422 on email, and allows it in another franchise', async () => {
    const first = await create();
    const again = await t.call('POST', 'people', { token: owner, body: newPerson({ email: first.email.toUpperCase() }) });
    expect(again.status).toBe(422);
    expectErrorEnvelope(again.body, 'This email address is already in use');
    expect(again.body.errors).toEqual({ email: ['This email address is already in use'] });
    const elsewhere = await t.call('POST', 'people', {
      token: rival,
      body: newPerson({ email: first.email, restaurant_id: rivalRestaurant }),
    });
    expect(elsewhere.status).toBe(201);
  });

  it('of a burst of simultaneous creates with one e-mail, exactly one succeeds and the others get 422 on email', async () => {
    const email = `burst.${Date.now()}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.call('POST', 'people', { token: owner, body: newPerson({ email }) })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422, 422, 422, 422, 422]);
    for (const a of answers.filter((x) => x.status === 422))
      expect(a.body.errors).toEqual({ email: ['This email address is already in use'] });
    const stored = await database.db.selectFrom('people').select('id').where('email', '=', email).execute();
    expect(stored).toHaveLength(1);
  });
});

describe('GET /franchise/people/:id', () => {
  it("answers 404 for another franchise's person, an unknown id and a malformed one", async () => {
    const theirs = await create({ restaurant_id: rivalRestaurant }, rival);
    for (const id of [String(theirs.id), '2000000000', '0', 'abc', '01', '1e1', '99999999999']) {
      const res = await t.call('GET', `people/${id}`, { token: owner });
      expect(res.status, id).toBe(404);
      expectErrorEnvelope(res.body, 'Person not found');
    }
  });
});

describe('PUT /franchise/people/:id', () => {
  it('saves every field, bumps the version and can set a new password', async () => {
    const person = await create();
    const res = await t.call('PUT', `people/${person.id}`, {
      token: owner,
      body: editBody(person, {
        name: 'Zoe Renamed',
        role: 'Manager',
        status: 'Inactive',
        state: 'VIC',
        restaurant_id: ownerRestaurants[1]!.id,
        new_password: 'another-good-password',
        confirm_password: 'another-good-password',
      }),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe("Zoe Renamed's profile updated successfully!");
    expect(res.body.data).toEqual({
      ...person,
      name: 'Zoe Renamed',
      role: 'Manager',
      status: 'Inactive',
      state: 'VIC',
      restaurant_id: ownerRestaurants[1]!.id,
      restaurant: ownerRestaurants[1]!.name,
      version: 2,
    });
    const row = await database.db.selectFrom('people').select('password_hash').where('id', '=', person.id).executeTakeFirstOrThrow();
    expect(await verifyPassword(row.password_hash!, 'another-good-password')).toBe(true);
  });

  it('keeps the password when none is given, and needs new and confirm to match', async () => {
    const person = await create();
    const before = await database.db.selectFrom('people').select('password_hash').where('id', '=', person.id).executeTakeFirstOrThrow();
    const mismatch = await t.call('PUT', `people/${person.id}`, {
      token: owner,
      body: editBody(person, { new_password: 'another-good-password', confirm_password: 'something-else' }),
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toEqual({ confirm_password: ['Passwords do not match'] });
    const plain = await t.call('PUT', `people/${person.id}`, {
      token: owner,
      body: editBody(person, { new_password: '', confirm_password: '' }),
    });
    expect(plain.status).toBe(200);
    const after = await database.db.selectFrom('people').select('password_hash').where('id', '=', person.id).executeTakeFirstOrThrow();
    expect(after.password_hash).toBe(before.password_hash);
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const person = await create();
    const first = await t.call('PUT', `people/${person.id}`, { token: owner, body: editBody(person, { name: 'First Save' }) });
    expect(first.status).toBe(200);
    const second = await t.call('PUT', `people/${person.id}`, { token: owner, body: editBody(person, { name: 'Second Save' }) });
    expect(second.status).toBe(409);
    expectErrorEnvelope(second.body, STALE_VERSION_MESSAGE);
    expect((await t.call('GET', `people/${person.id}`, { token: owner })).body.data).toMatchObject({ name: 'First Save', version: 2 });
  });

  it('of two simultaneous saves of one version, exactly one wins', async () => {
    const person = await create();
    const answers = await Promise.all(
      ['A', 'B', 'C'].map((n) => t.call('PUT', `people/${person.id}`, { token: owner, body: editBody(person, { name: `Racer ${n}` }) })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.data;
    expect((await t.call('GET', `people/${person.id}`, { token: owner })).body.data).toEqual(winner);
  });

  it('needs the version, and refuses an e-mail of another person of the franchise', async () => {
    const person = await create();
    const other = await create();
    const { version: _version, ...noVersion } = editBody(person);
    const missing = await t.call('PUT', `people/${person.id}`, { token: owner, body: noVersion });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ version: ['Version is required'] });
    const taken = await t.call('PUT', `people/${person.id}`, { token: owner, body: editBody(person, { email: other.email }) });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ email: ['This email address is already in use'] });
  });

  it("answers 404 for another franchise's person and leaves it untouched", async () => {
    const theirs = await create({ restaurant_id: rivalRestaurant }, rival);
    const res = await t.call('PUT', `people/${theirs.id}`, {
      token: owner,
      body: editBody(theirs, { name: 'Hijacked', restaurant_id: ownerRestaurants[0]!.id }),
    });
    expect(res.status).toBe(404);
    expectErrorEnvelope(res.body, 'Person not found');
    expect((await t.call('GET', `people/${theirs.id}`, { token: rival })).body.data).toEqual(theirs);
  });
});

describe('the cost of setting passwords', () => {
  it(`caps a user's creates at ${PASSWORD_HASHES_PER_MINUTE} a minute with 429 and Retry-After; another user is unaffected`, async () => {
    const burst = createTestApp(database.db);
    burst.advance(30 * 24 * 3600_000);
    const token = await burst.login(OWNER);
    // The minute's hashes used up, as a burst of creates would leave them.
    const key = `hash:user:${(await burst.call('GET', 'profile', { token })).body.data.user.id}`;
    const full = { window_start: new Date(burst.now()), count: PASSWORD_HASHES_PER_MINUTE };
    await database.db
      .insertInto('login_attempts')
      .values({ key, ...full })
      .onConflict((oc) => oc.column('key').doUpdateSet(full))
      .execute();
    const refused = await burst.call('POST', 'people', { token, body: newPerson() });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(
      (await burst.call('POST', 'people', { token: await burst.login(RIVAL), body: newPerson({ restaurant_id: rivalRestaurant }) })).status,
    ).toBe(201);
    burst.advance(61_000);
    expect((await burst.call('POST', 'people', { token, body: newPerson() })).status).toBe(201);
  });
});

describe('DELETE /franchise/people/:id', () => {
  it('removes the person from the list and the reads, and a second delete is 404', async () => {
    const person = await create();
    const res = await t.call('DELETE', `people/${person.id}`, { token: owner });
    expect(res.status).toBe(200);
    expectSuccessEnvelope(res.body);
    expect(res.body.message).toBe(`${person.name}'s profile deleted!`);
    const list = (await t.call('GET', 'people', { token: owner })).body.data as any[];
    expect(list.some((p) => p.id === person.id)).toBe(false);
    expect((await t.call('GET', `people/${person.id}`, { token: owner })).status).toBe(404);
    expect((await t.call('PUT', `people/${person.id}`, { token: owner, body: editBody(person) })).status).toBe(404);
    expect((await t.call('DELETE', `people/${person.id}`, { token: owner })).status).toBe(404);
  });

  it('erases the contact details, picture and password hash; the name stays for past rosters', async () => {
    const person = await create();
    expect((await t.call('DELETE', `people/${person.id}`, { token: owner })).status).toBe(200);
    const row = await database.db.selectFrom('people').selectAll().where('id', '=', person.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: person.name,
      email: `deleted-${person.id}@people.invalid`,
      picture: null,
      phone: null,
      state: null,
      city: null,
      street_address: null,
      suburb: null,
      post_code: null,
      password_hash: null,
    });
    expect(row.deleted_at).not.toBeNull();
  });

  it('frees the e-mail for a new person', async () => {
    const person = await create();
    expect((await t.call('DELETE', `people/${person.id}`, { token: owner })).status).toBe(200);
    const again = await t.call('POST', 'people', { token: owner, body: newPerson({ email: person.email }) });
    expect(again.status).toBe(201);
  });

  it("answers 404 for another franchise's person and deletes nothing", async () => {
    const theirs = await create({ restaurant_id: rivalRestaurant }, rival);
    expect((await t.call('DELETE', `people/${theirs.id}`, { token: owner })).status).toBe(404);
    expect((await t.call('GET', `people/${theirs.id}`, { token: rival })).status).toBe(200);
  });

  it("keeps the person's past shifts in the roster: the answer is the same after the delete", async () => {
    const person = await create({ name: 'Shift Keeper' });
    const franchiseId = (
      await database.db.selectFrom('people').select('franchise_id').where('id', '=', person.id).executeTakeFirstOrThrow()
    ).franchise_id;
    await recordShifts(database.db, franchiseId, [
      {
        restaurantId: person.restaurant_id,
        personId: person.id,
        day: '2026-11-18',
        assignedMinutes: 480,
        actualMinutes: 450,
        hourlyRateCents: 3000,
        attended: true,
      },
    ]);
    const query = 'analytics/roster?period=daily&start_date=2026-11-15&end_date=2026-11-21&limit=50';
    const before = await t.call('GET', query, { token: owner });
    expect(before.status).toBe(200);
    expect(before.body.data.staff).toContainEqual(
      expect.objectContaining({ person_id: person.id, name: 'Shift Keeper', actual_hours: 7.5 }),
    );
    expect((await t.call('DELETE', `people/${person.id}`, { token: owner })).status).toBe(200);
    const after = await t.call('GET', query, { token: owner });
    expect(after.body).toEqual(before.body);
  });

  it('renaming a person shows the new name in the roster at once (the analytics cache is bumped)', async () => {
    const person = await create({ name: 'Old Name' });
    const franchiseId = (
      await database.db.selectFrom('people').select('franchise_id').where('id', '=', person.id).executeTakeFirstOrThrow()
    ).franchise_id;
    await recordShifts(database.db, franchiseId, [
      {
        restaurantId: person.restaurant_id,
        personId: person.id,
        day: '2026-11-19',
        assignedMinutes: 60,
        actualMinutes: 60,
        hourlyRateCents: 3000,
        attended: true,
      },
    ]);
    const query = 'analytics/roster?period=daily&start_date=2026-11-15&end_date=2026-11-21&limit=50';
    const staffOf = async () =>
      ((await t.call('GET', query, { token: owner })).body.data.staff as any[]).find((s) => s.person_id === person.id);
    expect((await staffOf()).name).toBe('Old Name');
    expect((await t.call('PUT', `people/${person.id}`, { token: owner, body: editBody(person, { name: 'New Name' }) })).status).toBe(200);
    expect((await staffOf()).name).toBe('New Name');
  });
});
