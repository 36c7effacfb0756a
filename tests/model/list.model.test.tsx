import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { AnyActorRef, InspectionEvent } from 'xstate';
import { listMachine, RESTAURANT_SEARCH_FIELDS, type ListInput, type ListItem } from '../../src/machines/list.machine';
import { ApiError } from '../../src/services/api-error';
import type { Navigation } from '../../src/shared/effects';
import { ListActorContext, ListUrlSync, ListView } from '../../src/views/shared/list.view';
import { INPUT, LIST_FAILURE, PEOPLE, paths, type ModelEvent, type Person } from './models/list.model';
import { controllableActor } from './support/deferred';
import { runModel } from './support/model-runner';
import { renderView } from './support/render-view';

/** A user list around a fresh actor whose call the test answers; `navigate` records and moves the memory location. */
function renderList({ inspect, input = INPUT }: { inspect?: (event: InspectionEvent) => void; input?: ListInput } = {}) {
  const fetch = controllableActor<ListItem[]>();
  const navigations: Navigation[] = [];
  const view = renderView(
    (effects) => (
      <ListActorContext.Provider
        options={{ inspect, input }}
        logic={listMachine.provide({
          actors: { fetchItems: fetch.logic },
          actions: {
            navigate: (_, navigation) => {
              navigations.push(navigation);
              effects.navigate(_, navigation);
            },
          },
        })}
      >
        <ListUrlSync />
        <ListView<Person> noun="Users" searchLabel="Search users" emptyText="No users found.">
          {(items) => (
            <ul aria-label="Users">
              {items.map((p) => (
                <li key={p.id}>{p.name}</li>
              ))}
            </ul>
          )}
        </ListView>
      </ListActorContext.Provider>
    ),
    { path: `${input.path}${input.search}` },
  );
  return { ...view, fetch, navigations };
}

/** Replaces the search box's text in one input event, as a paste does. */
async function search(user: UserEvent, query: string) {
  const box = screen.getByRole('searchbox', { name: 'Search users' });
  await user.clear(box);
  if (query) {
    await user.click(box);
    await user.paste(query);
  }
}

// Written independently of the machine: the searched fields of docs/product.md, case-insensitive substring.
const matching = (query: string) =>
  PEOPLE.filter((p) => [p.name, p.city, p.state, p.restaurant, p.role].some((v) => v.toLowerCase().includes(query.toLowerCase())));

