import type { Restaurant, Subscription } from '../contract/auth.contract.js';
import type { Db } from '../db/database.js';

/** The franchise's restaurants by name, each with its subscriptions and restaurant user. */
export async function listRestaurants(db: Db, franchiseId: number): Promise<Restaurant[]> {
  const rows = await db
    .selectFrom('restaurants as r')
    .innerJoin('restaurant_users as ru', 'ru.restaurant_id', 'r.id')
    .select([
      'r.id',
      'r.name',
      'r.logo',
      'r.abn_no',
      'r.address',
      'r.suburb',
      'r.post_code',
      'r.city',
      'r.state',
      'r.phone_no',
      'r.email',
      'r.business_type',
      'r.capacity',
      'r.status',
      'r.location',
      'ru.id as ru_id',
      'ru.name as ru_name',
      'ru.email as ru_email',
    ])
    .where('r.franchise_id', '=', franchiseId)
    .orderBy('r.name')
    .orderBy('r.id')
    .execute();
  if (rows.length === 0) return [];
  const subscriptions = await db
    .selectFrom('subscriptions')
    .select(['id', 'restaurant_id', 'product_name', 'plan_name', 'web_link'])
    .where(
      'restaurant_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('id')
    .execute();
  const byRestaurant = new Map<number, Subscription[]>();
  for (const { restaurant_id, ...s } of subscriptions) {
    byRestaurant.set(restaurant_id, [...(byRestaurant.get(restaurant_id) ?? []), s]);
  }
  return rows.map(({ ru_id, ru_name, ru_email, ...r }) => ({
    ...r,
    status: r.status === 1 ? 1 : 0,
    subscriptions: byRestaurant.get(r.id) ?? [],
    restaurant_user: { id: ru_id, name: ru_name, email: ru_email },
  }));
}
