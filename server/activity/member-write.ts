import type { MemberRole } from '@contract/auth.contract.js';
import type { AuthUser } from '../auth/franchise-users.repository.js';
import { bumpDataVersion } from '../db/data-version.js';
import type { Db } from '../db/database.js';
import { HttpError } from '../http/errors.js';
import { lockFranchise, memberRole } from '../team/team.repository.js';
import { memberActor, recordActivity, recordUpdate, type ActivityEntry } from './activity.repository.js';

/** What a write's work gets: its transaction, its time, and the activity log of its member. */
export type Writer = {
  trx: Db;
  now: Date;
  /** The member's role as it stands under the lock, not as it was when the request was authenticated. */
  role: MemberRole;
  /** Records the entry as this member's at this write's time; an update without changes records nothing. */
  record(entry: Pick<ActivityEntry, 'action' | 'entity' | 'entityId' | 'changes'>): Promise<void>;
};

export type WriteOptions<C> = {
  now: Date;
  /** Owners only: the member is checked to be an owner still, inside the transaction (they may have been demoted while the request waited). */
  owner?: true;
  /** The write changes what analytics answers say (a name, a branch): data_version is bumped, which the caches are keyed by. */
  changesFigures?: true;
  /**
   * The write's own refusals (a record gone, a conflict), checked under the lock before the member's standing; what
   * they read is passed on to the work. So of two owners demoting each other at once, the second is told a franchise
   * needs an owner, not that they are no owner.
   */
  refusals?: (trx: Db) => Promise<C>;
};

/**
 * The one shape of a member's write (docs/architecture.md): one transaction with the franchise's row
 * locked first, so one franchise's writes run one at a time on every server (bumping data_version
 * takes the same lock), the member's standing (still a member; an owner, for owners' writes) checked
 * under that lock, and its activity entries
 * written in the same transaction as the change.
 */
export async function memberWrite<T, C = undefined>(
  db: Db,
  user: AuthUser,
  options: WriteOptions<C>,
  work: (writer: Writer, checked: C) => Promise<T>,
): Promise<T> {
  const franchiseId = user.franchise.id;
  return db.transaction().execute(async (trx) => {
    if (options.changesFigures) await bumpDataVersion(trx, franchiseId);
    else await lockFranchise(trx, franchiseId);
    const checked = (await options.refusals?.(trx)) as C;
    // Under the lock: a member removed (or an owner demoted) while the request waited writes nothing, and their
    // erased name cannot come back through this write's activity entry.
    const role = await memberRole(trx, franchiseId, user.id);
    if (role === undefined || (options.owner && role !== 'owner')) throw new HttpError(404, 'Not found');
    const base = { franchiseId, at: options.now, actor: memberActor(user) };
    return work(
      {
        trx,
        now: options.now,
        role,
        record: ({ action, entity, entityId, changes }) =>
          action === 'updated'
            ? recordUpdate(trx, { ...base, entity, entityId, changes: changes ?? {} })
            : recordActivity(trx, { ...base, action, entity, entityId, changes }),
      },
      checked,
    );
  });
}
