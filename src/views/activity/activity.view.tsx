import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { ActivityItem } from '@contract/activity.contract';
import {
  ACTION_LABELS,
  ACTIVITY_PAGE_ENTRIES,
  ENTITY_LABELS,
  pageCountOf,
  type FilterChange,
} from '../../machines/support/activity-filters';
import { DataTable } from '../../ui/data-table';
import { DeferredSelect } from '../../ui/deferred-select';
import { ListPager, shownRange } from '../../ui/list-controls';
import { LoadState } from '../../ui/load-state';
import { PageTitle } from '../../ui/page-title';
import { ScrollX } from '../../ui/scroll-x';
import { ActivityContext } from './activity.context';
import { useUrlBridge } from '../shared/use-url-bridge';
import { formatInstant } from '@contract/presentation/format';
import { actorText, changeLines, entityText } from './activity-format';

const ALL = '';
const ENTITY_OPTIONS = [{ value: ALL, label: 'All kinds' }, ...Object.entries(ENTITY_LABELS).map(([value, label]) => ({ value, label }))];
/** The server takes days from 2000 on. */
const FIRST_DAY = '2000-01-01';
/** The days the log is read for; a wrong range is told under To. */
const DAY_FIELDS = [
  { field: 'from', label: 'From' },
  { field: 'to', label: 'To' },
] as const;

/** Reports the URL query, the one record of the filters and the page, to the machine (mount, Apply, a page, back / forward). */
export function ActivityUrlSync() {
  const actor = ActivityContext.useActorRef();
  useUrlBridge(actor, 'activity.urlChanged');
  return null;
}

function Filters() {
  const actor = ActivityContext.useActorRef();
  const draft = ActivityContext.useSelector((s) => s.context.draft);
  const members = ActivityContext.useSelector((s) => s.context.members);
  const membersFailed = ActivityContext.useSelector((s) => s.matches({ members: 'failed' }));
  const dateError = ActivityContext.useSelector((s) => s.context.dateError);
  const loading = ActivityContext.useSelector((s) => s.matches({ log: 'loading' }));
  const exporting = ActivityContext.useSelector((s) => s.hasTag('exporting'));
  const memberOptions = useMemo(
    () => [{ value: ALL, label: 'All members' }, ...members.map((m) => ({ value: String(m.id), label: m.name }))],
    [members],
  );
  const change = (field: FilterChange['field'], value: string | null) =>
    actor.send({ type: 'activity.filter', field, value: value ?? ALL });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <DeferredSelect
        label="Member"
        data={memberOptions}
        value={draft.userId === null ? ALL : String(draft.userId)}
        searchable
        nothingFoundMessage="No member found"
        allowDeselect={false}
        description={membersFailed ? 'The members could not be loaded' : undefined}
        onChange={(value) => change('userId', value)}
        w={{ base: '100%', xs: 220 }}
      />
      <DeferredSelect
        label="Kind"
        data={ENTITY_OPTIONS}
        value={draft.entity ?? ALL}
        allowDeselect={false}
        onChange={(value) => change('entity', value)}
        w={{ base: '100%', xs: 180 }}
      />
      {DAY_FIELDS.map(({ field, label }) => (
        <TextInput
          key={field}
          type="date"
          label={label}
          min={FIRST_DAY}
          value={draft[field] ?? ''}
          error={field === 'to' ? dateError : undefined}
          onChange={(e) => change(field, e.currentTarget.value)}
          w={{ base: '100%', xs: 170 }}
        />
      ))}
      <Group gap="sm" wrap="nowrap">
        <Button onClick={() => actor.send({ type: 'activity.apply' })} disabled={loading || exporting}>
          {loading ? 'Loading...' : 'Apply'}
        </Button>
        <Button variant="default" onClick={() => actor.send({ type: 'activity.reset' })} disabled={loading || exporting}>
          Reset
        </Button>
      </Group>
    </Group>
  );
}

function EntriesTable({ items, timeZone, names }: { items: ActivityItem[]; timeZone: string; names: ReadonlyMap<number, string> }) {
  return (
    <ScrollX minWidth={760} label="Activity, scrollable">
      <DataTable>
        <thead>
          <tr>
            <th>When</th>
            <th>Member</th>
            <th>Action</th>
            <th>Record</th>
            <th>Changes</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, i) => (
            <tr key={`${item.at}:${i}`}>
              <td style={{ whiteSpace: 'nowrap' }}>{formatInstant(item.at, timeZone)}</td>
              <td>{actorText(item)}</td>
              <td>{ACTION_LABELS[item.action]}</td>
              <td style={{ whiteSpace: 'nowrap' }}>{entityText(item)}</td>
              <td>
                {changeLines(item.changes, names).map((line) => (
                  <Text key={line} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {line}
                  </Text>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </ScrollX>
  );
}

function Entries({ timeZone, names }: { timeZone: string; names: ReadonlyMap<number, string> }) {
  const actor = ActivityContext.useActorRef();
  const status = ActivityContext.useSelector((s) =>
    s.matches({ log: 'loading' })
      ? 'loading'
      : s.matches({ log: { shown: 'failed' } })
        ? 'failed'
        : s.matches({ log: { shown: 'empty' } })
          ? 'empty'
          : 'loaded',
  );
  const items = ActivityContext.useSelector((s) => s.context.items);
  const page = ActivityContext.useSelector((s) => s.context.page);
  const total = ActivityContext.useSelector((s) => s.context.total);
  const error = ActivityContext.useSelector((s) => s.context.error?.message);
  const filtered = ActivityContext.useSelector((s) => Object.values(s.context.applied).some((v) => v !== null));
  const exporting = ActivityContext.useSelector((s) => s.hasTag('exporting'));
  return (
    <LoadState
      status={status}
      loadingLabel="Loading activity"
      failedTitle="The activity could not be loaded"
      message={error}
      onRetry={() => actor.send({ type: 'activity.retry' })}
    >
      {status === 'empty' ? (
        <Text c="dimmed">{filtered ? 'No activity matches these filters.' : 'No activity yet.'}</Text>
      ) : (
        <Stack gap="md">
          <EntriesTable items={items} timeZone={timeZone} names={names} />
          <ListPager
            page={page}
            pageCount={pageCountOf(total)}
            {...shownRange(page, ACTIVITY_PAGE_ENTRIES, items.length)}
            total={total}
            label="Activity pages"
            disabled={exporting}
            onPage={(to) => actor.send({ type: 'activity.page', page: to })}
          />
        </Stack>
      )}
    </LoadState>
  );
}

/**
 * The Activity page: the export of the applied filters, the filters (member, kind, days), and the entries with the
 * instants on the franchise's clock (`timeZone`); `restaurants` names the branches a change lists by id.
 */
export function ActivityView({
  title,
  timeZone,
  restaurants,
}: {
  title: string;
  timeZone: string;
  restaurants: readonly { id: number; name: string }[];
}) {
  const actor = ActivityContext.useActorRef();
  const exporting = ActivityContext.useSelector((s) => s.hasTag('exporting'));
  const loaded = ActivityContext.useSelector((s) => s.matches({ log: { shown: 'loaded' } }));
  const names = useMemo(() => new Map(restaurants.map((r) => [r.id, r.name])), [restaurants]);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <PageTitle>{title}</PageTitle>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={exporting}
          disabled={!loaded}
          onClick={() => actor.send({ type: 'activity.export' })}
        >
          Export CSV
        </Button>
      </Group>
      <Filters />
      <Text size="sm" c="dimmed">
        Newest first; times and days are in {timeZone} time.
      </Text>
      <Entries timeZone={timeZone} names={names} />
    </Stack>
  );
}
