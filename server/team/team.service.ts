import type * as z from 'zod';
import { changesBetween, eraseMemberFromActivity, memberActor } from '../activity/activity.repository.js';
import { memberWrite } from '../activity/member-write.js';
import type { AppDeps } from '../app-deps.js';
import type { AuthUser } from '../auth/franchise-users.repository.js';
import { insertReset, voidOpenResets } from '../auth/password-reset.repository.js';
import { newLinkToken, passwordLink } from '../auth/password-reset.js';
import { attempt, invitationRule } from '../auth/rate-limit.js';
import {
  INVITATION_TTL_DAYS,
  LAST_OWNER_MESSAGE,
  MEMBER_EMAIL_TAKEN_MESSAGE,
  MEMBER_FOREIGN_BRANCH_MESSAGE,
  MEMBER_NOT_FOUND_MESSAGE,
  MEMBER_ROLE_LABELS,
  NOT_INVITED_MESSAGE,
  SELF_DEMOTE_MESSAGE,
  SELF_REMOVE_MESSAGE,
  type inviteMemberInput,
  type Member,
  type updateMemberInput,
} from '@contract/team.contract.js';
import type { Db } from '../db/database.js';
import { HttpError } from '../http/errors.js';
import { fieldError, isUniqueViolation, staleVersion } from '../http/record-errors.js';
import { revokeApiKeys } from '../integrations/api-keys.repository.js';
import { foreignRestaurants } from '../restaurants/restaurants.repository.js';
import {
  countOwners,
  deleteMember,
  findMember,
  insertMember,
  MEMBER_EMAIL_KEY,
  signInEmailTaken,
  updateMember as saveMember,
  type MemberValues,
} from './team.repository.js';

/** What the team's writes need: the database, and the mailer with the address its links point at. */
export type TeamDeps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'logger'>;

const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 3_600_000;
/** Every field a member's entry in the activity log may name; e-mail is fixed after the invitation. */
const MEMBER_FIELDS = ['email', 'name', 'role', 'restaurant_ids'] as const;

/** What a removal records of the member: their name and e-mail are erased from the log with them. */
const KEPT_MEMBER_FIELDS = ['role', 'restaurant_ids'] as const;

/** An API key lives as long as its creator is an owner: their keys go when they are removed or made a manager. */
const revokeKeysOf = (trx: Db, owner: AuthUser, memberId: number, now: Date) =>
  revokeApiKeys(trx, owner.franchise.id, { createdBy: memberId }, memberActor(owner), now);

const memberNotFound = () => new HttpError(404, MEMBER_NOT_FOUND_MESSAGE);
const emailTaken = () => fieldError('email', MEMBER_EMAIL_TAKEN_MESSAGE);

