import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { clearToasts } from './render-view';

/** One model step: perform the event through the UI (or the fake it stands for), then check what the user sees. */
export async function runPath<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject>(
  path: StatePath<TSnapshot, TEvent>,
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
    await verify(state, event);
  }
}

/** A short, stable key of an event for serialising graph vertices (errors by kind, not by identity). */
export function eventKey(event: EventObject | undefined): string {
  if (!event) return '';
  const { type, ...rest } = event as EventObject & Record<string, unknown>;
  const detail = Object.entries(rest).map(
    ([k, v]) => `${k}=${v instanceof Error ? `${v.name}:${(v as { status?: number }).status ?? ''}` : JSON.stringify(v)}`,
  );
  return [type, ...detail].join('|');
}
