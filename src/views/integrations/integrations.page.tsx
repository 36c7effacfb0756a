import { Stack } from '@mantine/core';
import { apiKeysMachine } from '../../machines/api-keys.machine';
import type { PageProps } from '../../shared/routing';
import { PageTitle } from '../../ui/page-title';
import { appEffects } from '../app-effects';
import { ApiKeysContext, IngestIntro, IntegrationsView } from './integrations.view';

/** The real API key calls and clipboard; the page adds the toasts. */
const pageLogic = apiKeysMachine.provide({ actions: { notify: appEffects.notify } });

/** Integrations (/integrations): what the ingest API is, the franchise's API keys, creating one (its secret shown once) and revoking. */
export default function IntegrationsPage({ title }: PageProps) {
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <IngestIntro />
      <ApiKeysContext.Provider logic={pageLogic}>
        <IntegrationsView />
      </ApiKeysContext.Provider>
    </Stack>
  );
}
