import { Alert, Button, Code, CopyButton, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { createActorContext } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import type { ApiKey } from '@contract/api/api-keys.calls';
import { API_KEY_ACCESS, type ApiKeyAccess } from '@contract/api-keys.contract';
import { ALL_BRANCHES, apiKeysMachine, createStatus, listStatus } from '../../machines/api-keys.machine';
import { DataTable } from '../../ui/data-table';
import { DeferredSelect } from '../../ui/deferred-select';
import { submitHandler } from '../../ui/form-events';
import { ScrollX } from '../../ui/scroll-x';
import { formatInstant } from '@contract/presentation/format';
import { LoadState } from '../../ui/load-state';
import { FIGURE_COLOR } from '../../ui/theme';
import { ConfirmDialogView } from '../shared/confirm-dialog.view';
import { SessionContext } from '../shared/session.context';
import { exampleCurl } from './example-curl';
import { EVERY_BRANCH_SCOPE } from '@contract/presentation/labels';

/** The Integrations page's actor; tests pass `logic={apiKeysMachine.provide(fakes)}`. */
export const ApiKeysContext = createActorContext(apiKeysMachine);

const EMPTY_TEXT = 'No API keys yet.';

/** Each access as the create form offers it, and as the keys table shows it. */
export const ACCESS_LABELS: Record<ApiKeyAccess, { choice: string; short: string }> = {
  ingest: { choice: 'Ingest (send trade)', short: 'Ingest' },
  read: { choice: 'Read (BI tools: analytics only)', short: 'Read' },
};
const ACCESS_CHOICES = API_KEY_ACCESS.map((access) => ({ value: access, label: ACCESS_LABELS[access].choice }));
const isAccess = (value: string | null): value is ApiKeyAccess => API_KEY_ACCESS.includes(value as ApiKeyAccess);

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** What the ingest API and the read keys are, and where they are described. */
export function IngestIntro() {
  return (
    <Text maw={760}>
      Your point-of-sale, roster and supplier systems can send orders, shifts, purchases and menu items to the console&apos;s ingest API at{' '}
      <Code>/api/v1/ingest/…</Code> with an ingest key; a BI tool can read the analytics and page reports with a read key. Each system sends
      its key in the header <Code style={{ whiteSpace: 'nowrap' }}>Authorization: Bearer &lt;key&gt;</Code>; a key works for all branches or
      for one. The calls are described in the integration guide, <Code>docs/integrations.md</Code>, sections &ldquo;Integrating a POS&rdquo;
      and &ldquo;Reading with a BI tool&rdquo;, and every call in <Code>/api/v1/openapi.json</Code>.
    </Text>
  );
}

/**
 * Where the API is (`baseUrl`, the console's own origin + /api/v1), the ids of the franchise's restaurants that its records
 * name, and a command sending one order for the first of them, with Copy.
 */
export function ApiAccess({ baseUrl }: { baseUrl: string }) {
  const restaurants = SessionContext.useSelector((s) => s.context.restaurants);
  const first = restaurants[0];
  const command = first ? exampleCurl(baseUrl, first.id) : null;
  return (
    <Section title="Your API">
      <Stack gap="md">
        <Text>
          Base URL: <Code>{baseUrl}</Code>
        </Text>
        {restaurants.length === 0 ? (
          <Text c="dimmed">No restaurants yet: add one on Restaurant Management; its id is what a record&apos;s restaurant_id names.</Text>
        ) : (
          <div>
            <Text size="sm" mb={4}>
              Each record names its restaurant by id (<Code>restaurant_id</Code>):
            </Text>
            <ScrollX minWidth={280} label="Restaurant ids, scrollable">
              <DataTable>
                <thead>
                  <tr>
                    <th>Restaurant</th>
                    <th>Id</th>
                  </tr>
                </thead>
                <tbody>
                  {restaurants.map((r) => (
                    <tr key={r.id}>
                      <td>{r.name}</td>
                      <td>
                        <Code>{r.id}</Code>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            </ScrollX>
          </div>
        )}
        {command && first && (
          <div>
            <Text size="sm" mb={4}>
              Sending one order for {first.name} with an ingest key for all branches (its secret in <Code>FC_KEY</Code>; GNU date, on a Mac{' '}
              <Code>date -u -v-1d +%F</Code>): the dashboard then shows it in its default range, the last 7 days.
            </Text>
            <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} aria-label="Example command">
              {command}
            </Code>
            <CopyButton value={command}>
              {({ copied, copy }) => (
                <Button
                  mt="xs"
                  size="xs"
                  variant="default"
                  leftSection={
                    copied ? <IconCheck size={16} color={FIGURE_COLOR.positive} aria-hidden /> : <IconCopy size={16} aria-hidden />
                  }
                  onClick={copy}
                >
                  {copied ? 'Command copied' : 'Copy command'}
                </Button>
              )}
            </CopyButton>
          </div>
        )}
        <Text size="sm">
          The whole guide is <Code>docs/integrations.md</Code> in the console&apos;s repository; every call is described in the OpenAPI
          document at <Code>{`${baseUrl}/openapi.json`}</Code>.
        </Text>
      </Stack>
    </Section>
  );
}

function CreateKeyForm() {
  const keys = ApiKeysContext.useActorRef();
  const name = ApiKeysContext.useSelector((s) => s.context.draft.name);
  const scope = ApiKeysContext.useSelector((s) => s.context.draft.scope);
  const access = ApiKeysContext.useSelector((s) => s.context.draft.access);
  const accessError = ApiKeysContext.useSelector((s) => s.context.fieldErrors.access);
  const nameError = ApiKeysContext.useSelector((s) => s.context.fieldErrors.name);
  const scopeError = ApiKeysContext.useSelector((s) => s.context.fieldErrors.restaurant_id);
  const creating = ApiKeysContext.useSelector((s) => s.matches({ create: 'creating' }));
  const restaurants = SessionContext.useSelector((s) => s.context.restaurants);
  const scopes = useMemo(
    () => [{ value: ALL_BRANCHES, label: EVERY_BRANCH_SCOPE }, ...restaurants.map(({ id, name }) => ({ value: String(id), label: name }))],
    [restaurants],
  );
  return (
    <form noValidate onSubmit={submitHandler(() => keys.send({ type: 'create.submit' }))}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          <TextInput
            label="Name"
            description="Which system uses it, e.g. Parramatta POS"
            required
            maxLength={100}
            value={name}
            error={nameError}
            disabled={creating}
            onChange={(e) => keys.send({ type: 'create.change', field: 'name', value: e.currentTarget.value })}
          />
          <DeferredSelect
            label="Scope"
            description="The branches it may send or read data for"
            data={scopes}
            value={scope}
            error={scopeError}
            disabled={creating}
            allowDeselect={false}
            onChange={(value) => keys.send({ type: 'create.change', field: 'scope', value: value ?? ALL_BRANCHES })}
          />
          <DeferredSelect
            label="Access"
            description="What it may call"
            data={ACCESS_CHOICES}
            value={access}
            error={accessError}
            disabled={creating}
            allowDeselect={false}
            onChange={(value) => isAccess(value) && keys.send({ type: 'create.change', field: 'access', value })}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={creating} leftSection={<IconKey size={18} aria-hidden />}>
            Create key
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The new key's secret, shown once: Copy (or, without a clipboard, the text selected for the user), and Done. */
function SecretBox() {
  const keys = ApiKeysContext.useActorRef();
  const created = ApiKeysContext.useSelector((s) => s.context.created);
  const status = ApiKeysContext.useSelector(createStatus);
  const secretText = useRef<HTMLPreElement>(null);
  useEffect(() => {
    if (status === 'copyFailed' && secretText.current) window.getSelection()?.selectAllChildren(secretText.current);
  }, [status]);
  if (!created) return null;
  const copied = status === 'copied';
  return (
    <Alert
      color="yellow"
      variant="light"
      title={`Your new API key "${created.name}"`}
      icon={<IconKey aria-hidden />}
      // The light alert's yellow title is too pale on its background (WCAG AA): the title is in the text colour.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap="sm">
        <Text size="sm">
          Copy it now and store it in the system&apos;s settings: it is shown only this once and cannot be shown again. If it is lost,
          revoke it and create another.
        </Text>
        <div>
          <Text size="sm" fw={500} mb={4}>
            API key
          </Text>
          <Code block ref={secretText} fz="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {created.secret}
          </Code>
        </div>
        {status === 'copyFailed' && (
          <Text size="sm" role="alert">
            Copying is not available here: the key is selected, press Ctrl+C (⌘C on a Mac) to copy it.
          </Text>
        )}
        <Group gap="sm">
          <Button
            variant="default"
            loading={status === 'copying'}
            leftSection={copied ? <IconCheck size={18} color={FIGURE_COLOR.positive} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            onClick={() => keys.send({ type: 'secret.copy' })}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
          <Button onClick={() => keys.send({ type: 'secret.done' })}>Done</Button>
        </Group>
        {/* Announced once the copy succeeded; the button's label changes with it. */}
        <VisuallyHidden role="status">{copied ? 'Copied' : ''}</VisuallyHidden>
      </Stack>
    </Alert>
  );
}

function CreateKeyCard() {
  const status = ApiKeysContext.useSelector(createStatus);
  return <Section title="Create key">{status === 'editing' || status === 'creating' ? <CreateKeyForm /> : <SecretBox />}</Section>;
}

function KeysTable({ keys }: { keys: readonly ApiKey[] }) {
  const actor = ApiKeysContext.useActorRef();
  const revoking = ApiKeysContext.useSelector((s) => !s.matches({ revoke: 'idle' }));
  const timeZone = SessionContext.useSelector((s) => s.context.user?.franchise.time_zone ?? 'Australia/Sydney');
  return (
    <ScrollX minWidth={800} label="API keys, scrollable">
      <DataTable>
        <thead>
          <tr>
            <th>Name</th>
            <th>Scope</th>
            <th>Access</th>
            <th>Key</th>
            <th>Created</th>
            <th>Last used</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id}>
              <td>{key.name}</td>
              <td>{key.restaurant_name ?? EVERY_BRANCH_SCOPE}</td>
              <td>{ACCESS_LABELS[key.access].short}</td>
              <td>
                <Code>{key.prefix}…</Code>
              </td>
              <td>{formatInstant(key.created_at, timeZone)}</td>
              <td>{key.last_used_at === null ? 'Never' : formatInstant(key.last_used_at, timeZone)}</td>
              <td>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  aria-label={`Revoke ${key.name}`}
                  disabled={revoking}
                  onClick={() => actor.send({ type: 'revoke.ask', id: key.id, name: key.name })}
                >
                  Revoke
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </ScrollX>
  );
}

function KeysCard() {
  const actor = ApiKeysContext.useActorRef();
  const status = ApiKeysContext.useSelector(listStatus);
  const keys = ApiKeysContext.useSelector((s) => s.context.keys);
  const error = ApiKeysContext.useSelector((s) => s.context.error?.message);
  return (
    <Section title="API keys">
      <LoadState
        status={status}
        loadingLabel="Loading API keys"
        failedTitle="API keys could not be loaded"
        message={error}
        onRetry={() => actor.send({ type: 'keys.retry' })}
      >
        {keys.length === 0 ? <Text c="dimmed">{EMPTY_TEXT}</Text> : <KeysTable keys={keys} />}
      </LoadState>
    </Section>
  );
}

function RevokeDialog() {
  const dialog = ApiKeysContext.useSelector((s) => s.children.confirmRevoke);
  return <ConfirmDialogView dialog={dialog} />;
}

/** The create card (form, then the new secret once) and the keys card, with the revoke question. */
export function IntegrationsView() {
  return (
    <>
      <CreateKeyCard />
      <KeysCard />
      <RevokeDialog />
    </>
  );
}
