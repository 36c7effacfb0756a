import { expressionBuilder, sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database.js';
import { columnsOf, withinBranches } from '../../db/typed-sql.js';

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
  return branches === null ? branch : sql`${branch} and ${withinBranches(column, branches)}`;
}

const queries = expressionBuilder<Database, never>();

/** The scope's restaurant ids, always within the franchise (a subquery: it brings its own parentheses). */
export function scopeIds(scope: AnalyticsScope) {
  const branches = scope.branches ?? null;
  return queries
    .selectFrom('restaurants')
    .select('id')
    .where('franchise_id', '=', scope.franchiseId)
    .$if(scope.restaurantId !== null, (q) => q.where('id', '=', scope.restaurantId!))
    .$if(branches !== null, (q) => q.where(withinBranches(columnsOf('restaurants')('id'), branches)));
}
