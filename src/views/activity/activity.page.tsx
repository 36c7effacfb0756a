import { useState } from 'react';
import { useSearch } from 'wouter';
import { activityMachine } from '../../machines/activity.machine';
import type { PageProps } from '../../shared/routing';
import { saveFile } from '../../ui/save-file';
import { appEffects } from '../app-effects';
import { SessionContext } from '../shared/session.context';
import { ActivityContext } from './activity.context';
import { ActivityUrlSync, ActivityView } from './activity.view';

/** The real log calls; the router, the toasts and the browser's download carry out the machine's effects. */
const activityLogic = activityMachine.provide({
  actions: { navigate: appEffects.navigate, notify: appEffects.notify, download: (_, file) => saveFile(file) },
});

/** Activity (/activity, owners): who changed what and when, filtered by member, kind and days, with its CSV export. */
export default function ActivityPage({ title }: PageProps) {
  const timeZone = SessionContext.useSelector((s) => s.context.user?.franchise.time_zone ?? 'Australia/Sydney');
  const restaurants = SessionContext.useSelector((s) => s.context.restaurants);
  const search = useSearch();
  // The address it mounted with holds the first filters and page; later changes arrive as events.
  const [input] = useState(() => ({ search }));
  return (
    <ActivityContext.Provider logic={activityLogic} options={{ input }}>
      <ActivityUrlSync />
      <ActivityView title={title} timeZone={timeZone} restaurants={restaurants} />
    </ActivityContext.Provider>
  );
}
