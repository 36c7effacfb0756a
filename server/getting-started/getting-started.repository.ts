import type { GettingStarted } from '@contract/api/getting-started.calls.js';
import type { AuthUser } from '../auth/franchise-users.repository.js';
import type { Db } from '../db/database.js';

/**
 * The owner's first steps, each done or not from the franchise's records, in one statement (docs/product.md#getting-started):
 * a restaurant; an API key (not revoked), or trade imported or sent; another member; an alert rule or a report mail.
 */
export async function gettingStarted(db: Db, user: Pick<AuthUser, 'id' | 'franchise'>): Promise<GettingStarted> {
  const franchiseId = user.franchise.id;
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('restaurants').select('id').where('franchise_id', '=', franchiseId)).as('restaurants'),
      eb.exists(eb.selectFrom('api_keys').select('id').where('franchise_id', '=', franchiseId).where('revoked_at', 'is', null)).as('keys'),
      eb
        .exists(
          eb.selectFrom('activity_log').select('id').where('franchise_id', '=', franchiseId).where('entity', 'in', ['import', 'ingest']),
        )
        .as('sent'),
      eb
        .exists(eb.selectFrom('franchise_users').select('id').where('franchise_id', '=', franchiseId).where('id', '!=', user.id))
        .as('team'),
      eb.exists(eb.selectFrom('alert_rules').select('id').where('franchise_id', '=', franchiseId)).as('rules'),
      eb.exists(eb.selectFrom('report_subscriptions').select('id').where('franchise_id', '=', franchiseId)).as('mails'),
      eb
        .exists(
          eb
            .selectFrom('orders as o')
            .innerJoin('restaurants as r', 'r.id', 'o.restaurant_id')
            .select('o.id')
            .where('r.franchise_id', '=', franchiseId),
        )
        .as('trading'),
      eb.selectFrom('franchise_users').select('getting_started_dismissed_at').where('id', '=', user.id).as('dismissed_at'),
    ])
    .executeTakeFirstOrThrow();
  return {
    steps: {
      restaurants: Boolean(row.restaurants),
      trade_source: Boolean(row.keys) || Boolean(row.sent) || Boolean(row.trading),
      team: Boolean(row.team),
      alerts: Boolean(row.rules) || Boolean(row.mails),
    },
    trading: Boolean(row.trading),
    dismissed: row.dismissed_at !== null,
  };
}

/** Marks the first steps dismissed for this member; the first dismissal's time is kept. */
export async function dismissGettingStarted(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('franchise_users')
    .set({ getting_started_dismissed_at: now })
    .where('id', '=', userId)
    .where('getting_started_dismissed_at', 'is', null)
    .execute();
}
