import { describe, expect, it, vi } from 'vitest';
import type { Member } from '@contract/team.contract';
import { ApiError } from '../../src/services/api-error';
import type { HttpClient } from '../../src/services/http-client';
import { createTeamService, TEAM_ERRORS } from '../../src/services/team.service';

const NORA: Member = {
  id: 4,
  email: 'nora@example.com',
  name: 'Nora Lee',
  role: 'manager',
  restaurant_ids: [7],
  status: 'invited',
  version: 1,
};

function setup(answer: (path: string, options: unknown) => Promise<unknown>) {
  const request = vi.fn(answer);
  const client = { request, refresh: vi.fn() } as unknown as HttpClient;
  return { service: createTeamService(client), request };
}

describe('team service', () => {
  it('lists, invites, updates, removes and resends through the team calls, with the server’s sentences', async () => {
    const { service, request } = setup(async (path, options) => {
      const method = (options as { method?: string } | undefined)?.method;
      if (method === 'DELETE') return { status: 'success', message: 'Nora Lee removed', data: null };
      if (path.endsWith('/invitation')) return { status: 'success', message: 'Invitation sent to nora@example.com', data: NORA };
      if (method === 'POST') return { status: 'success', message: 'Nora Lee invited', data: NORA };
      if (method === 'PUT') return { status: 'success', message: 'Nora Lee updated', data: { ...NORA, version: 2 } };
      return { status: 'success', message: 'Members retrieved', data: [NORA] };
    });
    const invite = { email: 'nora@example.com', name: 'Nora Lee', role: 'manager' as const, restaurant_ids: [7] };
    const update = { name: 'Nora Lee', role: 'manager' as const, restaurant_ids: [7, 9], version: 1 };
    expect(await service.list()).toEqual([NORA]);
    expect(await service.invite(invite)).toEqual({ member: NORA, message: 'Nora Lee invited' });
    expect(await service.update(4, update)).toEqual({ member: { ...NORA, version: 2 }, message: 'Nora Lee updated' });
    expect(await service.remove(4)).toBe('Nora Lee removed');
    expect(await service.resendInvitation(4)).toEqual({ member: NORA, message: 'Invitation sent to nora@example.com' });
    expect(request.mock.calls).toEqual([
      ['/franchise/team', { method: 'GET' }],
      ['/franchise/team', { method: 'POST', body: invite }],
      ['/franchise/team/4', { method: 'PUT', body: update }],
      ['/franchise/team/4', { method: 'DELETE' }],
      ['/franchise/team/4/invitation', { method: 'POST' }],
    ]);
  });

  it('keeps the server’s refusal: its message, status and field errors', async () => {
    const message = 'A franchise needs at least one owner: make someone else an owner first';
    const { service } = setup(async () => {
      throw new ApiError(message, 409, { status: 'error', message });
    });
    await expect(service.remove(1)).rejects.toMatchObject({ message, status: 409 });
    await expect(service.update(1, { name: 'Olivia', role: 'manager', restaurant_ids: [7], version: 3 })).rejects.toMatchObject({
      message,
      status: 409,
    });
  });

  it('gives each call its default message when the server names none', async () => {
    const { service } = setup(async () => {
      throw new ApiError('An unexpected error occurred', 500, undefined);
    });
    await expect(service.list()).rejects.toMatchObject({ message: TEAM_ERRORS.list });
    await expect(service.invite({ email: 'a@example.com', name: 'A', role: 'owner', restaurant_ids: [] })).rejects.toMatchObject({
      message: TEAM_ERRORS.invite,
    });
    await expect(service.update(1, { name: 'A', role: 'owner', restaurant_ids: [], version: 1 })).rejects.toMatchObject({
      message: TEAM_ERRORS.update,
    });
    await expect(service.remove(1)).rejects.toMatchObject({ message: TEAM_ERRORS.remove });
    await expect(service.resendInvitation(1)).rejects.toMatchObject({ message: TEAM_ERRORS.resend });
  });
});
