import { createActorContext } from '@xstate/react';
import { useCallback, useEffect, type ReactNode } from 'react';
import { alertsBellMachine } from '../../machines/alerts-bell.machine';
import { pathOf } from '../../shared/routing';
import { AlertsBellButton } from '../../ui/alerts-bell';

/** The signed-in member's bell actor; tests pass `logic={alertsBellMachine.provide(fakes)}`. */
export const AlertsBellContext = createActorContext(alertsBellMachine);

/** What the bell hears from the browser: the tab hidden or shown again, the window focused again. */
function AlertsBellBridge() {
  const bell = AlertsBellContext.useActorRef();
  useEffect(() => {
    const visibility = () =>
      document.visibilityState === 'hidden' ? bell.send({ type: 'bell.hidden' }) : bell.send({ type: 'bell.visible' });
    const focused = () => bell.send({ type: 'bell.focused' });
    // A tab opened in the background counts once it shows.
    if (document.visibilityState === 'hidden') bell.send({ type: 'bell.hidden' });
    document.addEventListener('visibilitychange', visibility);
    window.addEventListener('focus', focused);
    return () => {
      document.removeEventListener('visibilitychange', visibility);
      window.removeEventListener('focus', focused);
    };
  }, [bell]);
  return null;
}

/** The bell's actor for as long as the member is signed in (the console's guard renders it then only). */
export function AlertsBellScope({ children, logic = alertsBellMachine }: { children: ReactNode; logic?: typeof alertsBellMachine }) {
  return (
    <AlertsBellContext.Provider logic={logic}>
      <AlertsBellBridge />
      {children}
    </AlertsBellContext.Provider>
  );
}

/** Tells the bell the member acknowledged alerts, so it counts again at once. */
export function useAlertsAcknowledged(): () => void {
  const bell = AlertsBellContext.useActorRef();
  return useCallback(() => bell.send({ type: 'bell.refresh' }), [bell]);
}

/** The header's bell with the member's unread count. */
export function AlertsBell() {
  const unread = AlertsBellContext.useSelector((s) => s.context.unread);
  return <AlertsBellButton unread={unread} href={pathOf('alerts')} />;
}
