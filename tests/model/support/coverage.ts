import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, InspectionEvent } from 'xstate';
import { inventory, keyOf } from './inventory';

/** Fails unless the machine matches its checked-in inventory; `UPDATE_INVENTORY=1` rewrites the file deliberately. */
export function expectInventoryUnchanged(machine: AnyStateMachine): void {
  const file = join(process.cwd(), 'tests/model/inventory', `${machine.id}.json`);
  const { states, transitions } = inventory(machine);
  const current = { states, transitions };
  if (process.env.UPDATE_INVENTORY === '1') {
    mkdirSync(join(process.cwd(), 'tests/model/inventory'), { recursive: true });
    writeFileSync(file, `${JSON.stringify(current, null, 2)}\n`);
  }
  expect(current, `${file} is the reviewed list of states and transitions; update it on purpose with UPDATE_INVENTORY=1`).toEqual(
    JSON.parse(readFileSync(file, 'utf8')),
  );
}

export type Coverage = {
  states: { total: number; missing: string[] };
  transitions: { total: number; missing: string[] };
};

type PathRecord = { name: string; states: Set<string>; taken: Set<string> };

/**
 * Records what the running actors did: pass `recorder.inspect` as the actor's `inspect` option. Each
 * microstep's transitions are counted from the leaf state(s) the actor was in before it.
 */
export function coverageRecorder(machine: AnyStateMachine) {
  const { states, keys } = inventory(machine);
  const paths: PathRecord[] = [];
  let current: PathRecord | undefined;
  let before: AnyMachineSnapshot | undefined;
  let latest: AnyMachineSnapshot | undefined;

  const record = (snapshot: AnyMachineSnapshot) => snapshot._nodes.forEach((n: AnyStateNode) => current?.states.add(n.id));

  function inspect(event: InspectionEvent): void {
    if (!current || event.actorRef.sessionId !== event.rootId) return;
    if (event.type === '@xstate.snapshot' || event.type === '@xstate.microstep') {
      const snapshot = event.snapshot as AnyMachineSnapshot;
      if (event.type === '@xstate.microstep') {
        const transitions = (event as unknown as { _transitions: AnyTransitionDefinition[] })._transitions;
        for (const t of transitions) {
          const source = t.source as AnyStateNode;
          const list = t.eventType === '' ? (source.always ?? []) : (source.transitions.get(t.eventType) ?? []);
          const index = list.indexOf(t);
          const event = t.eventType === '' ? '(always)' : t.eventType;
          const leaves = (before?._nodes ?? []).filter(
            (n: AnyStateNode) => n.type === 'atomic' && source.path.every((p: string, i: number) => n.path[i] === p),
          );
          leaves.forEach((leaf: AnyStateNode) => current?.taken.add(keyOf(leaf, event, index, t)));
        }
      }
      record(snapshot);
      before = snapshot;
      latest = snapshot;
    }
  }

  function measure(selected: readonly PathRecord[] = paths): Coverage {
    const reached = new Set(selected.flatMap((p) => [...p.states]));
    const taken = new Set(selected.flatMap((p) => [...p.taken]));
    return {
      states: { total: states.length, missing: states.filter((s) => !reached.has(s)) },
      transitions: { total: keys.length, missing: keys.filter((k) => !taken.has(k)) },
    };
  }

  return {
    inspect,
    /** Starts recording one generated path (a fresh actor is created for it). */
    startPath(name: string) {
      current = { name, states: new Set(), taken: new Set() };
      before = latest = undefined;
      paths.push(current);
    },
    /** The running root actor's latest snapshot. */
    snapshot: () => latest,
    paths: () => paths as readonly PathRecord[],
    measure,
    keys,
    states,
  };
}

export type CoverageRecorder = ReturnType<typeof coverageRecorder>;

/** Fails, naming what was missed, unless the recorded runs reached every state and took every transition. */
export function expectFullCoverage(coverage: Coverage): void {
  expect({ missingStates: coverage.states.missing, missingTransitions: coverage.transitions.missing }).toEqual({
    missingStates: [],
    missingTransitions: [],
  });
}

/** Writes the machine's figures for the table `npm run test:model` prints at the end. */
export function reportCoverage(machine: AnyStateMachine, coverage: Coverage, paths: number): void {
  const dir = join(process.cwd(), 'test-results', 'model-coverage');
  mkdirSync(dir, { recursive: true });
  const covered = (c: { total: number; missing: string[] }) => ({ covered: c.total - c.missing.length, total: c.total });
  writeFileSync(
    join(dir, `${machine.id}.json`),
    JSON.stringify({ machine: machine.id, states: covered(coverage.states), transitions: covered(coverage.transitions), paths }),
  );
}

/**
 * The checks every machine's model test ends with (declare them after the path tests: they read
 * what those runs recorded): inventory, full coverage, and proof that the coverage check fails.
 */
export function modelSuiteChecks(machine: AnyStateMachine, recorder: CoverageRecorder, pathCount: number): void {
  it('matches its checked-in inventory of states and transitions', () => expectInventoryUnchanged(machine));

  it('the running actors reached every state and took every transition', () => {
    const coverage = recorder.measure();
    reportCoverage(machine, coverage, pathCount);
    expectFullCoverage(coverage);
  });

  it('the coverage check fails, naming what was missed, when paths are left out', () => {
    const all = recorder.paths();
    const gaps = [
      recorder.keys.find((k) => k.includes(' if ')), // a guarded alternative
      recorder.keys.find((k) => k.includes('--xstate.error.actor.')), // an onError
    ].filter((k): k is string => k !== undefined);
    expect(gaps.length).toBeGreaterThan(0);
    for (const key of gaps) {
      const coverage = recorder.measure(all.filter((p) => !p.taken.has(key)));
      expect(coverage.transitions.missing).toContain(key);
      expect(() => expectFullCoverage(coverage)).toThrow();
    }
    const state = recorder.states.find((s) => s !== machine.root.id && all.some((p) => !p.states.has(s)));
    expect(state).toBeDefined();
    const coverage = recorder.measure(all.filter((p) => !p.states.has(state!)));
    expect(coverage.states.missing).toContain(state);
    expect(() => expectFullCoverage(coverage)).toThrow();
  });
}
