import * as z from 'zod';
import { AUSTRALIAN_STATES, PERSON_ROLES, PERSON_STATUSES } from '../choices.js';
import { createPersonInput, PERSON_NOT_FOUND_MESSAGE, updatePersonInput } from '../people.contract.js';
import { defineCalls } from './call.js';
import { id } from './primitives.js';

/** A person of the caller's franchise as the list and the edit form read it. */
export const person = z.object({
  id,
  picture: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  state: z
    .string()
    .nullable()
    .meta({ description: `One of ${AUSTRALIAN_STATES.join(', ')}` }),
  city: z.string().nullable(),
  street_address: z.string().nullable(),
  suburb: z.string().nullable(),
  post_code: z.string().nullable(),
  restaurant_id: id.nullable(),
  restaurant: z.string().nullable().meta({ description: 'The restaurant’s name' }),
  role: z.enum(PERSON_ROLES),
  status: z.enum(PERSON_STATUSES),
  version: id,
});
export type Person = z.output<typeof person>;

/** The users and staff of the franchise (docs/product.md#management); a manager's, those of their branches. */
export const PEOPLE_CALLS = defineCalls({
  'GET /franchise/people': {
    operationId: 'listPeople',
    summary: 'The franchise’s users and staff',
    description: 'A manager’s: the people of their branches; anyone else is 404 to them.',
    tag: 'People',
    access: 'member',
    success: { data: z.array(person) },
  },
  'POST /franchise/people': {
    operationId: 'createPerson',
    summary: 'Add a user or staff member',
    tag: 'People',
    access: 'member',
    body: createPersonInput,
    status: 201,
    success: { data: person },
    errors: [429],
  },
  'GET /franchise/people/{id}': {
    operationId: 'getPerson',
    summary: 'One person',
    tag: 'People',
    access: 'member',
    notFound: PERSON_NOT_FOUND_MESSAGE,
    success: { data: person },
  },
  'PUT /franchise/people/{id}': {
    operationId: 'updatePerson',
    summary: 'Save a person',
    description: 'Names the `version` it read (409 when stale). A new password counts against the per-user cap on password hashes (429).',
    tag: 'People',
    access: 'member',
    body: updatePersonInput,
    notFound: PERSON_NOT_FOUND_MESSAGE,
    success: { data: person },
    errors: [409, 429],
  },
  'DELETE /franchise/people/{id}': {
    operationId: 'deletePerson',
    summary: 'Delete a person (their past shifts still count)',
    tag: 'People',
    access: 'member',
    notFound: PERSON_NOT_FOUND_MESSAGE,
    success: { data: z.null() },
  },
});
