import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { StatePath } from 'xstate/graph';
import type { CoverageRecorder } from './coverage';
import { clearToasts } from './render-view';

/**
 * One model step: perform the event through the UI (or the fake it stands for), wait until the
 * running actor is in the state the model expects, then check what the user sees.
 */
export async function runPath<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject>(
  path: StatePath<TSnapshot, TEvent>,
  recorder: CoverageRecorder,
  {
    perform,
    verify,
  }: {
    perform: (event: TEvent) => Promise<void>;
    verify: (state: TSnapshot, event: TEvent) => Promise<void>;
  },
): Promise<void> {
  for (const { state, event } of path.steps) {
    if (event.type !== 'xstate.init') {
      clearToasts();
      await perform(event);
    }
    await waitFor(() => expect(recorder.snapshot()?.value, `after ${event.type}`).toEqual(state.value));
    await verify(state, event);
  }
}
