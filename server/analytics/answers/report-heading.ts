import type { Db } from '../../db/database.js';
import type { AnalyticsScope } from './scope.js';

/** The names a report is headed with: the franchise, and the branch of a branch's report (null franchise-wide). */
export async function reportHeading(
  db: Db,
  scope: AnalyticsScope,
): Promise<{ franchise: { id: number; name: string }; branch: { id: number; name: string; location: string } | null }> {
  const row = await db
    .selectFrom('franchises as f')
    .leftJoin('restaurants as r', (join) => join.onRef('r.franchise_id', '=', 'f.id').on('r.id', '=', scope.restaurantId ?? 0))
    .select(['f.id', 'f.name', 'r.id as branch_id', 'r.name as branch_name', 'r.location as branch_location'])
    .where('f.id', '=', scope.franchiseId)
    .executeTakeFirstOrThrow();
  const franchise = { id: row.id, name: row.name };
  if (row.branch_id === null) return { franchise, branch: null };
  return { franchise, branch: { id: row.branch_id, name: row.branch_name ?? '', location: row.branch_location ?? '' } };
}
