import { createActorContext } from '@xstate/react';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { Branch } from '../../machines/support/analytics-filters';
import { memberRole, sessionMachine } from '../../machines/session.machine';

/** The one session actor of the app; tests pass `logic={sessionMachine.provide(fakes)}`. */
export const SessionContext = createActorContext(sessionMachine);

/** Whether the signed-in member is an owner: pages hide what only owners may do (the server refuses it to others anyway). */
export function useIsOwner(): boolean {
  return SessionContext.useSelector((s) => memberRole(s) === 'owner');
}

/**
 * Calls `onChange` with the member's branches each time they change while the page is shown (an owner narrowed or
 * widened them, a restaurant was renamed): a page's branch picker follows at once. Not called for the branches the
 * page mounted with.
 */
export function useBranchesChanged(onChange: (branches: Branch[]) => void): void {
  const restaurants = SessionContext.useSelector((s) => s.context.restaurants);
  const key = restaurants.map((r) => `${r.id}:${r.name}`).join('\n');
  const reported = useRef(key);
  const report = useEffectEvent(() => onChange(restaurants.map(({ id, name }) => ({ id, name }))));
  useEffect(() => {
    if (reported.current === key) return;
    reported.current = key;
    report();
  }, [key]);
}
