import { Stack } from '@mantine/core';
import { useState } from 'react';
import { dayInZone } from '../../machines/support/targets-grid';
import { targetsMachine } from '../../machines/targets.machine';
import type { PageProps } from '../../shared/routing';
import { saveFile } from '../../ui/save-file';
import { PageTitle } from '../../ui/page-title';
import { appEffects } from '../app-effects';
import { SessionContext } from '../shared/session.context';
import { TargetsContext, TargetsView } from './targets.view';

/** The real targets calls; the page adds the toasts and saves the exported files. */
const pageLogic = targetsMachine.provide({ actions: { notify: appEffects.notify, download: (_, file) => saveFile(file) } });

/** Targets (/targets): each branch's daily revenue targets of a month (a manager's branches only), edited in a grid and saved at once. */
export default function TargetsPage({ title }: PageProps) {
  const timeZone = SessionContext.useSelector((s) => s.context.user?.franchise.time_zone ?? 'Australia/Sydney');
  // The franchise's month, not the device's: an owner abroad still opens on the month their branches trade in.
  const [input] = useState(() => {
    const today = dayInZone(timeZone);
    return { month: today.slice(0, 7), today };
  });
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <TargetsContext.Provider logic={pageLogic} options={{ input }}>
        <TargetsView />
      </TargetsContext.Provider>
    </Stack>
  );
}
