import type { MemberRole } from '@contract/auth.contract';
import { MEMBER_ROLE_LABELS } from '@contract/choices';
import type { InviteMemberInput, Member, MEMBER_NOT_FOUND_MESSAGE } from '@contract/team.contract';
import { idListOf, idListValue, type FormRecord, type FormValues } from '../entity-form.machine';
import { text } from './contact-fields';
import { formErrorOn } from './form-calls';
import { personIdOf } from './people-fields';

/** How a member becomes the Team forms' values and the team calls' bodies; the Team screens' ids, options and texts. */

// The contract's texts, restated so the browser does not load its zod schemas: typed by the contract's own, so tsc
// fails when one changes.
export { MEMBER_ROLE_LABELS };
export const ROLE_OPTIONS = (Object.keys(MEMBER_ROLE_LABELS) as MemberRole[]).map((value) => ({ value, label: MEMBER_ROLE_LABELS[value] }));
export const MEMBER_NOT_FOUND: typeof MEMBER_NOT_FOUND_MESSAGE = 'Member not found';

/** The fields the team list searches: a member's name, e-mail or role. */
export const TEAM_SEARCH_FIELDS = ['name', 'email', 'role'] as const;

/** The id of `/team/edit?id=…` (a positive whole number, else null: "Member not found" without a call). */
export const memberIdOf = personIdOf;

export const MEMBER_FORM_MESSAGES = {
  invite: { reset: "{name}'s invitation reset.", saved: '{name} invited' },
  edit: { reset: "{name}'s access reset.", saved: "{name}'s access updated successfully!" },
} as const;

/** A member as the form edits it; a new one is a manager with no branches yet. */
export function memberValues(member: Member | null): FormValues {
  return {
    email: member?.email ?? '',
    name: member?.name ?? '',
    role: member?.role ?? 'manager',
    restaurant_ids: idListValue(member?.restaurant_ids ?? []),
  };
}

/** The fields both calls take; an owner has every branch, so none are sent. */
export function memberBody(values: FormValues): Omit<InviteMemberInput, 'email'> {
  const role = text(values.role) as MemberRole;
  return { name: text(values.name), role, restaurant_ids: role === 'manager' ? idListOf(values.restaurant_ids) : [] };
}

export const memberRecord = (member: Member): FormRecord => ({ values: memberValues(member), version: member.version });

/**
 * A refused save: a role change that would leave the franchise without an owner, or demote oneself, goes on the Role
 * field; a refused branch (`restaurant_ids[2]`) on the Branches field.
 */
export const formError = formErrorOn('role');
