import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { alertsService } from '../services/alerts.service';

/** How often a visible tab counts the member's unread alerts. */
export const ALERTS_POLL_MS = 60_000;

export type AlertsBellEvent =
  /** The tab was hidden: no counting until it shows again. */
  | { type: 'bell.hidden' }
  /** The tab shows again: count at once. */
  | { type: 'bell.visible' }
  /** The window got the focus back: count at once. */
  | { type: 'bell.focused' }
  /** The member acknowledged alerts: count at once. */
  | { type: 'bell.refresh' };

/**
 * The shell's bell: the count of the member's unread alerts, polled rather than pushed: a poll works through any proxy
 * and across several servers without a shared pub/sub (the embedded database has no LISTEN/NOTIFY), at one cheap
 * indexed count a minute per tab. It counts at once on start, when the tab shows or the window gets the focus again,
 * and after an acknowledgement; it pauses while the tab is hidden. A failed count keeps the last one on screen, and the
 * next tick tries again.
 */
export const alertsBellMachine = setup({
  types: {
    context: {} as { unread: number | null },
    events: {} as AlertsBellEvent,
    children: {} as { fetchUnread: 'fetchUnread' },
  },
  actors: {
    fetchUnread: fromPromise<number>(() => alertsService.unread()),
  },
  delays: {
    pollInterval: ALERTS_POLL_MS,
  },
}).createMachine({
  id: 'alertsBell',
  initial: 'visible',
  context: { unread: null },
  states: {
    visible: {
      initial: 'counting',
      on: { 'bell.hidden': 'hidden' },
      states: {
        counting: {
          invoke: {
            id: 'fetchUnread',
            src: 'fetchUnread',
            onDone: { target: 'waiting', actions: assign({ unread: ({ event }) => event.output }) },
            // The last count stays; the next tick asks again.
            onError: 'waiting',
          },
          // An acknowledgement while a count is under way: that count may predate it, so count again.
          on: { 'bell.refresh': { target: 'counting', reenter: true } },
        },
        waiting: {
          after: { pollInterval: 'counting' },
          on: { 'bell.refresh': 'counting', 'bell.focused': 'counting' },
        },
      },
    },
    hidden: {
      on: { 'bell.visible': 'visible' },
    },
  },
});

export type AlertsBellSnapshot = SnapshotFrom<typeof alertsBellMachine>;
