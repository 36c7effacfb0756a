import type { Kysely } from 'kysely';
import { parse } from 'csv-parse/sync';
import { apiKeyActor, ERASED, memberActor, recordActivity, type Actor } from '../../server/activity/activity.repository';
import type { ActivityChanges, ActivityEntity } from '@contract/activity.contract';
import { up as eraseRemovedMembers } from '../../server/db/migrations/2026-11-28-01-erase-removed-members';
import { activeMember } from './support/team-members';
import { createTestApp, OWNER } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

/**
 * Removing a member erases their name and e-mail from the activity log: the entries they made read
 * "Removed member #<id>", and their own and their profile's entries hold "erased" where their
 * details were. What was done, to which record and by which member id stays.
 */
let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let owner: string;
beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp(database.db);
  owner = await t.login(OWNER);
});
afterAll(() => database.close());

const OWNER_ID = 1;
const M = { email: 'zelda.quartermaine@example.com', name: 'Zelda Quartermaine', role: 'owner' as const };
const RENAMED = 'Zelda Q. Renamed';
const NEW_EMAIL = 'zq.personal@example.com';
const OTHER = { email: 'kept.colleague@example.com', name: 'Kept Colleague' };

type Item = { user: { id: number | null; name: string }; action: string; entity: string; entity_id: string | null; changes: object };

/** Every entry of the franchise's log, as the Activity page reads it, all pages. */
async function allEntries(): Promise<{ items: Item[]; text: string }> {
  const items: Item[] = [];
  let text = '';
  for (let page = 1; ; page++) {
    const res = await t.call('GET', `activity?page=${page}`, { token: owner });
    expect(res.status, res.text).toBe(200);
    text += res.text;
    items.push(...res.body.data.items);
    if (res.body.data.items.length === 0) return { items, text };
  }
}

describe('removing a member erases their details from the activity log', () => {
  it('keeps neither name nor e-mail in the log, its members list or its CSV; the entries stay, by the member’s id', async () => {
    const m = await activeMember(t, owner, M);
    // Entries by M (a key created, a colleague invited), about M (renamed by the owner) and M's own profile save.
    expect((await t.call('POST', 'api-keys', { token: m.token, body: { name: 'Till sync', restaurant_id: null } })).status).toBe(201);
    expect((await t.call('POST', 'team', { token: m.token, body: { ...OTHER, role: 'manager', restaurant_ids: [1] } })).status).toBe(201);
    const current = (await t.call('GET', 'team', { token: owner })).body.data.find((x: { id: number }) => x.id === m.id);
    const rename = await t.call('PUT', `team/${m.id}`, {
      token: owner,
      body: { name: RENAMED, role: 'owner', restaurant_ids: [], version: current.version },
    });
    expect(rename.status, rename.text).toBe(200);
    const { id: _id, franchise: _franchise, role: _role, ...profile } = (await t.call('GET', 'profile', { token: m.token })).body.data.user;
    const saved = await t.call('PUT', 'profile', {
      token: m.token,
      body: { ...profile, email: NEW_EMAIL, phone: '+61 412 999 888', current_password: 'member-password' },
    });
    expect(saved.status, saved.text).toBe(200);
    const secrets = [M.name, M.email, RENAMED, NEW_EMAIL, '412 999 888'];
    const before = await allEntries();
    for (const secret of secrets.slice(0, 4)) expect(before.text).toContain(secret);

    const removed = await t.call('DELETE', `team/${m.id}`, { token: owner });
    expect(removed.status, removed.text).toBe(200);

    const placeholder = `Removed member #${m.id}`;
    const after = await allEntries();
    for (const secret of secrets) expect(after.text).not.toContain(secret);
    expect(after.items).toHaveLength(before.items.length + 2);
    const byM = after.items.filter((item) => item.user.id === m.id);
    expect(byM.map((item) => [item.action, item.entity])).toEqual([
      ['updated', 'profile'],
      ['invited', 'member'],
      ['created', 'api_key'],
    ]);
    expect(byM.every((item) => item.user.name === placeholder)).toBe(true);
    const aboutM = after.items.filter((item) => item.entity === 'member' && item.entity_id === String(m.id));
    expect(aboutM.map((item) => [item.action, item.user.id, item.changes])).toEqual([
      ['deleted', OWNER_ID, { role: ['owner', null], restaurant_ids: [[], null] }],
      ['updated', OWNER_ID, { name: [ERASED, ERASED] }],
      ['invited', OWNER_ID, { email: [ERASED, ERASED], name: [ERASED, ERASED], role: [null, 'owner'], restaurant_ids: [null, []] }],
    ]);
    expect(after.items.find((item) => item.entity === 'profile' && item.entity_id === String(m.id))!.changes).toEqual({
      email: [ERASED, ERASED],
      phone: [ERASED, ERASED],
    });
    // The colleague M invited keeps their details: only M's are erased.
    expect(after.text).toContain(OTHER.email);

    const members = await t.call('GET', 'activity/members', { token: owner });
    expect(members.text).not.toContain(M.name);
    expect(members.body.data).toContainEqual({ id: m.id, name: placeholder });

    const csv = await t.call('GET', 'activity/export', { token: owner });
    expect(csv.status).toBe(200);
    for (const secret of secrets) expect(csv.text).not.toContain(secret);
    const [header, ...rows] = parse(csv.text, { bom: true }) as string[][];
    expect(header).toEqual(['When', 'Member', 'Member ID', 'Action', 'Entity', 'Entity ID', 'Changes']);
    expect(rows).toHaveLength(after.items.length);
    const csvByM = rows.filter((row) => row[2] === String(m.id));
    expect(csvByM.map((row) => [row[1], row[3], row[4]])).toEqual([
      [placeholder, 'updated', 'profile'],
      [placeholder, 'invited', 'member'],
      [placeholder, 'created', 'api_key'],
    ]);
    expect(rows.filter((row) => row[4] === 'member' && row[5] === String(m.id))).toHaveLength(3);
  });

  it('names every member by id in the CSV, and an API key by none', async () => {
    await recordActivity(database.db, {
      franchiseId: 1,
      at: new Date(t.now()),
      actor: apiKeyActor({ name: 'POS' }),
      action: 'ingested',
      entity: 'ingest',
      entityId: null,
      changes: { kind: [null, 'orders'] },
    });
    const csv = parse((await t.call('GET', 'activity/export', { token: owner })).text, { bom: true }) as string[][];
    const ownerName = (await t.call('GET', 'profile', { token: owner })).body.data.user.name;
    for (const row of csv.slice(1)) {
      if (row[1] === ownerName) expect(row[2]).toBe(String(OWNER_ID));
      else if (row[1] === 'API key “POS”') expect(row[2]).toBe('');
      else expect(row[2]).toMatch(/^\d+$/);
    }
    expect(csv.slice(1).some((row) => row[1] === ownerName)).toBe(true);
    expect(csv.slice(1).some((row) => row[1] === 'API key “POS”')).toBe(true);
  });
});

