import type { ApiSuccess } from '@contract/envelope';
import type { InviteMemberInput, Member, UpdateMemberInput } from '@contract/team.contract';
import { callApi, callApiEnvelope } from './api-error';
import { callsOf } from './call';
import { httpClient, type HttpClient } from './http-client';

/** Defaults used when the server sent no message. */
export const TEAM_ERRORS = {
  list: 'Failed to fetch team members',
  invite: 'Failed to invite the member',
  update: 'Failed to update the member',
  remove: 'Failed to remove the member',
  resend: 'Failed to resend the invitation',
} as const;

/** A member as a call stored them, and the server's sentence about it (it says so when an invitation mail could not be sent). */
export type MemberSaved = { member: Member; message: string };

/** The team calls (owners only); each rejects with ApiError carrying the server's message or its default. */
export function createTeamService(client: HttpClient) {
  const call = callsOf(client);
  const saved = async (fallback: string, send: () => Promise<ApiSuccess<Member>>): Promise<MemberSaved> => {
    const { data, message } = await callApiEnvelope(fallback, send);
    return { member: data, message };
  };
  return {
    list: () => callApi<Member[]>(TEAM_ERRORS.list, () => call('GET /franchise/team')),
    invite: (body: InviteMemberInput) => saved(TEAM_ERRORS.invite, () => call('POST /franchise/team', { body })),
    update: (id: number, body: UpdateMemberInput) =>
      saved(TEAM_ERRORS.update, () => call('PUT /franchise/team/{id}', { params: { id }, body })),
    /** Resolves with the server's sentence ("Nora removed"). */
    remove: async (id: number): Promise<string> =>
      (
        await callApiEnvelope<null>(TEAM_ERRORS.remove, () => call('DELETE /franchise/team/{id}', { params: { id } }), {
          nullable: true,
        })
      ).message,
    /** Mails an invited member a new link (the old one stops working). */
    resendInvitation: (id: number) => saved(TEAM_ERRORS.resend, () => call('POST /franchise/team/{id}/invitation', { params: { id } })),
  };
}

export type TeamService = ReturnType<typeof createTeamService>;

export const teamService = createTeamService(httpClient);
