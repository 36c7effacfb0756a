import { createHash, randomBytes } from 'node:crypto';
import type { AUTH_CALLS } from '@contract/api/auth.calls.js';
import type { RouteDeps } from '../app-deps.js';
import type { Handlers } from '../http/call-routes.js';
import { clientLimitAddress } from '../http/client-address.js';
import { HttpError } from '../http/errors.js';
import { findUserByEmail, findUserById, setPassword } from './franchise-users.repository.js';
import { hashPassword } from './passwords.js';
import {
  branchNamesOf,
  consumeReset,
  countRecentResets,
  findInviter,
  findLinkHolder,
  findUsableReset,
  insertReset,
} from './password-reset.repository.js';
import { attempt, passwordRule } from './rate-limit.js';
import { tokenResponse } from './tokens.js';
import { consoleLink } from '../mail/links.js';

export const FORGOT_MESSAGE = 'If an account exists for that address, a reset link has been sent.';
export const INVALID_RESET_MESSAGE = 'This reset link is invalid or has expired.';
/** One answer for an unknown, used or expired link: it says nothing about which. */
export const UNKNOWN_LINK_MESSAGE = 'This link is invalid, used or expired.';
export const RESET_TTL_MS = 60 * 60_000;
/** At most this many reset mails per account per throttle window. */
export const RESET_MAILS_PER_WINDOW = 3;
export const RESET_THROTTLE_MS = 15 * 60_000;

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link token and the hash stored for it: the token itself is only ever in the mail. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: sha256(token) };
}

/** The page that sets a password with a link token. */
export const passwordLink = (publicUrl: string, token: string) => consoleLink(publicUrl, 'changePassword', { token });

/**
 * The password link calls' handlers: a reset link mailed on request or an invitation's link (team.service.ts), read
 * without using it, then used once to set the password; an invitation's use signs the member in.
 */
export function passwordResetHandlers(
  deps: RouteDeps,
): Pick<
  Handlers<typeof AUTH_CALLS>,
  'POST /franchise/password/forgot' | 'GET /franchise/password/link' | 'POST /franchise/password/reset'
> {
  const { db, clock, config, mailer, logger, tokens } = deps;

  return {
    'POST /franchise/password/forgot': async ({ c, body: { email } }) => {
      const now = clock();
      await attempt(db, [passwordRule('forgot', clientLimitAddress(c, config.trustProxy))], now, 'password reset requests');
      const user = await findUserByEmail(db, email);
      if (user && (await countRecentResets(db, user.id, new Date(now - RESET_THROTTLE_MS))) < RESET_MAILS_PER_WINDOW) {
        const { token, tokenHash } = newLinkToken();
        await insertReset(db, {
          user_id: user.id,
          token_hash: tokenHash,
          expires_at: new Date(now + RESET_TTL_MS),
          created_at: new Date(now),
        });
        const link = passwordLink(config.publicUrl, token);
        // Not awaited: a slow mail server must not tell an observer that the address has an account.
        mailer
          .send({
            to: user.email,
            subject: 'Reset your Franchise Console password',
            text: `Hello ${user.name},\n\nUse this link within 60 minutes to choose a new password:\n\n${link}\n\nIf you did not ask for this, ignore this message.\n`,
          })
          .catch((error: unknown) => logger.error(`could not send the password reset mail to ${user.email}`, error));
      }
      return { data: null, message: FORGOT_MESSAGE };
    },
    'GET /franchise/password/link': async ({ c, query }) => {
      const now = new Date(clock());
      await attempt(db, [passwordRule('link', clientLimitAddress(c, config.trustProxy))], now.getTime(), 'password link reads');
      const holder = await findLinkHolder(db, sha256(query.token), now);
      if (!holder) throw new HttpError(404, UNKNOWN_LINK_MESSAGE);
      const kind = holder.invited ? 'invitation' : 'reset';
      return {
        data: {
          kind,
          email: holder.email,
          franchise: holder.franchise,
          inviter: kind === 'invitation' ? ((await findInviter(db, holder.franchise_id, holder.id)) ?? null) : null,
          role: holder.role,
          restaurants: holder.role === 'manager' ? await branchNamesOf(db, holder.id) : [],
        },
        message: kind === 'invitation' ? 'An invitation' : 'A password reset',
      };
    },
    'POST /franchise/password/reset': async ({ c, body: input }) => {
      const now = new Date(clock());
      await attempt(db, [passwordRule('reset', clientLimitAddress(c, config.trustProxy))], now.getTime(), 'password reset attempts');
      const tokenHash = sha256(input.token);
      // An invalid link costs no argon2 work.
      if (!(await findUsableReset(db, tokenHash, now))) throw new HttpError(400, INVALID_RESET_MESSAGE);
      // Hashed outside the transaction: argon2 takes ~20 ms and PGlite is busy while a transaction is open.
      const passwordHash = await hashPassword(input.password);
      // The link is used up here, atomically: of two concurrent resets with one link only one changes the password.
      const changed = await db.transaction().execute(async (trx) => {
        const userId = await consumeReset(trx, tokenHash, now);
        if (userId === undefined) return undefined;
        // A member without a password is accepting an invitation.
        const joined = (await findUserById(trx, userId))?.password_hash === null;
        await setPassword(trx, userId, passwordHash, now);
        return { userId, joined };
      });
      if (!changed) throw new HttpError(400, INVALID_RESET_MESSAGE);
      const member = changed.joined ? await findUserById(db, changed.userId) : undefined;
      // Read after the commit: the token carries the new token version.
      if (member) return { data: await tokenResponse(tokens, member), message: 'Password set. Welcome!' };
      return { data: null, message: 'Password successfully changed!' };
    },
  };
}
