import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { formatNumber } from '@contract/presentation/format';
import { ERRORS_PER_PAGE } from '../../machines/import.machine';
import { specOf } from '../../shared/import-spec';
import { DataTable } from '../../ui/data-table';
import { ListPager } from '../../ui/list-controls';
import { ScrollX } from '../../ui/scroll-x';
import { ALERT, ImportContext } from './import.context';

/** The file's first rows as they were read, with their row numbers. */
export function FilePreview() {
  const info = ImportContext.useSelector((s) => s.context.info);
  if (!info) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        First rows of {info.name}
      </Title>
      <ScrollX minWidth={Math.max(480, info.headers.length * 110)} label={`First rows of ${info.name}, scrollable`}>
        <DataTable striped>
          <thead className="fc-import-cells">
            <tr>
              <th scope="col">Row</th>
              {info.headers.map((header, i) => (
                <th key={i} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="fc-import-cells">
            {info.preview.map(({ row, cells }) => (
              <tr key={row}>
                <th scope="row">{row}</th>
                {info.headers.map((_, i) => (
                  <td key={i}>{cells[i] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ScrollX>
    </Stack>
  );
}

/** The problems on screen, a page at a time; the download has every one. */
export function ErrorList({ title }: { title: string }) {
  const actor = ImportContext.useActorRef();
  const errors = ImportContext.useSelector((s) => s.context.errors);
  const count = ImportContext.useSelector((s) => s.context.errorCount);
  const page = ImportContext.useSelector((s) => s.context.errorPage);
  const downloadable = ImportContext.useSelector((s) => s.context.errorFile !== null);
  if (count === 0) return null;
  const pageCount = Math.max(1, Math.ceil(errors.length / ERRORS_PER_PAGE));
  const shown = Math.min(Math.max(page, 1), pageCount);
  const from = (shown - 1) * ERRORS_PER_PAGE;
  const rows = errors.slice(from, from + ERRORS_PER_PAGE);
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {downloadable && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={() => actor.send({ type: 'import.downloadErrors' })}
          >
            Download all {formatNumber(count)} (CSV)
          </Button>
        )}
      </Group>
      {count > errors.length && (
        <Text size="sm" c="dimmed">
          The first {formatNumber(errors.length)} of {formatNumber(count)} are listed here; the download has every one.
        </Text>
      )}
      <ScrollX minWidth={320} label={`${title}, scrollable`}>
        <DataTable striped>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Column</th>
              <th scope="col">Problem</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ row, column, message }, i) => (
              <tr key={from + i}>
                <td>{row}</td>
                <td>{column}</td>
                <td>{message}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ScrollX>
      {pageCount > 1 && (
        <ListPager
          page={shown}
          pageCount={pageCount}
          from={from + 1}
          to={from + rows.length}
          total={errors.length}
          label="Problem pages"
          onPage={(next) => actor.send({ type: 'import.errorPage', page: next })}
        />
      )}
    </Stack>
  );
}

function CheckResult() {
  const kind = ImportContext.useSelector((s) => s.context.kind);
  const rows = ImportContext.useSelector((s) => s.context.prepared?.rows ?? 0);
  const records = ImportContext.useSelector((s) => s.context.prepared?.records ?? 0);
  const rejected = ImportContext.useSelector((s) => s.context.prepared?.rejected ?? 0);
  const { noun } = specOf(kind);
  if (rows === 0) {
    return (
      <Alert color="red" variant="light" classNames={ALERT} title="No rows to import">
        The file has a header but no rows under it.
      </Alert>
    );
  }
  const ready = `${formatNumber(rows)} rows read: ${formatNumber(records)} ${noun} are ready to import.`;
  if (rejected === 0) {
    return (
      <Alert color="green" variant="light" classNames={ALERT} title="Every row is valid">
        {ready}
      </Alert>
    );
  }
  return (
    <Alert
      color="red"
      variant="light"
      classNames={ALERT}
      title={`${formatNumber(rejected)} ${rejected === 1 ? 'record has' : 'records have'} problems`}
    >
      {ready} The {noun} listed below are left out; fix them in the file and import it again (records already imported are updated, not
      doubled).
    </Alert>
  );
}

/** How many unknown SKUs the alert names; the rest are counted. */
const SKUS_NAMED = 20;

/** The orders name SKUs the menu does not have: the server would refuse them, so the menu is imported first. */
function UnknownSkus() {
  const actor = ImportContext.useActorRef();
  const skus = ImportContext.useSelector((s) => s.context.unknownSkus);
  if (skus.length === 0) return null;
  const more = skus.length - SKUS_NAMED;
  return (
    <Alert color="red" variant="light" classNames={ALERT} title="Import the menu first">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          Your menu has no item with {skus.length === 1 ? 'the SKU' : 'the SKUs'} {skus.slice(0, SKUS_NAMED).join(', ')}
          {more > 0 ? ` and ${formatNumber(more)} more` : ''}. Orders naming them would be refused: import these menu items first, then this
          file again. Nothing has been sent.
        </Text>
        <Button size="xs" onClick={() => actor.send({ type: 'import.menuFirst' })}>
          Import the menu first
        </Button>
      </Stack>
    </Alert>
  );
}

/** The check's result before anything is written: counts, first rows, problems; Import sends the valid records. */
export function PreviewStep() {
  const actor = ImportContext.useActorRef();
  const kind = ImportContext.useSelector((s) => s.context.kind);
  const records = ImportContext.useSelector((s) => s.context.prepared?.records ?? 0);
  const unknownSkus = ImportContext.useSelector((s) => s.context.unknownSkus.length);
  return (
    <Stack gap="md">
      <CheckResult />
      <UnknownSkus />
      <Group>
        <Button disabled={records === 0 || unknownSkus > 0} onClick={() => actor.send({ type: 'import.start' })}>
          Import {formatNumber(records)} {specOf(kind).noun}
        </Button>
        <Button variant="default" onClick={() => actor.send({ type: 'import.editMapping' })}>
          Change columns
        </Button>
        <Button variant="default" onClick={() => actor.send({ type: 'import.reset' })}>
          Choose another file
        </Button>
      </Group>
      <ErrorList title="Problems found" />
      <FilePreview />
    </Stack>
  );
}
