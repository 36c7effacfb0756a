import { fromPromise } from 'xstate';
import { teamService } from '../services/team.service';
import { entityFormMachine, type FormRecord } from './entity-form.machine';
import { listMachine, type ListItem } from './list.machine';
import { text } from './support/contact-fields';
import { recordFromList, savedOrFormError } from './support/form-calls';
import { formError, MEMBER_NOT_FOUND, memberBody, memberRecord as recordOf, memberValues } from './support/team-fields';

/** The Team screens' list and forms: the generic list and form machines provided with the real team calls. */

/** The franchise's members for the Team list. */
export const teamListMachine = listMachine.provide({
  actors: { fetchItems: fromPromise<ListItem[]>(() => teamService.list()) },
});

/** Invite member: a blank form; the invitation call (its toast is the server's: it says when the mail could not be sent). */
export const memberInviteMachine = entityFormMachine.provide({
  actors: {
    load: fromPromise<FormRecord, { id: string | number | null }>(async () => ({ values: memberValues(null), version: null })),
    save: fromPromise(({ input }) =>
      savedOrFormError(formError, async () => {
        const { member, message } = await teamService.invite({ email: text(input.values.email), ...memberBody(input.values) });
        return { ...recordOf(member), notice: message };
      }),
    ),
  },
});

/** Edit member: the member of the address, read from the team list (there is no call for one); the update call. */
export const memberEditMachine = entityFormMachine.provide({
  actors: {
    load: fromPromise(async ({ input }) => recordOf(await recordFromList(input.id, () => teamService.list(), MEMBER_NOT_FOUND))),
    save: fromPromise(({ input }) =>
      savedOrFormError(formError, async () => {
        const { member } = await teamService.update(Number(input.id), { ...memberBody(input.values), version: input.version ?? 0 });
        return recordOf(member);
      }),
    ),
  },
});
