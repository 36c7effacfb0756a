import { createQueryId, type KyselyPlugin } from 'kysely';
import { EMAIL_TAKEN_MESSAGE } from '@contract/people.contract';
import { EMAILS_IN_USE_PER_WINDOW } from '../../server/auth/rate-limit';
import { DEMO_MANAGER } from '../../server/db/seed';
import { createTestApp, OWNER, RIVAL } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let owner: string;
let manager: string;
let rival: string;
beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp(database.db);
  owner = await t.login(OWNER);
  manager = await t.login(DEMO_MANAGER);
  rival = await t.login(RIVAL);
});
afterAll(() => database.close());

// Seed: the demo manager has restaurants 1 and 2; 3 is their franchise's, not theirs.
const MINE = 1;
const OTHER_BRANCH = 3;

let serial = 0;
function newPerson(overrides: Record<string, unknown> = {}) {
  serial++;
  return {
    picture: null,
    name: `In Use ${serial}`,
    email: `in.use.${serial}@example.com`,
    phone: '0412 345 678',
    state: 'NSW',
    city: 'Sydney',
    street_address: '1 George Street',
    suburb: 'Parramatta',
    post_code: '2150',
    restaurant_id: MINE,
    role: 'Waiter',
    status: 'Active',
    password: 'a-good-password',
    change_password: 'a-good-password',
    ...overrides,
  };
}

async function create(token: string, overrides: Record<string, unknown>) {
  const res = await t.call('POST', 'people', { token, body: newPerson(overrides) });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

/** E-mails held by a person of the manager's branch, of another branch of their franchise, and of another franchise. */
async function holders() {
  const rivalBranch = (await t.call('GET', 'restaurants', { token: rival })).body.data[0].id;
  return {
    myBranch: (await create(owner, { restaurant_id: MINE })).email as string,
    otherBranch: (await create(owner, { restaurant_id: OTHER_BRANCH })).email as string,
    otherFranchise: (await create(rival, { restaurant_id: rivalBranch })).email as string,
  };
}

const peopleCount = async () =>
  Number(
    (
      await database.db
        .selectFrom('people')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("a manager's people with an e-mail in use", () => {
  const refused = { status: 'error', message: EMAIL_TAKEN_MESSAGE, errors: { email: [EMAIL_TAKEN_MESSAGE] } };

  it('are refused with byte-identical answers whether the holder is in their branch or in one they cannot see', async () => {
    const { myBranch, otherBranch } = await holders();
    const count = await peopleCount();
    const mine = await t.call('POST', 'people', { token: manager, body: newPerson({ email: myBranch }) });
    const hidden = await t.call('POST', 'people', { token: manager, body: newPerson({ email: otherBranch.toUpperCase() }) });
    expect(mine.status).toBe(422);
    expect(hidden.status).toBe(mine.status);
    expect(hidden.text).toBe(mine.text);
    expect(JSON.parse(mine.text)).toEqual(refused);
    expect(await peopleCount()).toBe(count);

    const person = await create(manager, { restaurant_id: 2 });
    const { id: _id, restaurant: _r, ...fields } = person;
    const mineOnEdit = await t.call('PUT', `people/${person.id}`, { token: manager, body: { ...fields, email: myBranch } });
    const hiddenOnEdit = await t.call('PUT', `people/${person.id}`, { token: manager, body: { ...fields, email: otherBranch } });
    expect(mineOnEdit.status).toBe(422);
    expect(hiddenOnEdit.status).toBe(mineOnEdit.status);
    expect(hiddenOnEdit.text).toBe(mineOnEdit.text);
    expect(hiddenOnEdit.text).toBe(mine.text);
    expect((await t.call('GET', `people/${person.id}`, { token: owner })).body.data).toEqual(person);
  });

  it("are accepted when the holder is another franchise's: that franchise's people are not in use here, as for an unused e-mail", async () => {
    const { otherFranchise } = await holders();
    const elsewhere = await t.call('POST', 'people', { token: manager, body: newPerson({ email: otherFranchise }) });
    const unused = await t.call('POST', 'people', { token: manager, body: newPerson() });
    expect(elsewhere.status, elsewhere.text).toBe(201);
    expect(unused.status, unused.text).toBe(201);
    expect(elsewhere.body.data.email).toBe(otherFranchise);
  });

  it('ask the database the same statements on both refusals: no extra query when the holder is hidden', async () => {
    const { myBranch, otherBranch } = await holders();
    // The app over a handle that records each statement's SQL (values apart), on the same database.
    let seen: string[] = [];
    const recorder: KyselyPlugin = {
      transformQuery: ({ node }) => {
        seen.push(database.db.getExecutor().compileQuery(node, createQueryId()).sql);
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const watched = createTestApp(database.db.withPlugin(recorder));
    const token = await watched.login(DEMO_MANAGER);
    const statements = async (email: string) => {
      seen = [];
      const res = await watched.call('POST', 'people', { token, body: newPerson({ email }) });
      expect(res.status).toBe(422);
      return seen;
    };
    // The first call fills the member read cache; the two compared run alike apart from the e-mail.
    await statements(myBranch);
    const mine = await statements(myBranch);
    expect(mine.some((sql) => /from "people"/.test(sql))).toBe(true);
    expect(await statements(otherBranch)).toEqual(mine);
  });
});

describe('"in use" answers are limited per member', () => {
  it(`after ${EMAILS_IN_USE_PER_WINDOW} in 15 minutes every e-mail check is 429, a free address too; free addresses never count`, async () => {
    const { otherBranch } = await holders();
    // A window of its own: the tests above spent some of the manager's answers.
    t.advance(15 * 60_000);
    // Free addresses do not count, however many.
    for (let i = 0; i < EMAILS_IN_USE_PER_WINDOW + 2; i++) await create(manager, {});
    const probes = await Promise.all(
      Array.from({ length: EMAILS_IN_USE_PER_WINDOW + 3 }, () =>
        t.call('POST', 'people', { token: manager, body: newPerson({ email: otherBranch }) }),
      ),
    );
    expect(probes.filter((r) => r.status === 422)).toHaveLength(EMAILS_IN_USE_PER_WINDOW);
    expect(probes.filter((r) => r.status === 429)).toHaveLength(3);
    const free = await t.call('POST', 'people', { token: manager, body: newPerson() });
    expect(free.status).toBe(429);
    expect(free.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another member is not limited by this one's probes.
    expect((await t.call('POST', 'people', { token: owner, body: newPerson({ email: otherBranch }) })).status).toBe(422);
    t.advance(15 * 60_000);
    await create(manager, {});
  });
});
