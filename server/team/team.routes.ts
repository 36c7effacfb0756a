import { Hono } from 'hono';
import { changesBetween, eraseMemberFromActivity, memberActor, recordActivity, recordUpdate } from '../activity/activity.repository.js';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { ownersOnly } from '../auth/access.js';
import { attempt, invitationRule } from '../auth/rate-limit.js';
import type { AuthUser } from '../auth/franchise-users.repository.js';
import { insertReset, voidOpenResets } from '../auth/password-reset.repository.js';
import { newLinkToken, passwordLink } from '../auth/password-reset.js';
import {
  INVITATION_TTL_DAYS,
  inviteMemberInput,
  LAST_OWNER_MESSAGE,
  MEMBER_EMAIL_TAKEN_MESSAGE,
  MEMBER_FOREIGN_BRANCH_MESSAGE,
  MEMBER_NOT_FOUND_MESSAGE,
  MEMBER_ROLE_LABELS,
  NOT_INVITED_MESSAGE,
  SELF_DEMOTE_MESSAGE,
  SELF_REMOVE_MESSAGE,
  updateMemberInput,
  type Member,
} from '@contract/team.contract.js';
import type { Db } from '../db/database.js';
import { readJson, success } from '../http/envelope.js';
import { HttpError } from '../http/errors.js';
import { recordParam } from '../http/record-param.js';
import { fieldError, isUniqueViolation, staleVersion } from '../http/record-errors.js';
import {
  countOwners,
  deleteMember,
  findMember,
  insertMember,
  isFranchiseOwner,
  listMembers,
  lockFranchise,
  MEMBER_EMAIL_KEY,
  signInEmailTaken,
  updateMember,
  type MemberValues,
} from './team.repository.js';
import { foreignRestaurants } from '../restaurants/restaurants.repository.js';
import { revokeApiKeys } from '../integrations/api-keys.repository.js';

const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 3_600_000;
/** Every field a member's entry in the activity log may name; e-mail is fixed after the invitation. */
const MEMBER_FIELDS = ['email', 'name', 'role', 'restaurant_ids'] as const;

/** What a removal records of the member: their name and e-mail are erased from the log with them. */
const KEPT_MEMBER_FIELDS = ['role', 'restaurant_ids'] as const;

/** The end of a team change's message when it revoked the member's API keys: "; 2 API keys revoked". */
const keysRevoked = (count: number) => (count === 0 ? '' : `; ${count} API key${count === 1 ? '' : 's'} revoked`);

/** An API key lives as long as its creator is an owner: their keys go when they are removed or made a manager. */
const revokeKeysOf = (trx: Db, owner: AuthUser, memberId: number, now: Date) =>
  revokeApiKeys(trx, owner.franchise.id, { createdBy: memberId }, memberActor(owner), now);

const memberNotFound = () => new HttpError(404, MEMBER_NOT_FOUND_MESSAGE);
const emailTaken = () => fieldError('email', MEMBER_EMAIL_TAKEN_MESSAGE);

