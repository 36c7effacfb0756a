import type { ForecastAnswer, TargetsGrid } from '@contract/api/targets.calls';
import { addDays } from '@contract/calendar-day';
import { monthDays, spreadMonthly, weekdayOf, type ConsoleTargetsInput, type TargetRecord } from '@contract/targets.contract';

// The Targets page's grid (docs/product.md#targets-page): the month's targets as read, the cells typed over them (text,
// dollars) and each branch's labour %, and what follows from them: totals, the changed cells, what blocks a save and
// the save's body (cents, only what changed).

export type GridRow = TargetsGrid['restaurants'][number];
/** Typed text by cell (`cellKey`): only cells whose value differs from the grid's. */
export type Edits = Readonly<Record<string, string>>;
/** Typed labour % by restaurant id: only rows whose labour % was changed. */
export type LabourEdits = Readonly<Record<number, string>>;

export const INVALID_CELLS_MESSAGE = 'Fix the marked cells first: dollars, not negative, at most 2 decimals.';
export const CLEARED_CELL_MESSAGE = 'A saved target cannot be cleared: enter 0 instead.';
export const INVALID_LABOUR_MESSAGE = 'Labour % must be from 0 to 100 with at most one decimal.';
export const FORECAST_PCT_MESSAGE = 'Enter an adjustment from -50 to +100 %';
export const FORECAST_PCT_MIN = -50;
export const FORECAST_PCT_MAX = 100;

export const cellKey = (restaurantId: number, day: string) => `${restaurantId}|${day}`;

const DOLLARS = /^(\d+)(?:\.(\d{1,2}))?$/;

/** Typed dollars as cents: null when blank, NaN when not dollars (negative, more than 2 decimals, not a number). */
export function centsOf(text: string): number | null {
  const plain = text.trim().replace(/^\$/, '').replaceAll(',', '');
  if (plain === '') return null;
  const match = DOLLARS.exec(plain);
  if (!match) return Number.NaN;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) && cents <= 2_147_483_647 ? cents : Number.NaN;
}

/** Cents as a cell shows them: whole dollars without decimals, else two. */
export const dollarsText = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/** A labour % as typed: null when blank, NaN when outside 0–100 or with more than one decimal. */
export function labourPctOf(text: string): number | null {
  const plain = text.trim().replace(/%$/, '').trim();
  if (plain === '') return null;
  if (!/^\d{1,3}(?:\.\d)?$/.test(plain)) return Number.NaN;
  const pct = Number(plain);
  return pct <= 100 ? pct : Number.NaN;
}

const savedTarget = (row: GridRow, day: string) => row.targets.find((t) => t.day === day);

/** The cell's value as read (cents, or null without a target). */
export const savedCents = (row: GridRow, day: string): number | null => savedTarget(row, day)?.revenue_cents ?? null;

/** The text a cell shows: as typed, else as read. */
export const cellText = (row: GridRow, day: string, edits: Edits): string => {
  const typed = edits[cellKey(row.id, day)];
  if (typed !== undefined) return typed;
  const cents = savedCents(row, day);
  return cents === null ? '' : dollarsText(cents);
};

/** The row's labour %: as typed, else the one every target of the row shares, else blank. */
export function labourText(row: GridRow, labour: LabourEdits): string {
  const typed = labour[row.id];
  if (typed !== undefined) return typed;
  const shared = new Set(row.targets.map((t) => t.labour_cost_pct));
  const [only] = shared;
  return shared.size === 1 && only != null ? String(only) : '';
}

/** The edits with one cell typed: a text worth what was read drops out, so only real changes are unsaved. */
export function withCell(edits: Edits, row: GridRow, day: string, text: string): Edits {
  const key = cellKey(row.id, day);
  const { [key]: _, ...rest } = edits;
  const cents = centsOf(text);
  const same = cents === savedCents(row, day) || (text.trim() === '' && savedCents(row, day) === null);
  return same ? rest : { ...rest, [key]: text };
}

/** The edits with a row's days set to `cents` (null leaves a day as it is). */
function withRowCents(edits: Edits, row: GridRow, days: readonly string[], cents: readonly (number | null)[]): Edits {
  return days.reduce((next, day, i) => {
    const value = cents[i];
    return value == null ? next : withCell(next, row, day, dollarsText(value));
  }, edits);
}

/** The labour edits with a row's % typed: the same text as read drops out. */
export function withLabour(labour: LabourEdits, row: GridRow, text: string): LabourEdits {
  const { [row.id]: _, ...rest } = labour;
  return text.trim() === labourText(row, {}) ? rest : { ...rest, [row.id]: text };
}

/** Why a cell blocks the save, or null: not dollars, or a saved target cleared (there is no deleting a target). */
export function cellProblem(row: GridRow, day: string, edits: Edits): string | null {
  const typed = edits[cellKey(row.id, day)];
  if (typed === undefined) return null;
  const cents = centsOf(typed);
  if (Number.isNaN(cents)) return INVALID_CELLS_MESSAGE;
  if (cents === null && savedCents(row, day) !== null) return CLEARED_CELL_MESSAGE;
  return null;
}

/** The cell's value now, in cents (0 when blank or invalid, for the totals). */
export function currentCents(row: GridRow, day: string, edits: Edits): number {
  const typed = edits[cellKey(row.id, day)];
  const cents = typed === undefined ? savedCents(row, day) : centsOf(typed);
  return cents === null || Number.isNaN(cents) ? 0 : cents;
}

export const rowTotal = (grid: TargetsGrid, row: GridRow, edits: Edits) =>
  grid.days.reduce((sum, day) => sum + currentCents(row, day, edits), 0);
