import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect } from 'vitest';
import { UNSUBSCRIBE_NOT_FOUND_MESSAGE } from '@contract/presentation/labels';
import type { UnsubscribeTarget } from '@contract/api/report-subscriptions.calls';
import { unsubscribeMachine } from '../../src/machines/unsubscribe.machine';
import { MALFORMED_TITLE, UnsubscribeContext, UnsubscribeView } from '../../src/views/unsubscribe/unsubscribe.view';
import { controllableActor } from './support/deferred';
import { runModel } from './support/model-runner';
import { renderView } from './support/render-view';
import { NETWORK, TOKEN, paths, type ModelEvent } from './models/unsubscribe.model';

// The page's words are spelt out here, not taken from labels.ts, so a change of the shared wording shows up here.
const QUESTION = 'Stop the weekly Revenue report (Last 7 Days)?';
const DONE = 'You will no longer receive the weekly Revenue report (Last 7 Days).';

describe('unsubscribe machine × view (model-based)', () => {
  runModel(unsubscribeMachine, paths, (inspect) => {
    const user = userEvent.setup();
    const describeLink = controllableActor<UnsubscribeTarget, string>();
    const useLink = controllableActor<UnsubscribeTarget, string>();
    renderView(
      () => (
        <UnsubscribeContext.Provider
          logic={unsubscribeMachine.provide({ actors: { describeLink: describeLink.logic, useLink: useLink.logic } })}
          options={{ input: { token: TOKEN }, inspect }}
        >
          <UnsubscribeView />
        </UnsubscribeContext.Provider>
      ),
      { path: `/unsubscribe?token=${TOKEN}` },
    );
    const button = (name: string) => screen.queryByRole('button', { name });
    const manage = () => screen.queryByRole('link', { name: 'Manage your report mails on your Profile' });

    return {
      perform: async (event) => {
        const e = event as ModelEvent;
        if (e.type === 'unsubscribe.confirm') await user.click(button('Unsubscribe')!);
        else if (e.type === 'unsubscribe.retry') await user.click(button('Retry')!);
        else if (e.type.endsWith('describeLink')) await act(async () => describeLink.settle(e));
        else await act(async () => useLink.settle(e));
      },
      verify: async (state) => {
        expect(screen.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeInTheDocument();
        if (state.matches('reading')) {
          expect(await screen.findByRole('status', { name: 'Reading the unsubscribe link' })).toBeInTheDocument();
          expect(describeLink.inputs.at(-1)).toBe(TOKEN);
          expect(button('Unsubscribe')).toBeNull();
          expect(manage()).toBeNull();
          return;
        }
        expect(screen.queryByRole('status', { name: 'Reading the unsubscribe link' })).toBeNull();
        expect(manage()).toHaveAttribute('href', '/profile');
        if (state.matches('readFailed')) {
          expect(screen.getByText(NETWORK)).toBeInTheDocument();
          expect(button('Retry')).toBeEnabled();
          expect(button('Unsubscribe')).toBeNull();
          return;
        }
        if (state.matches('asking') || state.matches('unsubscribing')) {
          expect(screen.getByText(QUESTION)).toBeInTheDocument();
          if (state.matches('unsubscribing')) {
            await waitFor(() => expect(button('Unsubscribe')).toHaveAttribute('data-loading', 'true'));
            expect(useLink.inputs.at(-1)).toBe(TOKEN);
          } else await waitFor(() => expect(button('Unsubscribe')).toBeEnabled());
          // A failed use keeps the question, says why, and Unsubscribe tries again.
          if (state.context.error) expect(screen.getByText(NETWORK)).toBeInTheDocument();
          else expect(screen.queryByText(NETWORK)).toBeNull();
          return;
        }
        expect(button('Unsubscribe')).toBeNull();
        expect(button('Retry')).toBeNull();
        if (state.matches('done')) expect(screen.getByText(DONE)).toBeInTheDocument();
        if (state.matches('unknown')) expect(screen.getByText(`${UNSUBSCRIBE_NOT_FOUND_MESSAGE}.`)).toBeInTheDocument();
        if (state.matches('malformed')) expect(screen.getByText(MALFORMED_TITLE)).toBeInTheDocument();
        expect(screen.queryByText(QUESTION)).toBeNull();
      },
    };
  });
});
