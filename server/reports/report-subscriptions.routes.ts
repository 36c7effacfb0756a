import type { RouteDeps } from '../app-deps.js';
import { attempt, LONGEST_WINDOW_MS, release, type LimitRule } from '../auth/rate-limit.js';
import { REPORT_SUBSCRIPTION_CALLS, SUBSCRIPTION_NOT_FOUND_MESSAGE } from '@contract/api/report-subscriptions.calls.js';
import { UNSUBSCRIBE_NOT_FOUND_MESSAGE, unsubscribeQuestion, unsubscribedText } from '@contract/presentation/labels.js';
import { callRoutes } from '../http/call-routes.js';
import { HttpError } from '../http/errors.js';
import { sendReportMail, tokenHash } from './report-mail.js';
import { addSubscription, removeSubscription } from './report-subscriptions.service.js';
import { deleteByUnsubscribeHash, findByUnsubscribeHash, findSubscription, listSubscriptions } from './report-subscriptions.repository.js';

export const SEND_FAILED_MESSAGE = 'The report could not be mailed. Please try again shortly.';

/** "Send now" mails per member: each renders a PDF and sends a mail. */
export const REPORT_SENDS_PER_WINDOW = 5;
export const reportSendRule = (userId: number): LimitRule => ({
  key: `report-send:user:${userId}`,
  max: REPORT_SENDS_PER_WINDOW,
  windowMs: LONGEST_WINDOW_MS,
});

const notFound = () => new HttpError(404, SUBSCRIPTION_NOT_FOUND_MESSAGE);
const gone = () => new HttpError(404, UNSUBSCRIBE_NOT_FOUND_MESSAGE);

/**
 * A member's scheduled report mails: their own only; another member's or franchise's is 404. And a
 * mail's unsubscribe link, without sign-in: GET only says what the link is for (mail scanners follow
 * GET links, which must not unsubscribe anyone); POST is the one-click unsubscribe of `List-Unsubscribe`.
 * A token that names no subscription, unknown or already used, is the same 404.
 */
export function reportSubscriptionRoutes(deps: RouteDeps) {
  const { db, clock, config, logger } = deps;

  return callRoutes(deps, REPORT_SUBSCRIPTION_CALLS, {
    'GET /franchise/report-subscriptions': async ({ c }) => {
      const { user } = c.get('auth');
      return { data: await listSubscriptions(db, user.franchise.id, user.id), message: 'Report subscriptions retrieved' };
    },
    'POST /franchise/report-subscriptions': async ({ c, body }) => ({
      data: await addSubscription(db, c.get('auth').user, body, { now: new Date(clock()), jwtSecret: config.jwtSecret }),
      message: 'Report subscription created',
    }),
    'DELETE /franchise/report-subscriptions/{id}': async ({ c, params }) => {
      await removeSubscription(db, c.get('auth').user, params.id, new Date(clock()));
      return { data: null, message: 'Report subscription deleted' };
    },
    'POST /franchise/report-subscriptions/{id}/send': async ({ c, params }) => {
      const { user } = c.get('auth');
      const subscription = await findSubscription(db, user.franchise.id, user.id, params.id);
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
      return { data: null, message: `Report mailed to ${user.email}` };
    },
    'GET /unsubscribe': async ({ query }) => {
      const target = await findByUnsubscribeHash(db, tokenHash(query.token));
      if (!target) throw gone();
      return { data: target, message: `${unsubscribeQuestion(target)} POST to this address to unsubscribe` };
    },
    'POST /unsubscribe': async ({ query }) => {
      const target = await deleteByUnsubscribeHash(db, tokenHash(query.token));
      if (!target) throw gone();
      return { data: target, message: unsubscribedText(target) };
    },
  });
}
