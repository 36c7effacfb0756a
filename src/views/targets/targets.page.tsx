import { Stack } from '@mantine/core';
import { useState } from 'react';
import { currentMonth, targetsMachine } from '../../machines/targets.machine';
import type { PageProps } from '../../shared/routing';
import { PageTitle } from '../../ui/page-title';
import { appEffects } from '../app-effects';
import { TargetsContext, TargetsView } from './targets.view';

/** The real targets calls; the page adds the toasts. */
const pageLogic = targetsMachine.provide({ actions: { notify: appEffects.notify } });

/** Targets (/targets): each branch's daily revenue targets of a month (a manager's branches only), edited in a grid and saved at once. */
export default function TargetsPage({ title }: PageProps) {
  const [input] = useState(() => ({ month: currentMonth() }));
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <TargetsContext.Provider logic={pageLogic} options={{ input }}>
        <TargetsView />
      </TargetsContext.Provider>
    </Stack>
  );
}
