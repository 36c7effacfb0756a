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
  const restaurants = SessionContext.useSelector((s) => s.context.restaurants);
  // The templates' example rows name the first two (by name).
  const [input] = useState(() => ({ restaurantIds: restaurants.slice(0, 2).map((r) => r.id) }));
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <ImportContext.Provider logic={importLogic} options={{ input }}>
        <ImportView />
      </ImportContext.Provider>
    </Stack>
  );
}
