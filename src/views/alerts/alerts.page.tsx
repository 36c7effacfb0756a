import { useState } from 'react';
import { useSearch } from 'wouter';
import { alertsMachine } from '../../machines/alerts.machine';
import type { PageProps } from '../../shared/routing';
import { appEffects } from '../app-effects';
import { useIsOwner } from '../shared/session.context';
import { useAlertsAcknowledged } from './alerts-bell.view';
import { AlertsContext, AlertsUrlSync, AlertsView, useOnAcknowledged } from './alerts.view';

/** The real alert calls; the router keeps the list and page in the URL, the toasts show what an acknowledgement could not do. */
const alertsLogic = alertsMachine.provide({ actions: { notify: appEffects.notify, navigate: appEffects.navigate } });

/** Tells the bell after each acknowledgement. */
function BellFollows() {
  useOnAcknowledged(useAlertsAcknowledged());
  return null;
}

/** Alerts (/alerts, every member): the alerts addressed to the member, to read and acknowledge. */
export default function AlertsPage({ title }: PageProps) {
  const owner = useIsOwner();
  const search = useSearch();
  // The address it mounted with holds the first list and page; later changes arrive as events.
  const [input] = useState(() => ({ search }));
  return (
    <AlertsContext.Provider logic={alertsLogic} options={{ input }}>
      <AlertsUrlSync />
      <BellFollows />
      <AlertsView title={title} owner={owner} />
    </AlertsContext.Provider>
  );
}
