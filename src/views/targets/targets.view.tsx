import './targets.css';
import { Alert, Box, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { createActorContext } from '@xstate/react';
import { useState } from 'react';
import type { TargetsAnswer, TargetsGrid } from '@contract/api/targets.calls';
import { STALE_TARGETS_MESSAGE } from '@contract/targets.contract';
import { formatCurrency, formatDays, formatSignedCurrency } from '@contract/presentation/format';
import {
  cellKey,
  cellProblem,
  cellText,
  dayHeading,
  dayTotal,
  labourPctOf,
  labourText,
  monthLabel,
  monthTotal,
  rowTotal,
  type Edits,
  type GridRow,
  type LabourEdits,
} from '../../machines/support/targets-grid';
import { targetsMachine } from '../../machines/targets.machine';
import { DataTable } from '../../ui/data-table';
import { ExportMenu } from '../../ui/export-menu';
import { LoadState } from '../../ui/load-state';
import { ScrollX } from '../../ui/scroll-x';
import { ConfirmDialogView } from '../shared/confirm-dialog.view';
import { VarianceTiles, varianceColor, variancePctText } from '../../ui/variance-tiles';

/** The Targets page's actor; tests pass `logic={targetsMachine.provide(fakes)}` and the month as input. */
export const TargetsContext = createActorContext(targetsMachine);

export const EMPTY_TEXT = 'No restaurants yet: add one on Restaurant Management to give it targets.';
export const INTRO =
  'Daily revenue targets per branch, in dollars; a blank day has none. Labour % applies to every day of its branch when you save.';

export const VARIANCE_TITLE = 'Revenue vs Target';
export const NOT_STARTED_TEXT = 'This month has not started: its revenue shows from its first closed day.';

const money = (cents: number) => formatCurrency(cents / 100);
const RIGHT = { textAlign: 'right' } as const;
/** Below target reads bad (red), above it good (green), as on the dashboard. */

function Cell({ row, day, edits, grid }: { row: GridRow; day: string; edits: Edits; grid: TargetsGrid }) {
  const actor = TargetsContext.useActorRef();
  const changed = edits[cellKey(row.id, day)] !== undefined;
  const problem = cellProblem(row, day, edits);
  return (
    <td>
      <input
        inputMode="decimal"
        aria-label={`${row.name}, ${dayHeading(day)} ${monthLabel(grid.month)}`}
        value={cellText(row, day, edits)}
        data-changed={changed || undefined}
        aria-invalid={problem ? true : undefined}
        title={problem ?? undefined}
        onChange={(e) => actor.send({ type: 'cell.edit', restaurantId: row.id, day, text: e.currentTarget.value })}
      />
    </td>
  );
}

function LabourCell({ row, labour }: { row: GridRow; labour: LabourEdits }) {
  const actor = TargetsContext.useActorRef();
  const typed = labour[row.id];
  return (
    <td>
      <input
        className="fc-targets-labour"
        inputMode="decimal"
        aria-label={`${row.name}, labour %`}
        value={labourText(row, labour)}
        data-changed={typed !== undefined || undefined}
        aria-invalid={typed !== undefined && Number.isNaN(labourPctOf(typed)) ? true : undefined}
        onChange={(e) => actor.send({ type: 'labour.edit', restaurantId: row.id, text: e.currentTarget.value })}
      />
    </td>
  );
}

/** Branches × the month's days, the branch column sticky, a total per row and per day. */
function Grid({ grid }: { grid: TargetsGrid }) {
  const edits = TargetsContext.useSelector((s) => s.context.edits);
  const labour = TargetsContext.useSelector((s) => s.context.labour);
  return (
    <ScrollX minWidth={0} label="Targets grid, scrollable">
      <table className="fc-table fc-targets" data-testid="targets-grid" aria-label={`Revenue targets of ${monthLabel(grid.month)}`}>
        <thead>
          <tr>
            <th scope="col" className="fc-targets-branch">
              Branch
            </th>
            <th scope="col">Labour %</th>
            {grid.days.map((day) => (
              <th scope="col" key={day}>
                {dayHeading(day)}
              </th>
            ))}
            <th scope="col" className="fc-targets-total">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {grid.restaurants.map((row) => (
            <tr key={row.id}>
              <th scope="row" className="fc-targets-branch">
                {row.name}
              </th>
              <LabourCell row={row} labour={labour} />
              {grid.days.map((day) => (
                <Cell key={day} row={row} day={day} edits={edits} grid={grid} />
              ))}
              <td className="fc-targets-total" data-testid={`row-total-${row.id}`}>
                {money(rowTotal(grid, row, edits))}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="fc-targets-branch">
              Total
            </th>
            <td />
            {grid.days.map((day) => (
              <td key={day} className="fc-targets-total" data-testid={`day-total-${day}`}>
                {money(dayTotal(grid, day, edits))}
              </td>
            ))}
            <td className="fc-targets-total" data-testid="month-total">
              {money(monthTotal(grid, edits))}
            </td>
          </tr>
        </tfoot>
      </table>
    </ScrollX>
  );
}

/** One branch's tools: spread a monthly amount, fill from the forecast. */
function BranchTools({ grid, busy }: { grid: TargetsGrid; busy: boolean }) {
  const actor = TargetsContext.useActorRef();
  const [branch, setBranch] = useState(String(grid.restaurants[0]?.id ?? ''));
  const [amount, setAmount] = useState('');
  const [pct, setPct] = useState('0');
  const restaurantId = Number(branch);
  return (
    <Group align="flex-end" wrap="wrap" gap="sm">
      <NativeSelect
        label="Branch"
        value={branch}
        onChange={(e) => setBranch(e.currentTarget.value)}
        data={grid.restaurants.map((r) => ({ value: String(r.id), label: r.name }))}
      />
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label="Monthly amount ($)"
          inputMode="decimal"
          w={140}
          value={amount}
          onChange={(e) => setAmount(e.currentTarget.value)}
        />
        <Button variant="light" disabled={busy} onClick={() => actor.send({ type: 'spread.apply', restaurantId, amount })}>
          Spread
        </Button>
      </Group>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput label="Forecast ± %" inputMode="decimal" w={110} value={pct} onChange={(e) => setPct(e.currentTarget.value)} />
        <Button variant="light" disabled={busy} onClick={() => actor.send({ type: 'forecast.fill', restaurantId, pct })}>
          Fill from forecast
        </Button>
      </Group>
    </Group>
  );
}

function Ready({ grid }: { grid: TargetsGrid }) {
  const actor = TargetsContext.useActorRef();
  const busy = TargetsContext.useSelector((s) => s.hasTag('busy'));
  const stale = TargetsContext.useSelector((s) => s.matches({ ready: { grid: 'stale' } }));
  const editing = TargetsContext.useSelector((s) => s.matches({ ready: { grid: 'editing' } }));
  const copying = TargetsContext.useSelector((s) => s.matches({ ready: { grid: 'copying' } }));
  const forecasting = TargetsContext.useSelector((s) => s.matches({ ready: { grid: 'forecasting' } }));
  const saving = TargetsContext.useSelector((s) => s.matches({ ready: { grid: 'saving' } }));
  const changed = TargetsContext.useSelector((s) => Object.keys(s.context.edits).length + Object.keys(s.context.labour).length > 0);
  const note = TargetsContext.useSelector((s) => s.context.note);
  const dialog = TargetsContext.useSelector((s) => s.children.confirmSave);
  return (
    <Stack gap="sm">
      <Group wrap="wrap" gap="sm">
        <Button variant="default" disabled={!editing} loading={copying} onClick={() => actor.send({ type: 'copy.lastMonth' })}>
          Copy last month
        </Button>
        <Button variant="default" disabled={!editing || !changed} onClick={() => actor.send({ type: 'changes.discard' })}>
          Discard changes
        </Button>
        <Button disabled={!editing || !changed} loading={saving} onClick={() => actor.send({ type: 'changes.save' })}>
          Save
        </Button>
        {changed && (
          <Text size="sm" c="yellow.9" data-testid="unsaved">
            Unsaved changes are highlighted.
          </Text>
        )}
      </Group>
      <BranchTools key={grid.month} grid={grid} busy={busy || stale} />
      {forecasting && (
        <Text size="sm" role="status">
          Reading the forecast…
        </Text>
      )}
      {note && (
        <Text
          size="sm"
          c={note.tone === 'error' ? 'red.8' : undefined}
          role={note.tone === 'error' ? 'alert' : 'status'}
          data-testid="targets-note"
        >
          {note.text}
        </Text>
      )}
      {stale && (
        <Alert color="red" title="Not saved">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{STALE_TARGETS_MESSAGE}</Text>
            <Button size="xs" onClick={() => actor.send({ type: 'targets.reload' })}>
              Reload
            </Button>
          </Stack>
        </Alert>
      )}
      <Grid grid={grid} />
      <ConfirmDialogView dialog={dialog} />
    </Stack>
  );
}

/** The month's closed days' revenue against their targets: totals, then the branches worst first as the server orders them. */
function VarianceFigures({ answer }: { answer: TargetsAnswer }) {
  const { window, totals, restaurants } = answer;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" data-testid="variance-period">
        {formatDays(window.start_date, window.end_date)}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <VarianceTiles totals={totals} />
      </SimpleGrid>
      <ScrollX minWidth={560} label="Revenue against target by branch, scrollable">
        <DataTable striped aria-label="Revenue against target by branch">
          <thead>
            <tr>
              <th>Branch</th>
              <th style={RIGHT}>Revenue</th>
              <th style={RIGHT}>Target</th>
              <th style={RIGHT}>Variance</th>
              <th style={RIGHT}>Variance %</th>
            </tr>
          </thead>
          <tbody>
            {restaurants.map((r) => (
              <tr key={r.id}>
                <td>{r.name}</td>
                <td style={RIGHT}>{formatCurrency(r.revenue)}</td>
                <td style={RIGHT}>{formatCurrency(r.target)}</td>
                <td style={{ ...RIGHT, color: varianceColor(r.variance) }}>{formatSignedCurrency(r.variance)}</td>
                <td style={{ ...RIGHT, color: varianceColor(r.variance) }}>{variancePctText(r.variance_pct)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ScrollX>
    </Stack>
  );
}

/** Revenue vs Target of the month shown: read once the grid is, again after a save. */
function Variance() {
  const actor = TargetsContext.useActorRef();
  const status = TargetsContext.useSelector((s) => {
    const v = (s.value as { ready?: { variance?: string } }).ready?.variance;
    return v === 'shown' ? 'ready' : (v ?? 'loading');
  });
  const answer = TargetsContext.useSelector((s) => s.context.variance);
  const error = TargetsContext.useSelector((s) => s.context.varianceError);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={VARIANCE_TITLE}>
      <Stack gap="sm">
        <Text fw={600}>{VARIANCE_TITLE}</Text>
        {status === 'notStarted' ? (
          <Text c="dimmed">{NOT_STARTED_TEXT}</Text>
        ) : (
          <LoadState
            status={status === 'checking' ? 'loading' : status}
            loadingLabel="Loading revenue against target"
            failedTitle="Revenue against target could not be loaded"
            message={error?.message}
            onRetry={() => actor.send({ type: 'variance.retry' })}
          >
            {status === 'ready' && answer && <VarianceFigures answer={answer} />}
          </LoadState>
        )}
      </Stack>
    </Paper>
  );
}

/** The month picker, then the grid of the month with its tools; loading, failure and no branches as such. */
export function TargetsView() {
  const actor = TargetsContext.useActorRef();
  const month = TargetsContext.useSelector((s) => s.context.month);
  const status = TargetsContext.useSelector((s) => (s.matches('ready') ? 'ready' : String(s.value)));
  const grid = TargetsContext.useSelector((s) => s.context.grid);
  const error = TargetsContext.useSelector((s) => s.context.error);
  const canMove = TargetsContext.useSelector((s) => s.can({ type: 'month.next' }));
  const exporting = TargetsContext.useSelector((s) => s.matches({ ready: { grid: 'exporting' } }));
  const canExport = TargetsContext.useSelector((s) => s.can({ type: 'file.export', format: 'csv' }));
  return (
    <Stack gap="md">
      <Text maw={760}>{INTRO}</Text>
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="subtle"
          px={6}
          aria-label="Previous month"
          disabled={!canMove}
          onClick={() => actor.send({ type: 'month.previous' })}
        >
          <IconChevronLeft size={18} />
        </Button>
        <Text fw={600} miw={140} ta="center" data-testid="targets-month" aria-live="polite">
          {monthLabel(month)}
        </Text>
        <Button variant="subtle" px={6} aria-label="Next month" disabled={!canMove} onClick={() => actor.send({ type: 'month.next' })}>
          <IconChevronRight size={18} />
        </Button>
        <Box ml="auto">
          <ExportMenu
            busy={exporting}
            disabled={!exporting && !canExport}
            onExport={(format) => actor.send({ type: 'file.export', format })}
          />
        </Box>
      </Group>
      <Paper withBorder radius="md" p="md">
        <LoadState
          status={status}
          loadingLabel="Loading targets"
          failedTitle="Targets could not be loaded"
          message={error?.message}
          onRetry={() => actor.send({ type: 'targets.retry' })}
        >
          {status === 'empty' && <Text c="dimmed">{EMPTY_TEXT}</Text>}
          {status === 'ready' && grid && <Ready grid={grid} />}
        </LoadState>
      </Paper>
      {status === 'ready' && <Variance />}
    </Stack>
  );
}
