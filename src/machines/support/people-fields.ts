import type { Person, PersonRole, PersonStatus } from '@contract/people.contract';
import { recordIdOf } from '@contract/record-id';
import type { FormRecord, FormValues } from '../entity-form.machine';
import { contactBody, contactValues, text } from './contact-fields';

/** How a person becomes the user forms' values and the people calls' bodies; the user screens' ids, options and texts. */

export type PersonFormMode = 'create' | 'edit';

export { AUSTRALIAN_STATES as STATE_OPTIONS, PERSON_ROLES as ROLE_OPTIONS, PERSON_STATUSES as STATUS_OPTIONS } from '@contract/choices';

/** The id of `/user/edit?id=…`: a positive whole number, else null (the edit form then shows "Person not found" without a call). */
export const personIdOf = (search: string): number | null => recordIdOf(new URLSearchParams(search).get('id')) ?? null;

export const PERSON_FORM_MESSAGES = {
  create: { reset: "{name}'s profile reset.", saved: "{name}'s profile created successfully!" },
  edit: { reset: "{name}'s profile reset.", saved: "{name}'s profile updated successfully!" },
} as const;

export const deletedMessage = (name: string) => `${name}'s profile deleted!`;

/**
 * Beside a person's password fields: the API still asks for a staff password, but nothing reads it (sign-in and every
 * other call know only team members' passwords), so owners must not take it for a sign-in.
 */
export const STAFF_PASSWORD_NOTE =
  'Staff do not sign in, so this password is not used anywhere: it is only kept with the record. To let someone sign in to this console, invite them on the Team page.';

export const PASSWORD_FIELDS = { create: ['password', 'change_password'], edit: ['new_password', 'confirm_password'] } as const;

/** A person as the form edits it: text everywhere (blank for none), the restaurant as its id's text, empty password fields. */
export function personValues(person: Person | null, mode: PersonFormMode): FormValues {
  const values = contactValues(person);
  values.restaurant_id = person?.restaurant_id == null ? '' : String(person.restaurant_id);
  values.role = person?.role ?? '';
  values.status = person?.status ?? 'Active';
  for (const field of PASSWORD_FIELDS[mode]) values[field] = '';
  return values;
}

export const personRecord = (person: Person, mode: PersonFormMode): FormRecord => ({
  values: personValues(person, mode),
  version: person.version,
});

/** The call's body: blanks the server stores as null, the restaurant's id as a number (0 when none, which the server refuses by name). */
export function personBody(values: FormValues) {
  return {
    ...contactBody(values),
    restaurant_id: Number(values.restaurant_id) || 0,
    role: text(values.role) as PersonRole,
    status: text(values.status) as PersonStatus,
  };
}
