import { Alert, Box, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileImport } from '@tabler/icons-react';
import { useState, type DragEvent } from 'react';
import type { IngestKind } from '@contract/ingest.contract';
import { IMPORT_KINDS, IMPORT_SPECS } from '../../shared/import-spec';
import { ALERT, ImportContext } from './import.context';

function KindPicker() {
  const actor = ImportContext.useActorRef();
  const kind = ImportContext.useSelector((s) => s.context.kind);
  return (
    <Radio.Group label="What to import" value={kind} onChange={(value) => actor.send({ type: 'import.kind', kind: value as IngestKind })}>
      <Group gap="lg" mt="xs">
        {IMPORT_KINDS.map((k) => (
          <Radio key={k} value={k} label={IMPORT_SPECS[k].label} />
        ))}
      </Group>
    </Radio.Group>
  );
}

function TemplateButton() {
  const actor = ImportContext.useActorRef();
  const kind = ImportContext.useSelector((s) => s.context.kind);
  // The orders template waits for the menu, whose SKUs it names.
  const loading = ImportContext.useSelector((s) => s.matches('templating'));
  return (
    <Button
      variant="light"
      loading={loading}
      leftSection={<IconDownload size={16} aria-hidden />}
      onClick={() => actor.send({ type: 'import.template' })}
    >
      Download {IMPORT_SPECS[kind].noun} template
    </Button>
  );
}

/** A file dropped on the box or chosen with its button. */
function FileDrop() {
  const actor = ImportContext.useActorRef();
  // Only the box's look while a file is dragged over it.
  const [over, setOver] = useState(false);
  const take = (file: File | undefined) => file && actor.send({ type: 'import.file', file });
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files[0]);
  };
  return (
    <Box
      className="fc-import-drop"
      data-over={over || undefined}
      onDragOver={(event: DragEvent) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <Stack gap="sm" align="center">
        <IconFileImport size={36} stroke={1.5} aria-hidden />
        <Text>Drop a CSV file here, or</Text>
        <Button component="label" className="fc-import-choose">
          Choose a CSV file
          <input
            className="fc-import-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => {
              const input = event.currentTarget;
              const file = input.files?.[0];
              // The same file may be chosen again later (after fixing it).
              input.value = '';
              take(file);
            }}
          />
        </Button>
      </Stack>
    </Box>
  );
}

function ReadError() {
  const message = ImportContext.useSelector((s) => s.context.error?.message);
  if (!message) return null;
  return (
    <Alert color="red" variant="light" classNames={ALERT} title="The file could not be read">
      {message}
    </Alert>
  );
}

/** The orders template was asked for before the franchise has a menu: orders name its SKUs. */
function MenuNotice() {
  const actor = ImportContext.useActorRef();
  const missing = ImportContext.useSelector((s) => s.context.menuMissing);
  const failed = ImportContext.useSelector((s) => s.context.menuError?.message);
  if (failed) {
    return (
      <Alert color="red" variant="light" classNames={ALERT} title="The menu could not be loaded">
        {failed}
      </Alert>
    );
  }
  if (!missing) return null;
  return (
    <Alert color="yellow" variant="light" classNames={ALERT} title="Your franchise has no menu yet">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">Each order line names a menu item by its SKU: import your menu items first, then your orders.</Text>
        <Button size="xs" onClick={() => actor.send({ type: 'import.menuFirst' })}>
          Import the menu first
        </Button>
      </Stack>
    </Alert>
  );
}

/** What to import, its template, and the file. */
export function ChooseStep() {
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        Add menu items, orders, shifts or purchases from a CSV file. Every row is checked before anything is written, and importing a file
        again updates its records instead of doubling them.
      </Text>
      <KindPicker />
      <Group>
        <TemplateButton />
      </Group>
      <MenuNotice />
      <ReadError />
      <FileDrop />
    </Stack>
  );
}