describe('members removed before a removal erased them (migration 2026-11-28-01)', () => {
  it('erases their details from the log as a removal does now, and nobody else’s', async () => {
    // No member has this id any more: their row went with a removal that erased nothing.
    const gone = 99_001;
    const at = new Date(t.now());
    const entry = (actor: Actor, entity: ActivityEntity, entityId: number | null, changes: ActivityChanges) =>
      recordActivity(database.db, { franchiseId: 1, at, actor, action: 'updated', entity, entityId, changes });
    const goneActor = { userId: gone, name: 'Gone Person' };
    const ownerActor = memberActor({ id: OWNER_ID, name: 'Olivia Owner' });
    await entry(goneActor, 'restaurant', 1, { name: ['Old Name', 'New Name'] });
    await entry(ownerActor, 'member', gone, { name: ['Gone Person', null], email: ['gone@example.com', null], role: ['manager', null] });
    await entry(goneActor, 'profile', gone, { phone: [null, '0400 111 222'], email: ['gone@example.com', 'gone.2@example.com'] });
    await entry(ownerActor, 'member', OWNER_ID, { name: ['Olivia Owner', 'Olivia Kept'] });
    await entry(apiKeyActor({ name: 'POS' }), 'ingest', null, { kind: [null, 'orders'] });

    await eraseRemovedMembers(database.db as unknown as Kysely<unknown>);

    const rows = await database.db
      .selectFrom('activity_log')
      .select(['user_id', 'user_name', 'entity', 'entity_id', 'changes'])
      .where('at', '=', at)
      .where('franchise_id', '=', 1)
      .orderBy('id', 'desc')
      .limit(5)
      .execute();
    expect(rows.reverse()).toEqual([
      {
        user_id: gone,
        user_name: `Removed member #${gone}`,
        entity: 'restaurant',
        entity_id: '1',
        changes: { name: ['Old Name', 'New Name'] },
      },
      {
        user_id: OWNER_ID,
        user_name: 'Olivia Owner',
        entity: 'member',
        entity_id: String(gone),
        changes: { name: [ERASED, ERASED], email: [ERASED, ERASED], role: ['manager', null] },
      },
      {
        user_id: gone,
        user_name: `Removed member #${gone}`,
        entity: 'profile',
        entity_id: String(gone),
        changes: { phone: [ERASED, ERASED], email: [ERASED, ERASED] },
      },
      {
        user_id: OWNER_ID,
        user_name: 'Olivia Owner',
        entity: 'member',
        entity_id: String(OWNER_ID),
        changes: { name: ['Olivia Owner', 'Olivia Kept'] },
      },
      { user_id: null, user_name: 'API key “POS”', entity: 'ingest', entity_id: null, changes: { kind: [null, 'orders'] } },
    ]);
    // A colleague who is still a member keeps their details.
    expect((await t.call('GET', 'activity', { token: owner })).text).toContain(OTHER.email);
  });
});
