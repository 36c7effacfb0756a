import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { choose } from './support/choose';
import { describe, expect, it } from 'vitest';
import { fromPromise, type InspectionEvent } from 'xstate';
import type { AnalyticsData } from '@contract/analytics.contract';
import type { DashboardKind } from '../../src/machines/support/dashboard-calls';
import type { TargetsAnswer } from '@contract/api/targets.calls';
import type { ForecastView } from '@contract/presentation/target-charts';
import type { Restaurant } from '@contract/auth.contract';
import {
  DASHBOARD_CARDS,
  DEFAULT_FILTERS,
  dashboardHref,
  dashboardMachine,
  type CardQuery,
  type DashboardCard,
  type DashboardData,
  type DashboardFilters,
} from '../../src/machines/dashboard.machine';
import { datesProblem, sameFilters } from '../../src/machines/support/analytics-filters';
import { ApiError } from '../../src/services/api-error';
import type { Navigation } from '../../src/shared/effects';
import { DashboardContext } from '../../src/views/dashboard/dashboard.context';
import { DashboardBranchesSync, DashboardUrlSync, DashboardView } from '../../src/views/dashboard/dashboard.view';
import { SessionContext } from '../../src/views/shared/session.context';
import { BRANCHES, FAILURE, TRADE } from './models/dashboard.fixtures';
import { INPUT, paths, WITHOUT_PARRAMATTA, type ModelEvent } from './models/dashboard.model';
import { expectDraftShown, performFilterEvent } from './support/filter-header';
import { controllableActor } from './support/deferred';
import { runModel } from './support/model-runner';
import { signedInSession } from './support/page-session';
import { renderView } from './support/render-view';

const GROUP = 'Harbour Eats';
const RESTAURANTS = BRANCHES.map((b) => ({ ...b, location: `${b.name}, NSW`, status: 1, subscriptions: [] })) as unknown as Restaurant[];

/** How each card names itself in its loading status and its Retry button (revenues feed two cards). */
const TITLES: Record<DashboardCard, string[]> = {
  headcounts: ['Customer Headcounts'],
  revenues: ['Revenue Summary', 'Revenue Trends'],
  'best-sellers': ['Top Selling Menu Items'],
  orders: ['Number of Orders'],
  roster: ['Roster & Productivity'],
  procurement: ['Procurement Insights'],
  targets: ['Revenue vs Target'],
  forecast: ['Revenue Forecast'],
};
/** A window without targets shows no "vs target" card at all. */
const HIDDEN_WHEN_EMPTY: readonly DashboardCard[] = ['targets'];
const EMPTY: Record<Exclude<DashboardCard, 'targets'>, string> = {
  headcounts: 'No guests in this window.',
  revenues: 'No sales in this window.',
  'best-sellers': 'No menu items sold in this window.',
  orders: 'No orders in this window.',
  roster: 'No shifts rostered in this window.',
  procurement: 'No purchases in this window.',
  forecast: 'No sales to forecast from.',
};
/** A figure each card shows only when it has the fixture's trade. */
const FIGURE: Record<DashboardCard, () => HTMLElement> = {
  headcounts: () => screen.getByText('Today: 21'),
  revenues: () => screen.getByText('Total Revenue'),
  'best-sellers': () => screen.getByRole('cell', { name: 'Wagyu Burger' }),
  orders: () => screen.getByText('Today: 29'),
  roster: () => screen.getByText('Top 5 Staffs'),
  procurement: () => screen.getByText('Top 5 Categories'),
  targets: () => screen.getByText('-$1,185.00 (-9.9%)'),
  forecast: () => screen.getByText('Weekday average · Backtest error (MAPE) 8.4%'),
};
/** The revenue chart's description names each bucket's target when the target line is drawn. */
const revenueChart = () => screen.getByRole('img', { name: 'Dine-in, takeaway and delivery revenue per period' });
const HEADING = {
  '7days': 'Data Analytics of Past 7 Days',
  '14days': 'Data Analytics of Past 14 Days',
  '1month': 'Data Analytics of Past 1 Month',
  '3months': 'Data Analytics of Past 3 Months',
} as const;
const OCTOBER_HEADING = 'Data Analytics of 1 Oct 2026 – 31 Oct 2026';

