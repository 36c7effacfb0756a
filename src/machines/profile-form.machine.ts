import { fromPromise } from 'xstate';
import { profileService } from '../services/profile.service';
import { entityFormMachine } from './entity-form.machine';
import { profileBody, profileRecord as recordOf } from './support/profile-fields';

/** The profile form with the real read and save calls (a password change's new token is stored by the service). */
export const profileFormMachine = entityFormMachine.provide({
  actors: {
    load: fromPromise(async () => recordOf(await profileService.read())),
    save: fromPromise(async ({ input }) => recordOf(await profileService.update(profileBody(input.values, input.version ?? 0)))),
  },
});
