import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { describe, expect, vi, type Mock } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { Router } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import type { Restaurant } from '@contract/auth.contract';
import type { Person } from '@contract/people.contract';
import type { Member } from '@contract/team.contract';
import { listMachine, type ListItem } from '../../src/machines/list.machine';
import type { PageProps } from '../../src/shared/routing';
import { peopleService } from '../../src/services/people.service';
import { restaurantsService } from '../../src/services/restaurants.service';
import { teamService } from '../../src/services/team.service';
import { UiProvider } from '../../src/ui/ui-provider';
import RestaurantListPage from '../../src/views/restaurants/restaurant-list.page';
import { SessionContext } from '../../src/views/shared/session.context';
import TeamListPage from '../../src/views/team/team-list.page';
import UserListPage from '../../src/views/users/user-list.page';
import { LIST_FAILURE, PEOPLE, paths, type ModelEvent, type Person as ModelPerson } from './models/list.model';
import { runModel } from './support/model-runner';
import { inspectPageActors } from './support/page-actors';
import { signedInSession } from './support/page-session';
import { controllableCall } from './support/service-calls';

// The list model's paths through the real User Dashboard and Restaurant Management pages: their module-level list
// machines with the real services' functions, whose calls the test answers (the service modules are mocked, the
// machines are not), and the browser's address, which the pages' own navigation changes. The page's list actor is
// inspected through the options the page gives it.
vi.mock('@xstate/react', async (original) => (await import('./support/page-actors')).withPageInspection(await original()));
vi.mock('../../src/services/people.service', async (original) => ({
  ...(await original<typeof import('../../src/services/people.service')>()),
  peopleService: { list: vi.fn(), get: vi.fn(), create: vi.fn(), update: vi.fn(), remove: vi.fn() },
}));
vi.mock('../../src/services/restaurants.service', async (original) => ({
  ...(await original<typeof import('../../src/services/restaurants.service')>()),
  restaurantsService: { list: vi.fn(), read: vi.fn(), update: vi.fn() },
}));
vi.mock('../../src/services/team.service', async (original) => ({
  ...(await original<typeof import('../../src/services/team.service')>()),
  teamService: { list: vi.fn(), invite: vi.fn(), update: vi.fn(), remove: vi.fn(), resendInvitation: vi.fn() },
}));

type Row = { id: number; name: string };

/** The model's seven people as the people call answers them. */
const person = (p: ModelPerson): Person => ({
  id: p.id,
  picture: null,
  name: p.name,
  email: `${p.name.split(' ')[0]!.toLowerCase()}@example.com`,
  phone: null,
  state: p.state,
  city: p.city,
  street_address: null,
  suburb: null,
  post_code: null,
  restaurant_id: p.id + 100,
  restaurant: p.restaurant,
  role: p.role as Person['role'],
  status: 'Active',
  version: 1,
});

// Restaurants are searched by name and location only: the model's searches must pick the same rows, so a chef's
// restaurant is a "Chef's Table" ("CHEF" matches two of the seven, "zzz" none).
const CONCEPT: Record<string, string> = { Chef: "Chef's Table", Manager: 'Bistro', Waiter: 'Diner' };
const restaurant = (p: ModelPerson): Restaurant =>
  ({
    id: p.id,
    name: `${p.restaurant} ${CONCEPT[p.role]}`,
    location: `${p.city}, ${p.state}`,
    status: 1,
    subscriptions: [],
    restaurant_user: { id: p.id + 100, name: p.name, email: 'shop@example.com' },
  }) as unknown as Restaurant;

// Members are searched by name, e-mail and role (owner or manager): a member's e-mail names the model person's role, so
// the model's searches pick the same rows ("CHEF" two of the seven, "zzz" none).
const member = (p: ModelPerson): Member => ({
  id: p.id,
  email: `${p.role.toLowerCase()}.${p.name.split(' ')[0]!.toLowerCase()}@example.com`,
  name: p.name,
  role: p.role === 'Manager' ? 'owner' : 'manager',
  restaurant_ids: p.role === 'Manager' ? [] : [7],
  status: p.id % 2 === 0 ? 'invited' : 'active',
  version: 1,
});

/** One real list page: where it lives, its texts, its list call and how the call's answer reads the model's people. */
type ListPage = {
  title: string;
  Page: ComponentType<PageProps>;
  path: string;
  noun: string;
  searchLabel: string;
  emptyText: string;
  list: () => Mock;
  answer: (p: ModelPerson) => Row;
  /** The fields of this list (docs/product.md#management), written independently of the machine. */
  searched: (row: Row) => string[];
};

const PAGES: ListPage[] = [
  {
    title: 'User Dashboard',
    Page: UserListPage,
    path: '/user',
    noun: 'Users',
    searchLabel: 'Search users',
    emptyText: 'No users found.',
    list: () => vi.mocked(peopleService.list),
    answer: person,
    searched: (row) => {
      const p = row as Person;
      return [p.name, p.city ?? '', p.state ?? '', p.restaurant ?? '', p.role];
    },
  },
  {
    title: 'Restaurant Management',
    Page: RestaurantListPage,
    path: '/restaurant',
    noun: 'Restaurants',
    searchLabel: 'Search by name or location',
    emptyText: 'No restaurants found.',
    list: () => vi.mocked(restaurantsService.list),
    answer: restaurant,
    searched: (row) => [row.name, (row as Restaurant).location],
  },
  {
    title: 'Team',
    Page: TeamListPage,
    path: '/team',
    noun: 'Members',
    searchLabel: 'Search by name, email or role',
    emptyText: 'No members found.',
    list: () => vi.mocked(teamService.list),
    answer: member,
    searched: (row) => {
      const m = row as Member;
      return [m.name, m.email, m.role];
    },
  },
];

