import { describe, expect, it, vi } from 'vitest';
import type { Person } from '@contract/people.contract';
import { personIdOf } from '../../src/machines/support/people-fields';
import { ApiError } from '../../src/services/api-error';
import type { HttpClient } from '../../src/services/http-client';
import { createPeopleService, DELETE_PERSON_FAILED, FETCH_PEOPLE_FAILED, SAVE_PERSON_FAILED } from '../../src/services/people.service';

const PERSON = { id: 4, name: 'Mia Chen', email: 'mia@example.com', role: 'Chef', status: 'Active', version: 2 } as Person;

function setup(answer: (path: string, options: unknown) => Promise<unknown>) {
  const request = vi.fn(answer);
  const client = { request, refresh: vi.fn() } as unknown as HttpClient;
  return { service: createPeopleService(client), request };
}

describe('people service', () => {
  it('lists, reads, creates, updates and deletes through the people calls', async () => {
    const { service, request } = setup(async (path, options) => {
      const { method } = options as { method: string };
      return {
        status: 'success',
        message: 'ok',
        data: method === 'DELETE' ? null : path.endsWith('people') && method === 'GET' ? [PERSON] : PERSON,
      };
    });
    expect(await service.list()).toEqual([PERSON]);
    expect(await service.get(4)).toEqual(PERSON);
    const blank = { picture: null, phone: null, state: null, city: null, street_address: null, suburb: null, post_code: null };
    const body = { ...blank, name: 'Mia Chen', email: 'mia@example.com', restaurant_id: 7, role: 'Chef', status: 'Active' } as const;
    expect(await service.create({ ...body, password: 'Secret#2026', change_password: 'Secret#2026' })).toEqual(PERSON);
    expect(await service.update(4, { ...body, version: 2, new_password: null, confirm_password: null })).toEqual(PERSON);
    await expect(service.remove(4)).resolves.toBeUndefined();
    expect(request.mock.calls.map(([path, options]) => [path, (options as { method?: string } | undefined)?.method])).toEqual([
      ['/franchise/people', 'GET'],
      ['/franchise/people/4', 'GET'],
      ['/franchise/people', 'POST'],
      ['/franchise/people/4', 'PUT'],
      ['/franchise/people/4', 'DELETE'],
    ]);
  });

  it('keeps the server’s message and status (a 422 with its field errors, a 409)', async () => {
    const errors = { email: ['This email address is already in use'] };
    const { service } = setup(async () => {
      throw new ApiError('The given data was invalid', 422, { status: 'error', message: 'The given data was invalid', errors });
    });
    const failure = await service.create({} as never).catch((e: unknown) => e as ApiError);
    expect(failure).toMatchObject({ message: 'The given data was invalid', status: 422, data: { errors } });
  });

  it('gives each call its default message when the server names none', async () => {
    const { service } = setup(async () => {
      throw new ApiError('An unexpected error occurred', 500);
    });
    await expect(service.list()).rejects.toMatchObject({ message: FETCH_PEOPLE_FAILED, status: 500 });
    await expect(service.update(4, {} as never)).rejects.toMatchObject({ message: SAVE_PERSON_FAILED });
    await expect(service.remove(4)).rejects.toMatchObject({ message: DELETE_PERSON_FAILED });
  });

  it('refuses a success envelope without data', async () => {
    const { service } = setup(async () => ({ status: 'success', message: 'ok', data: null }));
    await expect(service.get(4)).rejects.toMatchObject({ status: 200 });
  });

  it('reads the edit page’s id: a positive whole number only', () => {
    expect(personIdOf('?id=12')).toBe(12);
    expect(personIdOf('id=12&x=1')).toBe(12);
    for (const search of ['', '?id=', '?id=0', '?id=-3', '?id=1.5', '?id=abc', '?id=99999999999']) expect(personIdOf(search)).toBeNull();
  });
});
