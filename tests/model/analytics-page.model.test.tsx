import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { choose } from './support/choose';
import { describe, expect, it } from 'vitest';
import type { InspectionEvent } from 'xstate';
import type { Restaurant } from '@contract/auth.contract';
import type { AnalyticsPage, PageReport } from '@contract/page-reports.contract';
import { analyticsPageMachine, type ExportQuery, type PageQuery } from '../../src/machines/analytics-page.machine';
import { ApiError } from '../../src/services/api-error';
import type { ExportFile } from '../../src/services/page-reports.service';
import type { Navigation } from '../../src/shared/effects';
import { datesProblem, DEFAULT_FILTERS, filtersHref, sameFilters } from '../../src/machines/support/analytics-filters';
import { AnalyticsPageContext } from '../../src/views/analytics/analytics-page.context';
import { AnalyticsPageBranchesSync, AnalyticsPageUrlSync, AnalyticsPageView } from '../../src/views/analytics/analytics-page.view';
import { SessionContext } from '../../src/views/shared/session.context';
import {
  BRANCHES,
  CSV_FILE,
  EMPTY_ORDER_REPORT,
  EXPORT_FAILURE,
  INPUT,
  ORDER_REPORT,
  PDF_FILE,
  REPORT_FAILURE,
  REVENUE_REPORT,
  WITHOUT_PARRAMATTA,
  paths,
  type ModelEvent,
} from './models/analytics-page.model';
import { controllableActor } from './support/deferred';
import { expectDraftShown, performFilterEvent } from './support/filter-header';
import { runModel } from './support/model-runner';
import { signedInSession } from './support/page-session';
import { renderView } from './support/render-view';

const RANGE_BUTTON = { '7days': '7 days', '14days': '14 days', '1month': '1 month', '3months': '3 months' } as const;
const branchLabel = (id: number | null) => (id === null ? 'All Branches' : BRANCHES.find((b) => b.id === id)!.name);
const PATHS: Record<AnalyticsPage, string> = {
  order: '/order',
  roster: '/roster',
  revenue: '/revenue',
  headcount: '/headcount',
  procurement: '/procurement',
  loss: '/loss',
  costs: '/costs',
  'menu-engineering': '/menu-engineering',
};

/**
 * An analytics page around a fresh actor whose calls the test answers; `navigate` records, or moves the memory location
 * with `follow`. With `session`, the page runs inside that signed-in session (mounted once signed in, as in the console)
 * and follows its branches.
 */
export function renderPage({
  page = 'order',
  inspect,
  search = '',
  follow = false,
  session,
}: {
  page?: AnalyticsPage;
  inspect?: (event: InspectionEvent) => void;
  search?: string;
  follow?: boolean;
  session?: ReturnType<typeof signedInSession>;
} = {}) {
  const fetch = controllableActor<PageReport, PageQuery>();
  const exporter = controllableActor<ExportFile, ExportQuery>();
  const navigations: Navigation[] = [];
  const downloads: ExportFile[] = [];
  const view = renderView(
    (effects) => {
      const pageView = (
        <AnalyticsPageContext.Provider
          options={{ inspect, input: { ...INPUT, page, search } }}
          logic={analyticsPageMachine.provide({
            actors: { fetchReport: fetch.logic, exportReport: exporter.logic },
            actions: {
              navigate: (_, navigation) => {
                navigations.push(navigation);
                if (follow) effects.navigate(_, navigation);
              },
              notify: effects.notify,
              download: (_, file) => downloads.push(file),
            },
          })}
        >
          <AnalyticsPageUrlSync />
          {session && <AnalyticsPageBranchesSync />}
          <AnalyticsPageView />
        </AnalyticsPageContext.Provider>
      );
      if (!session) return pageView;
      return (
        <SessionContext.Provider logic={session.logic}>
          <session.Handle />
          <session.SignedIn>{pageView}</session.SignedIn>
        </SessionContext.Provider>
      );
    },
    { path: `${PATHS[page]}${search}` },
  );
  return { ...view, fetch, exporter, navigations, downloads };
}

