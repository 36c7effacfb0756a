import { waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject, InspectionEvent } from 'xstate';
import type { StatePath, TestPath } from 'xstate/graph';
import { coverageRecorder, modelSuiteChecks, type CoverageRecorder } from './coverage';
import { clearToasts } from './render-view';

// A path is a whole user session typed through the real view: on a busy 2-core machine it outlasts vitest's 5 s default.
const PATH_TIMEOUT_MS = 30_000;

/** How a test drives one path: `perform` an event through the UI (or the fake it stands for), `verify` a state in the view. */
export type PathDriver<TSnapshot, TEvent> = {
  perform: (event: TEvent) => Promise<void>;
  verify: (state: TSnapshot, event: TEvent) => Promise<void>;
};

/**
 * One model step: perform the event through the UI (or the fake it stands for), wait until the
 * running actor is in the state the model expects, then check what the user sees.
 */
async function runPath<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject>(
  path: StatePath<TSnapshot, TEvent>,
  recorder: CoverageRecorder,
  { perform, verify }: PathDriver<TSnapshot, TEvent>,
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

/**
 * The model-based suite of one machine (call it inside a `describe`): one test per generated path, then
 * the checks every machine ends with (inventory, coverage measured from the running actors, and proof
 * that the coverage check fails). `start` renders the real view around a fresh actor, passing `inspect`
 * to the actor's options, and returns how to perform events and verify states for that path.
 */
export function runModel<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject>(
  machine: AnyStateMachine,
  paths: readonly TestPath<TSnapshot, TEvent>[],
  start: (inspect: (event: InspectionEvent) => void) => PathDriver<TSnapshot, TEvent>,
): void {
  const recorder = coverageRecorder(machine);
  it.each(paths.map((p) => [p.description, p] as const))(
    '%s',
    async (_, path) => {
      recorder.startPath(path.description);
      await runPath(path, recorder, start(recorder.inspect));
    },
    PATH_TIMEOUT_MS,
  );
  modelSuiteChecks(machine, recorder, paths.length);
}
