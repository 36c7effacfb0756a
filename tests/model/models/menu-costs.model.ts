// The model of the menuCostsMachine (the Menu page's inline costs): the events the tests may send and how graph
// vertices are told apart. Shared by the model-based test and the QA document generator (scripts/machine-docs.ts).
// Two dishes, one with a cost and one without; a field gets a new cost, its old one back, or text that is no amount;
// the menu loads, comes back empty or fails; a save succeeds, is refused field by field (422) or fails.
import type { SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { MenuItem } from '@contract/api/menu.calls';
import type { IngestResult } from '@contract/ingest.contract';
import { menuCostsMachine, type MenuCostsEvent } from '../../../src/machines/menu-costs.machine';
import { ApiError } from '../../../src/services/api-error';
import { eventKey } from '../support/event-key';
import { selectPaths } from '../support/inventory';

export type Snapshot = SnapshotFrom<typeof menuCostsMachine>;
export type ModelEvent =
  | MenuCostsEvent
  | { type: 'xstate.done.actor.loadMenu'; output: MenuItem[] }
  | { type: 'xstate.error.actor.loadMenu'; error: unknown }
  | { type: 'xstate.done.actor.saveCosts'; output: IngestResult }
  | { type: 'xstate.error.actor.saveCosts'; error: unknown };

export const STEAK: MenuItem = {
  sku: 'DIN-003',
  name: 'Scotch Fillet',
  menu: 'Dinner',
  is_combo: false,
  price_cents: 4600,
  cost_cents: 1500,
};
export const CHIPS: MenuItem = {
  sku: 'ALL-005',
  name: 'Hand-cut Chips',
  menu: 'All Day',
  is_combo: false,
  price_cents: 900,
  cost_cents: null,
};
export const MENU: MenuItem[] = [STEAK, CHIPS];
export const REFUSED = new ApiError('The given data was invalid.', 422, {
  status: 'error',
  message: 'The given data was invalid.',
  errors: { 'costs[0].cost_cents': ['cost_cents is too large'] },
});

export const EVENTS: ModelEvent[] = [
  { type: 'menu.edit', sku: STEAK.sku, value: '16.50' },
  { type: 'menu.edit', sku: STEAK.sku, value: '15.00' },
  { type: 'menu.edit', sku: CHIPS.sku, value: 'two' },
  { type: 'menu.edit', sku: CHIPS.sku, value: '2.80' },
  { type: 'menu.discard' },
  { type: 'menu.save' },
  { type: 'menu.retry' },
  { type: 'xstate.done.actor.loadMenu', output: MENU },
  { type: 'xstate.done.actor.loadMenu', output: [] },
  { type: 'xstate.error.actor.loadMenu', error: new ApiError('Network error: the server could not be reached', 0) },
  { type: 'xstate.done.actor.saveCosts', output: { created: 0, updated: 1, unchanged: 0 } },
  { type: 'xstate.error.actor.saveCosts', error: REFUSED },
  { type: 'xstate.error.actor.saveCosts', error: new ApiError('The costs could not be saved', 500) },
];

function allowed(s: Snapshot, event: ModelEvent): boolean {
  const settles = /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(event.type)?.[1];
  if (settles) return (s.children as Record<string, unknown>)[settles] !== undefined;
  // A field sends a change only when its text changes, and only for a dish on the menu.
  if (event.type === 'menu.edit') {
    return s.matches('ready') && s.context.items.some((i) => i.sku === event.sku) && s.context.drafts[event.sku] !== event.value;
  }
  // An empty menu has no form to save or discard.
  if (event.type === 'menu.save' || event.type === 'menu.discard') return s.context.items.length > 0 && s.can(event);
  return s.can(event as MenuCostsEvent);
}

export const model = new TestModel(menuCostsMachine, {
  events: (s: Snapshot) => EVENTS.filter((e) => allowed(s, e)) as MenuCostsEvent[],
  serializeState: (s: Snapshot, event) =>
    JSON.stringify([
      s.value,
      s.context.items.length,
      s.context.drafts,
      Object.keys(s.context.problems).sort(),
      s.context.error !== null,
      eventKey(event),
    ]),
});

export const paths = selectPaths(menuCostsMachine, model.getShortestPaths(), eventKey);
