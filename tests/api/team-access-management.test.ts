import { STALE_VERSION_MESSAGE } from '@contract/people.contract';
import { ERASED } from '../../server/activity/activity.repository';
import { SECRET_CHANGED } from '@contract/activity.contract';
import { DEMO_MANAGER } from '../../server/db/seed';
import { validAbn } from '../support/abn';
import { createTestApp, expectErrorEnvelope, expectSuccessEnvelope, OWNER } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let owner: string;
let manager: string;
beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp(database.db);
  owner = await t.login(OWNER);
  manager = await t.login(DEMO_MANAGER);
});
afterAll(() => database.close());

// Seed: the demo manager (member 2) has restaurants 1 and 2; 3 is the franchise's Fitzroy, which they do not have.
const OWNER_ID = 1;
const MANAGER_ID = 2;
const MINE = [1, 2];
const OTHER_BRANCH = 3;
const CHOOSE = 'Choose one of your restaurants';

let serial = 0;
function newPerson(overrides: Record<string, unknown> = {}) {
  serial++;
  return {
    picture: null,
    name: `Branch Person ${serial}`,
    email: `branch.person.${serial}@example.com`,
    phone: '0412 345 678',
    state: 'NSW',
    city: 'Sydney',
    street_address: '1 George Street',
    suburb: 'Parramatta',
    post_code: '2150',
    restaurant_id: 1,
    role: 'Waiter',
    status: 'Active',
    password: 'a-good-password',
    change_password: 'a-good-password',
    ...overrides,
  };
}

