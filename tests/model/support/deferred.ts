import { fromPromise, type EventObject } from 'xstate';

type Invocation<T> = { id: string; resolve: (value: T) => void; reject: (error: unknown) => void; live: boolean };

/**
 * A promise actor the test settles by hand, as the model's `xstate.done.actor.<id>` /
 * `xstate.error.actor.<id>` events say. Invocations are tracked by their invoke id; the one settled
 * is the live one (the newest not stopped): an invocation whose state was left is stopped by XState
 * and never gets an answer. One logic may serve several invokes (e.g. session's `refresh` and `renew`).
 * Records each invocation's input.
 */
export function controllableActor<TOutput, TInput = unknown>() {
  const invocations: Invocation<TOutput>[] = [];
  const inputs: TInput[] = [];
  const live = (id?: string): Invocation<TOutput> => {
    const invocation = invocations.findLast((i) => i.live && (id === undefined || i.id === id));
    if (!invocation) throw new Error(`No live invocation${id ? ` "${id}"` : ''} of the actor: nothing to settle`);
    invocation.live = false;
    return invocation;
  };
  return {
    logic: fromPromise<TOutput, TInput>(({ input, self, signal }) => {
      inputs.push(input);
      return new Promise<TOutput>((resolve, reject) => {
        const invocation: Invocation<TOutput> = { id: self.id, resolve, reject, live: true };
        invocations.push(invocation);
        signal.addEventListener('abort', () => (invocation.live = false));
      });
    }),
    inputs,
    /** How many invocations are waiting for an answer. */
    pending: () => invocations.filter((i) => i.live).length,
    /** Resolves the live invocation (of invoke `id`, if given). */
    resolve: (output: TOutput, id?: string) => live(id).resolve(output),
    /** Rejects the live invocation (of invoke `id`, if given). */
    reject: (error: unknown, id?: string) => live(id).reject(error),
    /** Settles the live invocation the model event names: `xstate.done.actor.<id>` resolves, `xstate.error.actor.<id>` rejects. */
    settle(event: EventObject & { output?: unknown; error?: unknown }) {
      const [, outcome, id] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? [];
      if (!id) throw new Error(`${event.type} does not settle an actor`);
      if (outcome === 'done') live(id).resolve(event.output as TOutput);
      else live(id).reject(event.error);
    },
  };
}
