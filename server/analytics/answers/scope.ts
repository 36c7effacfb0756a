import { sql, type RawBuilder } from 'kysely';

/**
 * What an answer covers: the franchise's branch `restaurantId`, or every branch (null); within
 * `branches` when given (a manager's branches; absent or null: every branch of the franchise).
 */
export type AnalyticsScope = { franchiseId: number; restaurantId: number | null; branches?: readonly number[] | null };

/** Whether the scope is every branch of the franchise, read from the per-franchise rollups. */
export const wholeFranchise = (scope: AnalyticsScope) => scope.restaurantId === null && (scope.branches ?? null) === null;

/** Conditions on a restaurant id `column` besides the franchise: the scope's branch, within the member's branches (none: no row). */
export function branchConditions(column: RawBuilder<unknown>, scope: AnalyticsScope): RawBuilder<unknown> {
  const branch = scope.restaurantId === null ? sql`` : sql` and ${column} = ${scope.restaurantId}`;
  const branches = scope.branches ?? null;
  if (branches === null) return branch;
  return branches.length === 0 ? sql`${branch} and false` : sql`${branch} and ${column} in (${sql.join(branches)})`;
}

/** The scope's restaurant ids, always within the franchise. */
export function scopeIds(scope: AnalyticsScope): RawBuilder<unknown> {
  return sql`select id from restaurants where franchise_id = ${scope.franchiseId}${branchConditions(sql`id`, scope)}`;
}
