import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { getStateNodes } from 'xstate/graph';

// Static facts about a machine definition; no test runner needed (the QA document generator uses them too).

/** One transition as taken from one leaf state: a transition defined on a parent counts once per leaf it can leave. */
export type InventoryRow = { source: string; event: string; guard: string | null; target: string };

const leavesOf = (node: AnyStateNode): AnyStateNode[] =>
  node.type === 'atomic' || node.type === 'final' ? [node] : Object.values(node.states).flatMap((child) => leavesOf(child as AnyStateNode));

function guardName(t: AnyTransitionDefinition): string | null {
  const guard = t.guard as unknown;
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'inline';
}

const targetOf = (t: AnyTransitionDefinition) => t.target?.map((n: AnyStateNode) => n.id).join(',') ?? '(self)';

/** The transitions a node defines, each with its position among the alternatives for its event. */
function definedTransitions(node: AnyStateNode): { t: AnyTransitionDefinition; event: string; index: number }[] {
  const found: { t: AnyTransitionDefinition; event: string; index: number }[] = [];
  for (const [event, candidates] of node.transitions) {
    candidates.forEach((t: AnyTransitionDefinition, index: number) => found.push({ t, event, index }));
  }
  (node.always ?? []).forEach((t: AnyTransitionDefinition, index: number) => found.push({ t, event: '(always)', index }));
  return found;
}

export const keyOf = (leaf: AnyStateNode, event: string, index: number, t: AnyTransitionDefinition) =>
  `${leaf.id} --${event}[${index}]${guardName(t) ? ` if ${guardName(t)}` : ''}--> ${targetOf(t)}`;

/** Every state node and every (leaf, transition) pair of the machine definition: what the model tests must take. */
export function inventory(machine: AnyStateMachine): { states: string[]; transitions: InventoryRow[]; keys: string[] } {
  const nodes = [machine.root, ...getStateNodes(machine.root)] as AnyStateNode[];
  const transitions: InventoryRow[] = [];
  const keys: string[] = [];
  for (const node of nodes) {
    for (const { t, event, index } of definedTransitions(node)) {
      // A final leaf takes no transitions: the machine (or its region) is done there.
      for (const leaf of leavesOf(node).filter((l) => l.type !== 'final')) {
        transitions.push({ source: leaf.id, event: `${event}[${index}]`, guard: guardName(t), target: targetOf(t) });
        keys.push(keyOf(leaf, event, index, t));
      }
    }
  }
  return { states: nodes.map((n) => n.id), transitions, keys };
}

type GraphPath = { steps: readonly { state: AnyMachineSnapshot; event: { type: string } }[] };

/**
 * Picks, longest first, the generated paths that would reach a state, take a (leaf, transition) pair
 * or send an event variant (by `eventKey`) that the paths kept so far do not. A static forecast to
 * keep the suite short; the coverage assertion itself uses what the running actors did.
 */
export function selectPaths<P extends GraphPath>(
  machine: AnyStateMachine,
  paths: readonly P[],
  eventKey: (event: { type: string }) => string,
): P[] {
  const seen = new Set<string>();
  const kept: P[] = [];
  for (const path of [...paths].sort((a, b) => b.steps.length - a.steps.length)) {
    const found = new Set<string>();
    let previous: AnyMachineSnapshot | undefined;
    for (const { state, event } of path.steps) {
      state._nodes.forEach((n: AnyStateNode) => found.add(`state:${n.id}`));
      found.add(`event:${eventKey(event)}`);
      if (previous) {
        for (const t of machine.getTransitionData(previous, event as never) as AnyTransitionDefinition[]) {
          const source = t.source as AnyStateNode;
          const index = (source.transitions.get(t.eventType) ?? []).indexOf(t);
          previous._nodes
            .filter((n: AnyStateNode) => n.type === 'atomic' && source.path.every((p: string, i: number) => n.path[i] === p))
            .forEach((leaf: AnyStateNode) => found.add(keyOf(leaf, t.eventType, index, t)));
        }
      }
      previous = state;
    }
    if ([...found].some((f) => !seen.has(f))) {
      kept.push(path);
      found.forEach((f) => seen.add(f));
    }
  }
  return kept;
}
