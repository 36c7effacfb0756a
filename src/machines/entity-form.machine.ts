import { assign, enqueueActions, fromPromise, setup, type ActorRef, type Snapshot, type SnapshotFrom } from 'xstate';
import { fieldErrorsOf, toErrorInfo, type ErrorInfo } from '../services/api-error';
import type { Navigation, Notice } from '../shared/effects';
import { confirmDialogMachine, SAVE_CHANGES, type ConfirmDialogInput } from './confirm-dialog.machine';
import { confirmed } from './support/ask-first';
import { notProvided } from './support/machine-effects';

/** Toasts every form shows (docs/product.md). */
export const SAVING_MESSAGE = 'Saving changes...';
export const SAVE_FAILED_MESSAGE = 'Something went wrong!';
/** The saving toast's key: the save's result replaces it rather than stacking beside it. */
const SAVE_TOAST = 'entity-form.save';

export type FieldValue = string | number | boolean | null;
export type FormValues = Record<string, FieldValue>;
/**
 * A stored record as the form edits it: its fields, and the version a save must name (null: not stored yet). A save's
 * answer may bring the server's own sentence (`notice`), which its toast then shows instead of the form's text, and the
 * record as the server answered it (`stored`), which the form's owner is handed (a list can show a created row).
 */
export type FormRecord = { values: FormValues; version: number | null; notice?: string; stored?: unknown };
export type SaveRequest = FormRecord & { id: string | number | null };

/** Which record (null: a new one), and its texts (docs/product.md): `{field}` is filled from the record ("{name}'s info reset."). */
export type EntityFormInput = {
  id: string | number | null;
  messages: { reset: string; saved: string };
  /** The question before a save (docs/product.md#dialogs), `{field}` filled from the record as edited; "Save changes?" unless given. */
  confirm?: ConfirmDialogInput;
  /** A create form whose blank choices already make a valid record (a report mail): it saves without a change. */
  saveUnchanged?: boolean;
  /** A create form's list: once saved (its toast shown), the form goes there. */
  leaveTo?: string;
  /** The app's session, told after each save to read its stored user and restaurants again (the profile, a restaurant). */
  session?: SessionRef;
  /** The machine the form is a child of (the report mails' list), told of each stored save with the answer. */
  owner?: FormOwnerRef;
};

/** What the form may tell the session: only that what it stores changed. */
export type SessionRef = ActorRef<Snapshot<unknown>, { type: 'session.storageChanged' }>;
/** What the form tells its owner: a save was stored, and the server's answer. */
export type FormOwnerRef = ActorRef<Snapshot<unknown>, { type: 'form.saved'; record: FormRecord }>;

export type EntityFormContext = {
  id: string | number | null;
  messages: EntityFormInput['messages'];
  confirm: ConfirmDialogInput;
  saveUnchanged: boolean;
  leaveTo: string | null;
  session: SessionRef | null;
  owner: FormOwnerRef | null;
  /** As stored: what Reset returns to and dirtiness is measured against. */
  initial: FormValues;
  values: FormValues;
  version: number | null;
  /** The server's message per field (422), shown on the fields until they change. */
  fieldErrors: Record<string, string>;
  error: ErrorInfo | null;
};

export type EntityFormEvent =
  | { type: 'form.change'; field: string; value: FieldValue }
  | { type: 'form.reset' }
  /** Save Changes (or Add…): asks its question first, saves only when confirmed. */
  | { type: 'form.submit' }
  /** Retry after a failed load, Reload after a stale save: the stored record, edits dropped. */
  | { type: 'form.reload' };

/** A set of record ids (a manager's branches) as a form field holds it: ascending, joined by commas ('' for none). */
export const idListValue = (ids: readonly number[]): string => [...new Set(ids)].sort((a, b) => a - b).join(',');
export const idListOf = (value: FieldValue | undefined): number[] =>
  typeof value === 'string' && value !== '' ? value.split(',').map(Number).filter(Number.isSafeInteger) : [];

