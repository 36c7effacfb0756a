import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_PAGES, PAGE_TITLES, type AnalyticsPage, type PageReport } from '@contract/page-reports.contract';
import { pathOf } from '../../src/shared/routing';
import { chartDescription } from '../../src/views/analytics/report-sections';
import { coverageText } from '../../src/views/analytics/analytics-page.view';
import { pageAt } from '../../src/views/analytics/analytics.page';
import { ORDER_REPORT, REVENUE_REPORT } from '../model/models/analytics-page.model';
import { failure, installFakeServer, ok, OWNER, RESTAURANTS, type Call } from './support/fake-server';
import { LAZY, renderApp as renderAppAt } from './support/render-app';

const reportOf = (page: AnalyticsPage): PageReport => ({
  ...(page === 'revenue' ? REVENUE_REPORT : ORDER_REPORT),
  page,
  title: PAGE_TITLES[page],
});

type Answer = (call: Call) => Response;
let answer: Answer;
let requests: Call[];

beforeEach(() => {
  answer = (call) => {
    const page = /\/pages\/(\w+)/.exec(call.path)![1] as AnalyticsPage;
    return ok(reportOf(page), 200, `${PAGE_TITLES[page]} report retrieved`);
  };
  requests = installFakeServer((call) => answer(call)).calls;
});
afterEach(() => vi.unstubAllGlobals());

/** The whole app at `path`, signed in from storage: the page's calls go through the real service and HTTP client. */
const renderApp = (path: string) => renderAppAt(path, { user: OWNER, restaurants: RESTAURANTS });

describe('the five analytics routes', { timeout: 20_000 }, () => {
  it.each(ANALYTICS_PAGES)('%s: its spec title, its own report call at 7 days franchise-wide, then its report', async (page) => {
    renderApp(pathOf(page));
    expect(await screen.findByRole('heading', { level: 1, name: PAGE_TITLES[page] }, LAZY)).toBeInTheDocument();
    expect((await screen.findAllByText(/vs previous 7 days/, undefined, LAZY)).length).toBeGreaterThan(0);
    expect(requests.map((c) => `${c.path}${c.query}`)).toEqual([`/analytics/pages/${page}?period=7days`]);
  });

  it('a branch in the address asks for that branch’s report and shows it in the header', async () => {
    renderApp('/headcount?range=3months&restaurant=9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Headcount' }, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Branch' })).toHaveValue('Bondi Beach');
    expect(screen.getByRole('button', { name: '3 months', pressed: true })).toBeInTheDocument();
    await screen.findAllByText(/vs previous 7 days/, undefined, LAZY);
    expect(`${requests[0]!.path}${requests[0]!.query}`).toBe('/restaurants/9/analytics/pages/headcount?period=3months');
  });

  it('maps each registry path to its page', () => {
    expect(ANALYTICS_PAGES.map((p) => pageAt(pathOf(p)))).toEqual(ANALYTICS_PAGES);
    expect(pageAt('/roster')).toBe('roster');
    expect(() => pageAt('/dashboard')).toThrow('No analytics page at /dashboard');
  });
});

