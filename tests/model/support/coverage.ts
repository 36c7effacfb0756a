import { expect } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, EventObject } from 'xstate';
import { getStateNodes, type StatePath } from 'xstate/graph';

type Path = StatePath<AnyMachineSnapshot, EventObject>;

export type Coverage = {
  states: { total: number; missing: string[] };
  transitions: { total: number; missing: string[] };
};

function describeTransition(source: AnyStateNode, t: AnyTransitionDefinition, index: number): string {
  return `${source.id} --${t.eventType}[${index}]--> ${t.target?.map((n: AnyStateNode) => n.id).join(',') ?? '(self)'}`;
}

function allTransitions(machine: AnyStateMachine): Map<AnyTransitionDefinition, string> {
  const transitions = new Map<AnyTransitionDefinition, string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    // Eventless transitions are never reported by getTransitionData; refuse them rather than miscount.
    if (node.always?.length) throw new Error(`${node.id} has an "always" transition, which this coverage does not track`);
    for (const candidates of node.transitions.values()) {
      candidates.forEach((t: AnyTransitionDefinition, i: number) => transitions.set(t, describeTransition(node, t, i)));
    }
  }
  return transitions;
}

/** The state nodes reached and the transitions taken over `paths`; what was not is listed as missing. */
export function measureCoverage(machine: AnyStateMachine, paths: readonly Path[]): Coverage {
  const nodes = [machine.root, ...getStateNodes(machine.root)];
  const transitions = allTransitions(machine);
  const reached = new Set<AnyStateNode>();
  const taken = new Set<AnyTransitionDefinition>();
  for (const path of paths) {
    let previous: AnyMachineSnapshot | undefined;
    for (const { state, event } of path.steps) {
      state._nodes.forEach((node: AnyStateNode) => reached.add(node));
      if (previous) machine.getTransitionData(previous, event).forEach((t: AnyTransitionDefinition) => taken.add(t));
      previous = state;
    }
  }
  return {
    states: { total: nodes.length, missing: nodes.filter((n) => !reached.has(n)).map((n) => n.id) },
    transitions: {
      total: transitions.size,
      missing: [...transitions].filter(([t]) => !taken.has(t)).map(([, name]) => name),
    },
  };
}

/**
 * Keeps, longest first, only the paths that reach a state, take a transition or perform an event
 * variant (by `eventKey`, e.g. each kind of failure) that the paths kept so far did not.
 */
export function coveringPaths<P extends Path>(
  machine: AnyStateMachine,
  paths: readonly P[],
  eventKey: (event: EventObject) => string,
): P[] {
  const variants = (ps: readonly Path[]) => new Set(ps.flatMap((p) => p.steps.map((s) => eventKey(s.event))));
  const allVariants = variants(paths).size;
  const missingOf = (ps: readonly Path[]) => {
    const { states, transitions } = measureCoverage(machine, ps);
    return states.missing.length + transitions.missing.length + allVariants - variants(ps).size;
  };
  const kept: P[] = [];
  let missing = Number.POSITIVE_INFINITY;
  for (const path of [...paths].sort((a, b) => b.steps.length - a.steps.length)) {
    const nowMissing = missingOf([...kept, path]);
    if (nowMissing < missing) {
      kept.push(path);
      missing = nowMissing;
    }
  }
  return kept;
}

function percent({ total, missing }: { total: number; missing: string[] }): number {
  return ((total - missing.length) / total) * 100;
}

/** Fails unless `paths` reach every state node and take every transition of `machine`. */
export function expectFullCoverage(machine: AnyStateMachine, paths: readonly Path[]): void {
  const coverage = measureCoverage(machine, paths);
  expect(coverage.states.missing).toEqual([]);
  expect(coverage.transitions.missing).toEqual([]);
  expect(percent(coverage.states)).toBe(100);
  expect(percent(coverage.transitions)).toBe(100);
}
