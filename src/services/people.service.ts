import type { CreatePersonInput, Person, UpdatePersonInput } from '@contract/people.contract';
import { callApi } from './api-error';
import { httpClient, type HttpClient } from './http-client';

export const FETCH_PEOPLE_FAILED = 'Failed to fetch users';
export const FETCH_PERSON_FAILED = 'Failed to fetch user';
export const PERSON_NOT_FOUND = 'Person not found';
export const SAVE_PERSON_FAILED = 'Something went wrong!';
export const DELETE_PERSON_FAILED = 'Failed to delete user';

/** The people calls of the user screens (README "Management calls"); each rejects with ApiError carrying the server's message or its default. */
export function createPeopleService(client: HttpClient) {
  return {
    list: () => callApi<Person[]>(FETCH_PEOPLE_FAILED, () => client.request<Person[]>('/franchise/people')),
    get: (id: number) => callApi<Person>(FETCH_PERSON_FAILED, () => client.request<Person>(`/franchise/people/${id}`)),
    create: (body: CreatePersonInput) =>
      callApi<Person>(SAVE_PERSON_FAILED, () => client.request<Person>('/franchise/people', { method: 'POST', body })),
    update: (id: number, body: UpdatePersonInput) =>
      callApi<Person>(SAVE_PERSON_FAILED, () => client.request<Person>(`/franchise/people/${id}`, { method: 'PUT', body })),
    remove: (id: number) =>
      callApi<null>(DELETE_PERSON_FAILED, () => client.request<null>(`/franchise/people/${id}`, { method: 'DELETE' }), {
        nullable: true,
      }).then(() => undefined),
  };
}

export type PeopleService = ReturnType<typeof createPeopleService>;

export const peopleService = createPeopleService(httpClient);
