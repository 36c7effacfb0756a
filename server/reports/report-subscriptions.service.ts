import { SUBSCRIPTION_NOT_FOUND_MESSAGE, type ReportSubscription } from '@contract/api/report-subscriptions.calls.js';
import { MAX_SUBSCRIPTIONS_PER_MEMBER, type CreateSubscriptionInput } from '@contract/report-subscriptions.contract.js';
import { memberWrite } from '../activity/member-write.js';
import type { AuthUser } from '../auth/franchise-users.repository.js';
import type { Db } from '../db/database.js';
import { HttpError } from '../http/errors.js';
import { tokenHash, unsubscribeToken } from './report-mail.js';
import { deleteSubscription, insertSubscription } from './report-subscriptions.repository.js';
import { nextRun } from './schedule.js';

export const SUBSCRIPTION_LIMIT_MESSAGE = `At most ${MAX_SUBSCRIPTIONS_PER_MEMBER} report subscriptions per member`;

// A member's report mails are written as every member's write is (docs/architecture.md, "Writes"): under the
// franchise's lock with the member's standing checked there, so a member removed while the request waited adds or
// removes nothing. They are the member's own settings, not the franchise's records, so the activity log leaves them out.

/** The member's new report mail, its first run on the franchise's clock; 409 past the member's limit. */
export function addSubscription(
  db: Db,
  user: AuthUser,
  input: CreateSubscriptionInput,
  { now, jwtSecret }: { now: Date; jwtSecret: string },
): Promise<ReportSubscription> {
  return memberWrite(db, user, { now }, async ({ trx }) => {
    const created = await insertSubscription(
      trx,
      { franchiseId: user.franchise.id, userId: user.id, input, nextRunAt: nextRun(input, user.franchise.time_zone, now).at, now },
      MAX_SUBSCRIPTIONS_PER_MEMBER,
      (id) => tokenHash(unsubscribeToken(jwtSecret, id)),
    );
    if (!created) throw new HttpError(409, SUBSCRIPTION_LIMIT_MESSAGE);
    return created;
  });
}

/** Removes the member's report mail; 404 for one not theirs, or gone. */
export function removeSubscription(db: Db, user: AuthUser, id: number, now: Date): Promise<void> {
  return memberWrite(db, user, { now }, async ({ trx }) => {
    if (!(await deleteSubscription(trx, user.franchise.id, user.id, id))) throw new HttpError(404, SUBSCRIPTION_NOT_FOUND_MESSAGE);
  });
}
