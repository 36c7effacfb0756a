import { Stack } from '@mantine/core';
import { apiKeysMachine } from '../../machines/api-keys.machine';
import type { PageProps } from '../../shared/routing';
import { PageTitle } from '../../ui/page-title';
import { appEffects } from '../app-effects';
import { ApiAccess, ApiKeysContext, IngestIntro, IntegrationsView } from './integrations.view';

/** The real API key calls and clipboard; the page adds the toasts. */
const pageLogic = apiKeysMachine.provide({ actions: { notify: appEffects.notify } });

/** Integrations (/integrations): what the ingest API is, its base URL, the restaurants' ids and an example command, the franchise's API keys, creating one (its secret shown once) and revoking. */
export default function IntegrationsPage({ title }: PageProps) {
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <IngestIntro />
      <ApiAccess baseUrl={`${window.location.origin}/api/v1`} />
      <ApiKeysContext.Provider logic={pageLogic}>
        <IntegrationsView />
      </ApiKeysContext.Provider>
    </Stack>
  );
}
