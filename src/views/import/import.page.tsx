import { Stack } from '@mantine/core';
import { useState } from 'react';
import { importMachine } from '../../machines/import.machine';
import type { PageProps } from '../../shared/routing';
import { PageTitle } from '../../ui/page-title';
import { saveFile } from '../../ui/save-file';
import { SessionContext } from '../shared/session.context';
import { ImportContext } from './import.context';
import { ImportView } from './import.view';

/** The real worker and import calls; the browser saves the template and the lists of problems. */
const importLogic = importMachine.provide({
  actions: { downloadTemplate: (_, file) => saveFile(file), downloadErrors: (_, file) => saveFile(file) },
});

/** Data Import: menu items, orders, shifts or purchases from a CSV file, checked before anything is written. */
export default function ImportPage({ title }: PageProps) {
  const firstRestaurant = SessionContext.useSelector((s) => s.context.restaurants[0]?.id ?? null);
  const [input] = useState(() => ({ restaurantId: firstRestaurant }));
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <ImportContext.Provider logic={importLogic} options={{ input }}>
        <ImportView />
      </ImportContext.Provider>
    </Stack>
  );
}
