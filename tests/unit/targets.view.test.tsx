import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TargetsAnswer, TargetsGrid } from '@contract/api/targets.calls';
import { monthDays, SPREAD_AMOUNT_MESSAGE, STALE_TARGETS_MESSAGE } from '@contract/targets.contract';
import { dayHeading, dayInZone, monthLabel, shiftMonth, varianceQuery } from '../../src/machines/support/targets-grid';
import { formatDay } from '@contract/presentation/format';
import { sessionStore } from '../../src/services/session-storage';
import { failure, installFakeServer, ok, OWNER, RESTAURANTS, type Call } from './support/fake-server';
import { LAZY, renderApp } from './support/render-app';

// The Targets page through the whole app: the real route, machine, service and HTTP client over a fake server. The
// month is the franchise's current one, so the days are named from it.

const MONTH = dayInZone(OWNER.franchise.time_zone).slice(0, 7);
const DAYS = monthDays(MONTH);
const [PARRAMATTA, BONDI] = RESTAURANTS as unknown as { id: number; name: string }[];
const cellName = (branch: string, day: string) => `${branch}, ${dayHeading(day)} ${monthLabel(MONTH)}`;

const gridOf = (month: string, version: number): TargetsGrid => ({
  month,
  days: monthDays(month),
  version,
  restaurants: [
    {
      id: PARRAMATTA!.id,
      name: PARRAMATTA!.name,
      weekday_revenue_cents: [0, 0, 0, 0, 0, 0, 0],
      targets: [{ day: `${month}-02`, revenue_cents: 100_000, labour_cost_pct: 30 }],
    },
    { id: BONDI!.id, name: BONDI!.name, weekday_revenue_cents: [0, 0, 0, 0, 0, 0, 0], targets: [] },
  ],
});

/** The targets answer of a window: Bondi below its target, Parramatta above, worst first as the server orders them. */
const varianceOf = (start_date: string, end_date: string): TargetsAnswer => ({
  window: {
    start_date,
    end_date,
    days: 1,
    grouping: 'daily',
    time_zone: OWNER.franchise.time_zone,
    compare: 'previous',
    previous: { start_date, end_date },
    today: end_date,
  },
  totals: { revenue: 2500, target: 2600, variance: -100, variance_pct: -3.8 },
  series: [],
  restaurants: [
    { id: BONDI!.id, name: BONDI!.name, revenue: 900, target: 1200, variance: -300, variance_pct: -25 },
    { id: PARRAMATTA!.id, name: PARRAMATTA!.name, revenue: 1600, target: 1400, variance: 200, variance_pct: 14.3 },
  ],
});

let calls: Call[];
let putAnswer: () => Response;
let exportAnswer: () => Response;
let varianceFails: boolean;

beforeEach(() => {
  putAnswer = () => ok({ created: 1, updated: 0, unchanged: 0, version: 6 });
  varianceFails = false;
  exportAnswer = () =>
    new Response('Branch,Revenue\r\n', {
      headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="targets-2026-10-01_2026-10-31.csv"' },
    });
  calls = installFakeServer((call) => {
    const query = new URLSearchParams(call.query);
    if (call.path === '/analytics/targets' && varianceFails) return failure(503, 'Revenue is being recounted');
    if (call.path === '/analytics/targets') return ok(varianceOf(query.get('start_date')!, query.get('end_date')!));
    if (call.path === '/analytics/targets/export') return exportAnswer();
    if (call.path === '/targets' && call.method === 'GET') return ok(gridOf(new URLSearchParams(call.query).get('month')!, 5));
    if (call.path === '/targets' && call.method === 'PUT') return putAnswer();
    return failure(500, 'unexpected call');
  }).calls;
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
  act(() => notifications.clean());
});

const puts = () => calls.filter((c) => c.method === 'PUT');
const gridReads = () => calls.filter((c) => c.method === 'GET' && c.path === '/targets').map((c) => c.query);
const varianceReads = () => calls.filter((c) => c.path === '/analytics/targets').map((c) => c.query);
const TODAY = dayInZone(OWNER.franchise.time_zone);
/** The query string of a month's variance, as the page asks for it. */
const varianceQs = (month: string) => `?${new URLSearchParams(varianceQuery(month, TODAY)!).toString()}`;

async function openPage() {
  renderApp('/targets', { user: OWNER, restaurants: RESTAURANTS });
  expect(await screen.findByRole('heading', { level: 1, name: 'Targets' }, LAZY)).toBeInTheDocument();
  return screen.findByRole('table', { name: `Revenue targets of ${monthLabel(MONTH)}` }, LAZY);
}

async function type(user: UserEvent, name: string, text: string) {
  const input = screen.getByRole('textbox', { name });
  await user.clear(input);
  await user.type(input, text);
}

