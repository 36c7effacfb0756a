import { assign, type DoneActorEvent, type EventObject } from 'xstate';
import { isConfirmed, type ConfirmDialogInput, type DialogOutcome } from '../confirm-dialog.machine';

// An action that asks first (a row's remove, delete or revoke; a form's save): the machine's `confirmDialog`
// actor asks, its `confirmed` guard lets only Yes go on.

/** Only the confirm button goes on: Cancel, the backdrop, the close button and Escape change nothing. */
export const confirmed = (_: unknown, outcome: DialogOutcome) => isConfirmed(outcome);

/** The state that asks `question` about the context's target: on to `then` when confirmed, else back to `idle`. */
export const askFirst = <TTarget, TId extends string, TThen extends string>(
  id: TId,
  question: (target: TTarget) => ConfirmDialogInput,
  then: TThen,
) => ({
  invoke: {
    id,
    src: 'confirmDialog' as const,
    input: ({ context }: { context: { target: TTarget | null } }) => question(context.target!),
    onDone: [
      {
        guard: { type: 'confirmed' as const, params: ({ event }: { event: DoneActorEvent<DialogOutcome> }) => event.output },
        target: then,
      },
      { target: 'idle' as const },
    ],
  },
});

/** Aims at the row the event names (its id, and its name for the question and the toast): the context's `target`. */
export const aim = <TContext extends { target: unknown }, TEvent extends EventObject>() =>
  assign<TContext, TEvent, NonNullable<TContext['target']>, TEvent, never>((_, target) => ({ target }) as Partial<TContext>);
