import type { ApiSuccess } from '../../server/contract/envelope';
import type { CreatePersonInput, Person, UpdatePersonInput } from '../../server/contract/people.contract';
import { ApiError, withDefaultMessage } from './api-error';
import { httpClient, type HttpClient } from './http-client';

export const FETCH_PEOPLE_FAILED = 'Failed to fetch users';
export const FETCH_PERSON_FAILED = 'Failed to fetch user';
export const PERSON_NOT_FOUND = 'Person not found';
export const SAVE_PERSON_FAILED = 'Something went wrong!';
export const DELETE_PERSON_FAILED = 'Failed to delete user';

/** The people calls of the user screens (README "Management calls"); each rejects with ApiError carrying the server's message or its default. */
export function createPeopleService(client: HttpClient) {
  async function call<T>(fallback: string, send: () => Promise<ApiSuccess<T>>, allowNull = false): Promise<T> {
    let response: ApiSuccess<T>;
    try {
      response = await send();
    } catch (error) {
      throw withDefaultMessage(error, fallback);
    }
    if (response?.status !== 'success' || (!allowNull && response.data == null)) throw new ApiError(fallback, 200, response);
    return response.data;
  }

  return {
    list: () => call<Person[]>(FETCH_PEOPLE_FAILED, () => client.request<Person[]>('/franchise/people')),
    get: (id: number) => call<Person>(FETCH_PERSON_FAILED, () => client.request<Person>(`/franchise/people/${id}`)),
    create: (body: CreatePersonInput) =>
      call<Person>(SAVE_PERSON_FAILED, () => client.request<Person>('/franchise/people', { method: 'POST', body })),
    update: (id: number, body: UpdatePersonInput) =>
      call<Person>(SAVE_PERSON_FAILED, () => client.request<Person>(`/franchise/people/${id}`, { method: 'PUT', body })),
    remove: (id: number) =>
      call<null>(DELETE_PERSON_FAILED, () => client.request<null>(`/franchise/people/${id}`, { method: 'DELETE' }), true).then(
        () => undefined,
      ),
  };
}

export type PeopleService = ReturnType<typeof createPeopleService>;

export const peopleService = createPeopleService(httpClient);