describe('Targets page', () => {
  it('shows the month’s grid: branches × days headed "1 Mon", blanks where no target, totals per row and day', async () => {
    const table = await openPage();
    expect(gridReads()).toEqual([`?month=${MONTH}`]);
    expect(screen.getByTestId('targets-month')).toHaveTextContent(monthLabel(MONTH));
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headings).toEqual(['Branch', 'Labour %', ...DAYS.map(dayHeading), 'Total']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Parramatta', 'Bondi Beach', 'Total']);
    expect(screen.getByRole('textbox', { name: cellName('Parramatta', `${MONTH}-02`) })).toHaveValue('1000');
    expect(screen.getByRole('textbox', { name: cellName('Parramatta', `${MONTH}-03`) })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Parramatta, labour %' })).toHaveValue('30');
    expect(screen.getByTestId(`row-total-${PARRAMATTA!.id}`)).toHaveTextContent('$1,000.00');
    expect(screen.getByTestId('month-total')).toHaveTextContent('$1,000.00');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('marks an edited cell as unsaved and updates the totals; an invalid one is marked and blocks the save', async () => {
    const user = userEvent.setup();
    await openPage();
    const day = `${MONTH}-03`;
    await type(user, cellName('Bondi Beach', day), '250.5');
    const cell = screen.getByRole('textbox', { name: cellName('Bondi Beach', day) });
    expect(cell).toHaveAttribute('data-changed');
    expect(screen.getByText('Unsaved changes are highlighted.')).toBeInTheDocument();
    expect(screen.getByTestId(`day-total-${day}`)).toHaveTextContent('$250.50');
    expect(screen.getByTestId('month-total')).toHaveTextContent('$1,250.50');
    await type(user, cellName('Bondi Beach', day), '12.345');
    expect(cell).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Fix the marked cells first: dollars, not negative, at most 2 decimals.');
    expect(screen.queryByRole('dialog')).toBeNull();
    // Typed back to what was read: nothing left to save.
    await user.clear(cell);
    expect(cell).not.toHaveAttribute('data-changed');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('previews a spread monthly amount as unsaved changes; $0 changes nothing; the save asks, then sends cents with the version', async () => {
    const user = userEvent.setup();
    await openPage();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Branch' }), 'Bondi Beach');
    await type(user, 'Monthly amount ($)', '0');
    await user.click(screen.getByRole('button', { name: 'Spread' }));
    expect(screen.getByRole('alert')).toHaveTextContent(SPREAD_AMOUNT_MESSAGE);
    expect(screen.getByTestId(`row-total-${BONDI!.id}`)).toHaveTextContent('$0.00');
    await type(user, 'Monthly amount ($)', '3,000');
    await user.click(screen.getByRole('button', { name: 'Spread' }));
    expect(screen.getByTestId(`row-total-${BONDI!.id}`)).toHaveTextContent('$3,000.00');
    const cells = DAYS.map((d) => screen.getByRole('textbox', { name: cellName('Bondi Beach', d) }));
    expect(cells.every((c) => c.hasAttribute('data-changed'))).toBe(true);
    expect(puts()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: `Save ${DAYS.length} targets for 1 branch?` });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    const body = puts()[0]!.body as { version: number; targets: { restaurant_id: number; revenue_cents: number; labour_cost_pct: null }[] };
    expect(body.version).toBe(5);
    expect(body.targets).toHaveLength(DAYS.length);
    expect(body.targets.every((t) => t.restaurant_id === BONDI!.id && t.labour_cost_pct === null)).toBe(true);
    expect(body.targets.reduce((sum, t) => sum + t.revenue_cents, 0)).toBe(300_000);
    expect(await screen.findByText('Targets saved: 1 created, 0 updated')).toBeInTheDocument();
    await waitFor(() => expect(gridReads()).toHaveLength(2));
    // Revenue vs Target is read again with the grid, once the month has a closed day.
    if (varianceQuery(MONTH, TODAY)) await waitFor(() => expect(varianceReads()).toHaveLength(2));
  });

  it('says a save after someone else’s is stale, keeps the changes on show, and Reload reads the latest targets', async () => {
    const user = userEvent.setup();
    putAnswer = () => failure(409, STALE_TARGETS_MESSAGE);
    await openPage();
    await type(user, cellName('Parramatta', `${MONTH}-02`), '1100');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save 1 target for 1 branch?' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(STALE_TARGETS_MESSAGE)).toBeInTheDocument();
    expect(puts()[0]!.body).toEqual({
      version: 5,
      targets: [{ restaurant_id: PARRAMATTA!.id, day: `${MONTH}-02`, revenue_cents: 110_000, labour_cost_pct: 30 }],
    });
    expect(screen.getByRole('textbox', { name: cellName('Parramatta', `${MONTH}-02`) })).toHaveValue('1100');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: cellName('Parramatta', `${MONTH}-02`) })).toHaveValue('1000'));
    expect(screen.queryByText(STALE_TARGETS_MESSAGE)).toBeNull();
    expect(gridReads()).toHaveLength(2);
  });

  it('moves between months when nothing is unsaved', async () => {
    const user = userEvent.setup();
    await openPage();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('table', { name: `Revenue targets of ${monthLabel(shiftMonth(MONTH, -1))}` }, LAZY)).toBeInTheDocument();
    await type(user, `Bondi Beach, labour %`, '25');
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('table', { name: `Revenue targets of ${monthLabel(MONTH)}` }, LAZY)).toBeInTheDocument();
    expect(gridReads()).toEqual([`?month=${MONTH}`, `?month=${shiftMonth(MONTH, -1)}`, `?month=${MONTH}`]);
  });

  it('shows last month’s revenue against target: the period, the totals coloured by meaning, the branches worst first', async () => {
    const user = userEvent.setup();
    await openPage();
    const last = shiftMonth(MONTH, -1);
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    const section = await screen.findByRole('region', { name: 'Revenue vs Target' }, LAZY);
    const table = await within(section).findByRole('table', { name: 'Revenue against target by branch' }, LAZY);
    expect(varianceReads().at(-1)).toBe(varianceQs(last));
    const { start_date, end_date } = varianceQuery(last, TODAY)!;
    expect(start_date).toBe(`${last}-01`);
    expect(end_date).toBe(monthDays(last).at(-1));
    expect(within(section).getByTestId('variance-period')).toHaveTextContent(`${formatDay(start_date)} – ${formatDay(end_date)}`);
    expect(within(section).getByTestId('variance-revenue')).toHaveTextContent('$2,500.00');
    expect(within(section).getByTestId('variance-target')).toHaveTextContent('$2,600.00');
    expect(within(section).getByTestId('variance-variance')).toHaveTextContent('-$100.00 (-3.8%)');
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'BranchRevenueTargetVarianceVariance %',
      'Bondi Beach$900.00$1,200.00-$300.00-25.0%',
      'Parramatta$1,600.00$1,400.00+$200.00+14.3%',
    ]);
    const [bondiPct, parramattaPct] = within(table)
      .getAllByRole('cell')
      .filter((c) => /%$/.test(c.textContent ?? ''));
    expect(bondiPct!.style.color).not.toBe(parramattaPct!.style.color);
  });

  it('says a month not started yet has no revenue (and cannot be exported); a failed read offers Retry', async () => {
    const user = userEvent.setup();
    await openPage();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    const section = await screen.findByRole('region', { name: 'Revenue vs Target' }, LAZY);
    expect(within(section).getByText('This month has not started: its revenue shows from its first closed day.')).toBeInTheDocument();
    expect(varianceReads().filter((q) => q.includes(shiftMonth(MONTH, 1)))).toEqual([]);
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();

    varianceFails = true;
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Previous month' })).toBeEnabled(), LAZY);
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    const failed = await screen.findByRole('region', { name: 'Revenue vs Target' }, LAZY);
    expect(await within(failed).findByText('Revenue is being recounted', undefined, LAZY)).toBeInTheDocument();
    varianceFails = false;
    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await within(failed).findByRole('table', { name: 'Revenue against target by branch' }, LAZY)).toBeInTheDocument();
  });

  it('exports last month as CSV with the variance’s query, saves the file and says "Exported as CSV!"; a failure says why', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/targets');
    try {
      await openPage();
      await user.click(screen.getByRole('button', { name: 'Previous month' }));
      await screen.findByRole('table', { name: 'Revenue against target by branch' }, LAZY);
      await user.click(screen.getByRole('button', { name: 'Export' }));
      await user.click(screen.getByRole('button', { name: 'Export as CSV' }));
      expect(await screen.findByText('Exported as CSV!')).toBeInTheDocument();
      const exported = calls.filter((c) => c.path === '/analytics/targets/export').map((c) => c.query);
      expect(exported).toEqual([`${varianceQs(shiftMonth(MONTH, -1))}&format=csv`]);
      expect(saved).toEqual(['targets-2026-10-01_2026-10-31.csv']);

      exportAnswer = () => failure(503, 'The PDF could not be made right now');
      await user.click(screen.getByRole('button', { name: 'Export' }));
      await user.click(screen.getByRole('button', { name: 'Export as PDF' }));
      expect(await screen.findByText('The PDF could not be made right now')).toBeInTheDocument();
      expect(saved).toHaveLength(1);
    } finally {
      click.mockRestore();
      create.mockRestore();
    }
  });
});
