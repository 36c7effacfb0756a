import type { DoneActorEvent } from 'xstate';
import { isConfirmed, type ConfirmDialogInput, type DialogOutcome } from '../confirm-dialog.machine';

// A row's action that asks first (remove a member, delete a person, remove a report mail): the machine's
// `confirmDialog` actor asks, its `confirmed` guard lets only Yes go on.

/** Only the confirm button goes on: Cancel, the backdrop, the close button and Escape keep the row. */
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