describe('export from the page', { timeout: 20_000 }, () => {
  it('saves the CSV under the server’s name through an object URL, revoked afterwards, and says "Exported as CSV!"', async () => {
    const userEvents = userEvent.setup();
    const saved: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/file-1');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const page = answer;
    answer = (call) =>
      call.path.endsWith('/export')
        ? new Response('\uFEFFDate,Dine-In\r\n', {
            headers: {
              'Content-Type': 'text/csv',
              'Content-Disposition': 'attachment; filename="order-parramatta-2026-10-23_2026-11-22.csv"',
            },
          })
        : page(call);
    try {
      renderApp('/order?range=1month&restaurant=7');
      await screen.findAllByText(/vs previous 7 days/, undefined, LAZY);
      vi.useFakeTimers({ shouldAdvanceTime: true });
      await userEvents.click(screen.getByRole('button', { name: 'Export' }));
      await userEvents.click(screen.getByRole('button', { name: 'Export as CSV' }));
      expect(await screen.findByText('Exported as CSV!')).toBeInTheDocument();
      const exportCall = requests.find((c) => c.path.endsWith('/export'))!;
      expect(`${exportCall.path}${exportCall.query}`).toBe('/restaurants/7/analytics/pages/order/export?period=1month&format=csv');
      expect(create).toHaveBeenCalledTimes(1);
      expect(await (create.mock.calls[0]![0] as Blob).text()).toBe('\uFEFFDate,Dine-In\r\n');
      expect(saved).toEqual([{ href: 'blob:http://localhost/file-1', download: 'order-parramatta-2026-10-23_2026-11-22.csv' }]);
      expect(document.querySelector('a[download]')).toBeNull();
      expect(revoke).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(40_000);
      expect(revoke).toHaveBeenCalledWith('blob:http://localhost/file-1');
    } finally {
      vi.useRealTimers();
      click.mockRestore();
      create.mockRestore();
      revoke.mockRestore();
    }
  });

  it('a failed PDF export shows the server’s message from its JSON error body and saves nothing', async () => {
    const userEvents = userEvent.setup();
    const create = vi.spyOn(URL, 'createObjectURL');
    const page = answer;
    answer = (call) => (call.path.endsWith('/export') ? failure(503, 'The PDF could not be made right now') : page(call));
    try {
      renderApp('/procurement');
      await screen.findAllByText(/vs previous 7 days/, undefined, LAZY);
      await userEvents.click(screen.getByRole('button', { name: 'Export' }));
      await userEvents.click(screen.getByRole('button', { name: 'Export as PDF' }));
      expect(await screen.findByText('The PDF could not be made right now')).toBeInTheDocument();
      expect(create).not.toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
    } finally {
      create.mockRestore();
    }
  });

  it('the export list closes on a click outside it', async () => {
    const userEvents = userEvent.setup();
    renderApp('/order');
    await screen.findAllByText(/vs previous 7 days/, undefined, LAZY);
    await userEvents.click(screen.getByRole('button', { name: 'Export' }));
    expect(screen.getByRole('button', { name: 'Export' })).toHaveAttribute('aria-expanded', 'true');
    await userEvents.click(screen.getByRole('heading', { level: 1, name: 'Order' }));
    expect(screen.queryByRole('button', { name: 'Export as PDF' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('report text', { timeout: 20_000 }, () => {
  it('the chart described in words for screen readers, from the table it draws', () => {
    expect(chartDescription(REVENUE_REPORT)).toBe(
      'Mon 16 Nov: Dine-In $1,200.50 (compared: $1,100.00), Takeaway $800.00 (compared: $640.50); ' +
        'Tue 17 Nov: Dine-In $900.00 (compared: $950.00), Takeaway $700.25 (compared: $700.00)',
    );
  });

  it('a partial last bucket (a month clipped to the window) says so in the description', () => {
    const [breakdown, ...others] = REVENUE_REPORT.tables;
    const report = {
      ...REVENUE_REPORT,
      window: { ...REVENUE_REPORT.window, grouping: 'monthly' as const, start_date: '2026-10-01', end_date: '2026-11-17' },
      tables: [
        { ...breakdown!, rows: breakdown!.rows.map((row, i) => ({ cells: [['Oct 2026', '1–17 Nov'][i]!, ...row.cells.slice(1)] })) },
        ...others,
      ],
    };
    expect(chartDescription(report)).toMatch(/^Oct 2026: Dine-In \$1,200\.50 .*; 1–17 Nov \(partial\): Dine-In \$900\.00 /);
  });

  it('what the figures cover: range, branch, days and time zone', () => {
    expect(coverageText(ORDER_REPORT)).toBe('Last 7 Days · All Branches · 16 Nov 2026 – 22 Nov 2026 (Australia/Sydney time)');
    expect(coverageText({ ...ORDER_REPORT, branch: { id: 7, name: 'Parramatta', location: 'Parramatta, NSW' } })).toBe(
      'Last 7 Days · Parramatta · 16 Nov 2026 – 22 Nov 2026 (Australia/Sydney time)',
    );
  });

  it('the Revenue page’s tables: branch rows link to the dashboard; the Total row sits in the table foot', async () => {
    renderApp('/revenue?range=1month');
    await screen.findAllByText(/vs previous 7 days/, undefined, LAZY);
    const comparison = screen.getByRole('group', { name: 'Branch Comparison (Last 7 Days), scrollable' });
    expect(within(comparison).getByRole('link', { name: 'Dashboard of Bondi Beach' })).toHaveAttribute(
      'href',
      '/dashboard?range=1month&restaurant=9',
    );
    const total = within(comparison).getAllByRole('row').at(-1)!;
    expect(total.closest('tfoot')).not.toBeNull();
    expect(total.textContent).toBe('–Total$3,600.75210$17.1529.0%30.8%+40.2%');
  });
});

describe('a window with no data', { timeout: 20_000 }, () => {
  it('says so under what it covers, in place of the cards, chart and tables; export stays offered', async () => {
    const branch = { id: 7, name: 'Parramatta', location: 'Parramatta, NSW' };
    answer = () => ok({ ...reportOf('order'), branch, no_data: 'No orders in this window.' }, 200, 'Order report retrieved');
    renderApp('/order?restaurant=7');
    expect(await screen.findByText('No orders in this window.', undefined, LAZY)).toBeInTheDocument();
    expect(screen.getByText('Last 7 Days · Parramatta · 16 Nov 2026 – 22 Nov 2026 (Australia/Sydney time)')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByText('Total Orders')).toBeNull();
    expect(screen.queryByText(/vs previous 7 days/)).toBeNull();
    expect(screen.getByRole('button', { name: /Export/ })).toBeEnabled();
  });
});