/** The members who sign in to the console: owners only; to a manager these calls do not exist. */
export function teamRoutes(deps: RouteDeps) {
  const { db, clock, config, mailer, logger, authenticated } = deps;

  /** The stored form of the input's access: an owner has every branch (none listed), a manager the franchise's branches named. */
  async function valuesOf(franchiseId: number, input: MemberValues): Promise<MemberValues> {
    if (input.role === 'owner') return { ...input, restaurant_ids: [] };
    const ids = [...new Set(input.restaurant_ids)].sort((a, b) => a - b);
    if ((await foreignRestaurants(db, franchiseId, ids)).length > 0) throw fieldError('restaurant_ids', MEMBER_FOREIGN_BRANCH_MESSAGE);
    return { ...input, restaurant_ids: ids };
  }

  /**
   * A team change in one transaction with the franchise's row locked, so changes of one franchise
   * run one at a time. `stillOwner` is for the work to call once its own refusals are checked: the
   * caller may have been demoted or removed while the request waited.
   */
  async function teamChange<T>(user: AuthUser, work: (trx: Db, stillOwner: () => Promise<void>) => Promise<T>): Promise<T> {
    const franchiseId = user.franchise.id;
    try {
      return await db.transaction().execute(async (trx) => {
        await lockFranchise(trx, franchiseId);
        return work(trx, async () => {
          if (!(await isFranchiseOwner(trx, franchiseId, user.id))) throw new HttpError(404, 'Not found');
        });
      });
    } catch (error) {
      // A simultaneous invitation of the same address committed first.
      if (isUniqueViolation(error, MEMBER_EMAIL_KEY)) throw emailTaken();
      throw error;
    }
  }

  /** A new invitation link (stored hashed, like a reset link), voiding any mailed before; the token to mail. */
  async function newInvitation(trx: Db, userId: number, now: Date): Promise<string> {
    await voidOpenResets(trx, userId, now);
    const { token, tokenHash } = newLinkToken();
    await insertReset(trx, {
      user_id: userId,
      token_hash: tokenHash,
      expires_at: new Date(now.getTime() + INVITATION_TTL_MS),
      created_at: now,
    });
    return token;
  }

  /** Mails the link after the change is committed; false when the mail could not be sent (the owner can resend). */
  async function mailInvitation(inviter: AuthUser, member: Member, token: string): Promise<boolean> {
    const franchise = inviter.franchise.name;
    try {
      await mailer.send({
        to: member.email,
        subject: `You are invited to ${franchise} on Franchise Console`,
        text: `Hello ${member.name},\n\n${inviter.name} invited you to ${franchise} on Franchise Console as ${MEMBER_ROLE_LABELS[member.role].toLowerCase()}.\n\nUse this link within ${INVITATION_TTL_DAYS} days to choose your password; it works once:\n\n${passwordLink(config.publicUrl, token)}\n\nIf you did not expect this, ignore this message.\n`,
      });
      return true;
    } catch (error) {
      logger.error(`could not send the invitation mail to ${member.email}`, error);
      return false;
    }
  }

  const sentOr = (sent: boolean, message: string) =>
    sent ? message : `${message}, but the invitation mail could not be sent: resend the invitation`;

  return new Hono<AppEnv>()
    .get('/', authenticated, ownersOnly, async (c) =>
      success(c, await listMembers(db, c.get('auth').user.franchise.id), 'Members retrieved'),
    )
    .post('/', authenticated, ownersOnly, async (c) => {
      const { user } = c.get('auth');
      const franchiseId = user.franchise.id;
      const { email, ...input } = await readJson(c, inviteMemberInput);
      const values = await valuesOf(franchiseId, input);
      // An erased person's placeholder (.invalid) is refused like any address in use, without saying which franchise has it.
      if (email.endsWith('.invalid') || (await signInEmailTaken(db, email))) throw emailTaken();
      const now = new Date(clock());
      const { id, token } = await teamChange(user, async (trx, stillOwner) => {
        await stillOwner();
        const id = await insertMember(trx, franchiseId, email, values, now);
        await recordActivity(trx, {
          franchiseId,
          at: now,
          actor: memberActor(user),
          action: 'invited',
          entity: 'member',
          entityId: id,
          changes: changesBetween(null, { email, ...values }, { fields: MEMBER_FIELDS }),
        });
        return { id, token: await newInvitation(trx, id, now) };
      });
      const member = (await findMember(db, franchiseId, id))!;
      return success(c, member, sentOr(await mailInvitation(user, member, token), `${member.name} invited`), 201);
    })
    .put('/:id', authenticated, ownersOnly, async (c) => {
      const { user } = c.get('auth');
      const franchiseId = user.franchise.id;
      const id = recordParam(c, memberNotFound);
      const { version, ...input } = await readJson(c, updateMemberInput);
      const values = await valuesOf(franchiseId, input);
      const now = new Date(clock());
      const revoked = await teamChange(user, async (trx, stillOwner) => {
        const before = await findMember(trx, franchiseId, id);
        if (!before) throw memberNotFound();
        const demoted = before.role === 'owner' && values.role !== 'owner';
        if (demoted) {
          if (id === user.id) throw new HttpError(409, SELF_DEMOTE_MESSAGE);
          if ((await countOwners(trx, franchiseId)) <= 1) throw new HttpError(409, LAST_OWNER_MESSAGE);
        }
        await stillOwner();
        if (!(await updateMember(trx, franchiseId, id, version, values, now))) throw staleVersion();
        const changes = changesBetween(before, { ...before, ...values }, { fields: MEMBER_FIELDS });
        await recordUpdate(trx, { franchiseId, at: now, actor: memberActor(user), entity: 'member', entityId: id, changes });
        return demoted ? revokeKeysOf(trx, user, id, now) : 0;
      });
      return success(c, await findMember(db, franchiseId, id), `${values.name} updated${keysRevoked(revoked)}`);
    })
    .delete('/:id', authenticated, ownersOnly, async (c) => {
      const { user } = c.get('auth');
      const franchiseId = user.franchise.id;
      const id = recordParam(c, memberNotFound);
      const now = new Date(clock());
      const removed = await teamChange(user, async (trx, stillOwner) => {
        const before = await findMember(trx, franchiseId, id);
        if (!before) throw memberNotFound();
        if (id === user.id) throw new HttpError(409, SELF_REMOVE_MESSAGE);
        if (before.role === 'owner' && (await countOwners(trx, franchiseId)) <= 1) throw new HttpError(409, LAST_OWNER_MESSAGE);
        await stillOwner();
        // Before the row goes: its deletion empties the keys' creator.
        const revoked = await revokeKeysOf(trx, user, id, now);
        if (!(await deleteMember(trx, franchiseId, id))) throw memberNotFound();
        await eraseMemberFromActivity(trx, franchiseId, id);
        await recordActivity(trx, {
          franchiseId,
          at: now,
          actor: memberActor(user),
          action: 'deleted',
          entity: 'member',
          entityId: id,
          changes: changesBetween(before, null, { fields: KEPT_MEMBER_FIELDS }),
        });
        return { name: before.name, revoked };
      });
      return success(c, null, `${removed.name} removed${keysRevoked(removed.revoked)}`);
    })
    .post('/:id/invitation', authenticated, ownersOnly, async (c) => {
      const { user } = c.get('auth');
      const franchiseId = user.franchise.id;
      const id = recordParam(c, memberNotFound);
      const now = new Date(clock());
      const { member, token } = await teamChange(user, async (trx, stillOwner) => {
        const member = await findMember(trx, franchiseId, id);
        if (!member) throw memberNotFound();
        if (member.status !== 'invited') throw new HttpError(409, NOT_INVITED_MESSAGE);
        await stillOwner();
        // Counted only once the member is the caller's to invite, so another franchise cannot spend it; in the
        // transaction, so a resend refused here or rolled back counts nothing.
        await attempt(trx, [invitationRule(id)], now.getTime(), 'invitations to this member');
        const token = await newInvitation(trx, id, now);
        await recordActivity(trx, {
          franchiseId,
          at: now,
          actor: memberActor(user),
          action: 'invitation_resent',
          entity: 'member',
          entityId: id,
        });
        return { member, token };
      });
      return success(c, member, sentOr(await mailInvitation(user, member, token), `Invitation sent to ${member.email}`));
    });
}
