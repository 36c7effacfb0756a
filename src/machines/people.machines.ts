import { assign, emit, fromPromise, setup } from 'xstate';
import type { Person, PersonRole, PersonStatus } from '@contract/people.contract';
import { ApiError, toErrorInfo } from '../services/api-error';
import { peopleService, PERSON_NOT_FOUND } from '../services/people.service';
import type { Notice } from '../shared/effects';
import { contactBody, contactValues, text } from './contact-fields';
import { confirmDialogMachine, deleteProfileQuestion, isConfirmed } from './confirm-dialog.machine';
import { entityFormMachine, type FormRecord, type FormValues } from './entity-form.machine';
import { listMachine, type ListItem } from './list.machine';
import { notProvided } from './machine-effects';

/** The user screens' machines with the real people calls; the pages add the router and the toasts. */

export type PersonFormMode = 'create' | 'edit';
export { text } from './contact-fields';

export { AUSTRALIAN_STATES as STATE_OPTIONS, PERSON_ROLES as ROLE_OPTIONS, PERSON_STATUSES as STATUS_OPTIONS } from '@contract/choices';

/** The id of `/user/edit?id=…`: a positive whole number, else null (the edit form then shows "Person not found" without a call). */
export function personIdOf(search: string): number | null {
  const raw = new URLSearchParams(search).get('id') ?? '';
  return /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}

export const PERSON_FORM_MESSAGES = {
  create: { reset: "{name}'s profile reset.", saved: "{name}'s profile created successfully!" },
  edit: { reset: "{name}'s profile reset.", saved: "{name}'s profile updated successfully!" },
} as const;

export const deletedMessage = (name: string) => `${name}'s profile deleted!`;

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

const recordOf = (person: Person, mode: PersonFormMode): FormRecord => ({ values: personValues(person, mode), version: person.version });

/** The call's body: blanks the server stores as null, the restaurant's id as a number (0 when none, which the server refuses by name). */
export function personBody(values: FormValues) {
  return {
    ...contactBody(values),
    restaurant_id: Number(values.restaurant_id) || 0,
    role: text(values.role) as PersonRole,
    status: text(values.status) as PersonStatus,
  };
}

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

type Target = { id: number; name: string };

/**
 * The trash button and Delete User: asks "Delete {name}'s Profile?"; only Yes deletes, then toasts
 * "{name}'s profile deleted!" and emits `deleted` (the page reloads its list or leaves the form).
 */
export const deletePersonMachine = setup({
  types: {
    context: {} as { target: Target | null },
    events: {} as { type: 'delete.ask'; id: number; name: string },
    children: {} as { confirmDelete: 'confirmDialog'; remove: 'remove' },
    emitted: {} as { type: 'deleted'; id: number },
  },
  actors: {
    confirmDialog: confirmDialogMachine,
    remove: fromPromise<void, Target>(({ input }) => peopleService.remove(input.id)),
  },
  actions: {
    notify: (_, _notice: Notice) => notProvided('notify'),
  },
  guards: {
    /** Only Yes deletes: Cancel, the backdrop, the close button and Escape keep the person. */
    confirmed: (_, output: Parameters<typeof isConfirmed>[0]) => isConfirmed(output),
  },
}).createMachine({
  id: 'deletePerson',
  initial: 'idle',
  context: { target: null },
  states: {
    idle: {
      on: { 'delete.ask': { target: 'asking', actions: assign({ target: ({ event }) => ({ id: event.id, name: event.name }) }) } },
    },
    asking: {
      invoke: {
        id: 'confirmDelete',
        src: 'confirmDialog',
        input: ({ context }) => deleteProfileQuestion(context.target!.name),
        onDone: [{ guard: { type: 'confirmed', params: ({ event }) => event.output }, target: 'deleting' }, { target: 'idle' }],
      },
    },
    deleting: {
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => context.target!,
        onDone: {
          target: 'idle',
          actions: [
            { type: 'notify', params: ({ context }) => ({ message: deletedMessage(context.target!.name), type: 'success' }) },
            emit(({ context }) => ({ type: 'deleted' as const, id: context.target!.id })),
          ],
        },
        onError: {
          target: 'idle',
          actions: { type: 'notify', params: ({ event }) => ({ message: toErrorInfo(event.error).message, type: 'error' }) },
        },
      },
    },
  },
});
