import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { UNSUBSCRIBE_NOT_FOUND_MESSAGE, unsubscribeQuestion, unsubscribedText } from '@contract/presentation/labels.js';
import { unsubscribeQuery } from '@contract/report-subscriptions.contract.js';
import { success } from '../http/envelope.js';
import { HttpError } from '../http/errors.js';
import { readQuery } from '../http/query.js';
import { tokenHash } from './report-mail.js';
import { deleteByUnsubscribeHash, findByUnsubscribeHash } from './report-subscriptions.repository.js';

/**
 * A report mail's unsubscribe calls, without sign-in: the console's `/unsubscribe` page (the mail's
 * link) makes them, and `List-Unsubscribe` names this address itself. GET only says what the link is
 * for: mail scanners follow GET links, which must not unsubscribe anyone. POST is the one-click
 * unsubscribe (mail clients send `List-Unsubscribe=One-Click`): it deletes that one subscription. A
 * token that names none, unknown or already used, is the same 404.
 */
export function unsubscribeRoutes(deps: RouteDeps) {
  const { db } = deps;
  const hashOf = (c: Parameters<typeof readQuery>[0]) => tokenHash(readQuery(c, unsubscribeQuery).token);
  const gone = () => new HttpError(404, UNSUBSCRIBE_NOT_FOUND_MESSAGE);

  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const target = await findByUnsubscribeHash(db, hashOf(c));
      if (!target) throw gone();
      return success(c, target, `${unsubscribeQuestion(target)} POST to this address to unsubscribe`);
    })
    .post('/', async (c) => {
      const target = await deleteByUnsubscribeHash(db, hashOf(c));
      if (!target) throw gone();
      return success(c, target, unsubscribedText(target));
    });
}