/** The stored form of the input's access: an owner has every branch (none listed), a manager the franchise's branches named. */
async function valuesOf(db: Db, franchiseId: number, input: MemberValues): Promise<MemberValues> {
  if (input.role === 'owner') return { ...input, restaurant_ids: [] };
  const ids = [...new Set(input.restaurant_ids)].sort((a, b) => a - b);
  if ((await foreignRestaurants(db, franchiseId, ids)).length > 0) throw fieldError('restaurant_ids', MEMBER_FOREIGN_BRANCH_MESSAGE);
  return { ...input, restaurant_ids: ids };
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
async function mailInvitation({ config, mailer, logger }: TeamDeps, inviter: AuthUser, member: Member, token: string): Promise<boolean> {
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

/** An invited member and whether their mail went out. */
export type Invited = { member: Member; sent: boolean };

/** Invites a member (no password until their link sets one) and mails them the link once the change is committed. */
export async function inviteMember(
  deps: TeamDeps,
  owner: AuthUser,
  { email, ...input }: z.output<typeof inviteMemberInput>,
  now: Date,
): Promise<Invited> {
  const { db } = deps;
  const franchiseId = owner.franchise.id;
  const values = await valuesOf(db, franchiseId, input);
  // An erased person's placeholder (.invalid) is refused like any address in use, without saying which franchise has it.
  if (email.endsWith('.invalid') || (await signInEmailTaken(db, email))) throw emailTaken();
  let invited: { id: number; token: string };
  try {
    invited = await memberWrite(db, owner, { now, owner: true }, async ({ trx, record }) => {
      const id = await insertMember(trx, franchiseId, email, values, now);
      await record({
        action: 'invited',
        entity: 'member',
        entityId: id,
        changes: changesBetween(null, { email, ...values }, { fields: MEMBER_FIELDS }),
      });
      return { id, token: await newInvitation(trx, id, now) };
    });
  } catch (error) {
    // A simultaneous invitation of the same address committed first.
    if (isUniqueViolation(error, MEMBER_EMAIL_KEY)) throw emailTaken();
    throw error;
  }
  const member = (await findMember(db, franchiseId, invited.id))!;
  return { member, sent: await mailInvitation(deps, owner, member, invited.token) };
}

/**
 * Changes a member's name, role or branches if still at the version read. Neither the last owner nor the owner
 * themselves can be made a manager; an owner made one loses the API keys they created: how many.
 */
export async function updateMember(
  db: Db,
  owner: AuthUser,
  id: number,
  { version, ...input }: z.output<typeof updateMemberInput>,
  now: Date,
): Promise<number> {
  const franchiseId = owner.franchise.id;
  const values = await valuesOf(db, franchiseId, input);
  const refusals = async (trx: Db) => {
    const before = await findMember(trx, franchiseId, id);
    if (!before) throw memberNotFound();
    const demoted = before.role === 'owner' && values.role !== 'owner';
    if (demoted) {
      if (id === owner.id) throw new HttpError(409, SELF_DEMOTE_MESSAGE);
      if ((await countOwners(trx, franchiseId)) <= 1) throw new HttpError(409, LAST_OWNER_MESSAGE);
    }
    return { before, demoted };
  };
  return memberWrite(db, owner, { now, owner: true, refusals }, async ({ trx, record }, { before, demoted }) => {
    if (!(await saveMember(trx, franchiseId, id, version, values, now))) throw staleVersion();
    await record({
      action: 'updated',
      entity: 'member',
      entityId: id,
      changes: changesBetween(before, { ...before, ...values }, { fields: MEMBER_FIELDS }),
    });
    return demoted ? revokeKeysOf(trx, owner, id, now) : 0;
  });
}

/**
 * Removes a member: their next request is refused, their API keys are revoked and their name and e-mail erased from
 * the activity log. Neither the last owner nor the owner themselves can be removed. Their name, and how many keys went.
 */
export async function removeMember(db: Db, owner: AuthUser, id: number, now: Date): Promise<{ name: string; revoked: number }> {
  const franchiseId = owner.franchise.id;
  const refusals = async (trx: Db) => {
    const before = await findMember(trx, franchiseId, id);
    if (!before) throw memberNotFound();
    if (id === owner.id) throw new HttpError(409, SELF_REMOVE_MESSAGE);
    if (before.role === 'owner' && (await countOwners(trx, franchiseId)) <= 1) throw new HttpError(409, LAST_OWNER_MESSAGE);
    return before;
  };
  return memberWrite(db, owner, { now, owner: true, refusals }, async ({ trx, record }, before) => {
    // Before the row goes: its deletion empties the keys' creator.
    const revoked = await revokeKeysOf(trx, owner, id, now);
    if (!(await deleteMember(trx, franchiseId, id))) throw memberNotFound();
    await eraseMemberFromActivity(trx, franchiseId, id);
    await record({
      action: 'deleted',
      entity: 'member',
      entityId: id,
      changes: changesBetween(before, null, { fields: KEPT_MEMBER_FIELDS }),
    });
    return { name: before.name, revoked };
  });
}

/** Mails an invited member a new link, voiding the one sent before; a few per member in 15 minutes. */
export async function resendInvitation(deps: TeamDeps, owner: AuthUser, id: number, now: Date): Promise<Invited> {
  const franchiseId = owner.franchise.id;
  const refusals = async (trx: Db) => {
    const member = await findMember(trx, franchiseId, id);
    if (!member) throw memberNotFound();
    if (member.status !== 'invited') throw new HttpError(409, NOT_INVITED_MESSAGE);
    return member;
  };
  const { member, token } = await memberWrite(deps.db, owner, { now, owner: true, refusals }, async ({ trx, record }, member) => {
    // Counted only once the member is the caller's to invite, so another franchise cannot spend it; in the
    // transaction, so a resend refused here or rolled back counts nothing.
    await attempt(trx, [invitationRule(id)], now.getTime(), 'invitations to this member');
    const token = await newInvitation(trx, id, now);
    await record({ action: 'invitation_resent', entity: 'member', entityId: id });
    return { member, token };
  });
  return { member, sent: await mailInvitation(deps, owner, member, token) };
}