const address = () => `${window.location.pathname}${window.location.search}`;

/** The page at `path` in the browser's address (its navigation is the app's own), signed in. */
function renderPage(page: ListPage) {
  window.history.replaceState(null, '', page.path);
  const session = signedInSession();
  return render(
    <UiProvider env="test">
      <Router>
        <SessionContext.Provider logic={session.logic}>
          <page.Page title={page.title} />
        </SessionContext.Provider>
      </Router>
    </UiProvider>,
  );
}

/** Replaces the search box's text in one input event, as a paste does. */
async function search(user: UserEvent, label: string, query: string) {
  const box = screen.getByRole('searchbox', { name: label });
  await user.clear(box);
  if (query) {
    await user.click(box);
    await user.paste(query);
  }
}

/** The names of the rows shown, read from their edit links. */
const shownNames = () => screen.queryAllByRole('link', { name: /^Edit / }).map((a) => a.getAttribute('aria-label')!.replace(/^Edit /, ''));

describe.each(PAGES)('list machine × the real $title page (model-based)', (page) => {
  const rows = PEOPLE.map(page.answer);
  const matching = (query: string) => rows.filter((r) => page.searched(r).some((v) => v.toLowerCase().includes(query.toLowerCase())));
  const pager = () => screen.getByRole('navigation', { name: `${page.noun} pages` });

  runModel(listMachine, paths, (inspect) => {
    // The page's list actor, which a delete on the page tells to read itself again (`list.reload`).
    let listActor: AnyActorRef | undefined;
    inspectPageActors(listMachine.id, (event) => {
      if (event.actorRef.sessionId === event.rootId) listActor = event.actorRef as AnyActorRef;
      inspect(event);
    });
    vi.clearAllMocks();
    const fetch = controllableCall<ListItem[]>();
    page.list().mockImplementation(fetch.fn);
    const user = userEvent.setup();
    renderPage(page);
    let historyBefore = window.history.length;
    // Following a link to the address already shown changes nothing; a link to the same list differs by another parameter.
    const visit = (to: string) => {
      const current = window.location.search.replace(/^\?/, '');
      const search = to.replace(/^\?/, '') === current ? `${to || '?'}${to ? '&' : ''}from=link` : to;
      act(() => navigate(`${page.path}${search}`));
    };

    return {
      perform: async (event) => {
        const e = event as ModelEvent;
        historyBefore = window.history.length;
        if (e.type === 'list.search') await search(user, page.searchLabel, e.query);
        else if (e.type === 'list.page') {
          const [, shown] = /^Page (\d+) of/.exec(within(pager()).getByText(/^Page \d+ of \d+$/).textContent!)!;
          await user.click(within(pager()).getByRole('button', { name: e.page > Number(shown) ? 'Next' : 'Prev' }));
        } else if (e.type === 'list.retry') await user.click(screen.getByRole('button', { name: 'Retry' }));
        else if (e.type === 'list.urlChanged') visit(e.search);
        else if (e.type === 'list.reload') act(() => listActor!.send(e));
        else if (e.type === 'xstate.done.actor.fetchItems')
          await act(async () => fetch.resolve((e.output as ModelPerson[]).map(page.answer)));
        else await act(async () => fetch.reject(e.error));
      },
      verify: async (state, event) => {
        const e = event as ModelEvent;
        const { query } = state.context;
        expect(screen.getByRole('searchbox', { name: page.searchLabel })).toHaveValue(query);
        if (state.matches('loading')) {
          expect(screen.getByRole('status', { name: `Loading ${page.noun.toLowerCase()}` })).toBeInTheDocument();
          expect(fetch.pending()).toBeGreaterThan(0);
          expect(screen.queryByRole('navigation', { name: `${page.noun} pages` })).not.toBeInTheDocument();
        } else if (state.matches('failed')) {
          expect(screen.getByText(LIST_FAILURE)).toBeInTheDocument();
          expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
          expect(shownNames()).toEqual([]);
        } else if (state.matches('empty')) {
          expect(screen.getByText(page.emptyText)).toBeInTheDocument();
          expect(shownNames()).toEqual([]);
          expect(screen.queryByRole('navigation', { name: `${page.noun} pages` })).not.toBeInTheDocument();
        } else {
          const all = matching(query);
          const pageCount = Math.ceil(all.length / 5);
          const shown = Math.min(state.context.page, pageCount);
          const pageRows = all.slice((shown - 1) * 5, shown * 5);
          expect(shownNames()).toEqual(pageRows.map((r) => r.name));
          const from = (shown - 1) * 5 + 1;
          expect(within(pager()).getByText(`Showing ${from}–${from + pageRows.length - 1} of ${all.length}`)).toBeInTheDocument();
          expect(within(pager()).getByText(`Page ${shown} of ${pageCount}`)).toBeInTheDocument();
          expect(within(pager()).getByRole('button', { name: 'Prev' })).toHaveProperty('disabled', shown === 1);
          expect(within(pager()).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', shown === pageCount);
          expect(screen.queryByText(page.emptyText)).not.toBeInTheDocument();
        }
        // The address holds the search and page: a search replaces it (page 1), a page adds one to the history.
        if (e.type === 'list.search') {
          await waitFor(() => expect(address()).toBe(e.query ? `${page.path}?q=${e.query}` : page.path));
          expect(window.history.length).toBe(historyBefore);
        }
        if (e.type === 'list.page') {
          const params = [query ? `q=${query}` : '', e.page > 1 ? `page=${e.page}` : ''].filter(Boolean).join('&');
          await waitFor(() => expect(address()).toBe(params ? `${page.path}?${params}` : page.path));
          expect(window.history.length).toBe(historyBefore + 1);
        }
      },
    };
  });
});