const branchLabel = (id: number | null) => (id === null ? 'All Branches' : BRANCHES.find((b) => b.id === id)!.name);

/**
 * The dashboard view around a fresh actor whose calls the test answers; `navigate` records, or moves the memory location
 * with `follow`. With `session`, the dashboard runs inside that signed-in session (mounted once signed in, as in the
 * console) and follows its branches.
 */
function renderDashboard({
  inspect,
  path = '/dashboard',
  follow = false,
  fetchAnalytics,
  session,
}: {
  inspect?: (event: InspectionEvent) => void;
  path?: string;
  follow?: boolean;
  fetchAnalytics?: ReturnType<typeof controllableActor<AnalyticsData[DashboardKind], CardQuery>>['logic'];
  session?: ReturnType<typeof signedInSession>;
} = {}) {
  // One controllable actor answers every card's call; each invocation is told apart by its card (the invoke id).
  const fetch = controllableActor<DashboardData[DashboardCard], CardQuery>();
  const navigations: Navigation[] = [];
  const view = renderView(
    (effects) => {
      const dashboard = (
        <DashboardContext.Provider
          options={{ inspect, input: { ...INPUT, search: path.includes('?') ? path.slice(path.indexOf('?')) : '' } }}
          logic={dashboardMachine.provide({
            actors: {
              fetchAnalytics:
                fetchAnalytics ?? (fetch.logic as ReturnType<typeof controllableActor<AnalyticsData[DashboardKind], CardQuery>>['logic']),
              fetchTargets: fetch.logic as ReturnType<typeof controllableActor<TargetsAnswer, CardQuery>>['logic'],
              fetchForecast: fetch.logic as ReturnType<typeof controllableActor<ForecastView, CardQuery>>['logic'],
            },
            actions: {
              navigate: (_, navigation) => {
                navigations.push(navigation);
                if (follow) effects.navigate(_, navigation);
              },
            },
          })}
        >
          <DashboardUrlSync />
          {session && <DashboardBranchesSync />}
          <DashboardView title={GROUP} restaurants={RESTAURANTS} franchiseUserId={1} />
        </DashboardContext.Provider>
      );
      if (!session) return dashboard;
      return (
        <SessionContext.Provider logic={session.logic}>
          <session.Handle />
          <session.SignedIn>{dashboard}</session.SignedIn>
        </SessionContext.Provider>
      );
    },
    { path },
  );
  return { ...view, fetch, navigations };
}

const settleAll = async (fetch: ReturnType<typeof renderDashboard>['fetch'], answers: Partial<DashboardData> = TRADE) => {
  for (const kind of DASHBOARD_CARDS) await act(async () => fetch.resolve(answers[kind] ?? TRADE[kind], kind));
};

/** The filters the eight calls now loading were asked for. */
const loadingFilters = (fetch: ReturnType<typeof renderDashboard>['fetch']) => fetch.inputs.slice(-DASHBOARD_CARDS.length);