const shownNames = () =>
  within(screen.getByRole('list', { name: 'Users' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('list machine × list view (model-based)', () => {
  runModel(listMachine, paths, (inspect) => {
    const user = userEvent.setup();
    // The list actor, which a delete on the page tells to read itself again (`list.reload`).
    let listActor: AnyActorRef | undefined;
    const { fetch, location, navigations } = renderList({
      inspect: (event) => {
        if (event.actorRef.sessionId === event.rootId) listActor = event.actorRef as AnyActorRef;
        inspect(event);
      },
    });
    // Navigating to the address already shown reports nothing; a link to the same list differs by another parameter.
    const visit = (search: string) => {
      const current = location.history!.at(-1)!.split('?')[1] ?? '';
      const to = search.replace(/^\?/, '') === current ? `${search || '?'}${search ? '&' : ''}from=link` : search;
      act(() => location.navigate(`/user${to}`));
    };

    return {
      perform: async (event) => {
        const e = event as ModelEvent;
        if (e.type === 'list.search') await search(user, e.query);
        else if (e.type === 'list.page') {
          const { page } = listPageShown();
          await user.click(screen.getByRole('button', { name: e.page > page ? 'Next' : 'Prev' }));
        } else if (e.type === 'list.retry') await user.click(screen.getByRole('button', { name: 'Retry' }));
        else if (e.type === 'list.urlChanged') visit(e.search);
        // What a delete on the page tells the list.
        else if (e.type === 'list.reload') act(() => listActor!.send(e));
        else await act(async () => fetch.settle(e));
      },
      verify: async (state, event) => {
        const e = event as ModelEvent;
        const { query } = state.context;
        expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue(query);
        if (state.matches('loading')) {
          expect(screen.getByRole('status', { name: 'Loading users' })).toBeInTheDocument();
          expect(screen.queryByRole('navigation', { name: 'Users pages' })).not.toBeInTheDocument();
        } else if (state.matches('failed')) {
          expect(screen.getByText(LIST_FAILURE)).toBeInTheDocument();
          expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
          expect(screen.queryByRole('list', { name: 'Users' })).not.toBeInTheDocument();
        } else if (state.matches('empty')) {
          expect(screen.getByText('No users found.')).toBeInTheDocument();
          expect(screen.queryByRole('list', { name: 'Users' })).not.toBeInTheDocument();
          expect(screen.queryByRole('navigation', { name: 'Users pages' })).not.toBeInTheDocument();
        } else {
          const all = matching(query);
          const pageCount = Math.ceil(all.length / 5);
          const page = Math.min(state.context.page, pageCount);
          const rows = all.slice((page - 1) * 5, page * 5);
          expect(shownNames()).toEqual(rows.map((p) => p.name));
          const pager = screen.getByRole('navigation', { name: 'Users pages' });
          const from = (page - 1) * 5 + 1;
          expect(within(pager).getByText(`Showing ${from}–${from + rows.length - 1} of ${all.length}`)).toBeInTheDocument();
          expect(within(pager).getByText(`Page ${page} of ${pageCount}`)).toBeInTheDocument();
          expect(within(pager).getByRole('button', { name: 'Prev' })).toHaveProperty('disabled', page === 1);
          expect(within(pager).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', page === pageCount);
          expect(screen.queryByText('No users found.')).not.toBeInTheDocument();
        }
        // The URL holds the search and page: a search replaces the address (page 1), a page adds one to the history.
        if (e.type === 'list.search') {
          expect(navigations.at(-1)).toEqual({ to: e.query ? `/user?q=${e.query}` : '/user', replace: true });
          await waitFor(() => expect(location.history.at(-1)).toBe(e.query ? `/user?q=${e.query}` : '/user'));
        }
        if (e.type === 'list.page') {
          const q = query ? `q=${query}` : '';
          const expected = `/user${[q, e.page > 1 ? `page=${e.page}` : ''].filter(Boolean).join('&').replace(/^(.)/, '?$1')}`;
          expect(navigations.at(-1)).toEqual({ to: expected, replace: false });
        }
      },
    };
  });
});

/** The page the pager shows ("Page N of M"). */
function listPageShown(): { page: number; pageCount: number } {
  const text = within(screen.getByRole('navigation', { name: 'Users pages' })).getByText(/^Page \d+ of \d+$/).textContent!;
  const [, page, pageCount] = /^Page (\d+) of (\d+)$/.exec(text)!;
  return { page: Number(page), pageCount: Number(pageCount) };
}

// Written from the product's rules (docs/product.md), not from the graph.
describe('list product-rule scenarios', () => {
  it('twelve people: "Showing 1–5 of 12", "Page 1 of 3", Prev disabled; Next twice reaches "Showing 11–12 of 12" with Next disabled', async () => {
    const user = userEvent.setup();
    const { fetch, location } = renderList();
    const twelve = Array.from({ length: 12 }, (_, i) => ({ ...PEOPLE[i % 7]!, id: i + 1, name: `Person ${i + 1}` }));
    await act(async () => fetch.resolve(twelve));
    expect(screen.getByText('Showing 1–5 of 12')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Showing 11–12 of 12')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(shownNames()).toEqual(['Person 11', 'Person 12']);
    expect(location.history.at(-1)).toBe('/user?page=3');
  });

  it('a new search resets to page 1 and matches name, city, state, restaurant or role, in any case', async () => {
    const user = userEvent.setup();
    const { fetch, location } = renderList({ input: { ...INPUT, search: '?page=2' } });
    await act(async () => fetch.resolve(PEOPLE));
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    for (const [query, names] of [
      ['sydney', ['Ava Chen', 'Mia Taylor']],
      ['qld', ['Noah Wilson']],
      ['BONDI', ['Mia Taylor']],
      ['manager', ['Ava Chen', 'Jack Smith']],
      ['chen', ['Ava Chen']],
    ] as const) {
      await search(user, query);
      expect(shownNames()).toEqual(names);
      expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
      expect(location.history.at(-1)).toBe(`/user?q=${query}`);
    }
  });

  it('restaurants search by name or location only', async () => {
    const user = userEvent.setup();
    const fetch = controllableActor<ListItem[]>();
    const restaurants = [
      { id: 1, name: 'Harbour Eats Parramatta', location: 'Parramatta NSW', status: 'Active' },
      { id: 2, name: 'Harbour Eats Bondi', location: 'Bondi Beach NSW', status: 'Inactive' },
    ];
    renderView(() => (
      <ListActorContext.Provider
        options={{ input: { path: '/restaurant', search: '', fields: RESTAURANT_SEARCH_FIELDS } }}
        logic={listMachine.provide({ actors: { fetchItems: fetch.logic }, actions: { navigate: () => {} } })}
      >
        <ListView<(typeof restaurants)[number]> noun="Restaurants" searchLabel="Search users" emptyText="No restaurants found.">
          {(items) => (
            <ul aria-label="Users">
              {items.map((r) => (
                <li key={r.id}>{r.name}</li>
              ))}
            </ul>
          )}
        </ListView>
      </ListActorContext.Provider>
    ));
    await act(async () => fetch.resolve(restaurants));
    await search(user, 'beach');
    expect(shownNames()).toEqual(['Harbour Eats Bondi']);
    await search(user, 'inactive');
    expect(screen.getByText('No restaurants found.')).toBeInTheDocument();
  });

  it('an address with a search shows it in the box and filters the first answer; back to the bare address shows all', async () => {
    const { fetch, location } = renderList({ input: { ...INPUT, search: '?q=chef' } });
    await act(async () => fetch.resolve(PEOPLE));
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('chef');
    expect(shownNames()).toEqual(['Liam Brown', 'Mia Taylor']);
    act(() => location.navigate('/user'));
    await waitFor(() => expect(shownNames()).toHaveLength(5));
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('');
  });

  it('the search box, a page and its pager pass axe (colour contrast aside: happy-dom lays nothing out)', async () => {
    const { fetch, container } = renderList();
    await act(async () => fetch.resolve(PEOPLE));
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  it('an old link past the last page shows the last page', async () => {
    const { fetch } = renderList({ input: { ...INPUT, search: '?page=9' } });
    await act(async () => fetch.resolve(PEOPLE));
    expect(screen.getByText('Showing 6–7 of 7')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('no people at all: "No users found."; a failed call shows its message and Retry calls again', async () => {
    const user = userEvent.setup();
    const { fetch } = renderList();
    await act(async () => fetch.reject(new ApiError('Failed to fetch users', 500)));
    expect(screen.getByText('Failed to fetch users')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(fetch.inputs).toHaveLength(2);
    await act(async () => fetch.resolve([]));
    expect(screen.getByText('No users found.')).toBeInTheDocument();
  });
});