export const dayTotal = (grid: TargetsGrid, day: string, edits: Edits) =>
  grid.restaurants.reduce((sum, row) => sum + currentCents(row, day, edits), 0);
export const monthTotal = (grid: TargetsGrid, edits: Edits) => grid.restaurants.reduce((sum, row) => sum + rowTotal(grid, row, edits), 0);

/** What keeps the grid from being saved, first problem first; null when it may be. */
export function saveProblem(grid: TargetsGrid, edits: Edits, labour: LabourEdits): string | null {
  for (const row of grid.restaurants) {
    if (labour[row.id] !== undefined && Number.isNaN(labourPctOf(labour[row.id]!))) return INVALID_LABOUR_MESSAGE;
    for (const day of grid.days) {
      const problem = cellProblem(row, day, edits);
      if (problem) return problem;
    }
  }
  return null;
}

/**
 * The save's targets: each typed cell with a value, and every day with a target of a row whose labour % changed, in
 * cents; a day keeps its labour % as read unless its row's was changed.
 */
export function changedTargets(grid: TargetsGrid, edits: Edits, labour: LabourEdits): TargetRecord[] {
  return grid.restaurants.flatMap((row) => {
    const rowLabour = labour[row.id] === undefined ? undefined : labourPctOf(labour[row.id]!);
    return grid.days.flatMap((day): TargetRecord[] => {
      const typed = edits[cellKey(row.id, day)];
      const cents = typed === undefined ? savedCents(row, day) : centsOf(typed);
      if (cents === null || Number.isNaN(cents)) return [];
      if (typed === undefined && rowLabour === undefined) return [];
      const pct = rowLabour === undefined ? (savedTarget(row, day)?.labour_cost_pct ?? null) : rowLabour;
      return [{ restaurant_id: row.id, day, revenue_cents: cents, labour_cost_pct: pct }];
    });
  });
}

/** The PUT's body: the changed targets and the version of the grid they were typed over. */
export const saveBody = (grid: TargetsGrid, edits: Edits, labour: LabourEdits): ConsoleTargetsInput => ({
  targets: changedTargets(grid, edits, labour),
  version: grid.version,
});

/** The save question's figures: the targets to send and the branches they belong to. */
export function saveCounts(grid: TargetsGrid, edits: Edits, labour: LabourEdits) {
  const targets = changedTargets(grid, edits, labour);
  return { targets: targets.length, branches: new Set(targets.map((t) => t.restaurant_id)).size };
}

/** "Copy last month": each branch's targets of `previous` on the same day of this month; days this month lacks are dropped. */
export function copyMonth(grid: TargetsGrid, previous: TargetsGrid, edits: Edits): Edits {
  return grid.restaurants.reduce((next, row) => {
    const before = previous.restaurants.find((r) => r.id === row.id);
    if (!before) return next;
    const cents = grid.days.map((day) => before.targets.find((t) => t.day.slice(8) === day.slice(8))?.revenue_cents ?? null);
    return withRowCents(next, row, grid.days, cents);
  }, edits);
}

/** "Spread a monthly amount": the row's days get `totalCents` by its weekday weights (evenly without history). */
export function spreadRow(grid: TargetsGrid, row: GridRow, totalCents: number, edits: Edits): Edits {
  const days = monthDays(grid.month);
  return withRowCents(edits, row, days, spreadMonthly(totalCents, days, row.weekday_revenue_cents));
}

/** "Fill from the forecast": the month's days the forecast covers get its revenue × (1 + pct/100) in cents; the others stay. */
export function fillFromForecast(grid: TargetsGrid, row: GridRow, forecast: ForecastAnswer, pct: number, edits: Edits) {
  const byDay = new Map(forecast.days.map((d) => [d.day, d.revenue]));
  const cents = grid.days.map((day) => {
    const revenue = byDay.get(day);
    return revenue === undefined ? null : Math.max(0, Math.round(revenue * 100 * (1 + pct / 100)));
  });
  return { edits: withRowCents(edits, row, grid.days, cents), filled: cents.filter((c) => c !== null).length };
}

/** A forecast adjustment as typed: a whole or one-decimal number from -50 to +100, else null. */
export function forecastPctOf(text: string): number | null {
  const plain = text.trim().replace(/%$/, '').replace(/^\+/, '').replace('−', '-');
  if (!/^-?\d{1,3}(?:\.\d)?$/.test(plain)) return null;
  const pct = Number(plain);
  return pct >= FORECAST_PCT_MIN && pct <= FORECAST_PCT_MAX ? pct : null;
}

/** The month before or after a 'YYYY-MM'. */
export function shiftMonth(month: string, by: number): string {
  const [year, m] = month.split('-').map(Number);
  const index = year! * 12 + (m! - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
/** A column's heading: "1 Mon". */
export const dayHeading = (day: string) => `${Number(day.slice(8))} ${WEEKDAYS[weekdayOf(day) - 1]}`;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** "November 2026". */
export const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5)) - 1]} ${month.slice(0, 4)}`;

/** The calendar day of `now` in the franchise's time zone, 'YYYY-MM-DD'. */
export const dayInZone = (timeZone: string, now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);

/**
 * The month's closed days as an analytics window: its first day to its last or yesterday, whichever comes first (today
 * is still trading, docs/product.md#time); null while the month has no closed day.
 */
export function varianceQuery(month: string, today: string): { period: 'daily'; start_date: string; end_date: string } | null {
  const days = monthDays(month);
  const yesterday = addDays(today, -1);
  const first = days[0]!;
  if (first > yesterday) return null;
  const last = days.at(-1)!;
  return { period: 'daily', start_date: first, end_date: last < yesterday ? last : yesterday };
}
