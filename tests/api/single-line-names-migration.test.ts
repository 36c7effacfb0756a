import { sql, type Kysely } from 'kysely';
import * as singleLineNames from '../../server/db/migrations/2026-11-28-06-single-line-names';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const NAMED = ['people', 'franchise_users', 'restaurants', 'franchises', 'api_keys'] as const;
const names = async () => {
  const out: Record<string, string[]> = {};
  for (const table of NAMED) {
    const { rows } = await sql<{ id: number; name: string }>`select id, name from ${sql.table(table)} order by id`.execute(database.db);
    out[table] = rows.map((r) => `${r.id}:${r.name}`);
  }
  return out;
};

describe('migration 2026-11-28-06-single-line-names', () => {
  it('makes every stored name one line without controls, keeps live API key names unique per franchise, and leaves the rest as it was', async () => {
    const db = database.db;
    const untyped = db as unknown as Kysely<unknown>;
    // Names as they could be stored before names refused them.
    await db.updateTable('franchises').set({ name: 'Harbour\r\nBcc: thief@example.net\u202E Eats' }).where('id', '=', 1).execute();
    const owner = await db.selectFrom('franchise_users').select('id').orderBy('id').executeTakeFirstOrThrow();
    await db
      .updateTable('franchise_users')
      .set({ name: '\tOlive\u2067 Owner\nReply-To: thief@example.net\u200F' })
      .where('id', '=', owner.id)
      .execute();
    const person = await db.selectFrom('people').select('id').orderBy('id').executeTakeFirstOrThrow();
    await db.updateTable('people').set({ name: 'Zoe\u0085\u2028Tester\u2029' }).where('id', '=', person.id).execute();
    await db.updateTable('restaurants').set({ name: '\u001b\u202A \u009b' }).where('id', '=', 1).execute();
    const key = (franchiseId: number, name: string, revoked = false) => ({
      franchise_id: franchiseId,
      name,
      prefix: 'fc_test',
      secret_hash: `hash-${name}-${Math.random()}`,
      revoked_at: revoked ? new Date() : null,
    });
    const rival = (await db.selectFrom('franchises').select('id').where('id', '<>', 1).orderBy('id').executeTakeFirstOrThrow()).id;
    const keys = await db
      .insertInto('api_keys')
      .values([key(1, 'POS'), key(1, 'POS\n'), key(1, 'pos\t'), key(1, 'POS\r', true), key(rival, 'POS\u2028'), key(1, 'Roster')])
      .returning('id')
      .execute();
    const before = await names();

    await singleLineNames.up(untyped);

    const after = await names();
    const expected = structuredClone(before);
    const set = (table: (typeof NAMED)[number], id: number, name: string) => {
      const list = expected[table]!;
      list[list.findIndex((entry) => entry.startsWith(`${id}:`))] = `${id}:${name}`;
    };
    set('franchises', 1, 'Harbour Bcc: thief@example.net Eats');
    set('franchise_users', owner.id, 'Olive Owner Reply-To: thief@example.net');
    set('people', person.id, 'Zoe Tester');
    set('restaurants', 1, 'Restaurant #1');
    set('api_keys', keys[1]!.id, 'POS (2)');
    set('api_keys', keys[2]!.id, 'pos (3)');
    set('api_keys', keys[3]!.id, 'POS');
    set('api_keys', keys[4]!.id, 'POS');
    expect(after).toEqual(expected);
    expect(JSON.stringify(after)).not.toMatch(/[\p{Cc}\p{Bidi_Control}\p{Zl}\p{Zp}]/u);

    // Run again, nothing changes.
    await singleLineNames.up(untyped);
    expect(await names()).toEqual(after);
  });
});
