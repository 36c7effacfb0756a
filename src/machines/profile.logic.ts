import { fromPromise } from 'xstate';
import type { Profile, UpdateProfileInput } from '@contract/profile.contract';
import { profileService } from '../services/profile.service';
import { contactBody, contactValues, orNull } from './contact-fields';
import { entityFormMachine, type FormRecord, type FormValues } from './entity-form.machine';

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

const recordOf = (profile: Profile): FormRecord => ({ values: profileValues(profile), version: profile.version });

/** The profile form with the real read and save calls (a password change's new token is stored by the service). */
export const profileFormMachine = entityFormMachine.provide({
  actors: {
    load: fromPromise(async () => recordOf(await profileService.read())),
    save: fromPromise(async ({ input }) => recordOf(await profileService.update(profileBody(input.values, input.version ?? 0)))),
  },
});
