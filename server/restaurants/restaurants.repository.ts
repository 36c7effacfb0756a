import type { Restaurant, Subscription } from '@contract/auth.contract.js';
import { dayStartMinutes, dayStartText } from '@contract/branch-clock.js';
import type { RestaurantDetail } from '@contract/restaurants.contract.js';
import type { Db } from '../db/database.js';
import { columnsOf, withinBranches } from '../db/typed-sql.js';

/**
 * The franchise's restaurants (or the one of `id`) by name, each with its subscriptions, restaurant user
 * (null for one added in the console, which has none) and version. With `branches` (a manager's), only
 * those: any other reads as not there.
 */
async function readRestaurants(db: Db, franchiseId: number, branches: readonly number[] | null, id?: number): Promise<RestaurantDetail[]> {
  let query = db
    .selectFrom('restaurants as r')
    .leftJoin('restaurant_users as ru', 'ru.restaurant_id', 'r.id')
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
      'r.time_zone',
      'r.day_starts_at',
      'r.version',
      'ru.id as ru_id',
      'ru.name as ru_name',
      'ru.email as ru_email',
    ])
    .where('r.franchise_id', '=', franchiseId);
  if (branches !== null) query = query.where(withinBranches(columnsOf('restaurants', 'r')('id'), branches));
  if (id !== undefined) query = query.where('r.id', '=', id);
  const rows = await query.orderBy('r.name').orderBy('r.id').execute();
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
    day_starts_at: dayStartText(r.day_starts_at),
    subscriptions: byRestaurant.get(r.id) ?? [],
    restaurant_user: ru_id === null ? null : { id: ru_id, name: ru_name!, email: ru_email! },
  }));
}

/** The franchise's restaurants (of `branches` only, unless null) by name, each with its subscriptions and restaurant user. */
export async function listRestaurants(db: Db, franchiseId: number, branches: readonly number[] | null): Promise<Restaurant[]> {
  return (await readRestaurants(db, franchiseId, branches)).map(({ version: _version, ...r }) => r);
}

export async function findRestaurant(
  db: Db,
  franchiseId: number,
  id: number,
  branches: readonly number[] | null,
): Promise<RestaurantDetail | undefined> {
  return (await readRestaurants(db, franchiseId, branches, id))[0];
}

export type RestaurantValues = Pick<
  RestaurantDetail,
  'logo' | 'name' | 'address' | 'suburb' | 'post_code' | 'city' | 'state' | 'phone_no' | 'email' | 'business_type' | 'capacity' | 'status'
>;

/** A branch's clock as sent: absent fields take the franchise's zone and midnight on create, and stay on save. */
export type BranchClock = { time_zone?: string | undefined; day_starts_at?: string | undefined };

/** The clock's columns to write: its zone as named, its day start in minutes. */
const clockColumns = ({ time_zone, day_starts_at }: BranchClock) => ({
  ...(time_zone === undefined ? {} : { time_zone }),
  ...(day_starts_at === undefined ? {} : { day_starts_at: dayStartMinutes(day_starts_at) }),
});

/** The restaurant fields a change records. */
export const RESTAURANT_FIELDS = [
  'logo',
  'name',
  'address',
  'suburb',
  'post_code',
  'city',
  'state',
  'phone_no',
  'email',
  'business_type',
  'capacity',
  'status',
  'time_zone',
  'day_starts_at',
] as const satisfies readonly (keyof RestaurantDetail)[];

/** The display location lists show: "suburb, state", or the state alone without a suburb. */
const locationOf = (values: Pick<RestaurantValues, 'suburb' | 'state'>) =>
  values.suburb ? `${values.suburb}, ${values.state}` : values.state;

/** Those of `ids` that are not restaurants of the franchise. */
export async function foreignRestaurants(db: Db, franchiseId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const own = await db.selectFrom('restaurants').select('id').where('franchise_id', '=', franchiseId).where('id', 'in', ids).execute();
  const owned = new Set(own.map((r) => r.id));
  return ids.filter((id) => !owned.has(id));
}

export const isFranchiseRestaurant = async (db: Db, franchiseId: number, restaurantId: number): Promise<boolean> =>
  (await foreignRestaurants(db, franchiseId, [restaurantId])).length === 0;

/** The franchise's restaurants with the ABN, but the one of `exceptId`, by name. */
export async function restaurantsWithAbn(
  db: Db,
  franchiseId: number,
  abnNo: string,
  exceptId: number,
): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('restaurants')
    .select(['id', 'name'])
    .where('franchise_id', '=', franchiseId)
    .where('abn_no', '=', abnNo)
    .where('id', '!=', exceptId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Adds a restaurant (no restaurant user, no subscriptions yet); its id. */
export async function insertRestaurant(
  db: Db,
  franchiseId: number,
  { time_zone, day_starts_at, ...values }: RestaurantValues & BranchClock & { abn_no: string | null },
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto('restaurants')
    .values({
      ...values,
      ...clockColumns({ time_zone, day_starts_at }),
      franchise_id: franchiseId,
      location: locationOf(values),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Saves the restaurant if it is still at `version`, bumping it in the same statement; false otherwise. */
export async function updateRestaurant(
  db: Db,
  franchiseId: number,
  id: number,
  version: number,
  { time_zone, day_starts_at, ...values }: RestaurantValues & BranchClock & { abn_no?: string },
  now: Date,
): Promise<boolean> {
  const row = await db
    .updateTable('restaurants')
    .set((eb) => ({
      ...values,
      ...clockColumns({ time_zone, day_starts_at }),
      location: locationOf(values),
      version: eb('version', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', id)
    .where('franchise_id', '=', franchiseId)
    .where('version', '=', version)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