async function createPerson(overrides: Record<string, unknown> = {}, token = owner) {
  const res = await t.call('POST', 'people', { token, body: newPerson(overrides) });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

const personEdit = ({ id: _id, restaurant: _restaurant, ...fields }: any, overrides: Record<string, unknown> = {}) => ({
  ...fields,
  ...overrides,
});
const restaurantEdit = (
  { id: _id, location: _l, subscriptions: _s, restaurant_user: _u, ...fields }: any,
  overrides: Record<string, unknown> = {},
) => ({
  ...fields,
  ...overrides,
});
const readRestaurant = async (id: number) => (await t.call('GET', `restaurants/${id}`, { token: owner })).body.data;
const readPerson = async (id: number) => (await t.call('GET', `people/${id}`, { token: owner })).body.data;

const activity = (entity: string, entityId: number) =>
  database.db
    .selectFrom('activity_log')
    .selectAll()
    .where('entity', '=', entity)
    .where('entity_id', '=', String(entityId))
    .orderBy('id')
    .execute();
const activityCount = async () =>
  Number(
    (
      await database.db
        .selectFrom('activity_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Sets the demo manager's branches through the team call, as an owner does. */
async function setBranches(restaurantIds: number[]) {
  const current = (await t.call('GET', 'team', { token: owner })).body.data.find((m: any) => m.id === MANAGER_ID);
  const res = await t.call('PUT', `team/${MANAGER_ID}`, {
    token: owner,
    body: { name: current.name, role: 'manager', restaurant_ids: restaurantIds, version: current.version },
  });
  expect(res.status, res.text).toBe(200);
}

describe('a manager of restaurants 1 and 2, and people', () => {
  it('lists only the people of their branches; the owner still lists everyone', async () => {
    const all = (await t.call('GET', 'people', { token: owner })).body.data as any[];
    const res = await t.call('GET', 'people', { token: manager });
    expect(res.status).toBe(200);
    expectSuccessEnvelope(res.body);
    const theirs = res.body.data as any[];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs).toEqual(all.filter((p) => MINE.includes(p.restaurant_id)));
    expect(all.some((p) => p.restaurant_id === OTHER_BRANCH)).toBe(true);
  });

  it('reads, saves and deletes nobody of another branch (404), which stays as it was', async () => {
    const other = await createPerson({ restaurant_id: OTHER_BRANCH });
    const before = await readPerson(other.id);
    const get = await t.call('GET', `people/${other.id}`, { token: manager });
    expect(get.status).toBe(404);
    expectErrorEnvelope(get.body, 'Person not found');
    const count = await activityCount();
    for (const body of [personEdit(before, { name: 'Taken over' }), personEdit(before, { name: 'Taken over', restaurant_id: 1 })]) {
      const put = await t.call('PUT', `people/${other.id}`, { token: manager, body });
      expect(put.status).toBe(404);
      expectErrorEnvelope(put.body, 'Person not found');
    }
    const del = await t.call('DELETE', `people/${other.id}`, { token: manager });
    expect(del.status).toBe(404);
    expectErrorEnvelope(del.body, 'Person not found');
    expect(await readPerson(other.id)).toEqual(before);
    expect(await activityCount()).toBe(count);
  });

  it('creates and moves people only within their branches (422 on restaurant_id otherwise)', async () => {
    const count = await activityCount();
    const refused = await t.call('POST', 'people', { token: manager, body: newPerson({ restaurant_id: OTHER_BRANCH }) });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ restaurant_id: [CHOOSE] });
    expect(await activityCount()).toBe(count);

    const mine = await createPerson({ restaurant_id: 1 }, manager);
    const moveAway = await t.call('PUT', `people/${mine.id}`, { token: manager, body: personEdit(mine, { restaurant_id: OTHER_BRANCH }) });
    expect(moveAway.status).toBe(422);
    expect(moveAway.body.errors).toEqual({ restaurant_id: [CHOOSE] });
    expect((await readPerson(mine.id)).restaurant_id).toBe(1);

    const move = await t.call('PUT', `people/${mine.id}`, { token: manager, body: personEdit(mine, { restaurant_id: 2 }) });
    expect(move.status, move.text).toBe(200);
    expect(move.body.data.restaurant_id).toBe(2);
    const del = await t.call('DELETE', `people/${mine.id}`, { token: manager });
    expect(del.status).toBe(200);
  });
});

describe('a manager of restaurants 1 and 2, and restaurants', () => {
  it('lists their branches only; the owner lists every one', async () => {
    const res = await t.call('GET', 'restaurants', { token: manager });
    expect(res.status).toBe(200);
    expect((res.body.data as any[]).map((r) => r.id).sort()).toEqual(MINE);
    const all = (await t.call('GET', 'restaurants', { token: owner })).body.data as any[];
    expect(all.map((r) => r.id)).toEqual(expect.arrayContaining([1, 2, 3, 4, 5]));
  });

  it('reads and saves only their branches (404 for any other), and cannot add a restaurant', async () => {
    const other = await readRestaurant(OTHER_BRANCH);
    const get = await t.call('GET', `restaurants/${OTHER_BRANCH}`, { token: manager });
    expect(get.status).toBe(404);
    expectErrorEnvelope(get.body, 'Restaurant not found');
    const count = await activityCount();
    const put = await t.call('PUT', `restaurants/${OTHER_BRANCH}`, { token: manager, body: restaurantEdit(other, { name: 'Taken over' }) });
    expect(put.status).toBe(404);
    expectErrorEnvelope(put.body, 'Restaurant not found');
    expect(await readRestaurant(OTHER_BRANCH)).toEqual(other);

    const body = { ...restaurantEdit(other), name: 'Manager Made', abn_no: validAbn(700_000_001) };
    delete (body as Record<string, unknown>).version;
    const post = await t.call('POST', 'restaurants', { token: manager, body });
    expect(post.status).toBe(404);
    expectErrorEnvelope(post.body, 'Not found');
    expect((await t.call('GET', 'restaurants', { token: owner })).body.data.map((r: any) => r.name)).not.toContain('Manager Made');
    expect(await activityCount()).toBe(count);

    const own = (await t.call('GET', 'restaurants/1', { token: manager })).body.data;
    const save = await t.call('PUT', 'restaurants/1', { token: manager, body: restaurantEdit(own, { capacity: own.capacity + 1 }) });
    expect(save.status, save.text).toBe(200);
    expect(save.body.data.capacity).toBe(own.capacity + 1);
  });
});

describe('changes to a manager apply at their next request', () => {
  it('a branch taken away is 404 at once, and given back reachable again', async () => {
    const atTwo = await createPerson({ restaurant_id: 2 });
    expect((await t.call('GET', 'restaurants/2', { token: manager })).status).toBe(200);
    expect((await t.call('GET', `people/${atTwo.id}`, { token: manager })).status).toBe(200);

    await setBranches([1]);
    expect((await t.call('GET', 'restaurants/2', { token: manager })).status).toBe(404);
    expect((await t.call('GET', `people/${atTwo.id}`, { token: manager })).status).toBe(404);
    expect((await t.call('GET', 'restaurants', { token: manager })).body.data.map((r: any) => r.id)).toEqual([1]);
    expect((await t.call('GET', 'people', { token: manager })).body.data.every((p: any) => p.restaurant_id === 1)).toBe(true);
    const create = await t.call('POST', 'people', { token: manager, body: newPerson({ restaurant_id: 2 }) });
    expect(create.status).toBe(422);

    await setBranches(MINE);
    expect((await t.call('GET', 'restaurants/2', { token: manager })).status).toBe(200);
    expect((await t.call('GET', `people/${atTwo.id}`, { token: manager })).status).toBe(200);
  });

  it('a removed member’s next request is refused (401)', async () => {
    const invited = await t.call('POST', 'team', {
      token: owner,
      body: { email: 'short.lived@example.com', name: 'Short Lived', role: 'manager', restaurant_ids: [1] },
    });
    const token = new URL(t.mailer.messages.at(-1)!.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
    expect(
      (await t.call('POST', 'password/reset', { body: { token, password: 'short-lived', password_confirmation: 'short-lived' } })).status,
    ).toBe(200);
    const session = await t.login({ email: 'short.lived@example.com', password: 'short-lived' });
    expect((await t.call('GET', 'people', { token: session })).status).toBe(200);
    expect((await t.call('DELETE', `team/${invited.body.data.id}`, { token: owner })).status).toBe(200);
    for (const path of ['people', 'restaurants', 'profile']) expect((await t.call('GET', path, { token: session })).status, path).toBe(401);
  });
});

describe('the activity log', () => {
  it('records a person created, updated (a new password only as changed) and deleted, by whom, with the change', async () => {
    const person = await createPerson({ restaurant_id: 1 }, manager);
    const [created] = await activity('person', person.id);
    expect(created).toMatchObject({
      franchise_id: 1,
      user_id: MANAGER_ID,
      user_name: DEMO_MANAGER.name,
      action: 'created',
      changes: expect.objectContaining({
        name: [null, person.name],
        email: [null, person.email],
        restaurant_id: [null, 1],
        role: [null, 'Waiter'],
      }),
    });
    expect(created!.changes).not.toHaveProperty('password');
    expect(created!.at.getTime()).toBe(t.now());

    const update = await t.call('PUT', `people/${person.id}`, {
      token: owner,
      body: personEdit(person, {
        name: 'Renamed Person',
        role: 'Chef',
        new_password: 'another-password',
        confirm_password: 'another-password',
      }),
    });
    expect(update.status, update.text).toBe(200);
    const updated = (await activity('person', person.id))[1]!;
    expect(updated).toMatchObject({ user_id: OWNER_ID, action: 'updated' });
    expect(updated.changes).toEqual({ name: [person.name, 'Renamed Person'], role: ['Waiter', 'Chef'], password: [null, SECRET_CHANGED] });
    expect(JSON.stringify(updated.changes)).not.toContain('another-password');

    expect((await t.call('DELETE', `people/${person.id}`, { token: owner })).status).toBe(200);
    const [createdAfter, , deleted] = await activity('person', person.id);
    expect(deleted).toMatchObject({
      action: 'deleted',
      changes: { name: ['Renamed Person', null], restaurant_id: [1, null], role: ['Chef', null] },
    });
    // The deletion erases the person's contact details from the log too; what they did stays.
    expect(createdAfter!.changes).toMatchObject({
      name: [null, person.name],
      email: [ERASED, ERASED],
      phone: [ERASED, ERASED],
      role: [null, 'Waiter'],
    });
    const logged = JSON.stringify(await activity('person', person.id));
    for (const value of [person.email, person.phone, person.street_address]) expect(logged).not.toContain(value);
  });

  it('records a restaurant added and updated', async () => {
    const own = await readRestaurant(4);
    const body = { ...restaurantEdit(own), name: 'Logged Branch', abn_no: validAbn(700_000_002) };
    delete (body as Record<string, unknown>).version;
    const created = await t.call('POST', 'restaurants', { token: owner, body });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id;
    expect((await activity('restaurant', id))[0]).toMatchObject({
      action: 'created',
      user_id: OWNER_ID,
      changes: expect.objectContaining({ name: [null, 'Logged Branch'], abn_no: [null, created.body.data.abn_no] }),
    });

    const save = await t.call('PUT', `restaurants/${id}`, {
      token: owner,
      body: restaurantEdit(created.body.data, { capacity: 99, city: 'Newcastle' }),
    });
    expect(save.status, save.text).toBe(200);
    expect((await activity('restaurant', id))[1]).toMatchObject({
      action: 'updated',
      changes: { capacity: [own.capacity, 99], city: [own.city, 'Newcastle'] },
    });
  });

  it('records nothing for a refused change: stale (409), invalid (422) or not found (404)', async () => {
    const person = await createPerson({ restaurant_id: 1 });
    expect((await t.call('PUT', `people/${person.id}`, { token: owner, body: personEdit(person, { name: 'First save' }) })).status).toBe(
      200,
    );
    const restaurant = await readRestaurant(5);
    expect((await t.call('PUT', 'restaurants/5', { token: owner, body: restaurantEdit(restaurant, { capacity: 12 }) })).status).toBe(200);
    const count = await activityCount();

    const stale = await t.call('PUT', `people/${person.id}`, { token: owner, body: personEdit(person, { name: 'Stale save' }) });
    expect(stale.status).toBe(409);
    expectErrorEnvelope(stale.body, STALE_VERSION_MESSAGE);
    const staleRestaurant = await t.call('PUT', 'restaurants/5', { token: owner, body: restaurantEdit(restaurant, { capacity: 13 }) });
    expect(staleRestaurant.status).toBe(409);
    expect((await t.call('PUT', `people/${person.id}`, { token: owner, body: personEdit(person, { email: 'nope' }) })).status).toBe(422);
    expect((await t.call('POST', 'people', { token: owner, body: newPerson({ restaurant_id: 6 }) })).status).toBe(422);
    expect((await t.call('DELETE', 'people/999999', { token: owner })).status).toBe(404);
    expect(await activityCount()).toBe(count);
  });
});
