import { alertsMachine } from '../../machines/alerts.machine';
import type { PageProps } from '../../routes';
import { appEffects } from '../app-effects';
import { useIsOwner } from '../session/session.context';
import { useAlertsAcknowledged } from './alerts-bell.view';
import { AlertsContext, AlertsView, useOnAcknowledged } from './alerts.view';

/** The real alert calls; the toasts show what an acknowledgement could not do. */
const alertsLogic = alertsMachine.provide({ actions: { notify: appEffects.notify } });

/** Tells the bell after each acknowledgement. */
function BellFollows() {
  useOnAcknowledged(useAlertsAcknowledged());
  return null;
}

/** Alerts (/alerts, every member): the alerts addressed to the member, to read and acknowledge. */
export default function AlertsPage({ title }: PageProps) {
  const owner = useIsOwner();
  return (
    <AlertsContext.Provider logic={alertsLogic}>
      <BellFollows />
      <AlertsView title={title} owner={owner} />
    </AlertsContext.Provider>
  );
}
