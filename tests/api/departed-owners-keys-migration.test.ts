import type { Kysely } from 'kysely';
import type { Db } from '../../server/db/database';
import { up as revokeDepartedOwnersKeys } from '../../server/db/migrations/2026-11-28-07-revoke-departed-owners-keys';
import { insertApiKey } from '../../server/integrations/api-keys.repository';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// Keys made by owners removed or made managers before their keys went with them are revoked on upgrade.

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

it('revokes the live keys whose creator is gone or no owner, records each, and leaves the rest as they were', async () => {
  const members = await db.selectFrom('franchise_users').select(['id', 'franchise_id', 'role']).orderBy('id').execute();
  const owner = members.find((m) => m.role === 'owner')!;
  const manager = members.find((m) => m.role === 'manager' && m.franchise_id === owner.franchise_id)!;
  expect(manager).toBeDefined();
  const franchiseId = owner.franchise_id;
  const now = new Date('2026-11-20T00:00:00Z');
  const key = (name: string, createdBy: number) => insertApiKey(db, { franchiseId, restaurantId: null, name, createdBy, now });
  const kept = await key('Owner’s POS', owner.id);
  const demoted = await key('Demoted owner’s POS', manager.id);
  const departed = await key('Departed owner’s POS', owner.id);
  await db.updateTable('api_keys').set({ created_by: null }).where('id', '=', departed.id).execute();
  const earlier = await key('Revoked before', manager.id);
  await db.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', earlier.id).execute();

  await revokeDepartedOwnersKeys(db as unknown as Kysely<unknown>);

  const keys = await db.selectFrom('api_keys').select(['id', 'revoked_at']).where('franchise_id', '=', franchiseId).execute();
  const revokedAt = (id: number) => keys.find((k) => k.id === id)!.revoked_at;
  expect(revokedAt(kept.id)).toBeNull();
  expect(revokedAt(demoted.id)).not.toBeNull();
  expect(revokedAt(departed.id)).not.toBeNull();
  expect(revokedAt(earlier.id)).toEqual(now);
  const entries = await db
    .selectFrom('activity_log')
    .select(['user_id', 'action', 'entity', 'entity_id', 'changes'])
    .where('entity', '=', 'api_key')
    .where(
      'entity_id',
      'in',
      [kept, demoted, departed, earlier].map((k) => String(k.id)),
    )
    .orderBy('id')
    .execute();
  expect(entries).toEqual([
    {
      user_id: null,
      action: 'revoked',
      entity: 'api_key',
      entity_id: String(demoted.id),
      changes: { name: ['Demoted owner’s POS', null], restaurant_id: [null, null] },
    },
    {
      user_id: null,
      action: 'revoked',
      entity: 'api_key',
      entity_id: String(departed.id),
      changes: { name: ['Departed owner’s POS', null], restaurant_id: [null, null] },
    },
  ]);
});
