import type { RouteDeps } from '../app-deps.js';
import { TEAM_CALLS } from '@contract/api/team.calls.js';
import { callRoutes } from '../http/call-routes.js';
import { findMember, listMembers } from './team.repository.js';
import { inviteMember, removeMember, resendInvitation, updateMember } from './team.service.js';

/** The end of a team change's message when it revoked the member's API keys: "; 2 API keys revoked". */
const keysRevoked = (count: number) => (count === 0 ? '' : `; ${count} API key${count === 1 ? '' : 's'} revoked`);

const sentOr = (sent: boolean, message: string) =>
  sent ? message : `${message}, but the invitation mail could not be sent: resend the invitation`;

/** The members who sign in to the console: owners only; to a manager these calls do not exist. */
export function teamRoutes(deps: RouteDeps) {
  const { db, clock } = deps;
  const now = () => new Date(clock());

  return callRoutes(deps, TEAM_CALLS, {
    'GET /franchise/team': async ({ c }) => ({
      data: await listMembers(db, c.get('auth').user.franchise.id),
      message: 'Members retrieved',
    }),
    'POST /franchise/team': async ({ c, body }) => {
      const { member, sent } = await inviteMember(deps, c.get('auth').user, body, now());
      return { data: member, message: sentOr(sent, `${member.name} invited`) };
    },
    'PUT /franchise/team/{id}': async ({ c, body, params }) => {
      const { user } = c.get('auth');
      const revoked = await updateMember(db, user, params.id, body, now());
      return { data: (await findMember(db, user.franchise.id, params.id))!, message: `${body.name} updated${keysRevoked(revoked)}` };
    },
    'DELETE /franchise/team/{id}': async ({ c, params }) => {
      const { name, revoked } = await removeMember(db, c.get('auth').user, params.id, now());
      return { data: null, message: `${name} removed${keysRevoked(revoked)}` };
    },
    'POST /franchise/team/{id}/invitation': async ({ c, params }) => {
      const { member, sent } = await resendInvitation(deps, c.get('auth').user, params.id, now());
      return { data: member, message: sentOr(sent, `Invitation sent to ${member.email}`) };
    },
  });
}
