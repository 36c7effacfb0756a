import type { FormValues } from '../entity-form.machine';

/** The contact fields a person and the profile share, as their forms edit and send them. */
export const CONTACT_FIELDS = ['picture', 'name', 'email', 'phone', 'state', 'city', 'street_address', 'suburb', 'post_code'] as const;
type ContactField = (typeof CONTACT_FIELDS)[number];

export const text = (value: unknown) => (typeof value === 'string' ? value : '');
/** Blank is sent as null, which the server stores as "none". */
export const orNull = (value: unknown) => (text(value).trim() === '' ? null : text(value));

/** The record's contact fields as text (blank for none). */
export function contactValues(record: Partial<Record<ContactField, string | null>> | null): FormValues {
  return Object.fromEntries(CONTACT_FIELDS.map((field) => [field, record?.[field] ?? '']));
}

/** The contact fields of a save's body: name and e-mail as typed, the others null when blank. */
export function contactBody(
  values: FormValues,
): Record<'name' | 'email', string> & Record<Exclude<ContactField, 'name' | 'email'>, string | null> {
  return {
    picture: orNull(values.picture),
    name: text(values.name),
    email: text(values.email),
    phone: orNull(values.phone),
    state: orNull(values.state),
    city: orNull(values.city),
    street_address: orNull(values.street_address),
    suburb: orNull(values.suburb),
    post_code: orNull(values.post_code),
  };
}
