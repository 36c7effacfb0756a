import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { apiKeyActor, recordActivity, type Actor } from '../../server/activity/activity.repository';
import {
  ACTIVITY_EXPORT_MAX_ROWS,
  ACTIVITY_PAGE_SIZE,
  ACTIVITY_RETENTION_DAYS,
  type ActivityChanges,
  type ActivityEntity,
} from '@contract/activity.contract';
import { DEMO_MANAGER } from '../../server/db/seed';
import { purgeExpired } from '../../server/housekeeping';
import { createTestApp, expectErrorEnvelope, expectSuccessEnvelope, OWNER, RIVAL } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

const MANAGER = { email: DEMO_MANAGER.email, password: 'demo-password' };
const DAY = 86_400_000;
// The seed's first restaurant is the owner's (Harbour Eats Parramatta, id 1).
const PARRAMATTA = 1;

type Member = { id: number; name: string; franchiseId: number };
const memberOf = async (db: TestDatabase['db'], email: string): Promise<Member> => {
  const row = await db
    .selectFrom('franchise_users')
    .select(['id', 'name', 'franchise_id'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { id: row.id, name: row.name, franchiseId: row.franchise_id };
};

/** The stored rows of a franchise's log as text, to search for what must never be recorded. */
const storedText = async (db: TestDatabase['db'], franchiseId: number) =>
  JSON.stringify(await db.selectFrom('activity_log').selectAll().where('franchise_id', '=', franchiseId).execute());

const entryCount = async (db: TestDatabase['db'], franchiseId: number) =>
  Number(
    (
      await db
        .selectFrom('activity_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('franchise_id', '=', franchiseId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * Makes every transaction that writes a matching row of `table` fail at its commit (a deferred
 * constraint trigger), after all its statements ran: what the transaction recorded must go with it.
 */
async function failAtCommit(db: TestDatabase['db'], table: string, when: string) {
  await sql
    .raw(
      `create or replace function fail_at_commit() returns trigger language plpgsql as $$ begin raise exception 'forced failure'; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create constraint trigger fail_at_commit after insert or update on ${table} deferrable initially deferred
         for each row when (${when}) execute function fail_at_commit()`,
    )
    .execute(db);
  return async () => {
    await sql.raw(`drop trigger fail_at_commit on ${table}`).execute(db);
    await sql.raw('drop function fail_at_commit()').execute(db);
  };
}

describe('reading the log', () => {
  let database: TestDatabase;
  let t: ReturnType<typeof createTestApp>;
  let owner: string;
  let rival: string;
  let manager: string;
  let olivia: Member;
  let mia: Member;
  let rivalOwner: Member;
  const posKey = apiKeyActor({ name: 'POS' });
  // 120 entries of the owner's franchise: 60 profile updates by the owner, 40 person changes by the manager, 20 ingest batches.
  const base = Date.parse('2026-10-01T00:00:00Z');

  const record = (
    franchiseId: number,
    at: number,
    actor: Actor,
    entity: ActivityEntity,
    entityId: number | null,
    changes: ActivityChanges = {},
  ) => recordActivity(database.db, { franchiseId, at: new Date(at), actor, action: 'updated', entity, entityId, changes });

  const page = async (query: string, token = owner) => {
    const res = await t.call('GET', `activity${query}`, { token });
    expect(res.status, res.text).toBe(200);
    expectSuccessEnvelope(res.body);
    return res.body.data;
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    t = createTestApp(database.db);
    owner = await t.login(OWNER);
    rival = await t.login(RIVAL);
    manager = await t.login(MANAGER);
    olivia = await memberOf(database.db, OWNER.email);
    mia = await memberOf(database.db, MANAGER.email);
    rivalOwner = await memberOf(database.db, RIVAL.email);
    for (let i = 0; i < 120; i++) {
      // Pairs share an instant, so the id decides their order.
      const at = base + Math.floor(i / 2) * 3_600_000;
      if (i % 6 === 5) await record(olivia.franchiseId, at, posKey, 'ingest', null, { kind: [null, 'orders'], created: [null, i] });
      else if (i % 3 === 0)
        await record(olivia.franchiseId, at, { userId: mia.id, name: mia.name }, 'person', i, { name: [`P${i}`, `Q${i}`] });
      else
        await record(olivia.franchiseId, at, { userId: olivia.id, name: olivia.name }, 'profile', olivia.id, { phone: [null, String(i)] });
    }
    await record(rivalOwner.franchiseId, base, { userId: rivalOwner.id, name: rivalOwner.name }, 'profile', rivalOwner.id, {
      city: ['Perth', 'Hobart'],
    });
  });
  afterAll(() => database.close());

  it('answers a page in the contract’s shape, newest first (at, then id), 50 to a page, with the total', async () => {
    const first = await page('');
    expect(Object.keys(first).sort()).toEqual(['items', 'page', 'total']);
    expect(first.page).toBe(1);
    expect(first.total).toBe(120);
    expect(first.items).toHaveLength(ACTIVITY_PAGE_SIZE);
    // The newest: i = 119 (an ingest batch, i % 6 = 5), then 118 at the same instant.
    expect(first.items[0]).toEqual({
      at: new Date(base + 59 * 3_600_000).toISOString(),
      user: { id: null, name: 'API key “POS”' },
      action: 'updated',
      entity: 'ingest',
      entity_id: null,
      changes: { kind: [null, 'orders'], created: [null, 119] },
    });
    expect(first.items[1]).toEqual({
      at: new Date(base + 59 * 3_600_000).toISOString(),
      user: { id: olivia.id, name: olivia.name },
      action: 'updated',
      entity: 'profile',
      entity_id: String(olivia.id),
      changes: { phone: [null, '118'] },
    });
    for (const item of first.items) expect(Object.keys(item).sort()).toEqual(['action', 'at', 'changes', 'entity', 'entity_id', 'user']);

    const all = [...first.items, ...(await page('?page=2')).items, ...(await page('?page=3')).items];
    // Every entry once, i descending: at descending, and within an instant the later id first.
    const lastValues = all.map((item: { changes: Record<string, [unknown, unknown]> }) => String(Object.values(item.changes).at(-1)![1]));
    const expected = Array.from({ length: 120 }, (_, k) => 119 - k).map((i) => (i % 6 !== 5 && i % 3 === 0 ? `Q${i}` : String(i)));
    expect(lastValues).toEqual(expected);
  });

  it('answers a page past the end with no items and the real total', async () => {
    expect(await page('?page=4')).toEqual({ items: [], page: 4, total: 120 });
    expect(await page('?page=2147483647')).toEqual({ items: [], page: 2147483647, total: 120 });
  });

  it('filters by member, by entity, and both', async () => {
    const byMia = await page(`?user_id=${mia.id}`);
    expect(byMia.total).toBe(40);
    expect(byMia.items.every((item: { user: { id: number } }) => item.user.id === mia.id)).toBe(true);
    const ingest = await page('?entity=ingest');
    expect(ingest.total).toBe(20);
    expect(ingest.items.every((item: { entity: string }) => item.entity === 'ingest')).toBe(true);
    expect((await page(`?user_id=${olivia.id}&entity=profile`)).total).toBe(60);
    expect((await page(`?user_id=${olivia.id}&entity=person`)).total).toBe(0);
    // Another franchise's member names nothing of this franchise's.
    expect(await page(`?user_id=${rivalOwner.id}`)).toEqual({ items: [], page: 1, total: 0 });
  });

  it('filters by days in the franchise’s time zone (Sydney), across midnight and daylight saving', async () => {
    const { franchiseId } = olivia;
    const actor = { userId: olivia.id, name: olivia.name };
    // Winter (+10:00): 13:30Z is 23:30 on the 15th, 14:30Z is 00:30 on the 16th.
    await record(franchiseId, Date.parse('2026-06-15T13:30:00Z'), actor, 'restaurant', 1, { name: [null, 'late 15 June'] });
    await record(franchiseId, Date.parse('2026-06-15T14:30:00Z'), actor, 'restaurant', 1, { name: [null, 'early 16 June'] });
    // Summer (+11:00): 12:30Z is 23:30 on the 20th, 13:30Z is 00:30 on the 21st.
    await record(franchiseId, Date.parse('2026-12-20T12:30:00Z'), actor, 'restaurant', 1, { name: [null, 'late 20 December'] });
    await record(franchiseId, Date.parse('2026-12-20T13:30:00Z'), actor, 'restaurant', 1, { name: [null, 'early 21 December'] });
    const names = async (query: string) =>
      (await page(`?entity=restaurant&${query}`)).items.map((item: { changes: { name: [null, string] } }) => item.changes.name[1]);

    expect(await names('from=2026-06-15&to=2026-06-15')).toEqual(['late 15 June']);
    expect(await names('from=2026-06-16&to=2026-06-16')).toEqual(['early 16 June']);
    expect(await names('to=2026-06-15')).toEqual(['late 15 June']);
    expect(await names('from=2026-06-16&to=2026-12-20')).toEqual(['late 20 December', 'early 16 June']);
    expect(await names('from=2026-12-21')).toEqual(['early 21 December']);
    expect(await names('from=2026-06-15&to=2026-12-21')).toHaveLength(4);
    await database.db.deleteFrom('activity_log').where('entity', '=', 'restaurant').execute();
  });

  it('refuses a bad query with 422 naming the field', async () => {
    const refused = async (query: string, field: string) => {
      for (const path of ['activity', 'activity/export']) {
        const res = await t.call('GET', `${path}?${query}`, { token: owner });
        expect(res.status, `${path}?${query}: ${res.text}`).toBe(422);
        expectErrorEnvelope(res.body);
        expect(res.body.message).toMatch(new RegExp(`^${field}: `));
        expect(Object.keys(res.body.errors)).toContain(field);
      }
    };
    await refused('page=0', 'page');
    await refused('page=abc', 'page');
    await refused('page=1.5', 'page');
    await refused('user_id=-3', 'user_id');
    await refused('entity=people', 'entity');
    await refused('from=2026-02-30', 'from');
    await refused('from=2026-11-1', 'from');
    await refused('to=yesterday', 'to');
    await refused('from=2026-11-02&to=2026-11-01', 'to');
    await refused('sort=at', 'sort');
    await refused('page=1&page=2', 'page');
  });

  it('shows an owner only their franchise’s entries', async () => {
    const own = await page('', rival);
    expect(own.total).toBe(1);
    expect(own.items[0]).toMatchObject({ user: { id: rivalOwner.id }, changes: { city: ['Perth', 'Hobart'] } });
    expect((await t.call('GET', 'activity/members', { token: rival })).body.data).toEqual([{ id: rivalOwner.id, name: rivalOwner.name }]);
    const csv = parse((await t.call('GET', 'activity/export', { token: rival })).text, { bom: true });
    expect(csv).toHaveLength(2);
  });

  it('does not exist for a manager (404), nor without a token (401)', async () => {
    for (const path of ['activity', 'activity?page=1', 'activity?page=0', 'activity/export', 'activity/members']) {
      const res = await t.call('GET', path, { token: manager });
      expect(res.status, path).toBe(404);
      expectErrorEnvelope(res.body, 'Not found');
      expect((await t.call('GET', path)).status, path).toBe(401);
    }
  });

  it('lists the members the log names, by the name of their latest entry, without API keys', async () => {
    await record(olivia.franchiseId, base - DAY, { userId: mia.id, name: 'Mia Before' }, 'person', 1);
    const res = await t.call('GET', 'activity/members', { token: owner });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(
      [
        { id: mia.id, name: mia.name },
        { id: olivia.id, name: olivia.name },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    );
    await database.db.deleteFrom('activity_log').where('user_name', '=', 'Mia Before').execute();
  });

  it('exports every matching entry as CSV: the franchise’s clock, the member, the changes as before → after', async () => {
    const { franchiseId } = olivia;
    await record(franchiseId, Date.parse('2026-06-15T14:30:05Z'), { userId: olivia.id, name: '=HYPERLINK("x")' }, 'restaurant', 7, {
      name: ['Old, "quoted"', 'New'],
      status: [1, 0],
      picture: [null, 'https://images.example.com/a.png'],
      password: [null, 'changed'],
    });
    const res = await t.call('GET', 'activity/export?entity=restaurant&from=2026-06-16&to=2026-06-16', { token: owner });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="activity_2026-06-16_2026-06-16.csv"');
    // A BOM first, so spreadsheet apps read UTF-8 (the decoded text has it stripped).
    const raw = await t.app.request('/api/v1/franchise/activity/export?entity=restaurant', {
      headers: { Authorization: `Bearer ${owner}` },
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.text).toContain('\r\n');
    expect(parse(res.text, { bom: true })).toEqual([
      ['When', 'Member', 'Member ID', 'Action', 'Entity', 'Entity ID', 'Changes'],
      [
        '2026-06-16T00:30:05+10:00',
        `'=HYPERLINK("x")`,
        String(olivia.id),
        'updated',
        'restaurant',
        '7',
        'name: Old, "quoted" → New; status: 1 → 0; picture: (none) → https://images.example.com/a.png; password: changed',
      ],
    ]);
    await database.db.deleteFrom('activity_log').where('entity', '=', 'restaurant').execute();

    // Every entry, newest first, whatever the page; the filters as the page has them.
    const all = parse((await t.call('GET', 'activity/export?page=3', { token: owner })).text, { bom: true }) as string[][];
    expect(all).toHaveLength(121);
    // 3 October is still standard time in Sydney (daylight saving starts on the 4th).
    expect(all[1]).toEqual([
      '2026-10-03T21:00:00+10:00',
      'API key “POS”',
      '',
      'updated',
      'ingest',
      '',
      'kind: (none) → orders; created: (none) → 119',
    ]);
    const byMia = parse((await t.call('GET', `activity/export?user_id=${mia.id}`, { token: owner })).text, { bom: true }) as string[][];
    expect(byMia).toHaveLength(41);
    expect(byMia.slice(1).every((row) => row[1] === mia.name && row[2] === String(mia.id) && row[4] === 'person')).toBe(true);
  });
});

describe('an export of more than the bound', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it(`holds the newest ${ACTIVITY_EXPORT_MAX_ROWS} entries, in order across the chunks it is read in`, { timeout: 120_000 }, async () => {
    const t = createTestApp(database.db);
    const owner = await t.login(OWNER);
    const { franchiseId } = await memberOf(database.db, OWNER.email);
    // Three entries share each second, so the chunks' (at, id) boundaries fall inside ties.
    await sql`insert into activity_log (franchise_id, at, user_id, user_name, action, entity, entity_id, changes)
      select ${franchiseId}, ${new Date(t.now())}::timestamptz - (i / 3) * interval '1 second', null, 'API key “Bulk”', 'ingested', 'ingest', i::text, '{}'
      from generate_series(1, ${ACTIVITY_EXPORT_MAX_ROWS + 1}) as i`.execute(database.db);
    const res = await t.call('GET', 'activity/export', { token: owner });
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    const rows = (parse(res.text, { bom: true }) as string[][]).slice(1);
    expect(rows).toHaveLength(ACTIVITY_EXPORT_MAX_ROWS);
    // i ascending is newest first: a later second first, and within a second the later id (larger i) first.
    const expected = Array.from({ length: ACTIVITY_EXPORT_MAX_ROWS + 2 }, (_, k) => k)
      .slice(1)
      .sort((a, b) => Math.floor(a / 3) - Math.floor(b / 3) || b - a)
      .slice(0, ACTIVITY_EXPORT_MAX_ROWS)
      .map(String);
    expect(rows.map((row) => row[5])).toEqual(expected);
    expect((await t.call('GET', 'activity', { token: owner })).body.data.total).toBe(ACTIVITY_EXPORT_MAX_ROWS + 1);
  });
});

describe('recording changes', () => {
  let database: TestDatabase;
  let t: ReturnType<typeof createTestApp>;
  let owner: string;
  let olivia: Member;

  beforeAll(async () => {
    database = await openTestDatabase();
    t = createTestApp(database.db);
    owner = await t.login(OWNER);
    olivia = await memberOf(database.db, OWNER.email);
  });
  afterAll(() => database.close());

  /** The newest entry of the owner's franchise, as the log answers it. */
  const newest = async (token = owner) => (await t.call('GET', 'activity', { token })).body.data.items[0];
  const profile = async (token = owner) => {
    const { id: _id, franchise: _franchise, role: _role, ...fields } = (await t.call('GET', 'profile', { token })).body.data.user;
    return fields;
  };

  it('records a profile save’s changed fields, the e-mail before → after, a new password only as "changed"', async () => {
    t.advance(60_000);
    const before = await profile();
    const res = await t.call('PUT', 'profile', {
      token: owner,
      body: {
        ...before,
        name: 'Olivia Renamed',
        phone: '+61 412 000 111',
        email: 'olivia.new@example.com',
        current_password: OWNER.password,
        new_password: 'a-brand-new-password',
        confirm_password: 'a-brand-new-password',
      },
    });
    expect(res.status, res.text).toBe(200);
    owner = res.body.data.access_token;
    expect(await newest()).toEqual({
      at: new Date(t.now()).toISOString(),
      user: { id: olivia.id, name: olivia.name },
      action: 'updated',
      entity: 'profile',
      entity_id: String(olivia.id),
      changes: {
        name: [olivia.name, 'Olivia Renamed'],
        email: [OWNER.email, 'olivia.new@example.com'],
        phone: [before.phone, '+61 412 000 111'],
        password: [null, 'changed'],
      },
    });
    const text = await storedText(database.db, olivia.franchiseId);
    const { password_hash } = await database.db
      .selectFrom('franchise_users')
      .select('password_hash')
      .where('id', '=', olivia.id)
      .executeTakeFirstOrThrow();
    for (const secret of ['a-brand-new-password', OWNER.password, password_hash!]) expect(text).not.toContain(secret);
  });

  it('records nothing for a refused save (stale version, invalid field, wrong password), nor for one that changes nothing', async () => {
    const stale = await profile();
    expect((await t.call('PUT', 'profile', { token: owner, body: { ...stale, city: 'Newcastle' } })).status).toBe(200);
    const count = await entryCount(database.db, olivia.franchiseId);
    const current = await profile();
    const refusals: [number, Record<string, unknown>][] = [
      [409, { ...stale, name: 'Stale' }],
      [422, { ...current, email: 'not-an-email' }],
      [422, { ...current, current_password: 'wrong-password', new_password: 'another-password', confirm_password: 'another-password' }],
    ];
    for (const [status, body] of refusals) expect((await t.call('PUT', 'profile', { token: owner, body })).status).toBe(status);
    const unchanged = await t.call('PUT', 'profile', { token: owner, body: current });
    expect(unchanged.status, unchanged.text).toBe(200);
    expect(await entryCount(database.db, olivia.franchiseId)).toBe(count);
  });

  it('keeps the entry and the profile save together: a failed commit leaves neither', async () => {
    const count = await entryCount(database.db, olivia.franchiseId);
    const current = await profile();
    const restore = await failAtCommit(database.db, 'franchise_users', `new.name = 'Never Saved'`);
    try {
      const res = await t.call('PUT', 'profile', { token: owner, body: { ...current, name: 'Never Saved' } });
      expect(res.status).toBe(500);
    } finally {
      await restore();
    }
    expect(await entryCount(database.db, olivia.franchiseId)).toBe(count);
    expect((await profile()).name).toBe(current.name);
    // And an entry that cannot be written takes the save with it.
    const refuseEntry = await failAtCommit(database.db, 'activity_log', `new.entity = 'profile'`);
    try {
      expect((await t.call('PUT', 'profile', { token: owner, body: { ...current, name: 'Never Saved' } })).status).toBe(500);
    } finally {
      await refuseEntry();
    }
    expect((await profile()).name).toBe(current.name);
  });

  it('records an API key’s creation (name and branch, never the secret) and its revocation', async () => {
    t.advance(60_000);
    const created = await t.call('POST', 'api-keys', { token: owner, body: { name: 'Till 1', restaurant_id: PARRAMATTA } });
    expect(created.status, created.text).toBe(201);
    const key = created.body.data;
    expect(await newest()).toEqual({
      at: new Date(t.now()).toISOString(),
      user: { id: olivia.id, name: 'Olivia Renamed' },
      action: 'created',
      entity: 'api_key',
      entity_id: String(key.id),
      changes: { name: [null, 'Till 1'], restaurant_id: [null, PARRAMATTA], access: [null, 'ingest'] },
    });
    const text = await storedText(database.db, olivia.franchiseId);
    expect(text).not.toContain(key.secret);
    expect(text).not.toContain(key.secret.slice(key.prefix.length + 1));
    expect(text).not.toContain(createHash('sha256').update(key.secret).digest('hex'));

    const all = await t.call('POST', 'api-keys', { token: owner, body: { name: 'All branches', restaurant_id: null } });
    expect((await newest()).changes).toEqual({ name: [null, 'All branches'], restaurant_id: [null, null], access: [null, 'ingest'] });

    t.advance(60_000);
    expect((await t.call('DELETE', `api-keys/${key.id}`, { token: owner })).status).toBe(200);
    expect(await newest()).toEqual({
      at: new Date(t.now()).toISOString(),
      user: { id: olivia.id, name: 'Olivia Renamed' },
      action: 'revoked',
      entity: 'api_key',
      entity_id: String(key.id),
      changes: { name: ['Till 1', null], restaurant_id: [PARRAMATTA, null] },
    });
    await t.call('DELETE', `api-keys/${all.body.data.id}`, { token: owner });
  });

  it('records nothing for a refused API key call: a taken name, a foreign branch, an unknown or revoked key', async () => {
    await t.call('POST', 'api-keys', { token: owner, body: { name: 'Taken', restaurant_id: null } });
    const count = await entryCount(database.db, olivia.franchiseId);
    expect((await t.call('POST', 'api-keys', { token: owner, body: { name: 'taken', restaurant_id: null } })).status).toBe(422);
    expect((await t.call('POST', 'api-keys', { token: owner, body: { name: 'Elsewhere', restaurant_id: 6 } })).status).toBe(422);
    expect((await t.call('DELETE', 'api-keys/999999', { token: owner })).status).toBe(404);
    const key = (await t.call('POST', 'api-keys', { token: owner, body: { name: 'Once', restaurant_id: null } })).body.data;
    await t.call('DELETE', `api-keys/${key.id}`, { token: owner });
    const after = await entryCount(database.db, olivia.franchiseId);
    expect(after).toBe(count + 2);
    expect((await t.call('DELETE', `api-keys/${key.id}`, { token: owner })).status).toBe(404);
    expect(await entryCount(database.db, olivia.franchiseId)).toBe(after);
  });

  const menuItem = { sku: 'ACT-1', name: 'Activity Fries', price_cents: 500, menu: 'All Day', is_combo: false };
  const order = (externalId: string, guests = 1) => ({
    external_id: externalId,
    restaurant_id: PARRAMATTA,
    placed_at: '2026-11-20T12:00:00+11:00',
    channel: 'takeaway',
    source: 'app',
    guests,
    customer_ref: null,
    status: 'completed',
    lines: [{ sku: 'ACT-1', quantity: 2, amount_cents: 1000 }],
    payments: [{ method: 'app', amount_cents: 1000 }],
  });

  it('records one entry per CSV import call, by the member, with the kind and the counts', async () => {
    t.advance(60_000);
    expect((await t.call('POST', 'import/menu-items', { token: owner, body: { items: [menuItem] } })).status).toBe(200);
    const imported = await t.call('POST', 'import/orders', { token: owner, body: { orders: [order('imp-1'), order('imp-2')] } });
    expect(imported.status, imported.text).toBe(200);
    expect(await newest()).toEqual({
      at: new Date(t.now()).toISOString(),
      user: { id: olivia.id, name: 'Olivia Renamed' },
      action: 'imported',
      entity: 'import',
      entity_id: null,
      changes: { kind: [null, 'orders'], created: [null, 2], updated: [null, 0], unchanged: [null, 0] },
    });
    // A member's import is recorded even when it changes nothing.
    await t.call('POST', 'import/orders', { token: owner, body: { orders: [order('imp-1'), order('imp-2', 3)] } });
    expect((await newest()).changes).toEqual({ kind: [null, 'orders'], created: [null, 0], updated: [null, 1], unchanged: [null, 1] });
    const count = await entryCount(database.db, olivia.franchiseId);
    await t.call('POST', 'import/orders', { token: owner, body: { orders: [order('imp-1')] } });
    expect(await entryCount(database.db, olivia.franchiseId)).toBe(count + 1);
    expect((await newest()).changes).toMatchObject({ unchanged: [null, 1] });
  });

  it('records one entry per ingest call that changed something, by the key’s name; a removal as removed', async () => {
    const secret = (await t.call('POST', 'api-keys', { token: owner, body: { name: 'POS Parramatta', restaurant_id: PARRAMATTA } })).body
      .data.secret as string;
    const ingest = (path: string, body: unknown) => t.call('POST', `/api/v1/ingest/${path}`, { token: secret, body });
    t.advance(60_000);
    expect((await ingest('orders', { orders: [order('pos-1'), order('pos-2'), order('pos-3')] })).status).toBe(200);
    expect(await newest()).toEqual({
      at: new Date(t.now()).toISOString(),
      user: { id: null, name: 'API key “POS Parramatta”' },
      action: 'ingested',
      entity: 'ingest',
      entity_id: null,
      changes: { kind: [null, 'orders'], created: [null, 3], updated: [null, 0], unchanged: [null, 0] },
    });
    expect(await storedText(database.db, olivia.franchiseId)).not.toContain(secret);

    // Sent again unchanged (a retry): nothing changed, no entry.
    const count = await entryCount(database.db, olivia.franchiseId);
    expect((await ingest('orders', { orders: [order('pos-1'), order('pos-2')] })).body.data).toEqual({
      created: 0,
      updated: 0,
      unchanged: 2,
    });
    expect(await entryCount(database.db, olivia.franchiseId)).toBe(count);

    const purchase = {
      external_id: 'buy-1',
      restaurant_id: PARRAMATTA,
      supplier: 'Acme',
      day: '2026-11-20',
      category: 'snacks',
      quantity: 1,
      amount_cents: 300,
    };
    expect((await ingest('purchases', { purchases: [purchase] })).status).toBe(200);
    expect((await ingest('purchases/remove', { records: [{ restaurant_id: PARRAMATTA, external_id: 'buy-1' }] })).status).toBe(200);
    expect(await newest()).toMatchObject({
      user: { id: null, name: 'API key “POS Parramatta”' },
      action: 'removed',
      entity: 'ingest',
      changes: { kind: [null, 'purchases'], removed: [null, 1] },
    });
    // Removing what is not there removes nothing: no entry.
    const afterRemoval = await entryCount(database.db, olivia.franchiseId);
    expect((await ingest('purchases/remove', { records: [{ restaurant_id: PARRAMATTA, external_id: 'buy-1' }] })).body.data).toEqual({
      removed: 0,
    });
    expect(await entryCount(database.db, olivia.franchiseId)).toBe(afterRemoval);
  });

  it('records nothing for a refused batch, and nothing when the batch’s transaction fails', async () => {
    const count = await entryCount(database.db, olivia.franchiseId);
    const bad = { ...order('bad-1'), lines: [{ sku: 'NO-SUCH-SKU', quantity: 1, amount_cents: 1000 }] };
    expect((await t.call('POST', 'import/orders', { token: owner, body: { orders: [bad] } })).status).toBe(422);
    expect((await t.call('POST', 'import/nothing', { token: owner, body: { orders: [order('x')] } })).status).toBe(404);
    expect(await entryCount(database.db, olivia.franchiseId)).toBe(count);

    // Ingest writes its rows without triggers (on PGlite); the franchise's data version is bumped in the same transaction.
    const restore = await failAtCommit(database.db, 'franchises', `new.id = ${olivia.franchiseId}`);
    try {
      expect((await t.call('POST', 'import/orders', { token: owner, body: { orders: [order('doomed')] } })).status).toBe(500);
    } finally {
      await restore();
    }
    expect(await entryCount(database.db, olivia.franchiseId)).toBe(count);
    const refuseEntry = await failAtCommit(database.db, 'activity_log', `new.entity = 'import'`);
    try {
      expect((await t.call('POST', 'import/orders', { token: owner, body: { orders: [order('doomed')] } })).status).toBe(500);
    } finally {
      await refuseEntry();
    }
    const doomed = await database.db.selectFrom('orders').select('id').where('external_id', '=', 'doomed').execute();
    expect(doomed).toEqual([]);
  });
});

describe('owners only', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('a manager gets 404 from the API key and import calls, and writes nothing; an API key still ingests', async () => {
    const t = createTestApp(database.db);
    const owner = await t.login(OWNER);
    const manager = await t.login(MANAGER);
    const { franchiseId } = await memberOf(database.db, OWNER.email);
    const key = (await t.call('POST', 'api-keys', { token: owner, body: { name: 'Owner’s key', restaurant_id: null } })).body.data;
    const count = await entryCount(database.db, franchiseId);
    const calls: [string, string, unknown?][] = [
      ['GET', 'api-keys'],
      ['POST', 'api-keys', { name: 'Manager key', restaurant_id: PARRAMATTA }],
      ['DELETE', `api-keys/${key.id}`],
      ['POST', 'import/menu-items', { items: [{ sku: 'MGR', name: 'Manager Fries', price_cents: 500, menu: 'All Day', is_combo: false }] }],
      ['POST', 'import/nothing', { items: [] }],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.call(method, path, { token: manager, ...(body === undefined ? {} : { body }) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expectErrorEnvelope(res.body, 'Not found');
    }
    expect(await entryCount(database.db, franchiseId)).toBe(count);
    expect((await t.call('GET', 'api-keys', { token: owner })).body.data.map((k: { name: string }) => k.name)).toEqual(['Owner’s key']);
    expect(await database.db.selectFrom('menu_items').select('id').where('sku', '=', 'MGR').execute()).toEqual([]);
    const ingested = await t.call('PUT', '/api/v1/ingest/menu-items', {
      token: key.secret,
      body: { items: [{ sku: 'KEY', name: 'Key Fries', price_cents: 500, menu: 'All Day', is_combo: false }] },
    });
    expect(ingested.status, ingested.text).toBe(200);
  });
});

describe('retention', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it(`the housekeeping purge keeps ${ACTIVITY_RETENTION_DAYS - 1} days old entries and removes ${ACTIVITY_RETENTION_DAYS + 1} days old ones`, async () => {
    const now = Date.parse('2026-11-22T03:00:00Z');
    const { franchiseId, id, name } = await memberOf(database.db, OWNER.email);
    for (const days of [ACTIVITY_RETENTION_DAYS - 1, ACTIVITY_RETENTION_DAYS + 1, 1000]) {
      await recordActivity(database.db, {
        franchiseId,
        at: new Date(now - days * DAY),
        actor: { userId: id, name },
        action: 'updated',
        entity: 'profile',
        entityId: days,
      });
    }
    const kept = async () =>
      (await database.db.selectFrom('activity_log').select('entity_id').orderBy('at', 'desc').execute()).map((row) => row.entity_id);
    expect(await kept()).toEqual(['399', '401', '1000']);
    expect((await purgeExpired(database.db, now)).activity).toBe(2);
    expect(await kept()).toEqual(['399']);
    // Two days later, the same rule removes what has since become too old.
    expect((await purgeExpired(database.db, now + 2 * DAY)).activity).toBe(1);
    expect(await kept()).toEqual([]);
  });

  it('purges a backlog larger than one delete statement takes', async () => {
    const now = Date.parse('2026-11-22T03:00:00Z');
    const { franchiseId } = await memberOf(database.db, OWNER.email);
    await sql`insert into activity_log (franchise_id, at, user_id, user_name, action, entity, entity_id, changes)
      select ${franchiseId}, ${new Date(now - 500 * DAY)}::timestamptz, null, 'API key “Old”', 'ingested', 'ingest', null, '{}'
      from generate_series(1, 25000)`.execute(database.db);
    expect((await purgeExpired(database.db, now)).activity).toBe(25000);
    expect(await entryCount(database.db, franchiseId)).toBe(0);
  });
});
