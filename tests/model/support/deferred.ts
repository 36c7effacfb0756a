import { fromPromise } from 'xstate';

type Invocation<T> = { resolve: (value: T) => void; reject: (error: unknown) => void; cancelled: boolean };

/**
 * A promise actor the test settles by hand, as the model's `xstate.done.actor.<id>` /
 * `xstate.error.actor.<id>` events say. It settles the invocation that is live (the newest one not
 * cancelled): an invocation whose state was left is stopped by XState and must never get an answer.
 * Records each invocation's input.
 */
export function controllableActor<TOutput, TInput = unknown>() {
  const invocations: Invocation<TOutput>[] = [];
  const inputs: TInput[] = [];
  const live = (): Invocation<TOutput> => {
    const invocation = invocations.findLast((i) => !i.cancelled);
    if (!invocation) throw new Error('No live invocation of the actor: nothing to settle');
    invocation.cancelled = true;
    return invocation;
  };
  return {
    logic: fromPromise<TOutput, TInput>(({ input, signal }) => {
      inputs.push(input);
      return new Promise<TOutput>((resolve, reject) => {
        const invocation: Invocation<TOutput> = { resolve, reject, cancelled: false };
        invocations.push(invocation);
        signal.addEventListener('abort', () => (invocation.cancelled = true));
      });
    }),
    inputs,
    /** How many invocations are waiting for an answer. */
    pending: () => invocations.filter((i) => !i.cancelled).length,
    resolve: (output: TOutput) => live().resolve(output),
    reject: (error: unknown) => live().reject(error),
  };
}