/** "{name}'s info reset." with the record's name. */
export const fillMessage = (template: string, values: FormValues) =>
  template.replace(/\{(\w+)\}/g, (whole, field: string) =>
    values[field] === undefined || values[field] === null ? whole : String(values[field]),
  );

/** The save question with the record's `{field}`s filled: as edited, or as stored where the edit left a field blank. */
export const questionOf = ({ confirm, initial, values }: Pick<EntityFormContext, 'confirm' | 'initial' | 'values'>): ConfirmDialogInput => {
  const shown: FormValues = { ...initial };
  for (const [field, value] of Object.entries(values)) if (value !== null && value !== '') shown[field] = value;
  return { ...confirm, title: fillMessage(confirm.title, shown), text: fillMessage(confirm.text, shown) };
};

export const isDirty = ({ initial, values }: Pick<EntityFormContext, 'initial' | 'values'>) =>
  [...new Set([...Object.keys(initial), ...Object.keys(values)])].some((field) => initial[field] !== values[field]);

/**
 * The `change` action: the values after one field's change (by default, that field's new value), that field's server
 * message gone. A form with linked fields provides its own (Add Restaurant suggests a state's zone).
 */
export const changeAction = (valuesAfter: (values: FormValues, field: string, value: FieldValue) => FormValues) =>
  assign<EntityFormContext, EntityFormEvent, { field: string; value: FieldValue }, EntityFormEvent, never>(
    ({ context }, { field, value }) => {
      const { [field]: _answered, ...fieldErrors } = context.fieldErrors;
      return { values: valuesAfter(context.values, field, value), fieldErrors };
    },
  );

const CHANGE = { type: 'change', params: ({ event }: { event: { field: string; value: FieldValue } }) => event } as const;
/** Back to the stored record, with its toast ("{name}'s info reset."). */
const RESET = [
  'reset',
  {
    type: 'notify',
    params: ({ context }: { context: EntityFormContext }): Notice => ({
      message: fillMessage(context.messages.reset, context.initial),
      type: 'info',
    }),
  },
] as const;

/**
 * The create, edit and profile forms: the record loads, edits are measured against it, Reset restores
 * it, a save is confirmed first, and the answer is a saved record, the server's messages on the fields,
 * a failure, or a conflict (409: someone saved first) that offers to reload.
 */
