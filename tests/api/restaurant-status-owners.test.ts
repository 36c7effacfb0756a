import { BRANCH_STATUS_OWNERS_ONLY_MESSAGE } from '@contract/restaurants.contract';
import { DEMO_MANAGER } from '../../server/db/seed';
import { createTestApp, expectErrorEnvelope, OWNER } from './support/test-app';
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

// Seed: the demo manager has restaurants 1 and 2, both Active.
const BRANCH = 1;

const read = async () => (await t.call('GET', `restaurants/${BRANCH}`, { token: owner })).body.data;
const edit = (
  { id: _id, location: _l, subscriptions: _s, restaurant_user: _u, ...fields }: any,
  overrides: Record<string, unknown> = {},
) => ({
  ...fields,
  ...overrides,
});
const activityCount = async () =>
  Number(
    (
      await database.db
        .selectFrom('activity_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("a branch's status is the owners' to change", () => {
  it("refuses a manager's change of status (422 on status), in either spelling, and changes nothing", async () => {
    const before = await read();
    expect(before.status).toBe(1);
    const count = await activityCount();
    for (const status of [0, 'Inactive']) {
      const res = await t.call('PUT', `restaurants/${BRANCH}`, {
        token: manager,
        body: edit(before, { status, capacity: before.capacity + 1 }),
      });
      expect(res.status, res.text).toBe(422);
      expectErrorEnvelope(res.body, BRANCH_STATUS_OWNERS_ONLY_MESSAGE);
      expect(res.body.errors).toEqual({ status: [BRANCH_STATUS_OWNERS_ONLY_MESSAGE] });
    }
    expect(await read()).toEqual(before);
    expect(await activityCount()).toBe(count);
  });

  it("saves a manager's other fields when the status is sent unchanged (1 or 'Active')", async () => {
    for (const status of [1, 'Active']) {
      const before = await read();
      const res = await t.call('PUT', `restaurants/${BRANCH}`, {
        token: manager,
        body: edit(before, { status, capacity: before.capacity + 1 }),
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ status: 1, capacity: before.capacity + 1, version: before.version + 1 });
    }
  });

  it("an owner changes the status, and a manager's save of an Inactive branch keeps it Inactive", async () => {
    const active = await read();
    const off = await t.call('PUT', `restaurants/${BRANCH}`, { token: owner, body: edit(active, { status: 0 }) });
    expect(off.status, off.text).toBe(200);
    expect(off.body.data.status).toBe(0);

    const inactive = await read();
    const reactivate = await t.call('PUT', `restaurants/${BRANCH}`, { token: manager, body: edit(inactive, { status: 1 }) });
    expect(reactivate.status).toBe(422);
    expect(reactivate.body.errors).toEqual({ status: [BRANCH_STATUS_OWNERS_ONLY_MESSAGE] });
    const save = await t.call('PUT', `restaurants/${BRANCH}`, { token: manager, body: edit(inactive, { phone_no: '02 9999 0000' }) });
    expect(save.status, save.text).toBe(200);
    expect(save.body.data).toMatchObject({ status: 0, phone_no: '02 9999 0000' });

    const on = await t.call('PUT', `restaurants/${BRANCH}`, { token: owner, body: edit(await read(), { status: 'Active' }) });
    expect(on.status, on.text).toBe(200);
    expect(on.body.data.status).toBe(1);
  });

  it("answers a manager's save of an older version with the conflict (409), not the status rule", async () => {
    const seen = await read();
    const owners = await t.call('PUT', `restaurants/${BRANCH}`, { token: owner, body: edit(seen, { status: 0 }) });
    expect(owners.status, owners.text).toBe(200);
    const stale = await t.call('PUT', `restaurants/${BRANCH}`, { token: manager, body: edit(seen, { capacity: seen.capacity + 5 }) });
    expect(stale.status, stale.text).toBe(409);
    expect((await read()).status).toBe(0);
  });
});
