import * as z from 'zod';
import {
  INVITATION_TTL_DAYS,
  inviteMemberInput,
  MEMBER_NOT_FOUND_MESSAGE,
  MEMBER_ROLES,
  MEMBER_STATUSES,
  updateMemberInput,
} from '../team.contract.js';
import { defineCalls } from './call.js';
import { id } from './primitives.js';

/** A member as the Team page lists them. */
export const member = z.object({
  id,
  email: z.string(),
  name: z.string(),
  role: z.enum(MEMBER_ROLES),
  restaurant_ids: z.array(id).meta({ description: 'A manager’s branches; empty for an owner (every branch)' }),
  status: z.enum(MEMBER_STATUSES).meta({ description: 'invited: no password yet (the invitation link sets it)' }),
  version: id,
});
export type Member = z.output<typeof member>;

/** The members who sign in to the console (docs/team.md): owners only. */
export const TEAM_CALLS = defineCalls({
  'GET /franchise/team': {
    operationId: 'listMembers',
    summary: 'The franchise’s members, by name',
    tag: 'Team',
    access: 'owner',
    success: { data: z.array(member) },
  },
  'POST /franchise/team': {
    operationId: 'inviteMember',
    summary: 'Invite a member: mails a link that sets their first password',
    description: `The link works once, for ${INVITATION_TTL_DAYS} days; until then the member is invited and cannot sign in. A manager needs one or more of the franchise’s restaurants (422 on \`restaurant_ids\`); an owner’s list is ignored. An address any sign-in uses is refused (422 on \`email\`).`,
    tag: 'Team',
    access: 'owner',
    body: inviteMemberInput,
    status: 201,
    success: { data: member },
  },
  'PUT /franchise/team/{id}': {
    operationId: 'updateMember',
    summary: 'Change a member’s name, role or branches',
    description:
      'Names the `version` it read (409 when stale). The last owner cannot be made a manager, nor anyone themselves (409). Applies at the member’s next request; an owner made a manager loses the API keys they created (revoked, and the message says how many).',
    tag: 'Team',
    access: 'owner',
    body: updateMemberInput,
    notFound: MEMBER_NOT_FOUND_MESSAGE,
    success: { data: member },
    errors: [409],
  },
  'DELETE /franchise/team/{id}': {
    operationId: 'removeMember',
    summary: 'Remove a member: their next request is refused',
    description:
      'The last owner cannot be removed, nor anyone themselves (409). The API keys they created are revoked, and the message says how many; their name and e-mail are erased from the activity log, which keeps their id.',
    tag: 'Team',
    access: 'owner',
    notFound: MEMBER_NOT_FOUND_MESSAGE,
    success: { data: z.null() },
    errors: [409],
  },
  'POST /franchise/team/{id}/invitation': {
    operationId: 'resendInvitation',
    summary: 'Mail an invited member a new link, voiding the one sent before',
    description:
      '409 for a member who has already set a password. A few mails per member in 15 minutes (429 with Retry-After), counted only once the member is found invited in the caller’s franchise.',
    tag: 'Team',
    access: 'owner',
    notFound: MEMBER_NOT_FOUND_MESSAGE,
    success: { data: member },
    errors: [409, 429],
  },
});
