import { openDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { seedIfEmpty } from '../../../server/db/seed';
import { insertApiKey } from '../../../server/integrations/api-keys.repository';

/**
 * An embedded database in `dataDir` for a real server to ingest into: migrated, the demo accounts
 * without trade, `skus` on the demo owner's menu. Returns the secret of an ingest key for all branches.
 */
export async function prepareIngestDataDir(dataDir: string, skus: string[]): Promise<string> {
  const db = openDatabase({ dataDir, databaseUrl: undefined });
  try {
    await migrateToLatest(db);
    await seedIfEmpty(db);
    const owner = await db
      .selectFrom('franchise_users')
      .select(['id', 'franchise_id'])
      .where('email', '=', 'owner@example.com')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('menu_items')
      .values(skus.map((sku) => ({ franchise_id: owner.franchise_id, sku, name: sku, price_cents: 500, menu: 'All Day' as const })))
      .execute();
    const key = await insertApiKey(db, {
      franchiseId: owner.franchise_id,
      restaurantId: null,
      name: 'Ingest',
      createdBy: owner.id,
      now: new Date(),
    });
    return key.secret;
  } finally {
    await db.destroy();
  }
}