async function exportAs(user: UserEvent, label: 'CSV' | 'PDF') {
  await user.click(screen.getByRole('button', { name: 'Export' }));
  await user.click(screen.getByRole('button', { name: `Export as ${label}` }));
}

/** The heatmap's measure choice (a segmented control: a radio per measure). */
const heatmapChoice = (label: 'Orders' | 'Revenue') =>
  within(screen.getByRole('radiogroup', { name: 'Heatmap of' })).getByRole('radio', { name: label });

const rangeButton = (range: keyof typeof RANGE_BUTTON) =>
  within(screen.getByRole('group', { name: 'Range' })).getByRole('button', { name: RANGE_BUTTON[range] });

describe('analytics page machine × analytics page view (model-based)', () => {
  runModel(analyticsPageMachine, paths, (inspect) => {
    const user = userEvent.setup();
    const session = signedInSession(BRANCHES as Restaurant[]);
    const { fetch, exporter, navigations, downloads, location } = renderPage({ inspect, session });
    // Navigating to the address already shown reports nothing; a link to the same filters differs by another parameter.
    let shown = '';
    const visit = (search: string) => {
      shown = search === shown ? `${search || '?'}${search ? '&' : ''}from=link` : search;
      act(() => location.navigate(`/order${shown}`));
    };

    // What was applied, and how many navigations there were, before the step.
    const before = { applied: DEFAULT_FILTERS, navigations: 0 };

    return {
      perform: async (event) => {
        const e = event as ModelEvent;
        before.navigations = navigations.length;
        if (await performFilterEvent(user, 'page', e, branchLabel)) return;
        if (e.type === 'page.apply' && e.range) await user.click(rangeButton(e.range));
        else if (e.type === 'page.apply') await user.click(screen.getByRole('button', { name: 'Apply' }));
        else if (e.type === 'page.retry') await user.click(screen.getByRole('button', { name: 'Retry' }));
        else if (e.type === 'page.export') await exportAs(user, e.format === 'csv' ? 'CSV' : 'PDF');
        else if (e.type === 'page.heatmapMeasure') await user.click(heatmapChoice(e.measure === 'orders' ? 'Orders' : 'Revenue'));
        else if (e.type === 'page.urlChanged') visit(e.search);
        else if (e.type === 'page.branchesChanged') await session.changeRestaurants(e.branches as Restaurant[]);
        else if (e.type.endsWith('fetchReport')) await act(async () => fetch.settle(e));
        else await act(async () => exporter.settle(e));
      },
      verify: async (state, event) => {
        const e = event as ModelEvent;
        const { draft, applied } = state.context;
        // Custom dates that cannot be asked for keep Apply disabled.
        const askable = draft.dates === null || datesProblem(draft.dates) === null;
        expect(screen.getByRole('heading', { level: 1, name: 'Order' })).toBeInTheDocument();
        // The header's dropdown and the range buttons show one range: the draft's (none pressed for custom dates).
        expectDraftShown(draft, branchLabel);
        for (const range of Object.keys(RANGE_BUTTON) as (keyof typeof RANGE_BUTTON)[])
          expect(rangeButton(range)).toHaveAttribute('aria-pressed', String(!draft.dates && range === draft.range));

        if (state.matches('loading')) {
          expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
          expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
          expect(screen.getByRole('status', { name: 'Loading Order report' })).toBeInTheDocument();
          expect(rangeButton('3months')).toBeDisabled();
          expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
          expect(fetch.inputs.at(-1)).toEqual({ page: 'order', filters: applied });
        } else if (state.matches('failed')) {
          expect(screen.getByText(REPORT_FAILURE)).toBeInTheDocument();
          expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
          expect(screen.getByRole('button', { name: 'Apply' })).toHaveProperty('disabled', !askable);
          expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
        } else {
          expect(screen.getByText('Total Orders')).toBeInTheDocument();
          expect(screen.getByRole('heading', { level: 2, name: 'Order Breakdown' })).toBeInTheDocument();
          expect(screen.getAllByRole('rowheader', { name: 'Total' }).length).toBeGreaterThan(0);
          // The hours heatmap shows the chosen measure, and its choice says so.
          const measure = state.context.heatmapMeasure === 'orders' ? 'Orders' : 'Revenue';
          expect(screen.getByRole('img', { name: `${measure} by weekday and hour` })).toBeInTheDocument();
          expect(heatmapChoice(measure)).toBeChecked();
          if (state.matches({ loaded: 'exporting' })) {
            // The button shows its progress (Mantine's loader) and neither format can be chosen.
            expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
            expect(screen.getByRole('button', { name: 'Export' })).toHaveAttribute('data-loading', 'true');
            expect(screen.queryByRole('button', { name: 'Export as CSV' })).not.toBeInTheDocument();
            expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
            expect(rangeButton('7days')).toBeDisabled();
            expect(exporter.inputs.at(-1)).toEqual({ page: 'order', filters: applied, format: state.context.exporting });
          } else {
            expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
            expect(screen.getByRole('button', { name: 'Apply' })).toHaveProperty('disabled', !askable);
            expect(rangeButton('7days')).toBeEnabled();
          }
        }

        if (e.type === 'xstate.done.actor.exportReport') {
          const file = e.output;
          expect(downloads.at(-1)).toBe(file);
          expect(await screen.findByText(file === PDF_FILE ? 'Exported as PDF!' : 'Exported as CSV!')).toBeInTheDocument();
        }
        if (e.type === 'xstate.error.actor.exportReport') expect(await screen.findByText(EXPORT_FAILURE)).toBeInTheDocument();
        // A branch taken from the member gives way to All Branches, on screen and in the URL (replaced, once); other
        // changes of the branches navigate nowhere.
        if (e.type === 'page.branchesChanged') {
          const lost = before.applied.restaurantId !== null && !e.branches.some((b) => b.id === before.applied.restaurantId);
          expect(navigations.length).toBe(before.navigations + (lost ? 1 : 0));
          if (lost) expect(navigations.at(-1)).toEqual({ to: filtersHref('/order', applied), replace: true });
          expect(draft.restaurantId === null || e.branches.some((b) => b.id === draft.restaurantId)).toBe(true);
        }
        // Apply asks for a new address; the URL, not the machine, then says what is applied.
        if (e.type === 'page.apply' && !sameFilters(draft, applied) && askable) {
          expect(navigations.at(-1)).toEqual({ to: filtersHref('/order', draft), replace: false });
        }
        before.applied = applied;
      },
    };
  });
});

