import type { FormEvent } from 'react';

/** The forms validate in their machines, so the browser's own submission is always stopped. */
export function submitHandler(submit: () => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };
}
