import { createElement, type ComponentProps } from 'react';
import type * as XStateReact from '@xstate/react';
import type { AnyActorLogic, InspectionEvent } from 'xstate';

/**
 * The real pages create their actors themselves (`useActorRef`, `createActorContext`'s Provider) with
 * their module-level logic and fixed options. A model test of a page mocks `@xstate/react` with
 * `withPageInspection`, which adds the inspector registered for a machine id to the options of every
 * actor of that machine the page creates, or that will spawn it: the machine, its services and the page
 * stay the real ones.
 *
 *   vi.mock('@xstate/react', async (original) => (await import('./support/page-actors')).withPageInspection(await original()));
 */
const inspectors = new Map<string, (event: InspectionEvent) => void>();

/** Inspects the actors of machine `id` the pages create from now on (the coverage recorder's `inspect`). */
export function inspectPageActors(id: string, inspect: (event: InspectionEvent) => void): void {
  inspectors.set(id, inspect);
}

const machineId = (logic: unknown) => (logic as { id?: unknown } | undefined)?.id;

/** The machine ids in a page's logic: its own, and those of the actors it was provided (a list's row actions). */
const machineIds = (logic: unknown) => {
  const actors = (logic as { implementations?: { actors?: Record<string, unknown> } } | undefined)?.implementations?.actors ?? {};
  return [machineId(logic), ...Object.values(actors).map(machineId)].filter((id): id is string => typeof id === 'string');
};

function withInspector<T extends { inspect?: unknown } | undefined>(logic: unknown, options: T): T {
  const found = machineIds(logic).flatMap((id) => inspectors.get(id) ?? []);
  if (found.length === 0) return options;
  return { ...options, inspect: (event: InspectionEvent) => found.forEach((inspect) => inspect(event)) } as T;
}

export function withPageInspection(actual: typeof XStateReact): typeof XStateReact {
  const useActorRef = ((logic: AnyActorLogic, options?: object, observer?: never) =>
    actual.useActorRef(logic, withInspector(logic, options), observer)) as typeof actual.useActorRef;

  const createActorContext = ((logic: AnyActorLogic, options?: object) => {
    const context = actual.createActorContext(logic, options);
    type Props = ComponentProps<typeof context.Provider>;
    const Provider = (props: Props) =>
      createElement(context.Provider, {
        ...props,
        options: withInspector(props.logic ?? logic, props.options as object | undefined),
      } as Props);
    return { ...context, Provider };
  }) as typeof actual.createActorContext;

  return { ...actual, useActorRef, createActorContext };
}
