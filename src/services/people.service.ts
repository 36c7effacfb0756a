import { PERSON_NOT_FOUND_MESSAGE, type CreatePersonInput, type Person, type UpdatePersonInput } from '@contract/people.contract';
import { callApi } from './api-error';
import { callsOf } from './call';
import { httpClient, type HttpClient } from './http-client';

export const FETCH_PEOPLE_FAILED = 'Failed to fetch users';
export const FETCH_PERSON_FAILED = 'Failed to fetch user';
export const PERSON_NOT_FOUND = PERSON_NOT_FOUND_MESSAGE;
export const SAVE_PERSON_FAILED = 'Something went wrong!';
export const DELETE_PERSON_FAILED = 'Failed to delete user';

/** The people calls of the user screens (README "Management calls"); each rejects with ApiError carrying the server's message or its default. */
export function createPeopleService(client: HttpClient) {
  const call = callsOf(client);
  return {
    list: () => callApi<Person[]>(FETCH_PEOPLE_FAILED, () => call('GET /franchise/people')),
    get: (id: number) => callApi<Person>(FETCH_PERSON_FAILED, () => call('GET /franchise/people/{id}', { params: { id } })),
    create: (body: CreatePersonInput) => callApi<Person>(SAVE_PERSON_FAILED, () => call('POST /franchise/people', { body })),
    update: (id: number, body: UpdatePersonInput) =>
      callApi<Person>(SAVE_PERSON_FAILED, () => call('PUT /franchise/people/{id}', { params: { id }, body })),
    remove: (id: number) =>
      callApi<null>(DELETE_PERSON_FAILED, () => call('DELETE /franchise/people/{id}', { params: { id } }), {
        nullable: true,
      }).then(() => undefined),
  };
}

export type PeopleService = ReturnType<typeof createPeopleService>;

export const peopleService = createPeopleService(httpClient);
