import { assign, type DoneActorEvent, type EventObject } from 'xstate';
import type { Navigation } from '../../shared/effects';

/** What the Activity and Alerts pages share: the server answers one page of `perPage` rows, and the URL names the page. */

/** A page's answer as the server sends it: its rows and how many there are over every page. */
type ServerPage = { items: readonly unknown[]; total: number };
type Paged = { page: number; total: number };

/** How many pages `total` rows make; no rows still make one (empty) page. */
export const pageCount = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));

/** An old link to a page the rows no longer reach (rows removed, or acknowledged elsewhere): the last page is shown instead. */
export const pastTheEnd = ({ context }: { context: { page: number } }, answer: ServerPage) =>
  answer.items.length === 0 && answer.total > 0 && context.page > 1;

/** Prev and Next are disabled at the ends: another page that exists, and not the one shown. */
export const pageExistsOf =
  (perPage: number) =>
  ({ context }: { context: Paged }, page: number) =>
    Number.isInteger(page) && page >= 1 && page <= pageCount(context.total, perPage) && page !== context.page;

/**
 * The answer of the `loading` state when `pastTheEnd`: loading again, of the last page, whose address (`href`) replaces
 * the URL's so Back does not return to the page that is no more.
 */
export const toLastPage = <TContext extends Paged, TEvent extends EventObject, TPage extends ServerPage>(
  perPage: number,
  href: (context: TContext) => string,
) => ({
  guard: { type: 'pastTheEnd' as const, params: ({ event }: { event: DoneActorEvent<TPage> }) => event.output },
  target: 'loading' as const,
  reenter: true,
  actions: [
    assign<TContext, DoneActorEvent<TPage>, undefined, TEvent, never>(
      ({ event }) => ({ page: pageCount(event.output.total, perPage) }) as Partial<TContext>,
    ),
    { type: 'navigate' as const, params: ({ context }: { context: TContext }): Navigation => ({ to: href(context), replace: true }) },
  ],
});
