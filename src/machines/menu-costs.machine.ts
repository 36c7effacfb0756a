import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { MenuItem } from '@contract/api/menu.calls';
import type { IngestResult } from '@contract/ingest.contract';
import type { MenuCostRecord } from '@contract/menu.contract';
import { fieldErrorsOf, toErrorInfo, type ErrorInfo } from '../services/api-error';
import { menuService } from '../services/menu.service';
import type { Notice } from '../shared/effects';
import { notProvided } from './support/machine-effects';
import { draftedCosts, problemsBySku, type CostDrafts } from './support/menu-costs';

export type MenuCostsEvent =
  /** A cost field's text, in dollars, for the item of `sku`. */
  { type: 'menu.edit'; sku: string; value: string } | { type: 'menu.discard' } | { type: 'menu.save' } | { type: 'menu.retry' };

export type MenuCostsContext = {
  items: MenuItem[];
  /** The cost fields as typed, by SKU: only those touched. */
  drafts: CostDrafts;
  /** What keeps a field's cost from being saved, by SKU: the page's own check or the server's 422. */
  problems: Record<string, string>;
  /** The costs the save under way sends, to read the server's problems by. */
  sending: MenuCostRecord[];
  error: ErrorInfo | null;
};

const savedText = ({ updated }: IngestResult) => `${updated} ${updated === 1 ? 'cost' : 'costs'} saved: they apply from today.`;

/**
 * The Menu page (docs/product.md#costs): the menu with prices and today's costs, each cost editable in place. A save
 * sends the changed costs at once (nothing when none changed or a field is not an amount), then reads the menu again;
 * the server's 422 marks the fields it names and keeps every draft.
 */
export const menuCostsMachine = setup({
  types: {
    context: {} as MenuCostsContext,
    events: {} as MenuCostsEvent,
    children: {} as { loadMenu: 'loadMenu'; saveCosts: 'saveCosts' },
    tags: {} as 'busy',
  },
  actors: {
    loadMenu: fromPromise<MenuItem[]>(() => menuService.list()),
    saveCosts: fromPromise<IngestResult, MenuCostRecord[]>(({ input }) => menuService.saveCosts(input)),
  },
  actions: {
    notify: (_, _notice: Notice) => notProvided('notify'),
  },
  guards: {
    unchanged: ({ context }) => {
      const { costs, problems } = draftedCosts(context.items, context.drafts);
      return costs.length === 0 && Object.keys(problems).length === 0;
    },
    notAmounts: ({ context }) => Object.keys(draftedCosts(context.items, context.drafts).problems).length > 0,
    edited: ({ context }) => Object.keys(context.drafts).length > 0,
  },
}).createMachine({
  id: 'menuCosts',
  initial: 'loading',
  context: { items: [], drafts: {}, problems: {}, sending: [], error: null },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadMenu',
        src: 'loadMenu',
        onDone: { target: 'ready', actions: assign({ items: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toErrorInfo(event.error) }) },
      },
    },
    failed: { on: { 'menu.retry': 'loading' } },
    ready: {
      on: {
        'menu.edit': {
          actions: assign({
            drafts: ({ context, event }) => ({ ...context.drafts, [event.sku]: event.value }),
            problems: ({ context, event }) => Object.fromEntries(Object.entries(context.problems).filter(([sku]) => sku !== event.sku)),
          }),
        },
        'menu.discard': { guard: 'edited', actions: assign({ drafts: {}, problems: {} }) },
        'menu.save': [
          { guard: 'unchanged', actions: { type: 'notify', params: { message: 'No cost was changed.', type: 'info' } } },
          {
            guard: 'notAmounts',
            actions: [
              assign({ problems: ({ context }) => draftedCosts(context.items, context.drafts).problems }),
              { type: 'notify', params: { message: 'Some costs are not amounts: see the marked fields.', type: 'error' } },
            ],
          },
          { target: 'saving', actions: assign({ sending: ({ context }) => draftedCosts(context.items, context.drafts).costs }) },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveCosts',
        src: 'saveCosts',
        input: ({ context }) => context.sending,
        onDone: {
          target: 'loading',
          actions: [
            assign({ drafts: {}, problems: {}, sending: [] }),
            { type: 'notify', params: ({ event }) => ({ message: savedText(event.output), type: 'success' }) },
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            assign({
              problems: ({ context, event }) => problemsBySku(context.sending, fieldErrorsOf(event.error)),
              sending: [],
            }),
            { type: 'notify', params: ({ event }) => ({ message: toErrorInfo(event.error).message, type: 'error' }) },
          ],
        },
      },
    },
  },
});

export type MenuCostsSnapshot = SnapshotFrom<typeof menuCostsMachine>;
