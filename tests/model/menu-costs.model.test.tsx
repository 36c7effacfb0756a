import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect } from 'vitest';
import type { MenuItem } from '@contract/api/menu.calls';
import type { IngestResult } from '@contract/ingest.contract';
import type { MenuCostRecord } from '@contract/menu.contract';
import { formatCurrency } from '@contract/presentation/format';
import { menuCostsMachine } from '../../src/machines/menu-costs.machine';
import { COST_FORMAT_MESSAGE, costText, draftedCosts } from '../../src/machines/support/menu-costs';
import { MenuCostsContext, MenuView, NO_MENU, uncostedText } from '../../src/views/menu/menu.view';
import { MENU, REFUSED, paths, type ModelEvent } from './models/menu-costs.model';
import { controllableActor } from './support/deferred';
import { runModel } from './support/model-runner';
import { renderView } from './support/render-view';

const nameOf = (sku: string) => MENU.find((i) => i.sku === sku)!.name;

describe('menu costs machine × the Menu page (model-based)', () => {
  runModel(menuCostsMachine, paths, (inspect) => {
    const user = userEvent.setup();
    const loadMenu = controllableActor<MenuItem[]>();
    const saveCosts = controllableActor<IngestResult, MenuCostRecord[]>();
    renderView((effects) => (
      <MenuCostsContext.Provider
        options={{ inspect }}
        logic={menuCostsMachine.provide({
          actors: { loadMenu: loadMenu.logic, saveCosts: saveCosts.logic },
          actions: { notify: effects.notify },
        })}
      >
        <MenuView />
      </MenuCostsContext.Provider>
    ));
    const field = (sku: string) => screen.getByRole('textbox', { name: `Cost of ${nameOf(sku)}` });
    let sent: MenuCostRecord[] = [];

    return {
      perform: async (event) => {
        const e = event as ModelEvent;
        switch (e.type) {
          case 'menu.edit':
            await user.clear(field(e.sku));
            return e.value === '' ? undefined : user.type(field(e.sku), e.value);
          case 'menu.discard':
            return user.click(screen.getByRole('button', { name: 'Discard changes' }));
          case 'menu.save':
            return user.click(screen.getByRole('button', { name: 'Save costs' }));
          case 'menu.retry':
            return user.click(screen.getByRole('button', { name: 'Retry' }));
          case 'xstate.done.actor.loadMenu':
          case 'xstate.error.actor.loadMenu':
            return act(async () => loadMenu.settle(e));
          default:
            sent = saveCosts.inputs.at(-1)!;
            return act(async () => saveCosts.settle(e));
        }
      },
      verify: async (state, event) => {
        const e = event as ModelEvent;
        const { context } = state;
        expect(loadMenu.pending()).toBe(state.matches('loading') ? 1 : 0);
        expect(saveCosts.pending()).toBe(state.matches('saving') ? 1 : 0);
        if (state.matches('failed')) {
          expect(screen.getByText('The menu could not be loaded')).toBeInTheDocument();
          expect(screen.getByText(context.error!.message)).toBeInTheDocument();
          return;
        }
        if (context.items.length === 0) {
          if (state.matches('loading')) expect(screen.getByRole('status', { name: 'Loading the menu' })).toBeInTheDocument();
          else expect(screen.getByText(NO_MENU)).toBeInTheDocument();
          return;
        }
        // Every dish with its price, its cost as typed (or today's) and the problem that keeps it from being saved.
        const table = screen.getByRole('table', { name: 'Menu items with price, cost and margin' });
        for (const item of context.items) {
          const row = within(table).getByText(item.name).closest('tr')!;
          expect(within(row).getByText(formatCurrency(item.price_cents / 100))).toBeInTheDocument();
          expect(field(item.sku)).toHaveValue(context.drafts[item.sku] ?? costText(item.cost_cents));
          const problem = context.problems[item.sku];
          if (problem) expect(within(row).getByText(problem)).toBeInTheDocument();
          expect(field(item.sku).getAttribute('aria-invalid') === 'true').toBe(problem !== undefined);
          if (state.matches('saving')) expect(field(item.sku)).toBeDisabled();
        }
        const uncosted = context.items.filter((i) => i.cost_cents === null).length;
        if (uncosted > 0) expect(screen.getByText(uncostedText(uncosted))).toBeInTheDocument();
        const edited = Object.keys(context.drafts).length > 0;
        if (!state.matches('saving')) {
          await waitFor(() => expect(screen.getByRole('button', { name: 'Save costs' })).toHaveProperty('disabled', !edited));
        }
        if (state.matches('saving')) expect(saveCosts.inputs.at(-1)).toEqual(draftedCosts(context.items, context.drafts).costs);
        // What the owner is told.
        if (e.type === 'menu.save' && state.matches('ready')) {
          const { costs } = draftedCosts(context.items, context.drafts);
          expect(
            await screen.findByText(
              costs.length === 0 && !Object.values(context.problems).length
                ? 'No cost was changed.'
                : 'Some costs are not amounts: see the marked fields.',
            ),
          ).toBeInTheDocument();
          if (Object.keys(context.problems).length) expect(Object.values(context.problems)).toContain(COST_FORMAT_MESSAGE);
        }
        if (e.type === 'xstate.done.actor.saveCosts')
          expect(await screen.findByText('1 cost saved: they apply from today.')).toBeInTheDocument();
        if (e.type === 'xstate.error.actor.saveCosts') {
          expect((await screen.findAllByText((e.error as Error).message)).length).toBeGreaterThan(0);
          // A 422 marks the field of the cost it names; every draft stays.
          if (e.error === REFUSED) expect(context.problems[sent[0]!.sku]).toBe('cost_cents is too large');
        }
      },
    };
  });
});