// Written from the product rules (docs/product.md#analytics-pages, #export, #toasts), not from the graph.
describe('analytics page product-rule scenarios', () => {
  it('opens at 7 days franchise-wide, one call for its page, "Loading..." until the report arrives', async () => {
    const { fetch } = renderPage();
    expect(fetch.inputs).toEqual([{ page: 'order', filters: { ...DEFAULT_FILTERS, range: '7days', restaurantId: null } }]);
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    await act(async () => fetch.resolve(ORDER_REPORT));
    expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled();
    expect(screen.getByText('Last 7 Days · All Branches · 16 Nov 2026 – 22 Nov 2026 (Australia/Sydney time)')).toBeInTheDocument();
  });

  it('a range button applies its range at once and writes it to the URL; the header dropdown follows', async () => {
    const user = userEvent.setup();
    const { fetch, location } = renderPage({ follow: true });
    await act(async () => fetch.resolve(ORDER_REPORT));
    await user.click(rangeButton('1month'));
    expect(location.history.at(-1)).toBe('/order?range=1month');
    expect(screen.getByRole('combobox', { name: 'Time range' })).toHaveValue('Last 1 Month');
    expect(fetch.inputs.at(-1)).toEqual({ page: 'order', filters: { ...DEFAULT_FILTERS, range: '1month', restaurantId: null } });
  });

  it('the header dropdown moves the pressed range button without loading; Apply then loads it with the branch', async () => {
    const user = userEvent.setup();
    const { fetch, location } = renderPage({ follow: true });
    await act(async () => fetch.resolve(ORDER_REPORT));
    await choose(user, 'Time range', 'Last 3 Months');
    await choose(user, 'Branch', 'Bondi Beach');
    expect(rangeButton('3months')).toHaveAttribute('aria-pressed', 'true');
    expect(rangeButton('7days')).toHaveAttribute('aria-pressed', 'false');
    expect(fetch.inputs).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(location.history.at(-1)).toBe('/order?range=3months&restaurant=9');
    expect(fetch.inputs.at(-1)).toEqual({ page: 'order', filters: { ...DEFAULT_FILTERS, range: '3months', restaurantId: 9 } });
  });

  it('an address with a range and branch loads them; one with unknown values shows the defaults', () => {
    const first = renderPage({ search: '?range=14days&restaurant=7' });
    expect(first.fetch.inputs).toEqual([{ page: 'order', filters: { ...DEFAULT_FILTERS, range: '14days', restaurantId: 7 } }]);
    first.unmount();
    const second = renderPage({ search: '?range=fortnight&restaurant=999' });
    expect(second.fetch.inputs).toEqual([{ page: 'order', filters: { ...DEFAULT_FILTERS, range: '7days', restaurantId: null } }]);
    expect(screen.getByRole('combobox', { name: 'Branch' })).toHaveValue('All Branches');
  });

  it('stat cards show the change versus the previous window, or "no previous data"', async () => {
    const { fetch } = renderPage();
    await act(async () => fetch.resolve(ORDER_REPORT));
    expect(screen.getByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('+12.4% vs previous 7 days')).toBeInTheDocument();
    expect(screen.getByText('-5.9% vs previous 7 days')).toBeInTheDocument();
    expect(screen.getByText('no previous data')).toBeInTheDocument();
  });

  it('the breakdown table: its columns, one row per day, and the Total row last', async () => {
    const { fetch } = renderPage();
    await act(async () => fetch.resolve(ORDER_REPORT));
    const table = screen.getByRole('group', { name: 'Order Breakdown, scrollable' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Dine-In', 'Takeaway', 'Total']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(1 + 7 + 1);
    expect(rows.at(-1)!.textContent).toBe('Total10969178');
    expect(rows.at(-1)!.closest('tfoot')).not.toBeNull();
  });

  it('a table without rows shows its empty text', async () => {
    const { fetch } = renderPage();
    await act(async () => fetch.resolve(EMPTY_ORDER_REPORT));
    expect(screen.getAllByText('No orders in this window.').length).toBeGreaterThan(0);
    expect(screen.queryByRole('rowheader', { name: 'Total' })).not.toBeInTheDocument();
  });

  it('Revenue: money cells, "–" where a value is undefined, and each branch links to its dashboard at the applied range', async () => {
    const { fetch } = renderPage({ page: 'revenue', search: '?range=14days' });
    expect(screen.getByRole('heading', { level: 1, name: 'Revenue' })).toBeInTheDocument();
    await act(async () => fetch.resolve(REVENUE_REPORT));
    expect(screen.getByText('$21,034.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard of Parramatta' })).toHaveAttribute('href', '/dashboard?range=14days&restaurant=7');
    expect(screen.getByRole('link', { name: 'Dashboard of Bondi Beach' })).toHaveAttribute('href', '/dashboard?range=14days&restaurant=9');
    const comparison = screen.getByRole('group', { name: 'Branch Comparison (Last 7 Days), scrollable' });
    expect(within(comparison).getAllByRole('row')[2]!.textContent).toContain('–');
    expect(screen.getByText('No combos sold in this window.')).toBeInTheDocument();
  });

  it('CSV export: the applied filters, the file saved under its name, "Exported as CSV!"', async () => {
    const user = userEvent.setup();
    const { fetch, exporter, downloads } = renderPage({ search: '?range=1month&restaurant=7' });
    await act(async () => fetch.resolve(ORDER_REPORT));
    // A draft not applied yet is not what the file holds: the screen's filters are.
    await choose(user, 'Time range', 'Last 3 Months');
    await exportAs(user, 'CSV');
    expect(exporter.inputs).toEqual([{ page: 'order', filters: { ...DEFAULT_FILTERS, range: '1month', restaurantId: 7 }, format: 'csv' }]);
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
    await act(async () => exporter.resolve(CSV_FILE));
    expect(downloads).toEqual([CSV_FILE]);
    expect(await screen.findByText('Exported as CSV!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });

  it('PDF export failure: an error toast with the server message, and the page stays as it was', async () => {
    const user = userEvent.setup();
    const { fetch, exporter, downloads } = renderPage();
    await act(async () => fetch.resolve(ORDER_REPORT));
    await exportAs(user, 'PDF');
    await act(async () => exporter.reject(new ApiError('Export failed. Please try again.', 0)));
    expect(await screen.findByText('Export failed. Please try again.')).toBeInTheDocument();
    expect(downloads).toEqual([]);
    expect(screen.getByRole('heading', { level: 2, name: 'Order Breakdown' })).toBeInTheDocument();
  });

  it('the export list closes on Escape, back on its button', async () => {
    const user = userEvent.setup();
    const { fetch } = renderPage();
    await act(async () => fetch.resolve(ORDER_REPORT));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(screen.getByRole('button', { name: 'Export as CSV' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Export as CSV' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toHaveFocus();
  });

  it('the export list closes when the focus tabs out of it', async () => {
    const user = userEvent.setup();
    const { fetch } = renderPage();
    await act(async () => fetch.resolve(ORDER_REPORT));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Export as PDF' })).toHaveFocus();
    await user.tab();
    expect(screen.queryByRole('button', { name: 'Export as PDF' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('when the member loses the branch shown, its picker drops it and All Branches loads in its place (the URL replaced)', async () => {
    const user = userEvent.setup();
    const session = signedInSession(BRANCHES as Restaurant[]);
    const { fetch, navigations } = renderPage({ search: '?range=1month&restaurant=7', session });
    await waitFor(() =>
      expect(fetch.inputs).toEqual([{ page: 'order', filters: { ...DEFAULT_FILTERS, range: '1month', restaurantId: 7 } }]),
    );
    await act(async () => fetch.resolve(ORDER_REPORT));
    await session.changeRestaurants(WITHOUT_PARRAMATTA as Restaurant[]);
    expect(navigations).toEqual([{ to: '/order?range=1month', replace: true }]);
    expect(fetch.inputs.at(-1)).toEqual({ page: 'order', filters: { ...DEFAULT_FILTERS, range: '1month', restaurantId: null } });
    expect(screen.getByRole('combobox', { name: 'Branch' })).toHaveValue('All Branches');
    await user.hover(screen.getByRole('combobox', { name: 'Branch' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Branch' })).toHaveClass('mantine-Select-input'));
    await user.click(screen.getByRole('combobox', { name: 'Branch' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['All Branches', 'Bondi Beach']);
  });

  it('a failed report shows the message and Retry, which loads the same filters again', async () => {
    const user = userEvent.setup();
    const { fetch } = renderPage({ search: '?range=3months' });
    await act(async () => fetch.reject(new ApiError('Failed to fetch order report', 500)));
    expect(screen.getByText('Failed to fetch order report')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(fetch.inputs).toHaveLength(2);
    expect(fetch.inputs.at(-1)).toEqual({ page: 'order', filters: { ...DEFAULT_FILTERS, range: '3months', restaurantId: null } });
  });
});
