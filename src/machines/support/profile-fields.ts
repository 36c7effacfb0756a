import type { Profile, UpdateProfileInput } from '@contract/profile.contract';
import type { FormRecord, FormValues } from '../entity-form.machine';
import { contactBody, contactValues, orNull } from './contact-fields';

export const PROFILE_PASSWORD_FIELDS = ['current_password', 'new_password', 'confirm_password'] as const;

/** The profile as the form edits it: text everywhere (blank for none), the password fields empty. */
export function profileValues(profile: Profile): FormValues {
  const values = contactValues(profile);
  for (const field of PROFILE_PASSWORD_FIELDS) values[field] = '';
  return values;
}

/** The call's body: blanks as null (empty password fields: no password change). */
export function profileBody(values: FormValues, version: number): UpdateProfileInput {
  return {
    ...contactBody(values),
    current_password: orNull(values.current_password),
    new_password: orNull(values.new_password),
    confirm_password: orNull(values.confirm_password),
    version,
  };
}

export const profileRecord = (profile: Profile): FormRecord => ({ values: profileValues(profile), version: profile.version });
