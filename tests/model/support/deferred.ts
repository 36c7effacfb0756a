import { fromPromise } from 'xstate';

type Deferred<T> = { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void };

// Promise.withResolvers is missing on Node 20.
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * A promise actor the test settles by hand, as the model's `xstate.done.actor.<id>` /
 * `xstate.error.actor.<id>` events say. Records each invocation's input.
 */
export function controllableActor<TOutput, TInput = unknown>() {
  const pending: Deferred<TOutput>[] = [];
  const inputs: TInput[] = [];
  const take = (): Deferred<TOutput> => {
    const next = pending.shift();
    if (!next) throw new Error('The actor was not invoked, so there is nothing to settle');
    return next;
  };
  return {
    logic: fromPromise<TOutput, TInput>(({ input }) => {
      const d = deferred<TOutput>();
      pending.push(d);
      inputs.push(input);
      return d.promise;
    }),
    inputs,
    resolve: (output: TOutput) => take().resolve(output),
    reject: (error: unknown) => take().reject(error),
  };
}
