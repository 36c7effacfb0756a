import {
  assign,
  fromCallback,
  fromPromise,
  setup,
  spawnChild,
  type ActorLogic,
  type ActorRef,
  type ActorRefFromLogic,
  type EventObject,
  type AnyActorLogic,
  type Snapshot,
  type SnapshotFrom,
} from 'xstate';
import { toErrorInfo, type ErrorInfo } from '../services/api-error';
import type { Navigation } from '../shared/effects';
import { notProvided } from './support/machine-effects';

/** Rows per page of the user and restaurant tables (docs/product.md). */
export const PAGE_SIZE = 5;

/** Any record; the search reads the fields the list names as text. */
export type ListItem = object;

/** The fields each list searches (docs/product.md). */
export const USER_SEARCH_FIELDS = ['name', 'city', 'state', 'restaurant', 'role'] as const;
export const RESTAURANT_SEARCH_FIELDS = ['name', 'location'] as const;

/** Case-insensitive substring over the given fields (docs/product.md); an empty search keeps every item. */
export function matchesSearch(item: ListItem, fields: readonly string[], query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return fields.some((field) => {
    const value = (item as Record<string, unknown>)[field];
    return (typeof value === 'string' || typeof value === 'number') && String(value).toLocaleLowerCase().includes(needle);
  });
}

/** What the URL holds: `?q=…&page=N`; page 1 and an empty search are left out. */
export type ListQuery = { query: string; page: number };

