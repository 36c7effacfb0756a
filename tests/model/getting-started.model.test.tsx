import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect } from 'vitest';
import type { GettingStarted } from '@contract/api/getting-started.calls';
import { gettingStartedMachine } from '../../src/machines/getting-started.machine';
import { GettingStartedContext, GettingStartedSteps } from '../../src/views/dashboard/getting-started.view';
import { controllableActor } from './support/deferred';
import { runModel } from './support/model-runner';
import { renderView } from './support/render-view';
import { NETWORK, paths, type ModelEvent } from './models/getting-started.model';

// The steps' words are spelt out here, not taken from the view, so a change of the wording shows up here.
const TITLES = ['Add your restaurants', 'Bring in your trade', 'Invite your team', 'Hear about what matters'];
const LINKS: [string, string][] = [
  ['Add a restaurant', '/restaurant/create'],
  ['Integrations', '/integrations'],
  ['Data Import', '/import'],
  ['Invite a member', '/team/invite'],
  ['Alert rules', '/alerts/rules'],
  ['Report mails', '/profile'],
];

describe('getting started machine × view (model-based)', () => {
  runModel(gettingStartedMachine, paths, (inspect) => {
    const user = userEvent.setup();
    const readSteps = controllableActor<GettingStarted>();
    const dismissSteps = controllableActor<GettingStarted>();
    renderView(() => (
      <GettingStartedContext.Provider
        logic={gettingStartedMachine.provide({ actors: { readSteps: readSteps.logic, dismissSteps: dismissSteps.logic } })}
        options={{ inspect }}
      >
        <GettingStartedSteps />
      </GettingStartedContext.Provider>
    ));
    const section = () => screen.queryByRole('region', { name: 'Get started' });
    const button = (name: string) => screen.queryByRole('button', { name });

    return {
      perform: async (event) => {
        const e = event as ModelEvent;
        if (e.type === 'gettingStarted.dismiss') await user.click(button('Dismiss')!);
        else if (e.type === 'gettingStarted.retry') await user.click(button('Retry your first steps')!);
        else if (e.type.endsWith('readSteps')) await act(async () => readSteps.settle(e));
        else await act(async () => dismissSteps.settle(e));
      },
      verify: async (state) => {
        if (state.matches('readFailed')) {
          expect(screen.getByText('Your first steps could not be loaded')).toBeInTheDocument();
          expect(screen.getByText(NETWORK)).toBeInTheDocument();
          expect(section()).toBeNull();
          return;
        }
        expect(button('Retry your first steps')).toBeNull();
        if (state.matches('reading') || state.matches('hidden')) {
          // Nothing while reading (a trading franchise never sees the steps flash) and nothing once gone.
          expect(section()).toBeNull();
          return;
        }
        const steps = section()!;
        expect(steps).toBeInTheDocument();
        expect(within(steps).getByText('2 of 4 done. Your figures appear here once trade arrives.')).toBeInTheDocument();
        const items = within(steps).getAllByRole('listitem');
        expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual([
          `${TITLES[0]} (done)`,
          `${TITLES[1]} (done)`,
          `${TITLES[2]} (to do)`,
          `${TITLES[3]} (to do)`,
        ]);
        for (const [name, href] of LINKS) expect(within(steps).getByRole('link', { name })).toHaveAttribute('href', href);
        if (state.matches('dismissing')) await waitFor(() => expect(button('Dismiss')).toHaveAttribute('data-loading', 'true'));
        else await waitFor(() => expect(button('Dismiss')).toBeEnabled());
        // A failed dismissal keeps the steps and says why.
        if (state.context.error) expect(within(steps).getByText(NETWORK)).toBeInTheDocument();
        else expect(within(steps).queryByText(NETWORK)).toBeNull();
      },
    };
  });
});
