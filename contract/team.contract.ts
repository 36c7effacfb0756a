import * as z from 'zod';
import { email, type MemberRole } from './auth.contract.js';
import { version } from './people.contract.js';
import { displayName } from './text.js';
import { MAX_RECORD_ID } from './record-id.js';

/**
 * The team calls (`/api/v1/franchise/team`, owners only): the members who sign in to the console,
 * owners (every branch) and managers (the branches listed). The server validates with the schemas;
 * the client imports the types and constants. Unknown fields are dropped.
 */

export const MEMBER_ROLES = ['owner', 'manager'] as const satisfies readonly MemberRole[];
export { MEMBER_ROLE_LABELS } from './choices.js';

/** An invitation link sets the first password within this time, once. */
export const INVITATION_TTL_DAYS = 7;

export const MEMBER_BRANCHES_MESSAGE = 'Choose at least one of your restaurants for a manager';
export const LAST_OWNER_MESSAGE = 'A franchise needs at least one owner: make someone else an owner first';
export const MEMBER_EMAIL_TAKEN_MESSAGE = 'This email address cannot be used for a new member';
export const MEMBER_FOREIGN_BRANCH_MESSAGE = 'Choose one of your restaurants';
export const MEMBER_NOT_FOUND_MESSAGE = 'Member not found';
export const SELF_REMOVE_MESSAGE = 'You cannot remove yourself: another owner can';
export const SELF_DEMOTE_MESSAGE = 'You cannot make yourself a manager: another owner can';
export const NOT_INVITED_MESSAGE = 'This member has already set a password: there is no invitation to resend';

const name = displayName();
const role = z.enum(MEMBER_ROLES, 'Role must be Owner or Manager');
const restaurantIds = z
  .array(
    z.number(MEMBER_BRANCHES_MESSAGE).int(MEMBER_BRANCHES_MESSAGE).min(1, MEMBER_BRANCHES_MESSAGE).max(MAX_RECORD_ID),
    MEMBER_BRANCHES_MESSAGE,
  )
  .max(1000);

/** An owner's branches are all of them: the list is ignored (stored empty); a manager needs one or more. */
const access = <S extends z.ZodObject<{ role: typeof role; restaurant_ids: typeof restaurantIds }>>(schema: S) =>
  schema.superRefine((value, ctx) => {
    if (value.role === 'manager' && value.restaurant_ids.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['restaurant_ids'], message: MEMBER_BRANCHES_MESSAGE });
    }
  });

export const inviteMemberInput = access(z.object({ email, name, role, restaurant_ids: restaurantIds }));
export type InviteMemberInput = z.input<typeof inviteMemberInput>;

export const updateMemberInput = access(z.object({ name, role, restaurant_ids: restaurantIds, version }));
export type UpdateMemberInput = z.input<typeof updateMemberInput>;

/** invited: no password yet (the invitation link sets it). */
export const MEMBER_STATUSES = ['invited', 'active'] as const;

/** A member as the calls answer them: the type of its answer schema (contract/api/team.calls.ts). */
export type { Member } from './api/team.calls.js';