describe('dashboard machine × dashboard view (model-based)', () => {
  runModel(dashboardMachine, paths, (inspect) => {
    const user = userEvent.setup();
    const session = signedInSession(RESTAURANTS);
    const { fetch, navigations, location } = renderDashboard({ inspect, session });
    // What was applied, and how many navigations there were, before the step.
    const before = { applied: DEFAULT_FILTERS, navigations: 0 };
    // Navigating to the address already shown reports nothing; a link to the same filters differs by another parameter.
    let shown = '';
    const visit = (search: string) => {
      shown = search === shown ? `${search || '?'}${search ? '&' : ''}from=link` : search;
      act(() => location.navigate(`/dashboard${shown}`));
    };

    return {
      perform: async (event) => {
        const e = event as ModelEvent;
        before.navigations = navigations.length;
        if (await performFilterEvent(user, 'dashboard', e, branchLabel)) return;
        if (e.type === 'dashboard.apply') await user.click(screen.getByRole('button', { name: 'Apply' }));
        else if (e.type === 'dashboard.reset') await user.click(screen.getByRole('button', { name: 'Reset' }));
        else if (e.type === 'dashboard.urlChanged') visit(e.search);
        else if (e.type === 'dashboard.retry') await user.click(screen.getByRole('button', { name: `Retry ${TITLES[e.card][0]}` }));
        else if (e.type === 'dashboard.branchesChanged') {
          await session.changeRestaurants(RESTAURANTS.filter((r) => e.branches.some((b) => b.id === r.id)));
        } else await act(async () => fetch.settle(e));
      },
      verify: async (state, event) => {
        const e = event as ModelEvent;
        const { draft, applied } = state.context;
        const askable = draft.dates === null || datesProblem(draft.dates) === null;
        expect(screen.getByRole('heading', { level: 1, name: GROUP })).toBeInTheDocument();
        expect(
          screen.getByRole('heading', { level: 2, name: applied.dates ? OCTOBER_HEADING : HEADING[applied.range] }),
        ).toBeInTheDocument();
        expectDraftShown(draft, branchLabel);

        if (state.matches({ filters: 'busy' })) {
          expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
          expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
        } else {
          // Custom dates that cannot be asked for keep Apply disabled.
          expect(screen.getByRole('button', { name: 'Apply' })).toHaveProperty('disabled', !askable);
        }

        for (const kind of DASHBOARD_CARDS) {
          const titles = TITLES[kind];
          if (state.matches({ cards: { [kind]: 'loading' } } as never)) {
            for (const title of titles) expect(screen.getByRole('status', { name: `Loading ${title}` })).toBeInTheDocument();
            const query = fetch.inputs.findLast((q) => q.kind === kind);
            expect(query?.filters, `${kind} is loading the applied filters`).toEqual(applied);
          } else if (state.matches({ cards: { [kind]: 'loaded' } } as never)) {
            expect(FIGURE[kind]()).toBeInTheDocument();
          } else if (state.matches({ cards: { [kind]: 'empty' } } as never)) {
            if (HIDDEN_WHEN_EMPTY.includes(kind)) expect(screen.queryByRole('region', { name: titles[0] })).not.toBeInTheDocument();
            else expect(screen.getAllByText(EMPTY[kind as keyof typeof EMPTY])).toHaveLength(titles.length);
          } else {
            expect(screen.getAllByText(FAILURE[kind])).toHaveLength(titles.length);
            for (const title of titles) expect(screen.getByRole('button', { name: `Retry ${title}` })).toBeEnabled();
          }
        }

        // The target line: drawn over the revenue lines only while the window's targets are shown.
        if (state.matches({ cards: { revenues: 'loaded' } })) {
          const described = revenueChart().getAttribute('aria-describedby')!;
          const withTarget = document.getElementById(described)!.textContent!.includes('against a target of $');
          expect(withTarget).toBe(state.matches({ cards: { targets: 'loaded' } }));
        }

        // Apply and Reset ask for a new address; the URL, not the machine, then says what is applied.
        if (e.type === 'dashboard.apply' && !sameFilters(draft, applied) && askable) {
          expect(navigations.at(-1)).toEqual({ to: dashboardHref(draft), replace: false });
        }
        if (e.type === 'dashboard.reset') {
          expect(draft).toEqual(DEFAULT_FILTERS);
          if (!sameFilters(applied, DEFAULT_FILTERS)) {
            expect(navigations.at(-1)).toEqual({ to: '/dashboard', replace: false });
          }
        }
        // A branch taken from the member gives way to All Branches, on the cards and in the URL (replaced, once); other
        // changes of the branches navigate nowhere.
        if (e.type === 'dashboard.branchesChanged') {
          const lost = before.applied.restaurantId !== null && !e.branches.some((b) => b.id === before.applied.restaurantId);
          expect(navigations.length).toBe(before.navigations + (lost ? 1 : 0));
          if (lost) expect(navigations.at(-1)).toEqual({ to: dashboardHref(applied), replace: true });
          expect(draft.restaurantId === null || e.branches.some((b) => b.id === draft.restaurantId)).toBe(true);
        }
        before.applied = applied;
      },
    };
  });
});

