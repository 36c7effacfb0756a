import { Stack, Text } from '@mantine/core';
import { createActorContext } from '@xstate/react';
import type { ReactNode } from 'react';
import { listMachine, shownPage, type ListItem, type ListPage } from '../../machines/list.machine';
import { ListPager, ListSearch } from '../../ui/list-controls';
import { LoadState } from '../../ui/load-state';
import { useUrlBridge } from './use-url-bridge';

/** The list actor of a user or restaurant list; tests pass `logic={listMachine.provide(fakes)}`. */
export const ListActorContext = createActorContext(listMachine);

/** Reports the address's query to the list: the URL is where its search and page live (back and forward included). */
export function ListUrlSync() {
  const list = ListActorContext.useActorRef();
  useUrlBridge(list, 'list.urlChanged');
  return null;
}

export type ListViewProps<T extends ListItem> = {
  /** What the list holds, plural ("Users"): names the loader, the failure and the pager. */
  noun: string;
  searchLabel: string;
  /** "No users found." / "No restaurants found." (docs/product.md). */
  emptyText: string;
  /** The table of one page's items. */
  children: (items: T[]) => ReactNode;
};

/** A searchable, paged list: the search box, then the loader, the failure with Retry, the empty text, or the page and its pager. */
export function ListView<T extends ListItem>({ noun, searchLabel, emptyText, children }: ListViewProps<T>) {
  const list = ListActorContext.useActorRef();
  const query = ListActorContext.useSelector((s) => s.context.query);
  const status = ListActorContext.useSelector((s) => (['loading', 'loaded', 'empty', 'failed'] as const).find((v) => s.matches(v))!);
  const error = ListActorContext.useSelector((s) => s.context.error?.message);
  const page = ListActorContext.useSelector((s) => shownPage<T>(s), samePage);
  return (
    <Stack gap="md">
      <ListSearch label={searchLabel} value={query} onChange={(value) => list.send({ type: 'list.search', query: value })} />
      <LoadState
        status={status}
        loadingLabel={`Loading ${noun.toLocaleLowerCase()}`}
        failedTitle={`${noun} could not be loaded`}
        message={error}
        onRetry={() => list.send({ type: 'list.retry' })}
      >
        {status === 'empty' && <Text c="dimmed">{emptyText}</Text>}
        {status === 'loaded' && (
          <>
            {children(page.items)}
            <ListPager {...page} label={`${noun} pages`} onPage={(to) => list.send({ type: 'list.page', page: to })} />
          </>
        )}
      </LoadState>
    </Stack>
  );
}

/** Same page on screen: a selector recomputes the page for every snapshot, a re-render only follows a change. */
const samePage = <T extends ListItem>(a: ListPage<T>, b: ListPage<T>) =>
  a.page === b.page &&
  a.pageCount === b.pageCount &&
  a.total === b.total &&
  a.items.length === b.items.length &&
  a.items.every((item, i) => item === b.items[i]);
