import { assign, fromPromise, setup } from 'xstate';
import type { UnsubscribeTarget } from '@contract/report-subscriptions.contract';
import { toErrorInfo, type ErrorInfo } from '../services/api-error';
import { unsubscribeService } from '../services/unsubscribe.service';

export type UnsubscribeContext = {
  /** The token of the mail's link (`/unsubscribe?token=…`). */
  token: string;
  /** The report mail the link stops, once the server said. */
  target: UnsubscribeTarget | null;
  /** A failure that trying again may cure (network, server); shown with Retry or beside Unsubscribe. */
  error: ErrorInfo | null;
};

export type UnsubscribeEvent = { type: 'unsubscribe.confirm' } | { type: 'unsubscribe.retry' };

const statusOf = (error: unknown) => toErrorInfo(error).status;
const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/** A call on the link failed: a link the server does not know or cannot read ends the page, else on to `otherwise`. */
const linkFailed = <TOtherwise extends string>(otherwise: TOtherwise) => [
  { guard: { type: 'linkUnknown' as const, params: errorOf }, target: 'unknown' as const },
  { guard: { type: 'linkMalformed' as const, params: errorOf }, target: 'malformed' as const },
  { target: otherwise, actions: { type: 'fail' as const, params: errorOf } },
];

/**
 * The public `/unsubscribe` page of a report mail's link: it asks the server what the link stops (a GET, which
 * unsubscribes nobody), asks the member, then uses the link (POST). A link the server does not know (404: unknown or
 * used already) or cannot read (422) ends the page; other failures offer to try again. Rules: docs/reports.md.
 */
export const unsubscribeMachine = setup({
  types: {
    context: {} as UnsubscribeContext,
    events: {} as UnsubscribeEvent,
    input: {} as { token: string },
    tags: {} as 'busy',
  },
  actors: {
    describeLink: fromPromise<UnsubscribeTarget, string>(({ input }) => unsubscribeService.describe(input)),
    useLink: fromPromise<UnsubscribeTarget, string>(({ input }) => unsubscribeService.unsubscribe(input)),
  },
  actions: {
    fail: assign((_, { error }: { error: unknown }) => ({ error: toErrorInfo(error) })),
    clearError: assign({ error: null }),
  },
  guards: {
    linkUnknown: (_, { error }: { error: unknown }) => statusOf(error) === 404,
    linkMalformed: (_, { error }: { error: unknown }) => statusOf(error) === 422,
  },
}).createMachine({
  id: 'unsubscribe',
  initial: 'reading',
  context: ({ input }) => ({ token: input.token, target: null, error: null }),
  states: {
    reading: {
      tags: ['busy'],
      invoke: {
        id: 'describeLink',
        src: 'describeLink',
        input: ({ context }) => context.token,
        onDone: { target: 'asking', actions: assign({ target: ({ event }) => event.output }) },
        onError: linkFailed('readFailed'),
      },
    },
    readFailed: {
      on: { 'unsubscribe.retry': { target: 'reading', actions: 'clearError' } },
    },
    asking: {
      on: { 'unsubscribe.confirm': { target: 'unsubscribing', actions: 'clearError' } },
    },
    unsubscribing: {
      tags: ['busy'],
      invoke: {
        id: 'useLink',
        src: 'useLink',
        input: ({ context }) => context.token,
        onDone: { target: 'done', actions: assign({ target: ({ event }) => event.output }) },
        // Used meanwhile (another tab, a mail client's one-click): the link is spent all the same.
        onError: linkFailed('asking'),
      },
    },
    done: { type: 'final' },
    unknown: { type: 'final' },
    malformed: { type: 'final' },
  },
});
