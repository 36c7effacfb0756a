/** A function that counts its calls and resolves them all with `value` when the test says. */
export function heldCalls<T>(value: T) {
  let runs = 0;
  const waiting: (() => void)[] = [];
  return {
    get runs() {
      return runs;
    },
    call: () => {
      runs++;
      return new Promise<T>((resolve) => waiting.push(() => resolve(value)));
    },
    settle: () => waiting.splice(0).forEach((resolve) => resolve()),
  };
}
