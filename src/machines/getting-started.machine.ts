import { assign, fromPromise, setup } from 'xstate';
import type { GettingStarted } from '@contract/api/getting-started.calls';
import { toErrorInfo, type ErrorInfo } from '../services/api-error';
import { gettingStartedService } from '../services/getting-started.service';

export type GettingStartedContext = {
  /** The steps as the server last said, each done or not. */
  steps: GettingStarted | null;
  /** Why the steps could not be read, or the dismissal failed (shown with the steps, which stay). */
  error: ErrorInfo | null;
};

export type GettingStartedEvent = { type: 'gettingStarted.dismiss' } | { type: 'gettingStarted.retry' };

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/**
 * An owner's first steps on the dashboard (docs/product.md#getting-started): read from the server; shown while the
 * franchise has no trade and the owner has not dismissed them; Dismiss asks the server to stop showing them (a
 * failure keeps them, saying why). A failed read offers Retry.
 */
export const gettingStartedMachine = setup({
  types: {
    context: {} as GettingStartedContext,
    events: {} as GettingStartedEvent,
    tags: {} as 'busy',
  },
  actors: {
    readSteps: fromPromise<GettingStarted>(() => gettingStartedService.read()),
    dismissSteps: fromPromise<GettingStarted>(() => gettingStartedService.dismiss()),
  },
  actions: {
    store: assign((_, steps: GettingStarted) => ({ steps, error: null })),
    fail: assign((_, error: unknown) => ({ error: toErrorInfo(error) })),
  },
  guards: {
    stillStarting: (_, steps: GettingStarted) => !steps.trading && !steps.dismissed,
  },
}).createMachine({
  id: 'gettingStarted',
  initial: 'reading',
  context: { steps: null, error: null },
  states: {
    reading: {
      tags: ['busy'],
      invoke: {
        id: 'readSteps',
        src: 'readSteps',
        onDone: [
          {
            guard: { type: 'stillStarting', params: ({ event }) => event.output },
            target: 'shown',
            actions: { type: 'store', params: ({ event }) => event.output },
          },
          { target: 'hidden', actions: { type: 'store', params: ({ event }) => event.output } },
        ],
        onError: { target: 'readFailed', actions: { type: 'fail', params: errorOf } },
      },
    },
    readFailed: {
      on: { 'gettingStarted.retry': 'reading' },
    },
    shown: {
      on: { 'gettingStarted.dismiss': 'dismissing' },
    },
    dismissing: {
      tags: ['busy'],
      invoke: {
        id: 'dismissSteps',
        src: 'dismissSteps',
        onDone: { target: 'hidden', actions: { type: 'store', params: ({ event }) => event.output } },
        onError: { target: 'shown', actions: { type: 'fail', params: errorOf } },
      },
    },
    hidden: { type: 'final' },
  },
});
