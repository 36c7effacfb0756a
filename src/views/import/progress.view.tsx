import { Alert, Button, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatNumber } from '@contract/presentation/format';
import type { ImportSnapshot } from '../../machines/import.machine';
import type { ImportContext as ImportMachineContext } from '../../machines/support/import-context';
import { specOf } from '../../shared/import-spec';
import { ImportContext } from './import.context';
import { ErrorList } from './preview.view';

/** Rows a second in this run of sending, once a batch has answered. */
export function rowsPerSecond({ run, rowsDone }: Pick<ImportMachineContext, 'run' | 'rowsDone'>): number {
  const seconds = (run.updatedAt - run.startedAt) / 1000;
  const rows = rowsDone - run.rowsAtStart;
  return seconds > 0 && rows > 0 ? rows / seconds : 0;
}

/** "about 45 s left", "about 3 min left". */
export function timeLeftText(rowsLeft: number, rate: number): string {
  const seconds = Math.ceil(rowsLeft / rate);
  return seconds < 90 ? `about ${seconds} s left` : `about ${Math.round(seconds / 60)} min left`;
}

/** Sending the batches: rows done of all, speed, time left, and Cancel (after the batch under way). */
export function ImportProgress() {
  const actor = ImportContext.useActorRef();
  const done = ImportContext.useSelector((s) => s.context.rowsDone);
  const total = ImportContext.useSelector((s) => s.context.rowsTotal);
  const rate = ImportContext.useSelector((s) => rowsPerSecond(s.context));
  const batch = ImportContext.useSelector((s) => s.context.next + 1);
  const batches = ImportContext.useSelector((s) => s.context.prepared?.batches.length ?? 0);
  const stopping = ImportContext.useSelector((s) => s.context.stopRequested);
  const waitS = ImportContext.useSelector((s) => (s.matches({ importing: 'waiting' }) ? Math.ceil(s.context.waitMs / 1000) : null));
  const percent = total > 0 ? (done / total) * 100 : 0;
  const speed = rate > 0 ? ` · ${formatNumber(rate)} rows/s · ${timeLeftText(total - done, rate)}` : '';
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Importing...
      </Title>
      <Progress value={percent} size="lg" aria-label="Import progress" animated={!stopping} />
      <Text aria-live="polite">
        {formatNumber(done)} of {formatNumber(total)} rows{speed}
      </Text>
      <Text size="sm" c="dimmed">
        {waitS !== null
          ? `The server asked us to slow down: batch ${batch} of ${batches} is sent again in ${waitS} s.`
          : stopping
            ? `Stopping after batch ${batch} of ${batches}: what it sends is kept.`
            : `Sending batch ${batch} of ${batches}.`}
      </Text>
      <Group>
        <Button variant="default" color="red" disabled={stopping} onClick={() => actor.send({ type: 'import.cancel' })}>
          {stopping ? 'Stopping...' : 'Cancel'}
        </Button>
      </Group>
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {formatNumber(value)}
      </Text>
    </Paper>
  );
}

/** "1 order", "2 orders". */
const count = (n: number, noun: string) => `${formatNumber(n)} ${n === 1 ? noun.replace(/s$/, '') : noun}`;
const sentence = (text = '') => (/[.!?]$/.test(text) ? text : `${text}.`);

const outcomeOf = (s: ImportSnapshot) => (s.matches('done') ? 'done' : s.matches('cancelled') ? 'cancelled' : 'failed');

const TITLES = { done: 'Import complete', cancelled: 'Import cancelled', failed: 'Import stopped' } as const;

function Outcome() {
  const outcome = ImportContext.useSelector(outcomeOf);
  const failure = ImportContext.useSelector((s) => s.context.failure);
  const message = ImportContext.useSelector((s) => s.context.error?.message);
  const kind = ImportContext.useSelector((s) => s.context.kind);
  const notSent = ImportContext.useSelector((s) =>
    (s.context.prepared?.batches ?? []).slice(s.context.next).reduce((sum, b) => sum + b.records, 0),
  );
  const { noun } = specOf(kind);
  if (outcome === 'done') {
    return (
      <Alert color="green" variant="light">
        Every valid record of the file was sent.
      </Alert>
    );
  }
  if (outcome === 'cancelled') {
    return (
      <Alert color="blue" variant="light">
        What was sent before Cancel is kept; {count(notSent, noun)} not sent. Resume sends them, and importing the same file again later
        updates what is already there instead of doubling it.
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light">
      {failure === 'rejected'
        ? `The server refused a batch: ${sentence(message)} What earlier batches wrote is kept; ${count(notSent, noun)} not sent. Fix the rows below and import the file again.`
        : `${sentence(message)} What was sent before is kept; ${count(notSent, noun)} not sent yet.`}
    </Alert>
  );
}

/** The end: what the calls wrote, what was left out, and what comes next. */
export function ImportSummary() {
  const actor = ImportContext.useActorRef();
  const outcome = ImportContext.useSelector(outcomeOf);
  const resumable = ImportContext.useSelector((s) => s.can({ type: 'import.retry' }));
  const created = ImportContext.useSelector((s) => s.context.totals.created);
  const updated = ImportContext.useSelector((s) => s.context.totals.updated);
  const unchanged = ImportContext.useSelector((s) => s.context.totals.unchanged);
  const rejected = ImportContext.useSelector((s) => s.context.prepared?.rejected ?? 0);
  const refused = ImportContext.useSelector((s) => s.context.failure === 'rejected');
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {TITLES[outcome]}
      </Title>
      <Outcome />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" role="group" aria-label="Summary">
        <Figure label="Created" value={created} />
        <Figure label="Updated" value={updated} />
        <Figure label="Unchanged" value={unchanged} />
        <Figure label="Rejected" value={rejected} />
      </SimpleGrid>
      <Group>
        {resumable && (
          <Button onClick={() => actor.send({ type: 'import.retry' })}>{outcome === 'cancelled' ? 'Resume' : 'Try again'}</Button>
        )}
        <Button variant={resumable ? 'default' : 'filled'} onClick={() => actor.send({ type: 'import.reset' })}>
          Import another file
        </Button>
      </Group>
      <ErrorList title={refused ? 'Rows the server refused' : 'Rows left out'} />
    </Stack>
  );
}
