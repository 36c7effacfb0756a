import { fromPromise } from 'xstate';
import { ApiError } from '../services/api-error';
import { peopleService, PERSON_NOT_FOUND } from '../services/people.service';
import { entityFormMachine, type FormRecord } from './entity-form.machine';
import { listMachine, type ListItem } from './list.machine';
import { text } from './support/contact-fields';
import { personBody, personRecord as recordOf, personValues } from './support/people-fields';

/** The user screens' list and forms: the generic list and form machines provided with the real people calls. */

/** The franchise's people for the user list. */
export const userListMachine = listMachine.provide({
  actors: { fetchItems: fromPromise<ListItem[]>(() => peopleService.list()) },
});

/** The create form: blank fields; the create call. */
export const userCreateMachine = entityFormMachine.provide({
  actors: {
    load: fromPromise<FormRecord, { id: string | number | null }>(async () => ({ values: personValues(null, 'create'), version: null })),
    save: fromPromise(async ({ input }) =>
      recordOf(
        await peopleService.create({
          ...personBody(input.values),
          password: text(input.values.password),
          change_password: text(input.values.change_password),
        }),
        'create',
      ),
    ),
  },
});

/** The edit form: the person of the address (no id, or another franchise's: "Person not found"); the update call. */
export const userEditMachine = entityFormMachine.provide({
  actors: {
    load: fromPromise(async ({ input }) => {
      if (input.id === null) throw new ApiError(PERSON_NOT_FOUND, 404);
      return recordOf(await peopleService.get(Number(input.id)), 'edit');
    }),
    save: fromPromise(async ({ input }) =>
      recordOf(
        await peopleService.update(Number(input.id), {
          ...personBody(input.values),
          version: input.version ?? 0,
          new_password: text(input.values.new_password),
          confirm_password: text(input.values.confirm_password),
        }),
        'edit',
      ),
    ),
  },
});
