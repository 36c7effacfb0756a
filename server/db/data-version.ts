import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * Bumps the franchise's data_version, the analytics caches' key (docs/caching.md), and returns its
 * time zone (undefined: no such franchise). Every write that changes what an analytics answer says
 * calls it first in its transaction: trade, and the names of people and restaurants. Its row lock
 * also orders one franchise's concurrent writes on PostgreSQL.
 */
export async function bumpDataVersion(db: Db, franchiseId: number): Promise<string | undefined> {
  const row = await db
    .updateTable('franchises')
    .set((eb) => ({ data_version: eb('data_version', '+', 1) }))
    .where('id', '=', franchiseId)
    .returning('time_zone')
    .executeTakeFirst();
  return row?.time_zone;
}

/**
 * The franchise's time zone and data version (the cache key), its branches' distinct clocks ("zone|day start
 * minutes", which decide each branch's "today") and whether the restaurant is the franchise's: one indexed
 * read, kept until the next write.
 */
export async function franchiseState(db: Db, franchiseId: number, restaurantId: number | null) {
  return (
    db
      .selectFrom('franchises as f')
      .select(['f.time_zone', 'f.data_version'])
      // Raw: the builder has no array_agg(distinct …).
      .select(
        sql<
          string[]
        >`(select coalesce(array_agg(distinct c.time_zone || '|' || c.day_starts_at), '{}') from restaurants c where c.franchise_id = f.id)`.as(
          'branch_clocks',
        ),
      )
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('restaurants as r')
              .select('r.id')
              .whereRef('r.franchise_id', '=', 'f.id')
              .where('r.id', '=', restaurantId ?? 0),
          )
          .as('restaurant_found'),
      )
      .where('f.id', '=', franchiseId)
      .executeTakeFirstOrThrow()
  );
}