// Written from the product rules (docs/product.md#dashboard, #metrics), not from the graph.
describe('dashboard product-rule scenarios', () => {
  it('opens titled with the group name, "Data Analytics of Past 7 Days", all eight calls franchise-wide at once', async () => {
    const { fetch } = renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: GROUP })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Data Analytics of Past 7 Days' })).toBeInTheDocument();
    expect(fetch.pending()).toBe(8);
    expect(fetch.inputs.map((q) => q.kind).sort()).toEqual([...DASHBOARD_CARDS].sort());
    expect(new Set(fetch.inputs.map((q) => JSON.stringify(q.filters)))).toEqual(new Set([JSON.stringify(DEFAULT_FILTERS)]));
    await settleAll(fetch);
    expect(screen.getByText(/16 Nov 2026 – 22 Nov 2026 \(Australia\/Sydney time\)/)).toBeInTheDocument();
  });

  it('Apply writes the filters to the URL, shows "Loading..." disabled while the cards load, then "Apply" again', async () => {
    const user = userEvent.setup();
    const { fetch, location } = renderDashboard({ follow: true });
    await settleAll(fetch);
    await choose(user, 'Time range', 'Last 1 Month');
    await choose(user, 'Branch', 'Parramatta');
    // Choosing changes only the draft: nothing loads, the heading still names the applied window.
    expect(fetch.pending()).toBe(0);
    expect(screen.getByRole('heading', { name: 'Data Analytics of Past 7 Days' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(location.history.at(-1)).toBe('/dashboard?range=1month&restaurant=7');
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(screen.getByRole('heading', { name: 'Data Analytics of Past 1 Month' })).toBeInTheDocument();
    expect(loadingFilters(fetch).map((q) => q.filters)).toEqual(Array(8).fill({ ...DEFAULT_FILTERS, range: '1month', restaurantId: 7 }));
    await settleAll(fetch);
    expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled();
  });

  it('Reset returns the selectors and the URL to Last 7 Days and All Branches', async () => {
    const user = userEvent.setup();
    const { fetch, location } = renderDashboard({ path: '/dashboard?range=3months&restaurant=9', follow: true });
    expect(screen.getByRole('heading', { name: 'Data Analytics of Past 3 Months' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Branch' })).toHaveValue('Bondi Beach');
    await settleAll(fetch);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(location.history.at(-1)).toBe('/dashboard');
    expect(screen.getByRole('combobox', { name: 'Time range' })).toHaveValue('Last 7 Days');
    expect(screen.getByRole('combobox', { name: 'Branch' })).toHaveValue('All Branches');
    expect(screen.getByRole('heading', { name: 'Data Analytics of Past 7 Days' })).toBeInTheDocument();
    expect(loadingFilters(fetch).map((q) => q.filters)).toEqual(Array(8).fill(DEFAULT_FILTERS));
  });

  it('an address with unknown values shows the defaults', async () => {
    const { fetch } = renderDashboard({ path: '/dashboard?range=fortnight&restaurant=999' });
    expect(screen.getByRole('heading', { name: 'Data Analytics of Past 7 Days' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Branch' })).toHaveValue('All Branches');
    expect(fetch.inputs.every((q) => q.filters.range === '7days' && q.filters.restaurantId === null)).toBe(true);
  });

  it('one failed card shows its error and Retry; Retry reloads that card only, the others keep their figures', async () => {
    const user = userEvent.setup();
    const { fetch } = renderDashboard();
    for (const kind of DASHBOARD_CARDS) {
      await act(async () =>
        kind === 'roster' ? fetch.reject(new ApiError('Database unavailable', 503), kind) : fetch.resolve(TRADE[kind], kind),
      );
    }
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByText('Today: 29')).toBeInTheDocument();
    const before = fetch.inputs.length;
    await user.click(screen.getByRole('button', { name: 'Retry Roster & Productivity' }));
    expect(fetch.inputs.slice(before).map((q) => q.kind)).toEqual(['roster']);
    expect(screen.getByRole('status', { name: 'Loading Roster & Productivity' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(screen.getByText('Today: 29')).toBeInTheDocument();
    await act(async () => fetch.resolve(TRADE.roster, 'roster'));
    // The chart's own axis labels (SVG text) name the staff too; the tile is the figure asserted.
    expect(screen.getByText('Mia Chen', { ignore: 'script, style, svg *' })).toBeInTheDocument();
  });

  it('an answer for the previous filters never lands once the URL changed', async () => {
    const calls: { query: CardQuery; resolve: (data: AnalyticsData[DashboardKind]) => void }[] = [];
    const fetchAnalytics = fromPromise<AnalyticsData[DashboardKind], CardQuery>(
      ({ input }) => new Promise((resolve) => calls.push({ query: input, resolve })),
    );
    const { location } = renderDashboard({ fetchAnalytics });
    const stale = calls.find((c) => c.query.kind === 'orders')!;
    act(() => location.navigate('/dashboard?range=14days'));
    await act(async () => stale.resolve(TRADE.orders));
    expect(screen.queryByText('Today: 29')).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading Number of Orders' })).toBeInTheDocument();
    const fresh = calls.findLast((c) => c.query.kind === 'orders')!;
    expect(fresh.query.filters).toEqual({ ...DEFAULT_FILTERS, range: '14days' } satisfies DashboardFilters);
    await act(async () => fresh.resolve({ ...TRADE.orders, today: { ...TRADE.orders.today, total: 4 } }));
    expect(screen.getByText('Today: 4')).toBeInTheDocument();
  });

  it("the restaurant widget's analytics icon applies that branch, keeping the range", async () => {
    const user = userEvent.setup();
    const { fetch, location } = renderDashboard({ path: '/dashboard?range=14days' });
    await settleAll(fetch);
    await user.click(screen.getByRole('link', { name: 'Show analytics of Parramatta' }));
    expect(location.history.at(-1)).toBe('/dashboard?range=14days&restaurant=7');
    expect(screen.getByRole('combobox', { name: 'Branch' })).toHaveValue('Parramatta');
    expect(loadingFilters(fetch).map((q) => q.filters)).toEqual(Array(8).fill({ ...DEFAULT_FILTERS, range: '14days', restaurantId: 7 }));
  });

  it('Top 5 Staffs: actual as % of assigned with one decimal, green at 80 or above, red below', async () => {
    const { fetch } = renderDashboard();
    await settleAll(fetch);
    const good = screen.getByLabelText('Mia Chen: 96.3% of assigned hours worked');
    const poor = screen.getByLabelText('Noah Patel: 75.0% of assigned hours worked');
    expect(good).toHaveTextContent('96.3%');
    expect(good.getAttribute('style')).toContain('--fc-color-positive');
    expect(poor.getAttribute('style')).toContain('--fc-color-negative');
  });

  it('the orders and headcount tabs switch their line charts, Dine-In and Recurrent first', async () => {
    const user = userEvent.setup();
    const { fetch } = renderDashboard();
    await settleAll(fetch);
    expect(screen.getByRole('tab', { name: 'Dine-In' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Recurrent' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('img', { name: 'Orders per period: Dine-In' })).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Takeaway' }));
    expect(screen.getByRole('img', { name: 'Orders per period: Takeaway' })).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'New' }));
    expect(screen.getByRole('img', { name: 'Guests per period: New' })).toBeVisible();
  });

  it('Top Selling Menu Items has the columns Menu Item, Units Sold, Revenue, Menu', async () => {
    const { fetch } = renderDashboard();
    await settleAll(fetch);
    const table = screen.getByRole('cell', { name: 'Wagyu Burger' }).closest('table')!;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Menu Item', 'Units Sold', 'Revenue', 'Menu']);
  });

  it('when the member loses the branch shown, All Branches takes its place on the cards, in the picker and in the URL', async () => {
    const session = signedInSession(RESTAURANTS);
    const { fetch, navigations } = renderDashboard({ path: '/dashboard?range=14days&restaurant=7', session });
    await waitFor(() => expect(fetch.pending()).toBe(8));
    await settleAll(fetch);
    await session.changeRestaurants(RESTAURANTS.filter((r) => WITHOUT_PARRAMATTA.some((b) => b.id === r.id)));
    expect(navigations).toEqual([{ to: '/dashboard?range=14days', replace: true }]);
    expect(screen.getByRole('combobox', { name: 'Branch' })).toHaveValue('All Branches');
    expect(loadingFilters(fetch).map((q) => q.filters)).toEqual(Array(8).fill({ ...DEFAULT_FILTERS, range: '14days' }));
  });

  it('a reported address that shows what is applied loads nothing again', async () => {
    const { fetch, location } = renderDashboard({ path: '/dashboard?range=1month' });
    await settleAll(fetch);
    const before = fetch.inputs.length;
    act(() => location.navigate('/dashboard?range=1month&restaurant=999'));
    await waitFor(() => expect(location.history.at(-1)).toBe('/dashboard?range=1month&restaurant=999'));
    expect(fetch.inputs.length).toBe(before);
  });
});
