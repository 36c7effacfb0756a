import { enqueueActions, type EventObject } from 'xstate';
import type { ListReloadRef } from '../list.machine';

/** Tells the list of the context (a row action's input, when it has one) to read itself again: a row is gone. */
export const reloadList = <TContext extends { list: ListReloadRef | null }, TEvent extends EventObject>() =>
  enqueueActions<TContext, TEvent, undefined, TEvent, never, never, never, never, never>(({ context, enqueue }) => {
    if (context.list) enqueue.sendTo(context.list, { type: 'list.reload' });
  });
