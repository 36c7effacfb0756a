import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { attempt, LONGEST_WINDOW_MS, release, type LimitRule } from '../auth/rate-limit.js';
import { createSubscriptionInput, MAX_SUBSCRIPTIONS_PER_MEMBER } from '@contract/report-subscriptions.contract.js';
import { readJson, success } from '../http/envelope.js';
import { HttpError } from '../http/errors.js';
import { recordParam } from '../http/record-param.js';
import { sendReportMail, tokenHash, unsubscribeToken } from './report-mail.js';
import { nextRun } from './schedule.js';
import { deleteSubscription, findSubscription, insertSubscription, listSubscriptions } from './report-subscriptions.repository.js';

export const SUBSCRIPTION_NOT_FOUND_MESSAGE = 'Report subscription not found';
export const SEND_FAILED_MESSAGE = 'The report could not be mailed. Please try again shortly.';
export const SUBSCRIPTION_LIMIT_MESSAGE = `At most ${MAX_SUBSCRIPTIONS_PER_MEMBER} report subscriptions per member`;

/** "Send now" mails per member: each renders a PDF and sends a mail. */
export const REPORT_SENDS_PER_WINDOW = 5;
export const reportSendRule = (userId: number): LimitRule => ({
  key: `report-send:user:${userId}`,
  max: REPORT_SENDS_PER_WINDOW,
  windowMs: LONGEST_WINDOW_MS,
});

const notFound = () => new HttpError(404, SUBSCRIPTION_NOT_FOUND_MESSAGE);

/** A member's scheduled report mails: their own only; another member's or franchise's is 404. */
export function reportSubscriptionRoutes(deps: RouteDeps) {
  const { db, clock, config, logger, authenticated } = deps;

  return new Hono<AppEnv>()
    .get('/', authenticated, async (c) => {
      const { user } = c.get('auth');
      return success(c, await listSubscriptions(db, user.franchise.id, user.id), 'Report subscriptions retrieved');
    })
    .post('/', authenticated, async (c) => {
      const { user } = c.get('auth');
      const input = await readJson(c, createSubscriptionInput);
      const now = new Date(clock());
      const created = await insertSubscription(
        db,
        {
          franchiseId: user.franchise.id,
          userId: user.id,
          input,
          nextRunAt: nextRun(input, user.franchise.time_zone, now).at,
          now,
        },
        MAX_SUBSCRIPTIONS_PER_MEMBER,
        (id) => tokenHash(unsubscribeToken(config.jwtSecret, id)),
      );
      if (!created) throw new HttpError(409, SUBSCRIPTION_LIMIT_MESSAGE);
      return success(c, created, 'Report subscription created', 201);
    })
    .delete('/:id', authenticated, async (c) => {
      const { user } = c.get('auth');
      if (!(await deleteSubscription(db, user.franchise.id, user.id, recordParam(c, notFound)))) throw notFound();
      return success(c, null, 'Report subscription deleted');
    })
    .post('/:id/send', authenticated, async (c) => {
      const { user } = c.get('auth');
      const subscription = await findSubscription(db, user.franchise.id, user.id, recordParam(c, notFound));
      if (!subscription) throw notFound();
      const slots = await attempt(db, [reportSendRule(user.id)], clock(), 'report mails');
      try {
        await sendReportMail(deps, subscription, user);
      } catch (error) {
        // A mail that did not go out does not count against the member's sends.
        logger.error(`could not mail report subscription ${subscription.id} to ${user.email}`, error);
        await release(db, slots);
        throw new HttpError(503, SEND_FAILED_MESSAGE);
      }
      return success(c, null, `Report mailed to ${user.email}`);
    });
}
