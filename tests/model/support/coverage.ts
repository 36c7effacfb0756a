import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { expect, it } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, InspectionEvent } from 'xstate';
import { inventory, keyOf } from './inventory';

/** Fails unless the machine matches its checked-in inventory; `UPDATE_INVENTORY=1` rewrites the file deliberately. */
export async function expectInventoryUnchanged(machine: AnyStateMachine): Promise<void> {
  const file = join(process.cwd(), 'tests/model/inventory', `${machine.id}.json`);
  const { states, transitions } = inventory(machine);
  const current = { states, transitions };
  if (process.env.UPDATE_INVENTORY === '1') {
    mkdirSync(join(process.cwd(), 'tests/model/inventory'), { recursive: true });
    // Written as Prettier would, so `npm run lint` stays clean after a deliberate update.
    writeFileSync(file, await format(JSON.stringify(current), { ...(await resolveConfig(file)), filepath: file }));
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
    // The machine's own actor, the page's or one it spawned (a list's row actions); not the dialogs it asks with.
    if (!current || (event.actorRef as { logic?: { id?: unknown } }).logic?.id !== machine.id) return;
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

/** Fails, naming in its message every state not reached and every transition not taken by the recorded runs. */
export function expectFullCoverage(coverage: Coverage): void {
  const missed = [...coverage.states.missing.map((s) => `state ${s}`), ...coverage.transitions.missing.map((k) => `transition ${k}`)];
  expect(missed, `not covered by the running actors:\n  ${missed.join('\n  ')}\n`).toEqual([]);
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
    const gaps: { what: string; name: string | undefined; uses: (p: (typeof all)[number], name: string) => boolean }[] = [
      { what: 'a guarded alternative', name: recorder.keys.find((k) => k.includes(' if ')), uses: (p, k) => p.taken.has(k) },
      { what: 'an onError', name: recorder.keys.find((k) => k.includes('--xstate.error.actor.')), uses: (p, k) => p.taken.has(k) },
      {
        what: 'a state',
        name: recorder.states.find((s) => s !== machine.root.id && all.some((p) => !p.states.has(s))),
        uses: (p, s) => p.states.has(s),
      },
    ];
    for (const { what, name, uses } of gaps) {
      if (name === undefined) {
        // Every machine has states; guards and onError only where it has them.
        expect(what, `${machine.id} has no ${what} to leave out`).not.toBe('a state');
        continue;
      }
      const kept = all.filter((p) => !uses(p, name));
      // Some recorded path took it and was really left out: with recording broken this fails.
      expect(kept.length, `no recorded path took ${name}`).toBeLessThan(all.length);
      expect(() => expectFullCoverage(recorder.measure(kept))).toThrow(name);
    }
  });
}
