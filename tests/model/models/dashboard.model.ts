// The model of the dashboardMachine: the events the tests may send and how graph vertices are told apart. Shared by
// the model-based test and the QA document generator (scripts/machine-docs.ts).
import type { SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import {
  DASHBOARD_CARDS,
  dashboardMachine,
  type DashboardCard,
  type DashboardData,
  type DashboardEvent,
} from '../../../src/machines/dashboard.machine';
import { ApiError } from '../../../src/services/api-error';
import { headerOffers, OCTOBER, OCTOBER_VS_LAST_YEAR, REVERSED } from '../support/filter-header';
import { selectPaths } from '../support/inventory';
import { eventKey } from '../support/event-key';
import { BRANCHES, FAILURE, NO_TRADE, TRADE } from './dashboard.fixtures';

export type Snapshot = SnapshotFrom<typeof dashboardMachine>;
type Outcome = 'loaded' | 'empty' | 'failed';
export type SettleEvent =
  | { type: `xstate.done.actor.${DashboardCard}`; output: DashboardData[DashboardCard] }
  | { type: `xstate.error.actor.${DashboardCard}`; error: unknown };
export type ModelEvent = DashboardEvent | SettleEvent;

/** A shared link to one month of Parramatta, and one whose values the console does not know (it shows the defaults). */
export const MONTH_AT_PARRAMATTA = '?range=1month&restaurant=7';
export const UNKNOWN_VALUES = '?range=fortnight&restaurant=999';

const settleEvents = (kind: DashboardCard): SettleEvent[] => [
  { type: `xstate.done.actor.${kind}`, output: TRADE[kind] },
  { type: `xstate.done.actor.${kind}`, output: NO_TRADE[kind] },
  { type: `xstate.error.actor.${kind}`, error: new ApiError(FAILURE[kind], 503) },
];

/** An owner took Parramatta from the member, then gave it back. */
export const WITHOUT_PARRAMATTA = BRANCHES.filter((b) => b.id !== 7);

export const EVENTS: ModelEvent[] = [
  { type: 'dashboard.range', range: '1month' },
  { type: 'dashboard.range', range: 'custom' },
  { type: 'dashboard.dates', dates: OCTOBER },
  { type: 'dashboard.dates', dates: REVERSED },
  { type: 'dashboard.branch', restaurantId: 7 },
  { type: 'dashboard.compare', compare: 'last_year' },
  { type: 'dashboard.likeForLike', likeForLike: true },
  { type: 'dashboard.apply' },
  { type: 'dashboard.reset' },
  { type: 'dashboard.urlChanged', search: MONTH_AT_PARRAMATTA },
  { type: 'dashboard.urlChanged', search: '' },
  { type: 'dashboard.urlChanged', search: UNKNOWN_VALUES },
  { type: 'dashboard.urlChanged', search: OCTOBER_VS_LAST_YEAR },
  ...DASHBOARD_CARDS.map((card): ModelEvent => ({ type: 'dashboard.retry', card })),
  { type: 'dashboard.branchesChanged', branches: WITHOUT_PARRAMATTA },
  { type: 'dashboard.branchesChanged', branches: BRANCHES },
  ...DASHBOARD_CARDS.flatMap(settleEvents),
];

const ids = (branches: readonly { id: number }[]) => branches.map((b) => b.id).join(',');

const cardState = (s: Snapshot, kind: DashboardCard) => (s.value as { cards: Record<DashboardCard, string> }).cards[kind];

/** The state a settle event leads its card to. */
export function outcomeOf(event: SettleEvent): Outcome {
  if (event.type.startsWith('xstate.error.')) return 'failed';
  return (event as { output: DashboardData[DashboardCard] }).output ===
    NO_TRADE[event.type.slice('xstate.done.actor.'.length) as DashboardCard]
    ? 'empty'
    : 'loaded';
}

/**
 * Eight cards of four states each make 4^8 combinations; the graph walks a few that still take every
 * card's every transition: cards settle in a fixed order, all alike (all with trade, all empty, or all
 * failed), and failed cards are retried in that order. Mixed outcomes are product-rule scenarios (docs/product.md#dashboard).
 */
function allowed(s: Snapshot, event: ModelEvent): boolean {
  const index = (kind: DashboardCard) => DASHBOARD_CARDS.indexOf(kind);
  if (event.type === 'dashboard.retry') {
    return DASHBOARD_CARDS.every((k) => cardState(s, k) === (index(k) < index(event.card) ? 'loading' : 'failed'));
  }
  const settled = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1] as DashboardCard | undefined;
  if (settled) {
    const outcome = outcomeOf(event as SettleEvent);
    return DASHBOARD_CARDS.every((k) => cardState(s, k) === (index(k) < index(settled) ? outcome : 'loading'));
  }
  const offered = headerOffers('dashboard', s.context, event, s.matches({ filters: 'ready' }));
  if (offered !== null) return offered;
  // The session reports only branches that changed; a branch no longer offered cannot be picked.
  if (event.type === 'dashboard.branchesChanged') return ids(event.branches) !== ids(s.context.branches);
  if (event.type === 'dashboard.branch' && event.restaurantId !== null && !s.context.branches.some((b) => b.id === event.restaurantId)) {
    return false;
  }
  // The URL may change at any time; one that shows what is applied changes nothing, so s.can() says no.
  return event.type === 'dashboard.urlChanged' || s.can(event as DashboardEvent);
}

export const model = new TestModel(dashboardMachine, {
  events: (s: Snapshot) => EVENTS.filter((e) => allowed(s, e)) as DashboardEvent[],
  // The draft and applied filters choose Apply's and Reset's alternatives; the state it came from keeps a
  // transition defined on a parent (the URL changing) on some shortest path from each of its leaves.
  serializeState: (s: Snapshot, event, previous) =>
    JSON.stringify([s.value, s.context.draft, s.context.applied, ids(s.context.branches), eventKey(event), previous?.value]),
});

// The page starts at the default address; the machine's input is the URL it mounted with.
export const INPUT_SEARCH = '';
export const INPUT = { search: INPUT_SEARCH, branches: BRANCHES };
export const paths = selectPaths(dashboardMachine, model.getShortestPaths({ input: INPUT } as never), eventKey);
