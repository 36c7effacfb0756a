import { enqueueActions, type DoneActorEvent, type ErrorActorEvent, type EventObject } from 'xstate';
import type { Notice } from '../../shared/effects';
import type { ListReloadRef } from '../list.machine';
import { aim } from './ask-first';
import { notProvided } from './machine-effects';
import { errorNotice } from './notices';

// A list's row actions (a remove, a delete, a resend): aimed at one row, each call a state that is busy while it
// runs and goes back to idle either way; a removal tells the list (the input) to read itself again.

/** The row aimed at, and the list it is in. */
export type RowContext<TTarget> = { target: TTarget | null; list: ListReloadRef | null };

/** Tells the list of the context (the input's, when it has one) to read itself again: a row is gone. */
const reloadList = <TContext extends RowContext<unknown>, TEvent extends EventObject>() =>
  enqueueActions<TContext, TEvent, undefined, TEvent, never, never, never, never, never>(({ context, enqueue }) => {
    if (context.list) enqueue.sendTo(context.list, { type: 'list.reload' });
  });

/** The actions every row action's `setup` names: the toast, the aim at a row, the list read again. */
export const rowEffects = <TContext extends RowContext<unknown>, TEvent extends EventObject>() => ({
  notify: (_: unknown, _notice: Notice) => notProvided('notify'),
  aim: aim<TContext, TEvent>(),
  reloadList: reloadList<TContext, TEvent>(),
});

/** The call's input: the row aimed at. */
const targetOf = <TContext extends { target: unknown }>({ context }: { context: TContext }) =>
  context.target as NonNullable<TContext['target']>;

/** The call's own answer is its toast: the server's sentence. */
export const toastAnswer = {
  type: 'notify',
  params: ({ event }: { event: DoneActorEvent<string> }): Notice => ({ message: event.output, type: 'success' }),
} as const;

/** Calls `src` about the row: `done` when it succeeds (a toast, the list read again), the failure's toast when not. */
export const rowCall = <TSrc extends string, const TDone>(src: TSrc, done: TDone) => ({
  tags: ['busy' as const],
  invoke: {
    id: src,
    src,
    input: targetOf,
    onDone: { target: 'idle' as const, actions: done },
    onError: {
      target: 'idle' as const,
      actions: { type: 'notify' as const, params: ({ event }: { event: ErrorActorEvent }) => errorNotice(event.error) },
    },
  },
});
