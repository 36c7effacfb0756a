import { assign, fromPromise, setup, type DoneActorEvent } from 'xstate';
import type { UnsubscribeTarget } from '@contract/api/report-subscriptions.calls';
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

/**
 * The state that makes a call on the link (`src`): on to `then` with the report mail the server names; a link the
 * server does not know or cannot read ends the page; another failure goes on to `otherwise`.
 */
const callOnLink = <TThen extends string, TOtherwise extends string>(
  src: 'describeLink' | 'useLink',
  then: TThen,
  otherwise: TOtherwise,
) => ({
  tags: ['busy' as const],
  invoke: {
    id: src,
    src,
    input: ({ context }: { context: UnsubscribeContext }) => context.token,
    onDone: {
      target: then,
      actions: { type: 'adoptTarget' as const, params: ({ event }: { event: DoneActorEvent<UnsubscribeTarget> }) => event.output },
    },
    onError: [
      { guard: { type: 'linkUnknown' as const, params: errorOf }, target: 'unknown' as const },
      { guard: { type: 'linkMalformed' as const, params: errorOf }, target: 'malformed' as const },
      { target: otherwise, actions: { type: 'fail' as const, params: errorOf } },
    ],
  },
});

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
    adoptTarget: assign((_, target: UnsubscribeTarget) => ({ target })),
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
    reading: callOnLink('describeLink', 'asking', 'readFailed'),
    readFailed: {
      on: { 'unsubscribe.retry': { target: 'reading', actions: 'clearError' } },
    },
    asking: {
      on: { 'unsubscribe.confirm': { target: 'unsubscribing', actions: 'clearError' } },
    },
    // A link used meanwhile (another tab, a mail client's one-click) is spent all the same: the page ends.
    unsubscribing: callOnLink('useLink', 'done', 'asking'),
    done: { type: 'final' },
    unknown: { type: 'final' },
    malformed: { type: 'final' },
  },
});
