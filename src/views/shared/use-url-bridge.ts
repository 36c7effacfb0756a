import { useEffect } from 'react';
import { useSearch } from 'wouter';

/**
 * Reports the address's query to a machine on mount and on every change (back and forward included): the URL is where
 * its filters and page live, so the machine, not the view, decides what they mean.
 */
export function useUrlBridge<T extends `${string}.urlChanged`>(
  actor: { send: (event: { type: T; search: string }) => void },
  type: T,
): void {
  const search = useSearch();
  useEffect(() => actor.send({ type, search }), [actor, type, search]);
}
