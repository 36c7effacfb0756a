import { Hono } from 'hono';
import { sql } from 'kysely';
import { errorHandler } from '../../server/http/errors';
import { silentLogger } from '../../server/logger';
import { expectErrorEnvelope, OWNER } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
let app: Hono;
const logged: string[] = [];

/**
 * Statements a client's input could lead to once people and restaurants are edited, run for real
 * against the database, through the app's one error handler.
 */
beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const franchiseId = (await db.selectFrom('franchises').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const restaurant = {
    franchise_id: franchiseId,
    logo: null,
    name: 'Test Kitchen',
    abn_no: '51 000 000 000',
    address: '1 Test Street',
    suburb: 'Testville',
    post_code: '2000',
    city: 'Sydney',
    state: 'NSW',
    phone_no: '(02) 9000 0000',
    email: 'hello@test.example.com',
    business_type: 'Cafe',
    capacity: 10,
    status: 1 as const,
    location: 'Testville, NSW',
  };
  app = new Hono()
    .post('/unique', async () => {
      await db
        .insertInto('franchise_users')
        .values({ franchise_id: franchiseId, email: OWNER.email, password_hash: 'x', name: 'Copy' } as never)
        .execute();
      return new Response(null, { status: 204 });
    })
    .post('/foreign-key', async () => {
      await db
        .insertInto('restaurants')
        // The zone given: a missing franchise has none to lend its new branch.
        .values({ ...restaurant, franchise_id: 2_000_000_000, time_zone: 'Australia/Sydney' })
        .execute();
      return new Response(null, { status: 204 });
    })
    .post('/check', async () => {
      await db
        .insertInto('restaurants')
        .values({ ...restaurant, capacity: -1 })
        .execute();
      return new Response(null, { status: 204 });
    })
    .post('/not-null', async () => {
      await db
        .insertInto('restaurants')
        .values({ ...restaurant, name: null } as never)
        .execute();
      return new Response(null, { status: 204 });
    })
    .get('/text-representation', async () => {
      await db
        .selectFrom('restaurants')
        .select('id')
        .where('id', '=', 'twelve' as never)
        .execute();
      return new Response(null, { status: 204 });
    })
    .get('/out-of-range', async () => {
      await db
        .selectFrom('restaurants')
        .select('id')
        .where('id', '=', '99999999999' as never)
        .execute();
      return new Response(null, { status: 204 });
    })
    .get('/bad-date', async () => {
      await sql`select ${'2026-02-30'}::date`.execute(db);
      return new Response(null, { status: 204 });
    })
    .onError(errorHandler({ info: () => {}, error: (message) => logged.push(message) }));
});
afterAll(() => database.close());

describe('database errors a client can cause', () => {
  it.each([
    ['POST', '/unique', 409, 'This record already exists.'],
    ['POST', '/foreign-key', 409, 'This refers to a record that does not exist, or is still in use.'],
    ['POST', '/check', 422, 'A value is not allowed.'],
    ['POST', '/not-null', 422, 'A required value is missing.'],
    ['GET', '/text-representation', 422, 'A value is not valid.'],
    ['GET', '/out-of-range', 422, 'A value is not valid.'],
    ['GET', '/bad-date', 422, 'A value is not valid.'],
  ])('%s %s answers %i with the envelope', async (method, path, status, message) => {
    const res = await app.request(path, { method });
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = await res.json();
    expectErrorEnvelope(body, message);
  });

  it('logs none of them as an unhandled error', () => {
    expect(logged).toEqual([]);
  });

  it('still answers a bug of ours (e.g. a missing table) with 500', async () => {
    const broken = new Hono()
      .get('/', async () => {
        await sql`select * from no_such_table`.execute(database.db);
        return new Response(null);
      })
      .onError(errorHandler(silentLogger));
    const res = await broken.request('/');
    expect(res.status).toBe(500);
    expectErrorEnvelope(await res.json(), 'An unexpected error occurred');
  });
});