export const entityFormMachine = setup({
  types: {
    context: {} as EntityFormContext,
    events: {} as EntityFormEvent,
    input: {} as EntityFormInput,
    children: {} as { load: 'load'; save: 'save'; confirmSave: 'confirmDialog' },
    tags: {} as 'busy',
  },
  actors: {
    /** The page's read of the record (a new record: its blank fields). */
    load: fromPromise<FormRecord, { id: string | number | null }>(() => notProvided('load')),
    /** The page's create or update call; it answers with the record as stored. */
    save: fromPromise<FormRecord, SaveRequest>(() => notProvided('save')),
    confirmDialog: confirmDialogMachine,
  },
  actions: {
    notify: (_, _notice: Notice) => notProvided('notify'),
    /** Carried out by the page with the router (only a form with `leaveTo` navigates). */
    navigate: (_, _navigation: Navigation) => notProvided('navigate'),
    loaded: assign((_, record: FormRecord) => ({
      initial: record.values,
      values: record.values,
      version: record.version,
      fieldErrors: {},
    })),
    change: changeAction((values, field, value) => ({ ...values, [field]: value })),
    reset: assign(({ context }) => ({ values: context.initial, fieldErrors: {} })),
    fail: assign((_, { error }: { error: unknown }) => ({ error: toErrorInfo(error) })),
  },
  guards: {
    isDirty: ({ context }) => isDirty(context),
    /** Only a changed form is saved, unless its blank choices are a record of their own. */
    canSubmit: ({ context }) => context.saveUnchanged || isDirty(context),
    confirmed,
    isConflict: (_, { error }: { error: unknown }) => toErrorInfo(error).status === 409,
    hasFieldErrors: (_, { error }: { error: unknown }) => Object.keys(fieldErrorsOf(error)).length > 0,
  },
}).createMachine({
  id: 'entityForm',
  initial: 'loading',
  context: ({ input }) => ({
    id: input.id,
    messages: input.messages,
    confirm: input.confirm ?? SAVE_CHANGES,
    saveUnchanged: input.saveUnchanged ?? false,
    leaveTo: input.leaveTo ?? null,
    session: input.session ?? null,
    owner: input.owner ?? null,
    initial: {},
    values: {},
    version: null,
    fieldErrors: {},
    error: null,
  }),
  states: {
    loading: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'editing', actions: { type: 'loaded', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** Not found (a missing or foreign id), or no answer: the message and Retry. */
    loadFailed: {
      on: { 'form.reload': 'loading' },
    },
    editing: {
      on: {
        'form.change': { actions: CHANGE },
        'form.reset': { guard: 'isDirty', actions: RESET },
        'form.submit': { guard: 'canSubmit', target: 'confirming' },
      },
    },
    confirming: {
      invoke: {
        id: 'confirmSave',
        src: 'confirmDialog',
        input: ({ context }) => questionOf(context),
        onDone: [
          { guard: { type: 'confirmed', params: ({ event }) => event.output }, target: 'saving' },
          // Cancel, No, Escape, the backdrop: nothing is saved, the edits stay.
          { target: 'editing' },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      // The server's messages were about the last attempt; this answer brings its own.
      entry: [assign({ fieldErrors: {} }), { type: 'notify', params: { message: SAVING_MESSAGE, type: 'info', replaces: SAVE_TOAST } }],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }): SaveRequest => ({ id: context.id, values: context.values, version: context.version }),
        onDone: {
          target: 'saved',
          actions: [
            { type: 'loaded', params: ({ event }) => event.output },
            assign({ error: null }),
            {
              type: 'notify',
              params: ({ context, event }) => ({
                message: event.output.notice ?? fillMessage(context.messages.saved, context.values),
                type: 'success',
                replaces: SAVE_TOAST,
              }),
            },
            // The session re-reads what it shows, the owner takes the answer; a create form goes back to its list.
            enqueueActions(({ context, event, enqueue }) => {
              if (context.session) enqueue.sendTo(context.session, { type: 'session.storageChanged' });
              if (context.owner) enqueue.sendTo(context.owner, { type: 'form.saved', record: event.output });
              if (context.leaveTo) enqueue({ type: 'navigate', params: { to: context.leaveTo, replace: false } });
            }),
          ],
        },
        onError: [
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'stale',
            actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'hasFieldErrors', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: [
              { type: 'fail', params: ({ event }) => ({ error: event.error }) },
              assign({ fieldErrors: ({ event }) => fieldErrorsOf(event.error) }),
              { type: 'notify', params: ({ context }) => ({ message: context.error!.message, type: 'error', replaces: SAVE_TOAST }) },
            ],
          },
          {
            target: 'failed',
            actions: [
              { type: 'fail', params: ({ event }) => ({ error: event.error }) },
              { type: 'notify', params: { message: SAVE_FAILED_MESSAGE, type: 'error', replaces: SAVE_TOAST } },
            ],
          },
        ],
      },
    },
    saved: {
      on: { 'form.change': { target: 'editing', actions: CHANGE } },
    },
    /** The save failed; the edits stay to be corrected or saved again (only a changed form is saved, so it differs here). */
    failed: {
      on: {
        'form.change': { target: 'editing', actions: CHANGE },
        'form.reset': { target: 'editing', actions: RESET },
        'form.submit': 'confirming',
      },
    },
    /** Someone saved this record first (409): saving again would overwrite their change, so only Reload is offered. */
    stale: {
      on: { 'form.reload': 'loading' },
    },
  },
});

export type EntityFormSnapshot = SnapshotFrom<typeof entityFormMachine>;
