import type { ApiSuccess } from '@contract/envelope';
import type { InviteMemberInput, Member, UpdateMemberInput } from '@contract/team.contract';
import { callApi, callApiEnvelope } from './api-error';
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

const PATH = '/franchise/team';

/** The team calls (owners only); each rejects with ApiError carrying the server's message or its default. */
export function createTeamService(client: HttpClient) {
  const saved = async (fallback: string, send: () => Promise<ApiSuccess<Member>>): Promise<MemberSaved> => {
    const { data, message } = await callApiEnvelope(fallback, send);
    return { member: data, message };
  };
  return {
    list: () => callApi<Member[]>(TEAM_ERRORS.list, () => client.request<Member[]>(PATH)),
    invite: (body: InviteMemberInput) => saved(TEAM_ERRORS.invite, () => client.request<Member>(PATH, { method: 'POST', body })),
    update: (id: number, body: UpdateMemberInput) =>
      saved(TEAM_ERRORS.update, () => client.request<Member>(`${PATH}/${id}`, { method: 'PUT', body })),
    /** Resolves with the server's sentence ("Nora removed"). */
    remove: async (id: number): Promise<string> =>
      (
        await callApiEnvelope<null>(TEAM_ERRORS.remove, () => client.request<null>(`${PATH}/${id}`, { method: 'DELETE' }), {
          nullable: true,
        })
      ).message,
    /** Mails an invited member a new link (the old one stops working). */
    resendInvitation: (id: number) =>
      saved(TEAM_ERRORS.resend, () => client.request<Member>(`${PATH}/${id}/invitation`, { method: 'POST' })),
  };
}

export type TeamService = ReturnType<typeof createTeamService>;

export const teamService = createTeamService(httpClient);