export function listQueryFromSearch(search: string): ListQuery {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  return { query: params.get('q') ?? '', page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

export function listHref(path: string, { query, page }: ListQuery): string {
  const params = new URLSearchParams();
  if (query !== '') params.set('q', query);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** One page of the matching items; a page past the last shows the last (an old link after deletions). */
export type ListPage<T = ListItem> = {
  items: T[];
  page: number;
  pageCount: number;
  /** 1-based positions of the first and last item shown; 0 and 0 when nothing matches. */
  from: number;
  to: number;
  total: number;
};

export function pageOf<T extends ListItem>(
  items: readonly T[],
  fields: readonly string[],
  { query, page }: ListQuery,
  pageSize = PAGE_SIZE,
): ListPage<T> {
  const matching = items.filter((item) => matchesSearch(item, fields, query));
  const pageCount = Math.max(1, Math.ceil(matching.length / pageSize));
  const shown = Math.min(Math.max(1, page), pageCount);
  const start = (shown - 1) * pageSize;
  const pageItems = matching.slice(start, start + pageSize);
  return {
    items: pageItems,
    page: shown,
    pageCount,
    from: pageItems.length ? start + 1 : 0,
    to: start + pageItems.length,
    total: matching.length,
  };
}

export type ListContext = {
  /** Where the list lives (`/user`, `/restaurant`): the base of the addresses it asks for. */
  path: string;
  fields: readonly string[];
  pageSize: number;
  items: ListItem[];
  /** The search and page of the URL (the search box shows the search at once, the URL follows). */
  query: string;
  page: number;
  error: ErrorInfo | null;
};

export type ListInput = { path: string; search: string; fields: readonly string[]; pageSize?: number };

export type ListEvent =
  /** The search box's text: a new search starts at page 1. */
  | { type: 'list.search'; query: string }
  /** Prev, Next. */
  | { type: 'list.page'; page: number }
  | { type: 'list.retry' }
  /** The URL query changed (a search, a page, back / forward, a followed link): it holds the search and page. */
  | { type: 'list.urlChanged'; search: string }
  /** A record was removed elsewhere (a delete on the page): read the list again, at the same search and page. */
  | { type: 'list.reload' };

/** What another machine may tell a list: only to read its records again. */
export type ListReloadRef = ActorRef<Snapshot<unknown>, { type: 'list.reload' }>;

/** What a list gives its row actions: itself, to be read again after a row is gone. */
export type RowActionsInput = { list?: ListReloadRef };
// The page provides a machine of its own; the list never reads or sends to it, so its snapshot and events stay open.
type RowActionsLogic = ActorLogic<any, any, RowActionsInput | undefined, any, any>;

const currentPage = (context: ListContext) => pageOf(context.items, context.fields, context, context.pageSize);

/**
 * A searchable, paged list of any records (users, restaurants), fetched by the `fetchItems` actor the
 * page provides. Its state says what the user sees: loading, the page of matches, the empty text, or
 * the failure with Retry.
 */
export const listMachine = setup({
  types: {
    context: {} as ListContext,
    events: {} as ListEvent,
    input: {} as ListInput,
    children: {} as { fetchItems: 'fetchItems'; rowActions: 'rowActions' },
    tags: {} as 'busy',
  },
  actors: {
    /** The page's own list call (people, restaurants). */
    fetchItems: fromPromise<ListItem[]>(() => notProvided('fetchItems')),
    /** The page's row actions (a remove, a delete), told of this list to read it again after one; none unless provided. */
    rowActions: fromCallback<EventObject, RowActionsInput | undefined>(() => undefined) as RowActionsLogic,
  },
  actions: {
    /** Carried out by the page with the router, so the URL stays the record of the search and page. */
    navigate: (_, _navigation: Navigation) => notProvided('navigate'),
  },
  guards: {
    noMatches: ({ context }) => currentPage(context).total === 0,
    hasMatches: ({ context }) => currentPage(context).total > 0,
    /** Prev and Next are disabled at the ends: another page that exists, and not the one shown. */
    pageExists: ({ context, event }) => {
      if (event.type !== 'list.page') return false;
      const { page, pageCount } = currentPage(context);
      return Number.isInteger(event.page) && event.page >= 1 && event.page <= pageCount && event.page !== page;
    },
  },
}).createMachine({
  id: 'list',
  initial: 'loading',
  entry: spawnChild('rowActions', { id: 'rowActions', input: ({ self }) => ({ list: self }) }),
  context: ({ input }) => ({
    path: input.path,
    fields: input.fields,
    pageSize: input.pageSize ?? PAGE_SIZE,
    items: [],
    ...listQueryFromSearch(input.search),
    error: null,
  }),
  on: {
    // Typing replaces the address rather than adding one per keystroke to the history.
    'list.search': {
      actions: [
        assign({ query: ({ event }) => event.query, page: 1 }),
        { type: 'navigate', params: ({ context }) => ({ to: listHref(context.path, context), replace: true }) },
      ],
    },
    'list.urlChanged': { actions: assign(({ event }) => listQueryFromSearch(event.search)) },
    'list.reload': { target: '.loading', reenter: true },
  },
  states: {
    loading: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchItems',
        src: 'fetchItems',
        onDone: { target: 'loaded', actions: assign({ items: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ items: [], error: ({ event }) => toErrorInfo(event.error) }) },
      },
    },
    loaded: {
      always: { guard: 'noMatches', target: 'empty' },
      on: {
        'list.page': {
          guard: 'pageExists',
          actions: [
            assign({ page: ({ event }) => event.page }),
            { type: 'navigate', params: ({ context }) => ({ to: listHref(context.path, context), replace: false }) },
          ],
        },
      },
    },
    /** Nothing to show: no items, or none matching the search. */
    empty: {
      always: { guard: 'hasMatches', target: 'loaded' },
    },
    failed: {
      on: { 'list.retry': 'loading' },
    },
  },
});

export type ListSnapshot = SnapshotFrom<typeof listMachine>;

/** The page the view shows, typed as the page's items. */
export const shownPage = <T extends ListItem>(s: ListSnapshot): ListPage<T> => currentPage(s.context) as ListPage<T>;

/** The row actions the list spawned when it started, as the logic the page gave them (`TLogic`). */
export const rowActionsOf = <TLogic extends AnyActorLogic>(s: ListSnapshot) =>
  s.children.rowActions as unknown as ActorRefFromLogic<TLogic>;
